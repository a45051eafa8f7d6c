"""One language per group: in a group whose game runs, the bot speaks the game's language to
everyone, whoever wrote; private chats and groups without a game speak the sender's."""

from __future__ import annotations

import re

from bot.db.models import GameSystem
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from rules.pool.model import Gender
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import FIGHTER
from tests.telegram_emulator import EmuChat, EmuUser

LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
COMMAND = re.compile(r"/\w+(@\w+)?")  # /roll, /players@bot: the same in every language
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
NOT_ENGLISH = {"Eve", "junk"}  # her name and her own word, quoted back


def _english_words(body: str) -> set[str]:
    return set(LATIN_WORD.findall(COMMAND.sub("", body))) - NOT_ENGLISH


async def _russian_game(gm: Harness) -> tuple[EmuChat, EmuUser]:
    """A Russian pool game in a group, and Eve, an English-language player with a character."""
    admin = gm.emu.add_user("Мастер", language_code="ru", started=True)
    eve = gm.emu.add_user("Eve", language_code="en", started=True)
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[eve])
    game = await games.create_game(group.id, GameSystem.POOL, admin.id, "ru")
    await create_character(game, eve.id, "Арья", PoolBuild(Gender.FEMALE, FIGHTER))
    return group, eve


async def test_an_english_player_reads_a_russian_game_in_russian(gm: Harness) -> None:
    group, eve = await _russian_game(gm)
    gm.dice.add(6, 3, 4)
    for command in ("/players", "/log", "/roll 2d6", "/roll junk", "/fight abc", "/help"):
        await gm.emu.send_text(eve, group, command)
        reply = await gm.emu.wait_for_message(group)
        assert not _english_words(reply.body), (command, reply.body)
        if command != "/roll 2d6":  # «🎲 Eve: 2d6 (3, 4) = 7» has no words in any language
            assert CYRILLIC.search(reply.body), (command, reply.body)


async def test_a_group_command_answered_privately_speaks_the_sender_language(gm: Harness) -> None:
    group, eve = await _russian_game(gm)
    await gm.emu.send_text(eve, group, "/look")
    private = await gm.emu.wait_for_message(gm.emu.private_chat(eve))
    assert "Hall" in private.body and not CYRILLIC.search(private.body)
    where = await gm.emu.wait_for_message(group)
    assert where.body == "Ответ — в личном чате: в каком вы зале — тайна."


async def test_the_same_player_in_private_still_reads_english(gm: Harness) -> None:
    _group, eve = await _russian_game(gm)
    await gm.emu.send_text(eve, "/help")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(eve))
    assert not CYRILLIC.search(reply.body), reply.body


async def test_a_group_without_a_game_speaks_the_sender_language(gm: Harness) -> None:
    """Unchanged (``/newgame`` asks in its admin's language, which becomes the game's); after
    the game ends, the group speaks each sender's language again at once."""
    group, eve = await _russian_game(gm)
    await gm.emu.send_text(eve, group, "/players")
    assert CYRILLIC.search((await gm.emu.wait_for_message(group)).body)
    await games.end_game(group.id, gm.dp["runtime"].locks)
    await gm.emu.send_text(eve, group, "/help")
    reply = await gm.emu.wait_for_message(group)
    assert not CYRILLIC.search(reply.body), reply.body
