"""Pool group fights in the game's group: ``/fight N`` (or a reply), the game master's
``/fight_next`` and ``/fight_stop`` (the fight's side of the encounter buttons, how a press is
read as a move and what the presser hears, is :mod:`bot.handlers.pool_fight_publish`'s).
Beside them, the buttons that make no move: the group's «send my choice again» button, the
pill at 0, and the deep link ``/start f<fight>`` of the «open the chat» button, which sends the
pending choice at once (for a private chat opened late).
"""

from __future__ import annotations

import re
from functools import partial

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import EncounterCallback, ZeroPillCallback, encounter_words
from bot.config import Settings
from bot.db.models import Game
from bot.handlers import pool_fight_confirm
from bot.handlers.admins import sender_is_admin
from bot.handlers.pool_fight_publish import compose, group_l10n, send_prompt
from bot.handlers.topics import topic_of
from bot.i18n import L10n, Translator
from bot.services import fights, games
from bot.services.characters import living_character
from bot.services.errors import BadNumber, Refusal, ServiceError, StaleAction
from bot.services.fight_checks import Prospect
from bot.services.fights import KIND
from bot.services.numbers import ID_MAX, parse_int, parse_ordinal
from bot.services.runtime import Runtime
from bot.services.users import remember_user
from bot.views.pool_fight import end_text
from bot.views.pool_fight_keyboards import RESEND
from rules.pool.fight_table import Move

GROUP_CHATS = {"group", "supergroup"}
FIGHT_LINK = re.compile(r"^f([0-9]{1,12})$")  # /start f<fight>: the «open the chat» link


def build_router() -> Router:
    router = Router(name="pool_fight")
    in_group = F.chat.type.in_(GROUP_CHATS)
    router.message.register(challenge, Command("fight"), in_group)
    router.message.register(next_step, Command("fight_next"), in_group)
    router.message.register(stop, Command("fight_stop"), in_group)
    router.message.register(
        group_only, Command("fight", "fight_next", "fight_stop"), F.chat.type == "private"
    )
    return router


def register_buttons(buttons: Router) -> None:
    """The buttons of a pool fight that make no move (its moves are the encounters'): «send my
    choice again» (unpacked only when its data may be one), the /players challenge and its
    question, the pill at 0."""
    buttons.callback_query.register(press_resend, *encounter_words(KIND, RESEND))
    pool_fight_confirm.register_buttons(buttons)
    buttons.callback_query.register(press_pill, ZeroPillCallback.filter())


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
    """Open the fight; its live message (owed with it) goes to the hall's topic when one is
    bound, else to the command's. An unguarded sleeper is not attacked yet: the player is
    asked first, in private."""
    assert message.from_user is not None
    try:
        game = await games.require_game(message.chat.id)
        fights.pool_game(game)
        number = await _target_number(message, command.args)
        opened = await fights.challenge(
            game,
            message.from_user.id,
            number,
            message.chat.id,
            topic_of(message),
            runtime,
            partial(compose, bot, translator),
            kill_confirmed=False,
        )
    except BadNumber:
        await message.reply(l10n.text("pool-fight-usage"))
        return
    if isinstance(opened, Prospect):
        await pool_fight_confirm.ask_in_reply(message, bot, l10n, translator, game, opened)


async def group_only(message: Message) -> None:
    raise ServiceError(Refusal.GROUP_ONLY)


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
    record = await fights.pick_open(game, fight_id, reply.message_id if reply else None)
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
    """The game master moves the fight on: start it, take the chooser's default, or roll the
    round."""
    assert message.from_user is not None
    try:
        game, fight_id = await _admin_fight(message, command, bot, settings)
        told = partial(compose, bot, translator)
        await fights.master_move(game, fight_id, message.from_user.id, Move.CLOCK, runtime, told)
    except BadNumber as error:
        await message.reply(l10n.text("pool-fight-admin-usage", **error.details))


async def stop(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    assert message.from_user is not None
    try:
        game, fight_id = await _admin_fight(message, command, bot, settings)
        told = partial(compose, bot, translator)
        view = await fights.master_move(
            game, fight_id, message.from_user.id, Move.STOP, runtime, told
        )
    except BadNumber as error:
        await message.reply(l10n.text("pool-fight-admin-usage", **error.details))
        return
    await message.reply(end_text(group_l10n(translator, game), view))


async def press_pill(
    query: CallbackQuery,
    callback_data: ZeroPillCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """The pill button of the private message at health 0 (:mod:`bot.handlers.zero_health`)."""
    told = partial(compose, bot, translator)
    done = await fights.swallow_one(
        callback_data.game_id, query.from_user.id, callback_data.number, runtime, told
    )
    me = done.character
    if me is None:
        await query.answer(l10n.text("pool-fight-acted-pills", count=1))
    else:
        text = l10n.text("inventory-done-pills", count=1, health=me.health, max=me.max_health)
        await query.answer(text)


async def press_resend(
    query: CallbackQuery,
    callback_data: EncounterCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    message = query.message
    if not isinstance(message, Message):
        await query.answer()
        return
    game = await games.require_game(message.chat.id)
    view, fighter = await fights.open_choice_of(game, callback_data.id, query.from_user.id)
    if not await send_prompt(bot, game, view, fighter, translator, runtime):
        raise ServiceError(Refusal.FIGHT_PRIVATE_CLOSED)
    await query.answer(l10n.text("pool-fight-resent"))


async def open_by_link(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """``/start f<fight>`` in private: the chat is open now, so the pending choice comes at once."""
    assert message.from_user is not None and command.args is not None
    await remember_user(message.from_user, started=True)
    match = FIGHT_LINK.match(command.args)
    assert match is not None
    fight_id = parse_int(match[1], high=ID_MAX)
    try:
        if fight_id is None:
            raise StaleAction()
        game = await fights.game_of(fight_id)
        view, fighter = await fights.open_choice_of(game, fight_id, message.from_user.id)
    except ServiceError:
        await message.answer(l10n.text("pool-fight-link-nothing-to-choose"))
        return
    await send_prompt(bot, game, view, fighter, translator, runtime)
