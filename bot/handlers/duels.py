"""Duels in the group: /duel N skill (or a reply), accept/decline, go on/stop (/heal is a game
master's intervention: :mod:`bot.handlers.gm_roster`)."""

from __future__ import annotations

from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import EncounterCallback
from bot.db.models import Character, Encounter, Game, Timer
from bot.handlers.live import live_message
from bot.handlers.topics import topic_of
from bot.i18n import L10n
from bot.scheduler import Scheduler
from bot.services import duels, games
from bot.services.characters import character_by_number, living_character
from bot.services.errors import BadNumber, StaleAction
from bot.services.numbers import parse_ordinal
from bot.services.runtime import Runtime
from rules.duel.encounter import KIND, DuelMove, Move

GROUP_CHATS = {"group", "supergroup"}


def build_router() -> Router:
    router = Router(name="duels")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.message.register(challenge, Command("duel"))
    return router


def register_buttons(buttons: Router) -> None:
    """The duel's buttons, in the dispatcher's button lane (outside the dialogs)."""
    buttons.callback_query.register(press, EncounterCallback.filter())


async def _target(message: Message, game: Game, args: list[str]) -> tuple[Character, str]:
    """``/duel N skill`` or, replying to the opponent's message, ``/duel skill``."""
    reply = message.reply_to_message
    number = parse_ordinal(args[0]) if args else None
    if number is not None:
        return await character_by_number(game, number), " ".join(args[1:])
    if reply is not None and reply.from_user is not None and args:
        target = await living_character(game, reply.from_user.id)
        if target is not None:
            return target, " ".join(args)
    raise BadNumber()


async def challenge(message: Message, command: CommandObject, l10n: L10n, runtime: Runtime) -> None:
    """The challenge (owed with it) pings the challenged, who alone answers."""
    assert message.from_user is not None
    args = (command.args or "").split()
    try:
        game = await games.require_game(message.chat.id)
        target, skill = await _target(message, game, args)
        await duels.challenge(
            game, message.from_user.id, target, skill, message.chat.id, topic_of(message), runtime
        )
    except BadNumber:
        await message.reply(l10n.text("duel-usage"))


async def press(
    query: CallbackQuery, callback_data: EncounterCallback, l10n: L10n, runtime: Runtime
) -> None:
    """A fighter's answer; what it owes the group is delivered as the update ends, and the
    presser hears about their own choice."""
    try:
        move = DuelMove(Move(callback_data.move), callback_data.at)
    except ValueError:
        raise StaleAction() from None
    if move.move is Move.CLOCK:
        raise StaleAction()
    message = await live_message(query, KIND, callback_data.id)
    game = await games.require_game(message.chat.id)
    await duels.move(game, callback_data.id, query.from_user.id, move, runtime)
    if move.move in (Move.ACCEPT, Move.DECLINE):
        await query.answer()
        return
    choice = l10n.text("duel-choice-go-on" if move.move is Move.GO_ON else "duel-choice-stop")
    await query.answer(l10n.text("duel-choice-made", choice=choice))


def register_timers(scheduler: Scheduler) -> None:
    scheduler.on(duels.EXPIRE, on_expire)
    scheduler.on(duels.CHOICE_TIMEOUT, on_expire)


async def on_expire(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    """The duel's clock (the challenge's answer, a round's choices) ran out."""
    record = await Encounter.get_or_none(id=timer.ref, kind=KIND).prefetch_related("game")
    if record is not None:
        await duels.clock(record.game, record.id, data["runtime"])
