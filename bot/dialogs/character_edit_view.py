"""What the character edit dialog shows. Read from the database on every render: the admin
always sees the character as stored now."""

from __future__ import annotations

from typing import Any

from aiogram_dialog import DialogManager

from bot.db.models import Game, GameStatus, GameSystem
from bot.dialogs.widgets import l10n_of
from bot.i18n import Html, L10n
from bot.services.character_edit_model import Change, Field, Outcome
from bot.services.character_edit_other import duel_skill_names
from bot.services.character_edit_pool import COUNTERS, stats_text
from bot.services.character_edits import Target, load_target
from bot.services.codec import load
from bot.services.errors import ServiceError
from bot.services.games import settings_of
from bot.views.character_edit import breaks_text, changes_text
from bot.views.d20_race import RACE_IDS
from bot.views.pool_sheet import item_lines
from bot.views.sheets import full_sheet
from rules.d20 import RACE_TEXT_MAX, Race
from rules.d20.character import CharacterClass
from rules.pool.model import STAT_POINTS, Item
from rules.pool.needs import SLEEP_CYCLES
from rules.pool.places import CARRIED_PLACES

ITEM_COUNT = "item_count"  # the number window asks how many items
EMPTY: dict[str, Any] = {"active": False, "alive": False, "dead": False}


def start_value(manager: DialogManager, key: str) -> int:
    start_data = manager.start_data
    assert isinstance(start_data, dict)
    return int(start_data[key])


def game_id_of(manager: DialogManager) -> int:
    return start_value(manager, "game_id")


def number_of(manager: DialogManager) -> int:
    return start_value(manager, "number")


def _outcome_lines(l10n: L10n, data: dict[str, Any]) -> dict[str, Any]:
    shown: dict[str, Any] = {}
    if "outcome" in data:
        outcome = load(Outcome, data["outcome"])
        shown["changes"] = changes_text(l10n, outcome.changes)
        shown["breaks"] = breaks_text(l10n, outcome.breaks)
    if "saved" in data:
        shown["saved"] = changes_text(l10n, load(tuple[Change, ...], data["saved"]))
    return shown


def _asked(game: Game, target: Target, data: dict[str, Any]) -> dict[str, Any]:
    """The number window's current value and the rules' range for the field being edited."""
    field = str(data.get("field", ""))
    state = target.state
    settings = settings_of(game)
    asked: dict[str, Any] = {"field": field, "current": "", "low": 0, "high": 0}
    if field == Field.STATS:
        asked.update(current=stats_text(state.stats), high=STAT_POINTS)
    elif field == Field.HEALTH and game.system == GameSystem.POOL:
        asked.update(current=state.health, high=state.max_health)
    elif field == Field.HEALTH:
        asked.update(current=state.hp, high=state.max_hp)
    elif field == Field.MAX_HEALTH:
        asked.update(current=state.max_hp, high=settings.duel_hp)
    elif field == Field.HALL:
        asked.update(current=state.hall, low=1, high=settings.halls)
    elif field in COUNTERS:
        asked.update(current=getattr(state, COUNTERS[Field(field)]), high=SLEEP_CYCLES)
    elif field == Field.AGILITY:
        asked.update(current=state.agility, low=settings.agility_min, high=settings.agility_max)
    elif field == Field.SKILL:
        skill = str(data.get("skill", ""))
        asked.update(current=dict(state.skills).get(skill, 0), skill=skill)
        asked.update(low=settings.skill_min, high=settings.skill_max)
    elif field == ITEM_COUNT:
        asked.update(item=data.get("item", ""), op=data.get("item_op", ""))
    return asked


def _pool_data(l10n: L10n, target: Target) -> dict[str, Any]:
    state = target.state
    return {
        "items_text": Html("\n".join(item_lines(l10n, state.inventory))),
        "awake": not state.asleep,
        "sleeping": state.asleep,
        "standing": not state.fallen,
        "lying": state.fallen,
        "kinds": [
            {"id": item.value, "label": l10n.text("world-item", item=item.value)} for item in Item
        ],
        "places": [
            {"id": place.value, "label": l10n.text("world-place", place=place.value)}
            for place in CARRIED_PLACES
        ],
    }


def _duel_data(game: Game, target: Target) -> dict[str, Any]:
    skills = dict(target.state.skills)
    names = duel_skill_names(target.state, settings_of(game))
    return {
        "skills": [
            {"id": str(i), "label": f"{name}: {skills.get(name, 0)}"}
            for i, name in enumerate(names)
        ]
    }


def _d20_data(l10n: L10n, target: Target) -> dict[str, Any]:
    current = target.state.character_class
    races = [race for race in Race if race is not Race.OTHER and race != target.state.race]
    return {
        "classes": [
            {"id": cls.value, "label": l10n.text("edit-class-name", cls=cls.value)}
            for cls in CharacterClass
            if cls != current
        ],
        "races": [
            *({"id": race.value, "label": l10n.text(RACE_IDS[race])} for race in races),
            *([{"id": "none", "label": l10n.text("edit-race-none")}] if target.state.race else []),
        ],
        "race_limit": RACE_TEXT_MAX,
    }


async def edit_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    game = await Game.get_or_none(id=game_id_of(dialog_manager), status=GameStatus.ACTIVE)
    if game is None:
        return {**EMPTY, "ended": True, "missing": False}
    try:
        target = await load_target(game, number_of(dialog_manager))
    except ServiceError:
        return {**EMPTY, "ended": False, "missing": True, "number": number_of(dialog_manager)}
    row = target.row
    system = GameSystem(game.system)
    data: dict[str, Any] = {
        "active": True,
        "ended": False,
        "missing": False,
        "game_id": game.id,
        "number": row.number,
        "name": row.name,
        "gender": row.gender.value if row.gender else "-",
        "alive": target.alive,
        "dead": not target.alive,
        "sheet": Html(full_sheet(l10n, row, target.state)),
        "kill_here": target.alive and system is not GameSystem.POOL,
        "is_pool": system is GameSystem.POOL,
        "is_duel": system is GameSystem.DUEL,
        "is_d20": system is GameSystem.D20,
        "picking": str(dialog_manager.dialog_data.get("picking", "dest")),
        "item_op": str(dialog_manager.dialog_data.get("item_op", "")),
    }
    data.update(_outcome_lines(l10n, dialog_manager.dialog_data))
    data.update(_asked(game, target, dialog_manager.dialog_data))
    if system is GameSystem.POOL and target.alive:
        data.update(_pool_data(l10n, target))
    elif system is GameSystem.DUEL and target.alive:
        data.update(_duel_data(game, target))
    elif system is GameSystem.D20 and target.alive:
        data.update(_d20_data(l10n, target))
    return data
