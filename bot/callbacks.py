"""CallbackData factories: every inline button's data is typed and validated by aiogram; and
what a press on an encounter's button must be (:func:`live_message`).

Every number in button data is read as a typed one (:mod:`bot.services.numbers`): ASCII digits,
within its field's range. Forged data that breaks this matches no factory, so the press reaches
the fallback's polite "stale button" answer (:mod:`bot.handlers.fallback`) and changes nothing.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any

from aiogram import F
from aiogram.filters.callback_data import CallbackData
from aiogram.types import CallbackQuery, InlineKeyboardMarkup, Message
from pydantic import BeforeValidator, Field

from bot.db.models import GameSystem
from bot.services import encounter_store
from bot.services.errors import StaleAction
from bot.services.numbers import ID_MAX, parse_int
from rules.gender import Gender


def _strict(low: int, high: int = ID_MAX) -> BeforeValidator:
    """Packed data arrives as text: read it as a typed number (an int given in code passes)."""

    def read(value: Any) -> Any:
        if isinstance(value, str):
            number = parse_int(value, low=low, high=high)
            if number is None:
                raise ValueError("not a number within range")
            return number
        return value

    return BeforeValidator(read)


# A database id, a round or step counter, a number or a count: 0 .. ID_MAX.
Number = Annotated[int, _strict(0), Field(ge=0, le=ID_MAX)]
# A Telegram user id (beyond a database id: up to 52 bits, as Telegram promises).
USER_ID_MAX = 2**52
UserId = Annotated[int, _strict(1, USER_ID_MAX), Field(ge=1, le=USER_ID_MAX)]


class NewGameCallback(CallbackData, prefix="ng"):
    system: GameSystem


class EncounterCallback(CallbackData, prefix="en"):
    """A button of an encounter (a pool fight, a duel or a d20 battle): its kind and id, the
    move (the kind's own word, read by its rules: a number it carries, such as a side, a
    target or a count of pills, ends it: ``act_p_3``, ``pills_2``), the round or step it
    answers (an older one is stale) and the seat it acts for (0: the presser's own). Buttons
    of earlier versions (``pf:``, ``pt:``, ``du:``, ``bt:``) match nothing now: they get the
    stale answer (:mod:`bot.handlers.fallback`)."""

    kind: str = Field(max_length=8, pattern=r"^[a-z0-9]+$")
    id: Number
    move: str = Field(max_length=16, pattern=r"^[a-z_]+(_[0-9]{1,3})?$")
    at: Number = 0
    seat: Number = 0


def encounter_words(kind: str, *words: str) -> tuple[Any, Any]:
    """The filters of ``kind``'s buttons that make no move (a menu, «send my choice again»):
    those whose move is one of ``words`` (a word ending in ``_`` starts it). The data is read
    as text first, so no other press is unpacked for them (each filter unpacks anew)."""
    moves = "|".join(re.escape(w) + ("[a-z0-9_]*" if w.endswith("_") else "") for w in words)
    raw = F.data.regexp(rf"^en:{re.escape(kind)}:[0-9]+:(?:{moves}):")
    return raw, EncounterCallback.filter((F.kind == kind) & F.move.regexp(rf"^(?:{moves})$"))


def markup_data(markup: InlineKeyboardMarkup | None) -> dict[str, Any] | None:
    """A keyboard as Telegram's JSON, as an owed message carries it (None: no keyboard)."""
    return markup.model_dump(mode="json", exclude_none=True) if markup is not None else None


async def live_message(query: CallbackQuery, kind: str, encounter_id: int) -> Message:
    """The pressed message, if it is (or is about to be marked) the live message of the
    encounter; else :class:`StaleAction` (:func:`encounter_store.require_live`): a stray copy
    of a message sent twice after a crash, or a round whose buttons are still on the screen."""
    message = query.message
    if not isinstance(message, Message):
        raise StaleAction()
    await encounter_store.require_live(kind, encounter_id, message.chat.id, message.message_id)
    return message


class PlayersFightCallback(CallbackData, prefix="pc"):
    """A /players button of a pool game: the presser is asked, in private, whether to attack
    character ``number`` (:class:`ChallengeConfirmCallback` answers)."""

    game_id: Number
    number: Number


class ChallengeAnswer(StrEnum):
    YES = "y"
    NO = "n"


class ChallengeConfirmCallback(CallbackData, prefix="pq"):
    """The private question before a pool attack (a /players button, or /fight on a sleeper
    nobody guards): only ``user`` may answer; ``kills``: the question said the attack kills;
    ``thread``: the forum topic the challenge came from (0: none)."""

    game_id: Number
    number: Number
    user: UserId
    answer: ChallengeAnswer
    thread: Number = 0
    kills: bool = False


class ZeroPillCallback(CallbackData, prefix="zp"):
    """The private message to a pool character's owner at health 0: swallow one pill from the
    jacket's left pocket (in a fight, as this round's action)."""

    game_id: Number
    number: Number


class SheetCallback(CallbackData, prefix="me"):
    """/me in private with characters in several games: show the sheet of this game's one."""

    game_id: Number


class GenderCallback(CallbackData, prefix="gd"):
    """/me's he / she buttons under a character whose gender is not set yet."""

    character_id: Number
    gender: Gender


class InventoryCallback(CallbackData, prefix="inv"):
    """The /me sheet's button opening a pool game's inventory dialog."""

    game_id: Number


class GiftCallback(CallbackData, prefix="gf"):
    """The receiver's answer to an offer of items (``offer``: its row): take it or not."""

    game_id: Number
    offer: Number
    take: bool
