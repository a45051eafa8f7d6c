"""The d20 battle's buttons: join a side, start, choose an action and its target, finish off
the fallen, pass, spare. Only the owner of the acting character may press a turn's buttons.
What a press changes is owed to the group with it (:mod:`bot.handlers.d20_publish`); the press
itself is answered here, and the turn's menu (an action's targets, back) is redrawn here for
the presser."""

from __future__ import annotations

import contextlib

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, Message

from bot.callbacks import BattleAction, BattleCallback
from bot.config import Settings
from bot.courier import Courier
from bot.db.models import Game
from bot.handlers.live import live_message
from bot.i18n import Html, L10n, Translator
from bot.services import battle_turns, battles, games
from bot.services.battle_store import KIND, check_actor
from bot.services.battle_story import check_class_action
from bot.services.errors import StaleAction
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from bot.views.d20 import side_name
from bot.views.d20_keyboards import FINISH_CODE, KIND_CODES, target_keyboard, turn_keyboard
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
    courier: Courier,
) -> None:
    message = await live_message(query, KIND, callback_data.battle_id)
    game = await games.require_game(message.chat.id)
    await _dispatch(
        query, message, callback_data, game, bot, l10n, translator, runtime, settings, courier
    )


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
    courier: Courier,
) -> None:
    user_id, action = query.from_user.id, data.action
    if action is BattleAction.JOIN:
        snap, fighter = await battles.join(game, data.battle_id, user_id, data.kind, runtime)
        side = Html(side_name(l10n, snap.state, fighter.side, escape=False))
        await query.answer(l10n.text("d20-joined", name=fighter.name, side=side))
    elif action is BattleAction.START:
        is_admin = await _is_admin(bot, query, message.chat.id, settings)
        await battles.begin(game, data.battle_id, user_id, is_admin, runtime)
        await query.answer()
    elif action in (BattleAction.KIND, BattleAction.BACK):
        # Only the presser's own menu (the turn's keyboard redrawn): answered directly.
        group = translator.for_locale(game.locale)
        snap = await check_actor(game, data.battle_id, user_id, data.step)
        any_action = games.settings_of(game).d20_any_action
        if action is BattleAction.BACK:
            markup = turn_keyboard(group, snap, any_action)
        elif data.kind == FINISH_CODE or data.kind in KIND_CODES:
            if data.kind in KIND_CODES:  # a forged button for another class's action
                check_class_action(game, snap.battle.current, KIND_CODES[data.kind])
            markup = target_keyboard(group, snap, data.kind, any_action)
        else:
            raise StaleAction()
        await query.answer()
        await courier.pacer.take(message.chat.id)  # an edit: one a second in a chat
        with contextlib.suppress(TelegramAPIError):
            await message.edit_reply_markup(reply_markup=markup)
    elif action is BattleAction.SPARE:
        is_admin = await _is_admin(bot, query, message.chat.id, settings)
        await battle_turns.spare(game, data.battle_id, user_id, is_admin, data.step, runtime)
        await query.answer()
    elif action in TURN_ACTIONS:
        if action is BattleAction.TARGET:
            await battle_turns.act(
                game, data.battle_id, user_id, data.step, _kind(data.kind), data.who, runtime
            )
        elif action is BattleAction.FINISH:
            await battle_turns.finish_off(
                game,
                data.battle_id,
                user_id,
                data.step,
                _kind(data.kind, finishing=True),
                data.who,
                runtime,
            )
        else:
            await battle_turns.pass_turn(game, data.battle_id, user_id, data.step, runtime)
        await query.answer()
    else:
        await query.answer()
