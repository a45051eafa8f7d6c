"""Duels in the group: /duel N skill (or a reply) challenges; the duel's buttons and clocks are
every encounter's (:mod:`bot.handlers.encounters`); /heal is a game master's intervention
(:mod:`bot.handlers.gm_roster`)."""

from __future__ import annotations

from dataclasses import replace

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.config import Settings
from bot.db.models import Character, Game
from bot.handlers.topics import topic_of
from bot.i18n import L10n
from bot.services import duels, games
from bot.services.characters import character_by_number, living_character
from bot.services.duels import NpcDuelist
from bot.services.errors import BadNumber, InvalidName, Refusal, ServiceError
from bot.services.names import clean_name, visible_text
from bot.services.numbers import parse_ordinal
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from rules.d20.character import NPC_HP_MAX
from rules.duel.character import DEFAULT_HP

GROUP_CHATS = {"group", "supergroup"}
NPC_SKILL_MAX = 99  # an NPC's skill in the duel (a player's skills are whole numbers >= 1)


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


def parse_npc(written: str) -> NpcDuelist | None:
    """``Имя навык [ловкость[%]] [хиты]``, e.g. «Разбойник 8 20 30»; None: not that shape."""
    tokens = written.split()
    numbers: list[int] = []
    while len(tokens) > 1 and tokens[-1].removesuffix("%").isdecimal():
        numbers.insert(0, int(tokens.pop().removesuffix("%")))
    name = visible_text(" ".join(tokens))
    if not name or not 1 <= len(numbers) <= 3:
        return None
    skill = numbers[0]
    agility = numbers[1] if len(numbers) > 1 else 0
    hp = numbers[2] if len(numbers) > 2 else DEFAULT_HP
    if not (1 <= skill <= NPC_SKILL_MAX and 0 <= agility <= 100 and 1 <= hp <= NPC_HP_MAX):
        return None
    return NpcDuelist(name, skill, agility, hp)


async def challenge(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """The challenge (owed with it) pings the challenged, who alone answers. ``/duel N навык |
    Имя навык ловкость хиты``: the game master's NPC challenges (rulebook: duel / NPC duels)."""
    assert message.from_user is not None
    head, bar, npc_part = (command.args or "").partition("|")
    if bar:
        await _npc_challenge(message, head, npc_part, bot, l10n, runtime, settings)
        return
    args = (command.args or "").split()
    try:
        game = await games.require_game(message.chat.id)
        target, skill = await _target(message, game, args)
        await duels.challenge(
            game, message.from_user.id, target, skill, message.chat.id, topic_of(message), runtime
        )
    except BadNumber:
        await message.reply(l10n.text("duel-usage"))


async def _npc_challenge(
    message: Message,
    head: str,
    npc_part: str,
    bot: Bot,
    l10n: L10n,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    assert message.from_user is not None
    game = await games.require_game(message.chat.id)
    if not await may_administer(bot, message.chat.id, message.from_user.id, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    npc = parse_npc(npc_part)
    try:
        if npc is None:
            raise BadNumber()
        name = clean_name(npc.name)
        target, skill = await _target(message, game, head.split())
    except (BadNumber, InvalidName):
        await message.reply(l10n.text("duel-npc-usage", max=NPC_HP_MAX))
        return
    where = (message.chat.id, topic_of(message))
    await duels.challenge_by_npc(game, target, skill, replace(npc, name=name), where, runtime)
