"""The d20 battle's buttons: join a side, start, choose an action and its target, finish off
the fallen, pass, spare. Only the owner of the acting character may press a turn's buttons."""

from __future__ import annotations

import contextlib

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, Message

from bot.callbacks import BattleAction, BattleCallback
from bot.config import Settings
from bot.db.models import Game
from bot.handlers.d20_live import announce_start, announce_turn
from bot.i18n import Html, L10n, Translator
from bot.services import battle_turns, battles, games
from bot.services.battle_store import check_actor
from bot.services.errors import StaleAction
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from bot.views.d20 import join_text, side_name
from bot.views.d20_keyboards import (
    FINISH_CODE,
    KIND_CODES,
    join_keyboard,
    target_keyboard,
    turn_keyboard,
)
from bot.views.d20_turns import spared_text
from rules.d20 import AttackKind

TURN_ACTIONS = (BattleAction.TARGET, BattleAction.PASS, BattleAction.FINISH)


def _kind(code: str, *, finishing: bool = False) -> AttackKind:
    kind = KIND_CODES.get(code)
    if kind is None or (finishing and kind is AttackKind.BUFF):
        raise StaleAction()
    return kind


async def press(
    query: CallbackQuery,
    callback_data: BattleCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    message = query.message
    if not isinstance(message, Message):
        await query.answer()
        return
    game = await games.require_game(message.chat.id)
    await _dispatch(query, message, callback_data, game, bot, l10n, translator, runtime, settings)


async def _is_admin(
    bot: Bot, query: CallbackQuery, chat_id: int, settings: Settings | None
) -> bool:
    return await may_administer(bot, chat_id, query.from_user.id, settings)


async def _dispatch(
    query: CallbackQuery,
    message: Message,
    data: BattleCallback,
    game: Game,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    group = translator.for_locale(game.locale)
    user_id, action = query.from_user.id, data.action
    if action is BattleAction.JOIN:
        snap, fighter = await battles.join(game, data.battle_id, user_id, data.kind, runtime)
        side = Html(side_name(l10n, snap.state, fighter.side, escape=False))
        seconds = games.settings_of(game).join_window
        text = join_text(group, snap.state, snap.state.opener_name, seconds)
        with contextlib.suppress(TelegramAPIError):
            await message.edit_text(text, reply_markup=join_keyboard(group, snap))
        await query.answer(l10n.text("d20-joined", name=fighter.name, side=side))
    elif action is BattleAction.START:
        is_admin = await _is_admin(bot, query, message.chat.id, settings)
        snap = await battles.begin(game, data.battle_id, user_id, is_admin, runtime)
        await query.answer()
        await announce_start(bot, game, snap, group)
    elif action in (BattleAction.KIND, BattleAction.BACK):
        snap = await check_actor(game, data.battle_id, user_id, data.step)
        if action is BattleAction.BACK:
            markup = turn_keyboard(group, snap)
        elif data.kind == FINISH_CODE or data.kind in KIND_CODES:
            markup = target_keyboard(group, snap, data.kind)
        else:
            raise StaleAction()
        await query.answer()
        with contextlib.suppress(TelegramAPIError):
            await message.edit_reply_markup(reply_markup=markup)
    elif action is BattleAction.SPARE:
        is_admin = await _is_admin(bot, query, message.chat.id, settings)
        result = await battle_turns.spare(
            game, data.battle_id, user_id, is_admin, data.step, runtime
        )
        await query.answer()
        with contextlib.suppress(TelegramAPIError):
            await message.edit_text(
                f"{message.html_text}\n\n{spared_text(group, result)}", reply_markup=None
            )
    elif action in TURN_ACTIONS:
        if action is BattleAction.TARGET:
            result = await battle_turns.act(
                game, data.battle_id, user_id, data.step, _kind(data.kind), data.who, runtime
            )
        elif action is BattleAction.FINISH:
            result = await battle_turns.finish_off(
                game,
                data.battle_id,
                user_id,
                data.step,
                _kind(data.kind, finishing=True),
                data.who,
                runtime,
            )
        else:
            result = await battle_turns.pass_turn(game, data.battle_id, user_id, data.step, runtime)
        await query.answer()
        await announce_turn(bot, game, result, group)
    else:
        await query.answer()
