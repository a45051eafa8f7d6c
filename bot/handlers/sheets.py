"""Character sheets: /me (private: everything; group: public facts), /players, and the admin's
/sheet N (full view sent privately) and /kick N."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest, TelegramForbiddenError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link

from bot.callbacks import SheetCallback
from bot.config import Settings
from bot.db.models import Character, Game, GameSystem
from bot.handlers.admins import sender_is_admin
from bot.handlers.games import SYSTEM_NAMES
from bot.handlers.miniapp_buttons import with_group_miniapp, with_miniapp
from bot.handlers.world_inventory import inventory_keyboard
from bot.i18n import Html, L10n
from bot.services import characters, games
from bot.services.deaths import own_deaths
from bot.services.errors import Refusal, ServiceError
from bot.services.numbers import parse_ordinal
from bot.services.sheets import SheetEntry, own_characters, roster
from bot.views.chunks import chunks
from bot.views.death import death_text
from bot.views.gender_ask import with_gender_ask
from bot.views.pool_fight_keyboards import players_keyboard
from bot.views.sheets import full_sheet, public_line

GROUP_CHATS = {"group", "supergroup"}


def build_router() -> Router:
    router = Router(name="sheets")
    in_group = F.chat.type.in_(GROUP_CHATS)
    router.message.register(me_private, Command("me"), F.chat.type == "private")
    router.callback_query.register(me_pick, SheetCallback.filter())
    router.message.register(me_group, Command("me"), in_group)
    router.message.register(players, Command("players"), in_group)
    router.message.register(admin_sheet, Command("sheet"), in_group)
    router.message.register(group_only, Command("players", "sheet", "kick"))
    return router


def parse_number(args: str | None) -> int | None:
    """A character's number after a command: «3», «#3», «№3»."""
    return parse_ordinal(args)


def game_name(l10n: L10n, game: Game, title: str | None) -> str:
    system = l10n.text(SYSTEM_NAMES[GameSystem(game.system)])
    if title:
        return l10n.text("sheet-game-title", title=title, system=system)
    return l10n.text("sheet-game-fallback", system=system, game=str(game.id))


async def group_title(bot: Bot, chat_id: int) -> str | None:
    """The group's title, asked from Telegram (nothing new stored); None if unreachable."""
    try:
        chat = await bot.get_chat(chat_id)
    except TelegramAPIError:
        return None
    return chat.title


async def group_only(message: Message) -> None:
    raise ServiceError(Refusal.GROUP_ONLY)


async def me_private(
    message: Message, bot: Bot, l10n: L10n, miniapp_url: str | None = None
) -> None:
    """One character: the sheet. Several (one per game): which game? (buttons)."""
    assert message.from_user is not None
    entries = await own_characters(message.from_user.id)
    if not entries:
        deaths = await own_deaths(message.from_user.id)
        texts = [
            f"{game_name(l10n, d.game, await group_title(bot, d.game.chat_id))}\n\n"
            f"{death_text(l10n, d)}"
            for d in deaths
        ]
        await message.answer("\n\n".join(texts) if texts else l10n.text("me-none"))
        return
    if len(entries) == 1:
        await _send_sheet(message, entries[0], bot, l10n, miniapp_url)
        return
    buttons = [
        [
            InlineKeyboardButton(
                text=await _game_button(bot, l10n, entry),
                callback_data=SheetCallback(game_id=entry.game.id).pack(),
            )
        ]
        for entry in entries
    ]
    await message.answer(
        l10n.text("me-pick", count=len(entries)),
        reply_markup=InlineKeyboardMarkup(inline_keyboard=buttons),
    )


async def me_pick(
    query: CallbackQuery,
    callback_data: SheetCallback,
    bot: Bot,
    l10n: L10n,
    miniapp_url: str | None = None,
) -> None:
    """A game picked under /me: that game's character sheet (only ever the presser's own)."""
    entries = await own_characters(query.from_user.id)
    entry = next((e for e in entries if e.game.id == callback_data.game_id), None)
    if entry is None or not isinstance(query.message, Message):
        await query.answer(l10n.text("me-pick-gone"), show_alert=True)
        return
    await query.answer()
    await _send_sheet(query.message, entry, bot, l10n, miniapp_url)


async def _game_button(bot: Bot, l10n: L10n, entry: SheetEntry) -> str:
    """Plain text (buttons show no HTML): the group's title and the system, and the name."""
    system = l10n.text(SYSTEM_NAMES[GameSystem(entry.game.system)])
    title = await group_title(bot, entry.game.chat_id) or f"#{entry.game.id}"
    return f"{title} \u00b7 {system} \u00b7 {entry.character.name}"


