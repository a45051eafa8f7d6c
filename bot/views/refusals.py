"""The one table from refusal codes (the rules' and the services') to locale messages.

A refusal's details become the message's arguments under their own names, enum members as
their values; :class:`Says` renames the few whose message calls them otherwise. A code missing
here (a rule that no command can break) gets the generic ``error-refused``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from bot.i18n import L10n
from bot.services.errors import GameEnded, Refusal, ServiceError
from rules.errors import Code


@dataclass(frozen=True, slots=True)
class Says:
    """A message whose arguments are named otherwise: ``renames`` maps argument -> detail."""

    key: str
    renames: dict[str, str] = field(default_factory=dict)


REFUSALS: dict[Code | Refusal, str | Says] = {
    # the rules of the pool world
    Code.UNKNOWN_CHARACTER: "error-no-character",
    Code.CANNOT_ACT: "world-error-cannot-act",
    Code.BAD_COUNT: "world-error-bad-count",
    Code.SAME_PLACE: "world-error-same-place",
    Code.WRONG_PLACE: "world-error-wrong-place",
    Code.NO_CONTAINER: "world-error-no-container",
    Code.DOES_NOT_FIT: "world-error-does-not-fit",
    Code.NOT_THERE: "world-error-not-there",
    Code.NOT_EMPTY: "world-error-not-empty",
    Code.UNKNOWN_HALL: "world-error-unknown-hall",
    Code.NOT_CONNECTED: Says(
        "world-error-not-connected", {"here": "from_hall", "there": "to_hall"}
    ),
    Code.NOT_HERE: "world-error-not-here",
    Code.SELF_TARGET: "world-error-self",
    Code.NOT_ASLEEP: Says("world-error-not-asleep", {"number": "character"}),
    Code.STEAL_FROM_SLEEPER: "world-error-steal",
    Code.THEFT_IN_FIGHT: Says("world-error-theft-in-fight", {"number": "character"}),
    Code.THEFT_DONE: "world-error-theft-done",
    Code.NOT_OWNED: "world-error-not-owned",
    Code.NOT_ENOUGH_COINS: "world-error-coins",
    Code.ALREADY_WON: "world-error-already-won",
    Code.GAME_OVER: "world-error-game-over",
    Code.CANNOT_GIVE: "world-error-cannot-give",
    Code.NO_ROOM_FOR_GIFT: "world-error-no-room-gift",
    Code.OFFER_GONE: "world-error-offer-gone",
    # d20
    Code.ACTION_UNAVAILABLE: "d20-error-action",
    # the services
    Refusal.REFUSED: "error-refused",
    Refusal.NO_GAME: "error-no-game",
    Refusal.GAME_ENDED: "error-game-ended",
    Refusal.GAME_EXISTS: "error-game-exists",
    Refusal.GAME_PAUSED: "error-game-paused",
    Refusal.NOT_ADMIN: "error-not-admin",
    Refusal.GROUP_ONLY: "error-group-only",
    Refusal.WRONG_SYSTEM: "error-wrong-system",
    Refusal.BAD_NUMBER: "error-bad-number",
    Refusal.SETTING_RANGE: "error-setting-range",
    Refusal.SETTING_MINUTES: "error-setting-minutes",
    Refusal.BAD_SKILL: "error-skill",
    Refusal.BAD_NAME: "error-name",
    Refusal.BAD_BUILD: "error-build",
    Refusal.BAD_RACE: "error-race",
    Refusal.HAS_CHARACTER: "error-has-character",
    Refusal.NO_NEW_CHARACTER: "error-no-new-character",
    Refusal.NO_CHARACTER: "error-no-character",
    Refusal.NO_OWN_CHARACTER: "error-no-own-character",
    Refusal.NOT_IN_WORLD: "world-error-no-character",
    Refusal.CHARACTER_GONE: "me-gender-error-gone",
    Refusal.GENDER_SET: "me-gender-error-set",
    Refusal.NOT_YOUR_BUTTON: "error-not-your-button",
    Refusal.STALE_ACTION: "error-stale-action",
    Refusal.CANNOT_FIGHT: "error-cannot-fight",
    Refusal.DUEL_SKILL: "error-duel-skill",
    Refusal.DUEL_SELF: "error-duel-self",
    Refusal.DUEL_BUSY: "error-duel-busy",
    Refusal.BATTLE_BUSY: "error-battle-busy",
    Refusal.NO_BATTLE: "error-no-battle",
    Code.ALREADY_ON_SIDE: "error-battle-joined",
    Code.NAME_IN_BATTLE: "d20-npc-error-name",
    Code.TOO_MANY_NPCS: "d20-npc-error-many",
    Refusal.NO_BATTLE_GATHERING: "d20-npc-error-no-battle",
    Code.SIDE_EMPTY: "error-battle-sides",
    Code.NOT_OPENER: "error-battle-start",
    Code.NOTHING_TO_SKIP: "error-no-battle",
    Code.NOT_STANDING: "error-cannot-fight",
    Refusal.FIGHT_SELF: "error-fight-self",
    Refusal.FIGHT_ASLEEP: "error-fight-asleep",
    Refusal.FIGHT_BUSY: "error-fight-busy",
    Refusal.FIGHT_NOT_IN: "error-fight-not-in",
    Refusal.FIGHT_CANNOT_JOIN: "error-fight-cannot-join",
    Refusal.FIGHT_ACTION: "error-fight-action",
    Refusal.FIGHT_ALREADY_ACTED: "error-fight-already-acted",
    Refusal.FIGHT_TARGET: "error-fight-target",
    Refusal.FIGHT_NOT_YOUR_TURN: "error-fight-not-your-turn",
    Refusal.FIGHT_PRIVATE_CLOSED: "error-fight-private-closed",
    Refusal.FIGHT_NONE: "error-fight-none",
    Refusal.PILLS_IN_FIGHT: "error-pills-in-fight",
    Refusal.HALLS_USAGE: "world-halls-usage",
    Refusal.HALL_PAIR: "world-error-hall-pair",
    Refusal.GM_NO_REASON: "gm-error-no-reason",
    Refusal.GM_REASON_LONG: "gm-error-reason-long",
    Refusal.GM_COUNT: "gm-error-count",
    Refusal.GM_NOT_LIVING: "gm-error-not-living",
    Refusal.GM_REVIVE_FIGHTING: "gm-error-revive-fighting",
    Refusal.GM_ALIVE: "gm-error-alive",
    Refusal.GM_KICKED: "gm-error-kicked",
    Refusal.GM_HAS_LIVING: "gm-error-has-living",
    Refusal.GM_ALREADY_PAUSED: "gm-error-already-paused",
    Refusal.GM_NOT_PAUSED: "gm-error-not-paused",
    Refusal.GM_REST_FIGHTING: "gm-error-rest-fighting",
    Refusal.GM_REST_NOBODY: "gm-error-rest-nobody",
    Refusal.EDIT_STALE: "edit-error-stale",
    Refusal.EDIT_LIMITS: "edit-error-limits",
    Refusal.EDIT_REASON: "edit-error-reason",
    Refusal.EDIT_RANGE: "edit-error-range",
    Refusal.EDIT_NUMBERS: "edit-error-numbers",
    Refusal.EDIT_UNCHANGED: "edit-error-unchanged",
    Refusal.EDIT_FIELD: "edit-error-field",
    Refusal.EDIT_IN_FIGHT: "edit-error-in-fight",
    Refusal.EDIT_KICKED: "edit-error-kicked",
    Refusal.EDIT_DEAD: "edit-error-dead",
    Refusal.EDIT_SKILL: "edit-error-skill",
    Refusal.EDIT_LAST_SKILL: "edit-error-last-skill",
    Refusal.EDIT_ITEM: "edit-error-item",
    Refusal.EDIT_PLACE: "edit-error-place",
    Refusal.EDIT_POCKET_KIND: "edit-error-pocket-kind",
    Refusal.EDIT_OCCUPIED: "edit-error-occupied",
    Refusal.EDIT_ONE: "edit-error-one",
}
GENERIC = "error-refused"
# Refusals that would tell the group a secret: in a group they are answered in private
# (:func:`bot.handlers.replies.refuse`). A second theft in a cycle would tell the group about
# the first one. (A character who is not here is refused in one neutral wording, whether they
# are in another hall, dead or nobody, so that refusal tells nothing and is said in place.)
SECRET: frozenset[Code | Refusal] = frozenset({Code.THEFT_DONE})


def is_secret(error: ServiceError) -> bool:
    """Whether the refusal's text tells a secret: another's hall, one's own health at 0, or
    whatever the service marked ``secret`` (a pool character's maximum health in /heal's range)."""
    at_zero = error.code is Code.CANNOT_ACT and _plain(error.details.get("reason")) == "at_zero"
    return error.code in SECRET or at_zero or bool(error.details.get("secret"))


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def refusal_message(error: ServiceError) -> tuple[str, dict[str, Any]]:
    """The locale message explaining ``error`` and its arguments (``None`` details left out)."""
    says = REFUSALS.get(error.code, GENERIC)
    key, renames = (says, {}) if isinstance(says, str) else (says.key, says.renames)
    args = {
        name: _plain(value)
        for name, value in error.details.items()
        if value is not None and name != "secret"
    }
    for argument, detail in renames.items():
        if detail in args:
            args[argument] = args[detail]
    return key, args


def refusal_text(l10n: L10n, error: ServiceError) -> str:
    key, args = refusal_message(error)
    return l10n.text(key, **args)


def in_private(error: ServiceError) -> ServiceError:
    """The refusal as said in a private dialog or the Mini App, which belong to one game:
    there "no game in this chat" means that this game is over."""
    return GameEnded() if error.code == Refusal.NO_GAME else error


def private_refusal_text(l10n: L10n, error: ServiceError) -> str:
    return refusal_text(l10n, in_private(error))
