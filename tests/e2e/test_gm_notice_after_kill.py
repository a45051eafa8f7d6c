"""A game master's notice loses nothing when the real process is SIGKILLed while saving or
delivering it (issue: the outbox). ``/give`` owes the group its line, as a reply to the command,
in the transaction that gives the item; the kill comes at each named point (``GM_KILL_AT``).
After the restart the notice is in the chat once (twice only when Telegram had it and the mark
was lost: the same reply to the same command), and the item was given once.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.db.models import GameSystem, GmAction, OwedMessage
from bot.db.setup import close_database, init_database
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from rules.pool.model import Gender, Stats
from tests.e2e.process import bot_process, until
from tests.telegram_emulator import EmuChat, EmuMessage, TelegramEmulator

TOKEN = "777033:E2E-outbox-gm-notice-token-abcdefghijklmnopqrst"
STATS = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
COMMAND = "/give 1 таблетки 2 нашла аптечку"
NOTICE = "Мастер что-то даёт персонажу №1 Арья"  # what: told to the owner alone


async def _set_up(url: str, chat_id: int, admin: int, player: int) -> None:
    await init_database(url)
    try:
        game = await games.create_game(chat_id, GameSystem.POOL, admin, "ru")
        await create_character(game, player, "Арья", PoolBuild(Gender.FEMALE, STATS))
    finally:
        await close_database()


async def _database(url: str) -> tuple[list[OwedMessage], int]:
    """The owed rows, and how many gifts the GM log holds."""
    await init_database(url)
    try:
        rows = await OwedMessage.all().order_by("id")
        return rows, await GmAction.filter(action="give").count()
    finally:
        await close_database()


def _notices(emu: TelegramEmulator, chat: EmuChat) -> list[EmuMessage]:
    return [m for m in emu.bot_messages(chat) if NOTICE in m.body]


@pytest.mark.parametrize("point", ["owed", "sending", "unmarked", "marked"])
async def test_a_kill_on_a_gm_notice_loses_nothing(
    point: str, tmp_path: Path, clean_redis: str
) -> None:
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        master = emu.add_user("Мастер", language_code="ru")
        arya = emu.add_user("Игрок Арья", language_code="ru")
        group = emu.add_group("Подземелье", admins=[master], members=[arya])
        kill = {"GM_KILL_AT": f"{point}@{NOTICE}"}
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=kill) as first:
            await _set_up(url, group.id, master.id, arya.id)
            command = await emu.send_text(master, group, COMMAND)
            async with asyncio.timeout(30):
                await first.wait()  # killed at the point
        assert first.returncode == -9
        assert len(_notices(emu, group)) == (1 if point in ("unmarked", "marked") else 0)

        async with bot_process(emu, tmp_path, redis_url=clean_redis):
            if point == "owed":  # never committed: nothing was given, the GM says it again
                command = await emu.send_text(master, group, COMMAND)
            expected = 2 if point == "unmarked" else 1
            await until(emu, lambda: len(_notices(emu, group)) >= expected)
        # Stopped gracefully: the delivery under way was finished and marked, so nothing of it
        # is owed any more and no repeat can come later.

        shown = _notices(emu, group)
        # Sent and killed before its mark: the one message that may repeat, harmlessly.
        assert len(shown) == (2 if point == "unmarked" else 1)
        for notice in shown:
            assert notice.reply_to is not None and notice.reply_to.message_id == command.message_id
        rows, gifts = await _database(url)
        print(
            f"\n{point}:", *(f"#{r.id} {r.text[:40]} -> {r.message_id}" for r in rows), sep="\n  "
        )
        [row] = [r for r in rows if r.chat_id == group.id]  # owed once, delivered
        assert row.done and not row.failed and row.message_id == shown[-1].message_id
        assert gifts == 1  # the item was given once
        assert "Traceback" not in (tmp_path / "bot.log").read_text(encoding="utf-8")
