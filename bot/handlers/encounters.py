"""Every encounter's buttons and clocks, whatever its kind: one callback
(:class:`~bot.callbacks.EncounterCallback`) and one timer handler.

A press is read as the kind's move (:attr:`Buttons.read`), must come from the encounter's live
message (:func:`bot.callbacks.live_message`), and goes the one way
(:func:`bot.services.encounters.move`); the presser hears the kind's answer
(:attr:`Buttons.answer`). What it owes the group is delivered as the update ends.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, Message

from bot.callbacks import EncounterCallback, live_message
from bot.config import Settings
from bot.courier import Courier
from bot.db.models import Encounter, Game, Timer
from bot.handlers import d20, d20_publish, pool_fight_publish
from bot.handlers import duels as duel_texts
from bot.i18n import L10n, Translator
from bot.pacing import Pacer
from bot.scheduler import Scheduler
from bot.services import battles, duels, encounter_store, encounters, fights, games
from bot.services.encounters import Kind, Moved
from bot.services.errors import StaleAction
from bot.services.outbox import Outgoing
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from bot.views.d20_keyboards import read_move
from rules.duel.encounter import DuelMove, Move

Master = Callable[[], Awaitable[bool]]
Composer = Callable[[Bot, Translator, Any], Awaitable[Sequence[Outgoing]]]


async def _as_pressed(move: Any, game: Game, user_id: int, master: Master) -> Any:
    return move


@dataclass(frozen=True)
class Buttons:
    """A kind's side of the buttons and clocks: ``compose`` its news as messages, ``read`` a
    button's move (None: not one of its moves), ``prepare`` it with what only the shell knows
    (the presser's character; ``master``: asks whether the presser is the game master),
    ``answer`` the presser (None: no text), and ``settle`` the pressed message when it is a
    private one (a choice made: an edit, in a paced slot of its chat)."""

    kind: Kind[Any, Any, Any]
    compose: Composer
    read: Callable[[EncounterCallback], Any | None]
    answer: Callable[[L10n, Any, Moved[Any, Any]], str | None]
    prepare: Callable[[Any, Game, int, Master], Awaitable[Any]] = _as_pressed
    settle: Callable[[Message, L10n, Any, Moved[Any, Any], Pacer], Awaitable[None]] | None = None


def _duel_move(data: EncounterCallback) -> DuelMove | None:
    try:
        move = Move(data.move)
    except ValueError:
        return None
    return None if move is Move.CLOCK else DuelMove(move, data.at)


def _duel_answer(l10n: L10n, move: DuelMove, _: Moved[Any, Any]) -> str | None:
    if move.move in (Move.ACCEPT, Move.DECLINE):
        return None
    choice = l10n.text("duel-choice-go-on" if move.move is Move.GO_ON else "duel-choice-stop")
    return l10n.text("duel-choice-made", choice=choice)


KINDS = {
    kind.kind.rules.kind: kind
    for kind in (
        Buttons(duels.DUELS, duel_texts.compose, _duel_move, _duel_answer),
        Buttons(battles.BATTLES, d20_publish.compose, read_move, d20.answer, d20.prepare),
        Buttons(
            fights.FIGHTS,
            pool_fight_publish.compose,
            pool_fight_publish.read_move,
            pool_fight_publish.answer,
            pool_fight_publish.prepare,
            pool_fight_publish.settle,
        ),
    )
}


def register_buttons(buttons: Router) -> None:
    """In the dispatcher's button lane (outside the dialogs)."""
    buttons.callback_query.register(press, EncounterCallback.filter())


def register_timers(scheduler: Scheduler) -> None:
    for kind in KINDS.values():
        for timer in kind.kind.timers:
            scheduler.on(timer, on_clock)


async def press(
    query: CallbackQuery,
    callback_data: EncounterCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
    courier: Courier,
) -> None:
    buttons = KINDS.get(callback_data.kind)
    move = None if buttons is None else buttons.read(callback_data)
    if buttons is None or move is None:
        raise StaleAction()
    encounter_id, user_id = callback_data.id, query.from_user.id
    pressed = query.message
    private = isinstance(pressed, Message) and pressed.chat.type == "private"
    if private:  # a choice sent to the presser alone: no live message, its game by its id
        assert isinstance(pressed, Message)
        message, game = pressed, await encounter_store.game_of(encounter_id, callback_data.kind)
    else:
        message = await live_message(query, callback_data.kind, encounter_id)
        game = await games.require_game(message.chat.id)
    if game.system != callback_data.kind:  # each system has its one kind of encounter
        raise StaleAction()
    group = (game.active_chat_id or game.chat_id) if private else message.chat.id

    asked: list[bool] = []  # whether the presser is the game master: one API call at most

    async def master() -> bool:
        if not asked:
            asked.append(await may_administer(bot, group, user_id, settings))
        return asked[0]

    move = await buttons.prepare(move, game, user_id, master)
    seat = callback_data.seat  # another's seat than one's own: an NPC's, for the game master
    gm = bool(seat) and await master()
    compose = partial(buttons.compose, bot, translator)
    moved = await encounters.move(
        game, buttons.kind, encounter_id, user_id, move, runtime, compose, seat=seat, master=gm
    )
    await query.answer(buttons.answer(l10n, move, moved))
    if private and buttons.settle is not None:
        await buttons.settle(message, l10n, move, moved, courier.pacer)


async def on_clock(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    """An encounter's clock ran out (a challenge's answer, a round's choices...)."""
    record = await Encounter.get_or_none(id=timer.ref).prefetch_related("game")
    buttons = None if record is None else KINDS.get(record.kind)
    if record is not None and buttons is not None and timer.kind in buttons.kind.timers:
        compose = partial(buttons.compose, bot, data["translator"])
        await encounters.clock(record.game, buttons.kind, timer, data["runtime"], compose)
