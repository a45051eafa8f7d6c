"""Every encounter's buttons and clocks, whatever its kind: one callback
(:class:`~bot.callbacks.EncounterCallback`) and one timer handler.

A press is read as the kind's move (:attr:`Buttons.read`), must come from the encounter's live
message (:mod:`bot.handlers.live`), and goes the one way (:func:`bot.services.encounters.move`);
the presser hears the kind's answer (:attr:`Buttons.answer`). What it owes the group is
delivered as the update ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiogram import Bot, Router
from aiogram.types import CallbackQuery

from bot.callbacks import EncounterCallback
from bot.db.models import Encounter, Timer
from bot.handlers.live import live_message
from bot.i18n import L10n
from bot.scheduler import Scheduler
from bot.services import duels, encounters, games
from bot.services.encounters import Kind
from bot.services.errors import StaleAction
from bot.services.runtime import Runtime
from rules.duel.encounter import DuelMove, Move


@dataclass(frozen=True)
class Buttons:
    """A kind's side of the buttons: ``read`` a button's move (None: not one of its moves),
    ``answer`` the presser (None: no text)."""

    kind: Kind[Any, Any, Any]
    read: Callable[[str, int], Any | None]
    answer: Callable[[L10n, Any], str | None]


def _duel_move(word: str, at: int) -> DuelMove | None:
    try:
        move = Move(word)
    except ValueError:
        return None
    return None if move is Move.CLOCK else DuelMove(move, at)


def _duel_answer(l10n: L10n, move: DuelMove) -> str | None:
    if move.move in (Move.ACCEPT, Move.DECLINE):
        return None
    choice = l10n.text("duel-choice-go-on" if move.move is Move.GO_ON else "duel-choice-stop")
    return l10n.text("duel-choice-made", choice=choice)


KINDS = {duels.DUELS.rules.kind: Buttons(duels.DUELS, _duel_move, _duel_answer)}


def register_buttons(buttons: Router) -> None:
    """In the dispatcher's button lane (outside the dialogs)."""
    buttons.callback_query.register(press, EncounterCallback.filter())


def register_timers(scheduler: Scheduler) -> None:
    for kind in KINDS.values():
        for timer in kind.kind.timers:
            scheduler.on(timer, on_clock)


async def press(
    query: CallbackQuery, callback_data: EncounterCallback, l10n: L10n, runtime: Runtime
) -> None:
    buttons = KINDS.get(callback_data.kind)
    move = None if buttons is None else buttons.read(callback_data.move, callback_data.at)
    if buttons is None or move is None:
        raise StaleAction()
    message = await live_message(query, callback_data.kind, callback_data.id)
    game = await games.require_game(message.chat.id)
    encounter_id, user_id = callback_data.id, query.from_user.id
    await encounters.move(
        game, buttons.kind, encounter_id, user_id, move, runtime, seat=callback_data.seat
    )
    await query.answer(buttons.answer(l10n, move))


async def on_clock(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    """An encounter's clock ran out (a challenge's answer, a round's choices...)."""
    record = await Encounter.get_or_none(id=timer.ref).prefetch_related("game")
    buttons = None if record is None else KINDS.get(record.kind)
    if record is not None and buttons is not None and timer.kind in buttons.kind.timers:
        await encounters.clock(record.game, buttons.kind, timer, data["runtime"])
