"""What the ``pool`` creation dialog shows: window data, stat buttons, the preview."""

from __future__ import annotations

from typing import Any

from aiogram_dialog.api.protocols import DialogManager
from aiogram_dialog.widgets.text import Text

from bot.dialogs.widgets import l10n_of
from bot.i18n import Html, L10n
from rules.pool.build import Build, appearance, new_character
from rules.pool.carrying import pills_into_reach, pills_to_reach
from rules.pool.health import is_bleeding
from rules.pool.model import STAT_POINTS, Gender, Stat, Stats
from rules.pool.penalty import PenaltyCause, penalty
from rules.pool.roll import threshold

STAT_NAMES = {
    Stat.INITIATIVE: "stat-initiative",
    Stat.ATTACK: "stat-attack",
    Stat.DEFENSE: "stat-defense",
    Stat.VITALITY: "stat-vitality",
    Stat.CHARISMA: "stat-charisma",
}
GENDER_NAMES = {Gender.MALE: "creation-pool-gender-m", Gender.FEMALE: "creation-pool-gender-f"}
BUILD_WORDS = {
    Build.FEEBLE: "creation-pool-build-feeble",
    Build.NORMAL: "creation-pool-build-normal",
    Build.HULK: "creation-pool-build-hulk",
}
PENALTY_CAUSES = {
    PenaltyCause.WOUNDS: "creation-pool-cause-wounds",
    PenaltyCause.NO_TROUSERS: "creation-pool-cause-no-trousers",
    PenaltyCause.NO_SWORD: "creation-pool-cause-no-sword",
    PenaltyCause.NO_JACKET: "creation-pool-cause-no-jacket",
    PenaltyCause.HUNGER: "creation-pool-cause-hunger",
    PenaltyCause.SLEEPLESSNESS: "creation-pool-cause-sleeplessness",
}


def stats_in(manager: DialogManager) -> dict[str, int]:
    """The stats being built, by :class:`Stat` value (kept in the dialog's data in Redis)."""
    stats: dict[str, int] = manager.dialog_data["stats"]
    return stats


def points_left(manager: DialogManager) -> int:
    return STAT_POINTS - sum(stats_in(manager).values())


def _notice(l10n: L10n, notice: dict[str, Any]) -> Html:
    args = {key: value for key, value in notice.items() if key != "id"}
    if "stat" in args:
        args["stat"] = l10n.text(STAT_NAMES[Stat(args["stat"])])
    return Html(l10n.text(notice["id"], **args))


async def common_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    """Data every window may show: the name so far, points left, the current notice."""
    data = dialog_manager.dialog_data
    notice = data.get("notice")
    return {
        "name": data.get("name") or "",
        "points": STAT_POINTS,
        "left": points_left(dialog_manager),
        "notice": _notice(l10n_of(dialog_manager), notice) if notice else "",
    }


class StatLabel(Text):
    """The middle button of a stat row: its name and current value."""

    def __init__(self, stat: Stat) -> None:
        super().__init__()
        self.stat = stat

    async def _render_text(self, data: dict[str, Any], manager: DialogManager) -> str:
        l10n = l10n_of(manager)
        value = stats_in(manager)[self.stat.value]
        return l10n.text(
            "creation-pool-stat-button", stat=l10n.text(STAT_NAMES[self.stat]), value=value
        )


async def preview_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    """The would-be character as the rules build it: health, penalty, appearance, kit."""
    l10n = l10n_of(dialog_manager)
    data = dialog_manager.dialog_data
    stats = Stats(**stats_in(dialog_manager))
    built = new_character(1, data["name"], Gender(data["gender"]), stats)
    character = pills_into_reach(built) if data.get("pills_in_reach") else built
    stat_lines = "\n".join(
        l10n.text(
            "creation-pool-stat-line", stat=l10n.text(STAT_NAMES[stat]), value=stats.get(stat)
        )
        for stat in Stat
    )
    found = penalty(character)
    causes = "\n".join(
        l10n.text(PENALTY_CAUSES[part.cause], amount=part.amount, health=character.health)
        for part in found.parts
    )
    look = appearance(character)
    kit = character.inventory
    return {
        "gender": l10n.text(GENDER_NAMES[character.gender]),
        "stats": Html(stat_lines),
        "health": character.max_health,
        "total": found.total,
        "threshold": threshold(found.total),
        "causes": Html(causes),
        "bleeding": is_bleeding(character.health),
        "vitality": stats.vitality,
        "charisma": look.charisma,
        "build": l10n.text(BUILD_WORDS[look.build]),
        "sum": stats.attack + stats.defense,
        "rations": kit.pack.rations,
        "pills": kit.pack.pills,
        "pocket": kit.pills_in_left_pocket,
        "movable": pills_to_reach(character),  # the button's count; 0 hides it
    }
