"""Rounds of a pool fight in the group: the action buttons of the live message (the presser's
own character acts) and the GM's ``/fight_next`` and ``/fight_stop``."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import FightAction, PoolFightCallback
from bot.config import Settings
from bot.db.models import Game
from bot.handlers.admins import sender_is_admin
from bot.handlers.live import live_message
from bot.handlers.pool_fight_publish import group_l10n
from bot.i18n import L10n, Translator
from bot.services import fight_choice, fight_lookup, fight_rounds, fights, games
from bot.services.errors import BadNumber, Refusal, ServiceError
from bot.services.fight_store import CHOOSING, FIGHTING, JOINING, KIND
from bot.services.numbers import ID_MAX, parse_ordinal
from bot.services.runtime import Runtime
from bot.views.pool_fight import end_text
from rules.pool.fight_flow import Act

GROUP_CHATS = {"group", "supergroup"}
MOVES = {
    FightAction.ATTACK: Act.ATTACK,
    FightAction.PILLS: Act.PILLS,
    FightAction.STAND: Act.STAND,
}
CHOSEN = {
    Act.ATTACK: "pool-fight-acted-attack",
    Act.PILLS: "pool-fight-acted-pills",
    Act.STAND: "pool-fight-acted-stand",
}


def build_router() -> Router:
    router = Router(name="pool_fight_round")
    in_group = F.chat.type.in_(GROUP_CHATS)
    router.message.register(next_step, Command("fight_next"), in_group)
    router.message.register(stop, Command("fight_stop"), in_group)
    return router


def register_buttons(buttons: Router) -> None:
    buttons.callback_query.register(press_action, PoolFightCallback.filter(F.action.in_(MOVES)))


async def press_action(
    query: CallbackQuery,
    callback_data: PoolFightCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    message = await live_message(query, KIND, callback_data.fight_id)
    move = MOVES[callback_data.action]
    await fight_rounds.act(
        message.chat.id,
        callback_data.fight_id,
        query.from_user.id,
        callback_data.round,
        move,
        callback_data.count,
        runtime,
    )
    await query.answer(l10n.text(CHOSEN[move], count=callback_data.count))


async def _admin_fight(
    message: Message, command: CommandObject, bot: Bot, settings: Settings | None
) -> tuple[Game, int]:
    assert message.from_user is not None
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    game = await games.require_game(message.chat.id)
    fights.pool_game(game)
    args = (command.args or "").strip()
    fight_id = parse_ordinal(args, high=ID_MAX) if args else None
    if args and fight_id is None:
        raise BadNumber(fights="")
    reply = message.reply_to_message
    record = await fight_lookup.pick_open(game, fight_id, reply.message_id if reply else None)
    return game, record.id


async def next_step(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """The GM moves the fight on: start it, take the chooser's default, or roll the round."""
    try:
        game, fight_id = await _admin_fight(message, command, bot, settings)
        stage = (await fight_lookup.pick_open(game, fight_id, None)).stage
        if stage == JOINING:
            await fights.begin(game, fight_id, runtime, admin=True)
        elif stage == CHOOSING:
            await fight_choice.choice_timed_out(game, fight_id, runtime)
        else:
            assert stage == FIGHTING
            await fight_rounds.resolve_now(game, fight_id, runtime)
    except BadNumber as error:
        await message.reply(l10n.text("pool-fight-admin-usage", **error.details))
        return


async def stop(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    try:
        game, fight_id = await _admin_fight(message, command, bot, settings)
        outcome = await fights.stop(game, fight_id, runtime)
    except BadNumber as error:
        await message.reply(l10n.text("pool-fight-admin-usage", **error.details))
        return
    await message.reply(end_text(group_l10n(translator, outcome.view), outcome.view))
