"""Duels in the group: /duel N skill (or a reply), accept/decline, go on/stop, /heal."""

from __future__ import annotations

import contextlib
from typing import Any

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.callbacks import DuelAction, DuelCallback
from bot.config import Settings
from bot.db.models import Character, DuelRecord, Game, Timer
from bot.handlers.replies import refuse
from bot.i18n import L10n, Translator
from bot.scheduler import Scheduler
from bot.services import duels, games
from bot.services.characters import character_by_number, living_character
from bot.services.errors import BadNumber, NotAdmin, ServiceError
from bot.services.permissions import is_game_admin
from bot.services.runtime import Runtime
from bot.views.duel import challenge_text, end_text, round_text
from rules.duel import Side

GROUP_CHATS = {"group", "supergroup"}


def build_router() -> Router:
    router = Router(name="duels")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.message.register(challenge, Command("duel"))
    router.message.register(heal, Command("heal"))
    router.callback_query.register(press, DuelCallback.filter())
    return router


def _buttons(
    l10n: L10n, duel_id: int, rows: list[tuple[str, DuelAction]], rnd: int = 0
) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(
                    text=l10n.text(msg_id),
                    callback_data=DuelCallback(duel_id=duel_id, action=action, round=rnd).pack(),
                )
                for msg_id, action in rows
            ]
        ]
    )


async def _target(message: Message, game: Game, args: list[str]) -> tuple[Character, str]:
    """``/duel N skill`` or, replying to the opponent's message, ``/duel skill``."""
    reply = message.reply_to_message
    if args and args[0].isdigit():
        return await character_by_number(game, int(args[0])), " ".join(args[1:])
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
            game, message.from_user.id, target, skill, message.chat.id, message.message_thread_id
        )
    except BadNumber:
        await message.reply(l10n.text("duel-usage"))
        return
    except ServiceError as error:
        await refuse(message, l10n, error)
        return
    group_l10n = l10n
    sent = await message.answer(
        challenge_text(group_l10n, snap.duel, games.settings_of(game).join_window),
        reply_markup=_buttons(
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
    except ServiceError as error:
        await refuse(query, l10n, error)
        return
    group = translator.for_locale(game.locale)
    duel = snap.duel
    if action == DuelAction.DECLINE:
        await query.answer()
        await _edit(
            message,
            group.text(
                "duel-declined", challenger=duel.challenger.name, opponent=duel.opponent.name
            ),
        )
        return
    if action == DuelAction.ACCEPT:
        await query.answer()
        await _edit(
            message,
            group.text(
                "duel-accepted", challenger=duel.challenger.name, opponent=duel.opponent.name
            ),
        )
        await _send_round(bot, snap, group)
        return
    side = snap.side_of(query.from_user.id)
    choice_id = "duel-choice-go-on" if action == DuelAction.GO_ON else "duel-choice-stop"
    await query.answer(l10n.text("duel-choice-made", choice=l10n.text(choice_id)))
    if len(duel.rounds) > callback_data.round:  # both went on: the next round was fought
        await _edit_markup(message)
        await _send_round(bot, snap, group)
    elif duel.finished:  # a stop
        await _edit_markup(message)
        await bot.send_message(
            message.chat.id,
            end_text(group, duel, stopped_by=side),
            message_thread_id=snap.record.thread_id,
        )


async def _send_round(bot: Bot, snap: duels.DuelSnapshot, l10n: L10n) -> None:
    duel = snap.duel
    result = duel.last_round
    assert result is not None
    number = len(duel.rounds)
    markup = None
    if not duel.finished:
        markup = _buttons(
            l10n,
            snap.record.id,
            [("duel-button-go-on", DuelAction.GO_ON), ("duel-button-stop", DuelAction.STOP)],
            number,
        )
    await bot.send_message(
        snap.record.chat_id,
        round_text(l10n, duel, result, number),
        reply_markup=markup,
        message_thread_id=snap.record.thread_id,
    )


async def _edit(message: Message, text: str) -> None:
    # The outcome is saved and announced already; a lost edit changes nothing.
    with contextlib.suppress(TelegramAPIError):
        await message.edit_text(text, reply_markup=None)


async def _edit_markup(message: Message) -> None:
    with contextlib.suppress(TelegramAPIError):
        await message.edit_reply_markup(reply_markup=None)


async def heal(
    message: Message, command: CommandObject, bot: Bot, l10n: L10n, settings: Settings | None
) -> None:
    assert message.from_user is not None
    admin_ids = settings.admin_ids if settings else frozenset()
    args = (command.args or "").split()
    try:
        if not await is_game_admin(bot, message.chat.id, message.from_user.id, admin_ids):
            raise NotAdmin()
        game = await games.require_game(message.chat.id)
        if not 1 <= len(args) <= 2 or not all(a.isdigit() for a in args):
            await message.reply(l10n.text("heal-usage"))
            return
        hp = int(args[1]) if len(args) == 2 else None
        character, healed = await duels.heal(game, int(args[0]), hp)
    except ServiceError as error:
        await refuse(message, l10n, error)
        return
    await message.reply(
        l10n.text("duel-healed", name=character.name, hp=healed.hp, max=healed.max_hp)
    )


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
        "duel-expired", challenger=snap.duel.challenger.name, opponent=snap.duel.opponent.name
    )
    with contextlib.suppress(TelegramAPIError):
        await bot.edit_message_text(
            text, chat_id=record.chat_id, message_id=record.message_id, reply_markup=None
        )


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
    await bot.send_message(
        record.chat_id,
        group.text(
            "duel-choices-timeout",
            who=snap.duel.fighter(silent).name,
            winner=snap.duel.fighter(snap.duel.winner).name,
        ),
        message_thread_id=record.thread_id,
    )
