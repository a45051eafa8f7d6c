"""Duels in the group: /duel N skill (or a reply), accept/decline, go on/stop (/heal is a game
master's intervention: :mod:`bot.handlers.gm_roster`)."""

from __future__ import annotations

import contextlib
from typing import Any

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import DuelAction, DuelCallback
from bot.db.models import Character, DuelRecord, Game, Timer
from bot.handlers import duel_news
from bot.handlers.delivery import drop_buttons, edit_or_send, send_or_log
from bot.handlers.topics import topic_of
from bot.i18n import L10n, Translator
from bot.scheduler import Scheduler
from bot.services import duels, games
from bot.services.characters import character_by_number, living_character
from bot.services.errors import BadNumber, StaleAction
from bot.services.numbers import parse_ordinal
from bot.services.runtime import Runtime
from bot.views.duel import challenge_text
from bot.views.grammar import gender_of
from rules.duel import Side

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


async def challenge(
    message: Message, command: CommandObject, l10n: L10n, translator: Translator
) -> None:
    assert message.from_user is not None
    args = (command.args or "").split()
    try:
        game = await games.require_game(message.chat.id)
        target, skill = await _target(message, game, args)
        snap = await duels.challenge(
            game, message.from_user.id, target, skill, message.chat.id, topic_of(message)
        )
    except BadNumber:
        await message.reply(l10n.text("duel-usage"))
        return
    group_l10n = l10n
    sent = await message.answer(
        challenge_text(
            group_l10n, snap.duel, snap.opponent_user, games.settings_of(game).join_window
        ),
        reply_markup=duel_news.buttons(
            group_l10n,
            snap.record.id,
            [
                ("duel-button-accept", DuelAction.ACCEPT),
                ("duel-button-decline", DuelAction.DECLINE),
            ],
        ),
    )
    await duels.set_message(snap.record, sent.message_id)


async def press(
    query: CallbackQuery,
    callback_data: DuelCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    message = query.message
    if not isinstance(message, Message):
        await query.answer()
        return
    action = callback_data.action
    try:
        game = await games.require_game(message.chat.id)
        if action in (DuelAction.ACCEPT, DuelAction.DECLINE):
            snap = await duels.respond(
                game,
                callback_data.duel_id,
                query.from_user.id,
                action == DuelAction.ACCEPT,
                runtime,
            )
        else:
            snap = await duels.decide(
                game,
                callback_data.duel_id,
                query.from_user.id,
                callback_data.round,
                action == DuelAction.GO_ON,
                runtime,
            )
    except StaleAction:
        if not await _news_again(query, message, callback_data, bot, l10n, translator, runtime):
            raise
        return
    group = translator.for_locale(game.locale)
    duel = snap.duel
    names = {"challenger": duel.challenger.name, "opponent": duel.opponent.name}
    if action == DuelAction.DECLINE:
        await query.answer()
        text = group.text("duel-declined", **names)
        await edit_or_send(
            bot, message.chat.id, message.message_id, text, thread_id=snap.record.thread_id
        )
        return
    if action == DuelAction.ACCEPT:
        await query.answer()
        if await duel_news.publish(bot, snap, group, message.message_id, game):
            with contextlib.suppress(TelegramAPIError):  # the round is out; this is decoration
                await message.edit_text(group.text("duel-accepted", **names), reply_markup=None)
        return
    choice_id = "duel-choice-go-on" if action == DuelAction.GO_ON else "duel-choice-stop"
    await query.answer(l10n.text("duel-choice-made", choice=l10n.text(choice_id)))
    moved_on = len(duel.rounds) > callback_data.round or duel.finished  # a new round, a stop
    if moved_on and await duel_news.publish(bot, snap, group, message.message_id, game):
        await drop_buttons(message)


async def _news_again(
    query: CallbackQuery,
    message: Message,
    callback_data: DuelCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> bool:
    """A fighter presses the message whose news was lost (Telegram refused it): resend it."""
    game = await games.active_game(message.chat.id)
    if game is None:
        return False
    snap = await duels.lost_news(
        game, callback_data.duel_id, message.message_id, query.from_user.id, runtime
    )
    if snap is None:
        return False
    await query.answer(l10n.text("duel-news-again"))
    group = translator.for_locale(game.locale)
    if await duel_news.publish(bot, snap, group, message.message_id, game):
        await drop_buttons(message)
    return True


def register_timers(scheduler: Scheduler) -> None:
    scheduler.on(duels.EXPIRE, on_expire)
    scheduler.on(duels.CHOICE_TIMEOUT, on_choices_timeout)


async def on_expire(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    record = await DuelRecord.get_or_none(id=timer.ref).prefetch_related("game")
    if record is None:
        return
    snap = await duels.expire(record.game, record.id, data["runtime"])
    if snap is None or record.message_id is None:
        return
    group = data["translator"].for_locale(record.game.locale)
    text = group.text(
        "duel-expired",
        challenger=snap.duel.challenger.name,
        opponent=snap.duel.opponent.name,
        gender=gender_of(snap.opponent_gender),
    )
    await edit_or_send(bot, record.chat_id, record.message_id, text, thread_id=record.thread_id)


async def on_choices_timeout(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    record = await DuelRecord.get_or_none(id=timer.ref).prefetch_related("game")
    if record is None:
        return
    before = await duels.snapshot(record)
    snap = await duels.choices_timed_out(record.game, record.id, data["runtime"])
    if snap is None:
        return
    silent = next(s for s in (Side.CHALLENGER, Side.OPPONENT) if before.duel.choice(s) is None)
    assert snap.duel.winner is not None
    group = data["translator"].for_locale(record.game.locale)
    text = group.text(
        "duel-choices-timeout",
        who=snap.duel.fighter(silent).name,
        winner=snap.duel.fighter(snap.duel.winner).name,
        gender=gender_of(snap.gender(silent)),
    )
    sent = await send_or_log(bot, record.chat_id, text, thread_id=record.thread_id)
    if sent is not None:
        await duels.set_message(snap.record, sent.message_id)
    elif before.record.message_id is not None:  # a press on the round resends the end
        await duels.restore_message(snap.record, abs(before.record.message_id))
