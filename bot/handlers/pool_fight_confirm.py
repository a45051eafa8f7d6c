"""The question before a pool attack, in the presser's private chat, seen by nobody else.

A ``/players`` button asks «⚔️ Напасть: Борис?»; an attack on a sleeper nobody guards (by that
button or by ``/fight N``) first says that it kills. Only «Да» attacks, through the same service
and checks as ``/fight N``, run again at that moment (the target may have moved, a fight begun,
the game been paused); «Нет» removes the question. The buttons carry who may press them.
"""

from __future__ import annotations

import contextlib
from functools import partial

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest, TelegramForbiddenError
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.callbacks import ChallengeAnswer, ChallengeConfirmCallback, PlayersFightCallback
from bot.db.models import Game, GameStatus
from bot.handlers import pool_fight_publish
from bot.handlers.topics import topic_of
from bot.handlers.world_common import private_link, user_l10n
from bot.i18n import L10n, Translator
from bot.services import fight_checks, fights, games
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.fight_checks import Prospect
from bot.services.runtime import Runtime
from rules.pool.fight_view import FightView


def register_buttons(buttons: Router) -> None:
    buttons.callback_query.register(press_players, PlayersFightCallback.filter())
    buttons.callback_query.register(press_answer, ChallengeConfirmCallback.filter())


def question_text(l10n: L10n, prospect: Prospect) -> str:
    if prospect.kills:
        return l10n.text(
            "pool-fight-confirm-kill", name=prospect.name, gender=prospect.gender.value
        )
    return l10n.text("pool-fight-confirm", name=prospect.name)


def question_keyboard(
    l10n: L10n, game_id: int, user_id: int, prospect: Prospect, thread: int | None
) -> InlineKeyboardMarkup:
    def button(key: str, answer: ChallengeAnswer) -> InlineKeyboardButton:
        data = ChallengeConfirmCallback(
            game_id=game_id,
            number=prospect.number,
            user=user_id,
            answer=answer,
            thread=thread or 0,
            kills=prospect.kills,
        )
        return InlineKeyboardButton(text=l10n.text(key), callback_data=data.pack())

    return InlineKeyboardMarkup(
        inline_keyboard=[
            [
                button("pool-fight-confirm-yes", ChallengeAnswer.YES),
                button("pool-fight-confirm-no", ChallengeAnswer.NO),
            ]
        ]
    )


async def ask(
    bot: Bot,
    translator: Translator,
    game: Game,
    user_id: int,
    prospect: Prospect,
    thread: int | None,
) -> bool:
    """Put the question in the user's private chat; False when the bot may not write there.

    An immediate answer to the one who just pressed, about their own press: sent directly,
    not owed (nothing in the game has changed)."""
    l10n = await user_l10n(translator, user_id, game.locale)
    markup = question_keyboard(l10n, game.id, user_id, prospect, thread)
    try:
        await bot.send_message(user_id, question_text(l10n, prospect), reply_markup=markup)
    except (TelegramForbiddenError, TelegramBadRequest):
        return False
    return True


async def ask_in_reply(
    message: Message, bot: Bot, l10n: L10n, translator: Translator, game: Game, prospect: Prospect
) -> None:
    """``/fight N`` on a sleeper nobody guards: the question goes to private, the group is told
    only where it went."""
    assert message.from_user is not None
    if await ask(bot, translator, game, message.from_user.id, prospect, topic_of(message)):
        await message.reply(l10n.text("pool-fight-asked"))
    else:
        markup = await private_link(bot, l10n)
        await message.reply(l10n.text("pool-fight-ask-unreachable"), reply_markup=markup)


async def press_players(
    query: CallbackQuery,
    callback_data: PlayersFightCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """A challenge button under /players: the checks now, the question in private."""
    message = query.message
    if not isinstance(message, Message):
        await query.answer()
        return
    game = await games.require_game(message.chat.id)
    if game.id != callback_data.game_id:
        raise StaleAction()
    fights.pool_game(game)
    user_id = query.from_user.id
    prospect = await fight_checks.size_up(game, user_id, callback_data.number, runtime)
    if await ask(bot, translator, game, user_id, prospect, topic_of(message)):
        await query.answer(l10n.text("pool-fight-asked"))
    else:
        await query.answer(l10n.text("pool-fight-ask-unreachable"), show_alert=True)


async def press_answer(
    query: CallbackQuery,
    callback_data: ChallengeConfirmCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """«Да» attacks (every check again), «Нет» removes the question; only its addressee."""
    if query.from_user.id != callback_data.user:
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    message = query.message if isinstance(query.message, Message) else None
    if callback_data.answer == ChallengeAnswer.NO:
        await query.answer(l10n.text("pool-fight-confirm-dropped"))
        if message is not None:
            await _remove(message, l10n)
        return
    game = await Game.get_or_none(id=callback_data.game_id)
    if game is None or game.status != GameStatus.ACTIVE:
        raise StaleAction()
    result = await fights.challenge(
        game,
        query.from_user.id,
        callback_data.number,
        game.chat_id,
        callback_data.thread or None,
        runtime,
        partial(pool_fight_publish.compose, bot, translator),
        kill_confirmed=callback_data.kills,
    )
    if isinstance(result, Prospect):  # fell asleep unguarded since: the question says it now
        await query.answer(l10n.text("pool-fight-confirm-changed"), show_alert=True)
        if message is not None:
            markup = question_keyboard(
                l10n, game.id, query.from_user.id, result, callback_data.thread
            )
            with contextlib.suppress(TelegramAPIError):
                await message.edit_text(question_text(l10n, result), reply_markup=markup)
        return
    await query.answer(l10n.text("pool-fight-challenged-you"))
    if message is not None:
        with contextlib.suppress(TelegramAPIError):
            done = l10n.text("pool-fight-confirm-done", name=_fought(result))
            await message.edit_text(done, reply_markup=None)


def _fought(result: FightView | fights.SleeperKilled) -> str:
    """Whom the attack met: the sleeper killed, else the one fought (a sleeper's guard)."""
    if isinstance(result, fights.SleeperKilled):
        return result.sleeper
    return result.names[result.fight.joined[1]]


async def _remove(message: Message, l10n: L10n) -> None:
    """Delete the question (a bot may delete its own messages for 48 hours), else strike it."""
    try:
        await message.delete()
    except TelegramAPIError:
        with contextlib.suppress(TelegramAPIError):
            await message.edit_text(l10n.text("pool-fight-confirm-dropped"), reply_markup=None)
