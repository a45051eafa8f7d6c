"""Table tools: /rules, /log, /verify, /odds."""

from __future__ import annotations

import re

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import InlineKeyboardMarkup, Message, ReplyParameters

from bot.db.models import Game, GameStatus, GameSystem
from bot.handlers.miniapp_buttons import with_group_miniapp
from bot.handlers.odds_button import odds_button
from bot.handlers.sheets import game_name
from bot.i18n import L10n
from bot.services import games, gm_log
from bot.services.errors import NoActiveGame, Refusal, ServiceError
from bot.services.odds import (
    SYSTEM_WORDS,
    D20Question,
    DuelQuestion,
    OddsUsage,
    Question,
    d20_answer,
    duel_answer,
    parse_question,
    pool_answer,
)
from bot.services.sheets import own_characters
from bot.views.odds import d20_text, duel_text, pool_text, usage_text
from bot.views.roll_log import log_lines
from bot.views.verify import verification_text
from rules.dice import SEED_BYTES
from rules.duel.character import DEFAULT_HP

GROUP_CHATS = {"group", "supergroup"}
SEED_HEX = re.compile(f"[0-9a-fA-F]{{{2 * SEED_BYTES}}}")
RULES = {
    GameSystem.POOL: "rules-pool",
    GameSystem.DUEL: "rules-duel",
    GameSystem.D20: "rules-d20",
}


def build_router() -> Router:
    router = Router(name="tools")
    in_group = F.chat.type.in_(GROUP_CHATS)
    router.message.register(show_rules, Command("rules"))
    router.message.register(show_log, Command("log"), in_group)
    router.message.register(verify, Command("verify"), in_group)
    router.message.register(group_only, Command("log", "verify"))
    router.message.register(odds, Command("odds"))
    return router


async def group_only(message: Message) -> None:
    raise ServiceError(Refusal.GROUP_ONLY)


async def _rules_systems(message: Message, word: str) -> list[GameSystem]:
    """An explicit system word, else the chat's game, else (in private) the user's games."""
    if word in SYSTEM_WORDS:
        return [SYSTEM_WORDS[word]]
    if message.chat.type != "private":
        game = await games.active_game(message.chat.id)
        return [GameSystem(game.system)] if game else []
    assert message.from_user is not None
    systems = [GameSystem(e.game.system) for e in await own_characters(message.from_user.id)]
    return list(dict.fromkeys(systems))


async def show_rules(message: Message, command: CommandObject, l10n: L10n) -> None:
    systems = await _rules_systems(message, (command.args or "").strip().lower())
    if not systems:
        private = message.chat.type == "private"
        await message.reply(l10n.text("rules-not-playing" if private else "rules-no-game"))
        return
    await message.reply("\n\n".join(l10n.text(RULES[system]) for system in systems))


async def _last_game(message: Message) -> Game:
    game = await games.last_game(message.chat.id)
    if game is None:
        raise NoActiveGame()
    return game


async def show_log(message: Message, bot: Bot, l10n: L10n, miniapp_url: str | None = None) -> None:
    """The latest rolls of the chat's game and the game master's interventions among them;
    after /endgame, of its last game. With the Mini App on, a button opens its roll log."""
    game = await _last_game(message)
    rolls = await games.latest_rolls(game)
    entries = await gm_log.latest(game)
    title = game_name(l10n, game, None)
    markup = await with_group_miniapp(None, bot, l10n, miniapp_url, game.id, "rolls")
    names = await games.character_names(game)
    text = "\n".join(log_lines(l10n, title, game.next_roll_index, rolls, entries, names))
    await message.reply(text, reply_markup=markup)


async def verify(message: Message, command: CommandObject, l10n: L10n) -> None:
    """How to check the dice; after /endgame (or with a seed given) the check itself."""
    game = await _last_game(message)
    seed = (command.args or "").strip()
    if seed and not SEED_HEX.fullmatch(seed):
        await message.reply(l10n.text("verify-bad-seed", length=2 * SEED_BYTES))
        return
    if not seed and game.status == GameStatus.ACTIVE:
        text = l10n.text("verify-active", commitment=game.commitment, rolls=game.next_roll_index)
    else:
        result = await games.verify_game(game, seed.lower() or None)
        text = verification_text(l10n, game, result, supplied=bool(seed))
    await _reply_at_start(message, game, text)


async def _reply_at_start(message: Message, game: Game, text: str) -> None:
    """In the game's group the answer quotes the game's start message (a reply to it), where
    the commitment was published before the first roll: a tap on the quote shows it, to
    compare. Elsewhere (a private chat, a group that moved), it answers the command."""
    start = await games.start_message(game)
    if start is None or start[0] != message.chat.id:
        await message.reply(text)
        return
    where = ReplyParameters(message_id=start[1], allow_sending_without_reply=True)
    await message.answer(text, reply_parameters=where)


async def odds(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    miniapp_url: str | None = None,
) -> None:
    game = None
    if message.chat.type in GROUP_CHATS:
        game = await games.active_game(message.chat.id)
    system = GameSystem(game.system) if game else None
    default_hp = games.settings_of(game).duel_hp if game else DEFAULT_HP
    try:
        question = parse_question(command.args or "", system, default_hp)
    except OddsUsage as usage:
        markup = await _odds_markup(message, bot, l10n, miniapp_url, game)
        await message.reply(usage_text(l10n, usage.system), reply_markup=markup)
        return
    if isinstance(question, D20Question):
        text = d20_text(l10n, d20_answer())
    elif isinstance(question, DuelQuestion):
        text = duel_text(l10n, question, await duel_answer(question))
    else:
        text = pool_text(l10n, question, pool_answer(question))
    markup = await _odds_markup(message, bot, l10n, miniapp_url, game, question)
    await message.reply(text, reply_markup=markup)


async def _odds_markup(
    message: Message,
    bot: Bot,
    l10n: L10n,
    url: str | None,
    game: Game | None,
    question: Question | None = None,
) -> InlineKeyboardMarkup | None:
    """In private, the Mini App's Odds tab with these numbers; in a group with a game, the
    Main Mini App's link to it (``web_app`` buttons are private-only), where each presser's
    numbers start from their own character."""
    if game is not None:
        return await with_group_miniapp(None, bot, l10n, url, game.id, "odds")
    return odds_button(message, l10n, url, question)
