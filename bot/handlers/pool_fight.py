"""Pool group fights in the game's group: ``/fight N`` (or a reply), the join window with
"join" and "start" buttons, and every timer of a fight. Choices and rounds have their modules."""

from __future__ import annotations

from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import FightAction, PoolFightCallback
from bot.config import Settings
from bot.db.models import Encounter, Game, Timer
from bot.handlers import pool_fight_choice, pool_fight_confirm, pool_fight_round, zero_health
from bot.handlers.live import live_message
from bot.handlers.topics import topic_of
from bot.i18n import L10n, Translator
from bot.scheduler import Scheduler
from bot.services import fight_choice, fight_rounds, fights, games
from bot.services.characters import living_character
from bot.services.errors import BadNumber, Refusal, ServiceError
from bot.services.fight_checks import Prospect
from bot.services.fight_flow import CHOICE_TIMER, JOIN_TIMER, ROUND_TIMER
from bot.services.fight_store import KIND, Outcome
from bot.services.fights import SleeperKilled
from bot.services.numbers import parse_ordinal
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime

GROUP_CHATS = {"group", "supergroup"}
WINDOW_ACTIONS = {FightAction.JOIN, FightAction.START}


def build_router() -> Router:
    router = Router(name="pool_fight")
    router.message.register(challenge, Command("fight"), F.chat.type.in_(GROUP_CHATS))
    router.message.register(
        group_only, Command("fight", "fight_next", "fight_stop"), F.chat.type == "private"
    )
    router.include_router(pool_fight_round.build_router())
    return router


def register_buttons(buttons: Router) -> None:
    """Every button of a pool fight, in the dispatcher's button lane (outside the dialogs): the
    round's actions first, the most pressed (each handler's filter is tried in turn)."""
    pool_fight_round.register_buttons(buttons)
    pool_fight_choice.register_buttons(buttons)
    buttons.callback_query.register(
        press_window, PoolFightCallback.filter(F.action.in_(WINDOW_ACTIONS))
    )
    pool_fight_confirm.register_buttons(buttons)
    zero_health.register_buttons(buttons)


async def _target_number(message: Message, args: str | None) -> int:
    """``/fight N``, or ``/fight`` as a reply to the target's message."""
    if args:
        number = parse_ordinal(args)
        if number is None:
            raise BadNumber()
        return number
    reply = message.reply_to_message
    if reply is not None and reply.from_user is not None and not reply.from_user.is_bot:
        game = await games.require_game(message.chat.id)
        target = await living_character(game, reply.from_user.id)
        if target is not None:
            return target.number
    raise BadNumber()


async def challenge(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    assert message.from_user is not None
    try:
        game = await games.require_game(message.chat.id)
        fights.pool_game(game)
        number = await _target_number(message, command.args)
        opened = await _open_fight(message, game, message.from_user.id, number, runtime)
    except BadNumber:
        await message.reply(l10n.text("pool-fight-usage"))
        return
    if isinstance(opened, Prospect):  # a sleeper nobody guards: ask first, in private
        await pool_fight_confirm.ask_in_reply(message, bot, l10n, translator, game, opened)


async def _open_fight(
    anchor: Message,
    game: Game,
    user_id: int,
    number: int,
    runtime: Runtime,
) -> Outcome | SleeperKilled | Prospect:
    """Open the fight; its live message (owed with it) goes to the anchor's chat: to the hall's
    topic when one is bound, else to the anchor's topic. An unguarded sleeper is not attacked
    yet: the :class:`Prospect` comes back for the question."""
    return await fights.challenge(
        game, user_id, number, anchor.chat.id, topic_of(anchor), runtime, kill_confirmed=False
    )


async def group_only(message: Message) -> None:
    raise ServiceError(Refusal.GROUP_ONLY)


async def press_window(
    query: CallbackQuery,
    callback_data: PoolFightCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    message = await live_message(query, KIND, callback_data.fight_id)
    user_id = query.from_user.id
    game = await games.require_game(message.chat.id)
    if callback_data.action == FightAction.JOIN:
        await fights.join(game, callback_data.fight_id, user_id, runtime)
        answer = l10n.text("pool-fight-joined-you")
    else:
        admin = await may_administer(bot, message.chat.id, user_id, settings)
        started = await fights.begin(
            game, callback_data.fight_id, runtime, user_id=user_id, admin=admin
        )
        assert started is not None
        _outcome, answer = started, l10n.text("pool-fight-started-you")
    await query.answer(answer)


def register_timers(scheduler: Scheduler) -> None:
    scheduler.on(JOIN_TIMER, on_join_timeout)
    scheduler.on(CHOICE_TIMER, on_choice_timeout)
    scheduler.on(ROUND_TIMER, on_round_timeout)


async def _fight_of(timer: Timer) -> Encounter | None:
    record = await Encounter.get_or_none(id=timer.ref).prefetch_related("game")
    return record if record is not None and record.game.status == "active" else None


async def on_join_timeout(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    record = await _fight_of(timer)
    if record is None:
        return
    await fights.begin(record.game, record.id, data["runtime"], timer_id=timer.id)


async def on_choice_timeout(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    record = await _fight_of(timer)
    if record is None:
        return
    await fight_choice.choice_timed_out(record.game, record.id, data["runtime"], timer_id=timer.id)


async def on_round_timeout(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    record = await _fight_of(timer)
    if record is None:
        return
    await fight_rounds.resolve_now(record.game, record.id, data["runtime"], timer_id=timer.id)
