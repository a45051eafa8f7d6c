"""Duels in the group: /duel N skill (or a reply), accept/decline, go on/stop (/heal is a game
master's intervention: :mod:`bot.handlers.gm_roster`)."""

from __future__ import annotations

from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import DuelAction, DuelCallback
from bot.db.models import Character, DuelRecord, Game, Timer
from bot.handlers.topics import topic_of
from bot.i18n import L10n
from bot.scheduler import Scheduler
from bot.services import duels, games
from bot.services.characters import character_by_number, living_character
from bot.services.errors import BadNumber
from bot.services.numbers import parse_ordinal
from bot.services.runtime import Runtime

GROUP_CHATS = {"group", "supergroup"}


def build_router() -> Router:
    router = Router(name="duels")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.message.register(challenge, Command("duel"))
    return router


def register_buttons(buttons: Router) -> None:
    """The duel's buttons, in the dispatcher's button lane (outside the dialogs)."""
    buttons.callback_query.register(press, DuelCallback.filter())


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
    query: CallbackQuery, callback_data: DuelCallback, l10n: L10n, runtime: Runtime
) -> None:
    """A fighter's answer; what it owes the group is delivered as the update ends, and the
    presser hears about their own press."""
    message = query.message
    if not isinstance(message, Message):
        await query.answer()
        return
    action = callback_data.action
    game = await games.require_game(message.chat.id)
    duel_id, user_id = callback_data.duel_id, query.from_user.id
    if action in (DuelAction.ACCEPT, DuelAction.DECLINE):
        await duels.respond(game, duel_id, user_id, action == DuelAction.ACCEPT, runtime)
        await query.answer()
        return
    go_on = action == DuelAction.GO_ON
    await duels.decide(game, duel_id, user_id, callback_data.round, go_on, runtime)
    choice = l10n.text("duel-choice-go-on" if go_on else "duel-choice-stop")
    await query.answer(l10n.text("duel-choice-made", choice=choice))


def register_timers(scheduler: Scheduler) -> None:
    scheduler.on(duels.EXPIRE, on_expire)
    scheduler.on(duels.CHOICE_TIMEOUT, on_choices_timeout)


async def on_expire(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    record = await DuelRecord.get_or_none(id=timer.ref).prefetch_related("game")
    if record is not None:
        await duels.expire(record.game, record.id, data["runtime"])


async def on_choices_timeout(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    record = await DuelRecord.get_or_none(id=timer.ref).prefetch_related("game")
    if record is not None:
        await duels.choices_timed_out(record.game, record.id, data["runtime"])
