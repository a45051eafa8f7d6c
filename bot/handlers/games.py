"""Games in a group: /newgame (choose the system), /join, /endgame."""

from __future__ import annotations

from functools import partial

from aiogram import Bot, F, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link

from bot.callbacks import NewGameCallback, markup_data
from bot.config import Settings
from bot.db.models import Game, GameSystem
from bot.handlers.admins import sender_is_admin
from bot.handlers.group_reading import warn_if_unread
from bot.handlers.topics import topic_of
from bot.i18n import L10n, Translator
from bot.services import games
from bot.services.errors import Refusal, ServiceError
from bot.services.games import GameCreated, GameEnded
from bot.services.outbox import Action, Outgoing
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime

GROUP_CHATS = {"group", "supergroup"}
SYSTEM_NAMES = {
    GameSystem.POOL: "system-pool",
    GameSystem.DUEL: "system-duel",
    GameSystem.D20: "system-d20",
}
JOIN_PAYLOAD = "j{game_id}"


def build_router() -> Router:
    router = Router(name="games")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.callback_query.filter(F.message.chat.type.in_(GROUP_CHATS))
    router.message.register(new_game, Command("newgame"))
    router.callback_query.register(choose_system, NewGameCallback.filter())
    router.message.register(join, Command("join"))
    router.message.register(end_game, Command("endgame"))
    return router


async def join_keyboard(bot: Bot, game: Game, l10n: L10n) -> InlineKeyboardMarkup:
    link = await create_start_link(bot, JOIN_PAYLOAD.format(game_id=game.id))
    button = InlineKeyboardButton(text=l10n.text("game-join-button"), url=link)
    return InlineKeyboardMarkup(inline_keyboard=[[button]])


async def new_game(message: Message, bot: Bot, l10n: L10n, settings: Settings | None) -> None:
    assert message.from_user is not None
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    existing = await games.active_game(message.chat.id)
    if existing is not None:
        await message.reply(_game_exists(l10n, existing))
        return
    buttons = [
        [
            InlineKeyboardButton(
                text=l10n.text(SYSTEM_NAMES[system]),
                callback_data=NewGameCallback(system=system).pack(),
            )
        ]
        for system in GameSystem
    ]
    await message.reply(
        l10n.text("game-choose-system"),
        reply_markup=InlineKeyboardMarkup(inline_keyboard=buttons),
    )
    await warn_if_unread(message, bot, l10n)


async def choose_system(
    query: CallbackQuery,
    callback_data: NewGameCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """The chooser becomes the new game's message (owed with the game: the commitment must be
    published, on this message or, if it can't be edited, a new one)."""
    message = query.message
    assert isinstance(message, Message)
    if not await may_administer(bot, message.chat.id, query.from_user.id, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    skills = tuple(s.strip() for s in l10n.text("duel-default-skills").split(",") if s.strip())
    try:
        await games.create_announced(
            message.chat.id,
            callback_data.system,
            query.from_user.id,
            l10n.locale,
            skills,
            runtime,
            partial(compose_created, bot, translator),
            chooser=message.message_id,
            thread_id=topic_of(message),
        )
    except ServiceError as error:  # a game began since the buttons were sent: say which
        existing = await games.active_game(message.chat.id)
        if error.code != Refusal.GAME_EXISTS or existing is None:
            raise
        await query.answer(_game_exists(l10n, existing), show_alert=True)
        return
    await query.answer()


def _game_exists(l10n: L10n, game: Game) -> str:
    return l10n.text("error-game-exists", system=l10n.text(SYSTEM_NAMES[game.system]))


async def join(message: Message, bot: Bot, l10n: L10n) -> None:
    game = await games.require_game(message.chat.id)
    await message.reply(l10n.text("game-join"), reply_markup=await join_keyboard(bot, game, l10n))


async def end_game(
    message: Message, bot: Bot, translator: Translator, runtime: Runtime, settings: Settings | None
) -> None:
    assert message.from_user is not None
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    told = partial(compose_ended, bot, translator)
    await games.end_announced(message.chat.id, runtime, told, topic_of(message))


def ended_text(l10n: L10n, game: Game) -> str:
    """The game is over: its seed revealed, so anyone can check every roll."""
    return l10n.text(
        "game-ended",
        system=l10n.text(SYSTEM_NAMES[GameSystem(game.system)]),
        seed=game.seed_hex,
        commitment=game.commitment,
        rolls=game.next_roll_index,
    )


async def compose_ended(bot: Bot, translator: Translator, ended: GameEnded) -> list[Outgoing]:
    text = ended_text(translator.for_locale(ended.game.locale), ended.game)
    return [Outgoing(ended.game.chat_id, text, thread_id=ended.thread_id)]


async def compose_created(bot: Bot, translator: Translator, created: GameCreated) -> list[Outgoing]:
    """The chooser edited into the game's message: the commitment and the join button."""
    game = created.game
    l10n = translator.for_locale(game.locale)
    text = l10n.text(
        "game-created",
        system=l10n.text(SYSTEM_NAMES[game.system]),
        commitment=game.commitment,  # whole: a player compares the revealed seed's hash
    )
    markup = markup_data(await join_keyboard(bot, game, l10n))
    return [
        Outgoing(
            game.chat_id,
            text,
            action=Action.EDIT,
            thread_id=created.thread_id,
            live=games.live_key(game.id),
            markup=markup,
        )
    ]
