"""Words for a game master's edits: each change, each broken limit, the public notice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.i18n import Html, L10n
from bot.services.character_edit_model import Break, Change, Field
from bot.services.codec import load
from bot.views.d20_race import race_label

# The word for each field in "<field> <before> -> <after>" (the locale selects on $field).
_PLAIN = frozenset(
    {
        Field.STATS,
        Field.HEALTH,
        Field.MAX_HEALTH,
        Field.HALL,
        Field.FOOD,
        Field.SLEEP,
        Field.SLEPT,
        Field.AGILITY,
    }
)


def change_text(l10n: L10n, change: Change) -> str:
    """One change in a few words ("health 3 -> 5", "coin (backpack): 0 -> 5" in English)."""
    if change.field == Field.ITEM:
        return l10n.text(
            "edit-change-item",
            item=change.item,
            place=change.place,
            before=change.before,
            after=change.after,
        )
    if change.field == Field.SKILL:
        return l10n.text(
            "edit-change-skill", skill=change.item, before=change.before, after=change.after
        )
    if change.field == Field.CLASS:
        return l10n.text("edit-change-class", before=change.before, after=change.after)
    if change.field == Field.RACE:
        before, after = race_label(l10n, change.before), race_label(l10n, change.after)
        return l10n.text("edit-change-race", before=before, after=after)
    if change.field == Field.GENDER:
        return l10n.text("edit-change-gender", before=change.before or "-", after=change.after)
    if change.field in _PLAIN:
        return l10n.text(
            "edit-change", field=change.field, before=change.before, after=change.after
        )
    return l10n.text("edit-change-state", field=change.field, after=change.after)


# A pool character's stats, health, hall and items are secrets (the seed sells them for a
# coin): the group's notice and /log name what the game master changed, not the numbers.
SECRET_FIELDS = frozenset({Field.STATS, Field.HEALTH, Field.MAX_HEALTH, Field.HALL, Field.ITEM})


def _shown(l10n: L10n, change: Change, secret: bool) -> str:
    if secret and change.field in SECRET_FIELDS:
        return l10n.text("edit-change-secret", field=change.field)
    return change_text(l10n, change)


def changes_text(l10n: L10n, changes: Iterable[Change], *, secret: bool = False) -> Html:
    return Html("; ".join(_shown(l10n, change, secret) for change in changes))


def break_text(l10n: L10n, limit: Break) -> str:
    return l10n.text(limit.code, **dict(limit.details))


def breaks_text(l10n: L10n, breaks: Iterable[Break]) -> Html:
    return Html("\n".join(f"• {break_text(l10n, limit)}" for limit in breaks))


def notice_text(
    l10n: L10n,
    *,
    actor: str,
    name: str,
    number: int,
    changes: Iterable[Change],
    reason: str,
    forced: bool,
    secret: bool = False,
) -> str:
    """The one line the group sees: who changed whom, what (``secret``: not the pool's secret
    values), and why."""
    return l10n.text(
        "edit-notice",
        actor=actor,
        name=name,
        number=number,
        changes=changes_text(l10n, changes, secret=secret),
        reason=reason,
        forced="yes" if forced else "no",
    )


def log_text(l10n: L10n, number: int, details: dict[str, Any]) -> str:
    """An edit as one /log line (from the GmAction's stored details)."""
    changes = load(tuple[Change, ...], details["changes"])
    forced = bool(details.get("breaks"))
    return l10n.text(
        "edit-log",
        number=number,
        changes=changes_text(l10n, changes, secret=bool(details.get("secret"))),
        forced="yes" if forced else "no",
    )
