"""Duels in the group: /duel N skill (or a reply) challenges; the duel's buttons and clocks are
every encounter's (:mod:`bot.handlers.encounters`); /heal is a game master's intervention
(:mod:`bot.handlers.gm_roster`)."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.db.models import Character, Game
from bot.handlers.topics import topic_of
from bot.i18n import L10n
from bot.services import duels, games
from bot.services.characters import character_by_number, living_character
from bot.services.errors import BadNumber
from bot.services.numbers import parse_ordinal
from bot.services.runtime import Runtime

GROUP_CHATS = {"group", "supergroup"}


def build_router() -> Router:
    router = Router(name="duels")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.message.register(challenge, Command("duel"))
    return router


async def _target(message: Message, game: Game, args: list[str]) -> tuple[Character, str]:
    """``/duel N skill`` or, replying to the opponent's message, ``/duel skill``."""
    reply = message.reply_to_message
    number = parse_ordinal(args[0]) if args else None
    if number is not None:
        return await character_by_number(game, number), " ".join(args[1:])
    if reply is not None and reply.from_user is not None and args:
        target = await living_character(game, reply.from_user.id)
        if target is not None:
            return target, " ".join(args)
    raise BadNumber()


async def challenge(message: Message, command: CommandObject, l10n: L10n, runtime: Runtime) -> None:
    """The challenge (owed with it) pings the challenged, who alone answers."""
    assert message.from_user is not None
    args = (command.args or "").split()
    try:
        game = await games.require_game(message.chat.id)
        target, skill = await _target(message, game, args)
        await duels.challenge(
            game, message.from_user.id, target, skill, message.chat.id, topic_of(message), runtime
        )
    except BadNumber:
        await message.reply(l10n.text("duel-usage"))
