"""A cycle tick loses nothing when the real process is SIGKILLed while delivering it (issue: the
outbox). /tick by the game master owes the group's summary and each player's private report in
the tick's transaction; the kill comes as the summary is about to go (``sending``) or right
after it went (``marked``: between two owed messages). After the restart every owed message is
delivered once: the summary, the reports, and the summary's edit naming the player whose report
could not be delivered (she never opened the private chat).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.db.models import GameSystem, OwedMessage
from bot.db.setup import close_database, init_database
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from rules.pool.model import Gender, Stats
from tests.e2e.process import bot_process, until
from tests.telegram_emulator import EmuChat, EmuMessage, TelegramEmulator

TOKEN = "777032:E2E-outbox-tick-token-abcdefghijklmnopqrstuvwxy"
STATS = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
NAMES = ("Арья", "Бран", "Вера")
SUMMARY = "Цикл 1 прошёл"
KILL_ON = "</b> прошёл."  # the summary's row, as saved (HTML)
UNREACHED = "Личный отчёт не доставлен: Вера"


async def _set_up(url: str, chat_id: int, users: list[int]) -> None:
    await init_database(url)
    try:
        game = await games.create_game(chat_id, GameSystem.POOL, users[0], "ru")
        for user, name in zip(users, NAMES, strict=True):
            await create_character(game, user, name, PoolBuild(Gender.FEMALE, STATS))
    finally:
        await close_database()


async def _owed(url: str) -> tuple[int, int]:
    """Rows not done yet, rows given up."""
    await init_database(url)
    try:
        left = await OwedMessage.filter(done=False).count()
        return left, await OwedMessage.filter(failed=True).count()
    finally:
        await close_database()


def _with(emu: TelegramEmulator, chat: EmuChat, text: str) -> list[EmuMessage]:
    return [m for m in emu.bot_messages(chat) if text in m.body]


@pytest.mark.parametrize("point", ["sending", "marked"])
async def test_a_kill_while_a_tick_is_delivered_loses_no_report(
    point: str, tmp_path: Path, clean_redis: str
) -> None:
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        arya, bran = (
            emu.add_user(f"Игрок {n}", language_code="ru", started=True) for n in NAMES[:2]
        )
        vera = emu.add_user("Игрок Вера", language_code="ru")  # never opened the private chat
        group = emu.add_group("Подземелье", admins=[arya], members=[bran, vera])
        players = {arya: "Арья", bran: "Бран"}
        kill = {"GM_KILL_AT": f"{point}@{KILL_ON}"}
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=kill) as first:
            await _set_up(url, group.id, [arya.id, bran.id, vera.id])
            await emu.send_text(arya, group, "/tick")
            async with asyncio.timeout(30):
                await first.wait()  # killed at the point
        assert first.returncode == -9
        assert len(_with(emu, group, SUMMARY)) == (1 if point == "marked" else 0)
        for user in players:  # the group's summary goes first: no report has gone yet
            assert emu.bot_messages(emu.private_chat(user)) == []

        async with bot_process(emu, tmp_path, redis_url=clean_redis):
            await until(emu, lambda: _with(emu, group, UNREACHED))
            chats = [emu.private_chat(user) for user in players]
            await until(emu, lambda: all(emu.bot_messages(chat) for chat in chats))
        # Stopped gracefully: the deliveries under way were finished and marked, so nothing
        # is owed any more and no repeat can come later.

        [summary] = _with(emu, group, SUMMARY)  # once, and named who was not reached
        assert UNREACHED in summary.body and "Порталы открылись" in summary.body
        for user, name in players.items():
            [report] = emu.bot_messages(emu.private_chat(user))
            assert f"Цикл 1 — {name}" in report.body, report.body
        assert emu.bot_messages(emu.private_chat(vera)) == []
        assert await _owed(url) == (0, 1)  # all delivered; Вера's report given up
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert "Traceback" not in log