async def sheet_reply(
    bot: Bot, l10n: L10n, entry: SheetEntry, miniapp_url: str | None = None
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The private /me message: the game, the full sheet, its buttons (the inventory, the Mini
    App when it is on) and the gender ask."""
    head = game_name(l10n, entry.game, await group_title(bot, entry.game.chat_id))
    sheet = full_sheet(l10n, entry.character, entry.state)
    pool = entry.game.system == GameSystem.POOL
    markup = inventory_keyboard(l10n, entry.game.id) if pool else None
    markup = with_miniapp(markup, l10n, miniapp_url, entry.game.id)
    return with_gender_ask(l10n, entry.character, f"{head}\n\n{sheet}", markup)


async def _send_sheet(
    anchor: Message, entry: SheetEntry, bot: Bot, l10n: L10n, miniapp_url: str | None
) -> None:
    text, markup = await sheet_reply(bot, l10n, entry, miniapp_url)
    await anchor.answer(text, reply_markup=markup)


def _secret_note(l10n: L10n, game: Game) -> list[str]:
    return [l10n.text("players-pool-secret")] if game.system == GameSystem.POOL else []


async def me_group(message: Message, l10n: L10n) -> None:
    assert message.from_user is not None
    game = await games.require_game(message.chat.id)
    character = await characters.living_character(game, message.from_user.id)
    if character is None:
        deaths = await own_deaths(message.from_user.id, game)
        none = l10n.text("me-group-none")
        await message.reply(death_text(l10n, deaths[0]) if deaths else none)
        return
    text, markup = group_reply(l10n, game, character)
    await message.reply(text, reply_markup=markup)


def group_reply(
    l10n: L10n, game: Game, character: Character
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The group's /me: the public facts (and the gender ask, which only the owner answers)."""
    line = public_line(l10n, character.number, characters.rule_state(game, character))
    text = "\n".join([l10n.text("me-group", line=Html(line)), *_secret_note(l10n, game)])
    return with_gender_ask(l10n, character, text, None)


async def players(message: Message, bot: Bot, l10n: L10n, miniapp_url: str | None = None) -> None:
    game = await games.require_game(message.chat.id)
    entries = await roster(game)
    if not entries:
        await message.reply(l10n.text("players-empty"))
        return
    system = l10n.text(SYSTEM_NAMES[GameSystem(game.system)])
    lines = [
        l10n.text("players-title", system=system, count=len(entries)),
        *(public_line(l10n, e.character.number, e.state) for e in entries),
        *_secret_note(l10n, game),
    ]
    keyboard = None
    if game.system == GameSystem.POOL:
        living = [(e.character.number, e.character.name) for e in entries]
        keyboard = players_keyboard(game.id, living)
    keyboard = await with_group_miniapp(keyboard, bot, l10n, miniapp_url, game.id, "me")
    parts = chunks(lines)
    for index, text in enumerate(parts):
        last = index == len(parts) - 1
        await message.answer(text, reply_markup=keyboard if last else None)


async def admin_sheet(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    sender_l10n: L10n,
    settings: Settings | None,
) -> None:
    """An admin asks for character N: the full sheet goes to the admin's private chat, in
    the admin's language (the group's lines are in the group's)."""
    assert message.from_user is not None
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    number = parse_number(command.args)
    if number is None:
        await message.reply(l10n.text("sheet-usage"))
        return
    game = await games.require_game(message.chat.id)
    character = await characters.character_by_number(game, number)
    state = characters.rule_state(game, character)
    mine = sender_l10n
    head = mine.text(
        "sheet-admin-head",
        game=Html(game_name(mine, game, message.chat.title)),
        status=character.status.value,
    )
    text = f"{head}\n\n{full_sheet(mine, character, state)}"
    try:
        await bot.send_message(message.from_user.id, text)
    except (TelegramForbiddenError, TelegramBadRequest):
        link = await create_start_link(bot, "")
        button = InlineKeyboardButton(text=l10n.text("sheet-open-private-button"), url=link)
        await message.reply(
            l10n.text("sheet-open-private", number=number),
            reply_markup=InlineKeyboardMarkup(inline_keyboard=[[button]]),
        )
        return
    await message.reply(l10n.text("sheet-sent", number=number))
