"""The busy group's duels and d20 battles (bench/busy.py, issue 41): played as fast as their
players press through the emulator, with Telegram's limits shrunk in time (a call per 0.2 s in
a chat, 6 per 2 s in a group, as tests/bot/test_edits_paced.py) and edits counted, the bot's
pacer counting them too: no 429, no message left with stale buttons, every round a few calls."""

from __future__ import annotations

import asyncio
import time

import pytest
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bench.busy import (
    LOOK_SECONDS,
    SETTLED_LOOKS,
    TOKEN,
    busy_group,
    live_with_buttons,
    settle,
    stale_buttons,
)
from bot.db.models import LiveMessage, OwedMessage
from bot.pacing import Limits
from bot.session import make_bot
from bot.storage import open_storage
from tests.telegram_emulator import TelegramEmulator

SECONDS = {"duel": 4.0, "d20": 6.0}  # a duel or two; a d20 battle's first turns
SHRUNK = Limits(per_chat_gap=0.2, group_messages=6, group_window=2.0, group_reserve=2)


@pytest.mark.parametrize("kind", ["duel", "d20"])
async def test_fast_encounters_meet_no_429_and_leave_no_stale_buttons(
    clean_redis: str, database: str, kind: str
) -> None:
    storage = await open_storage(clean_redis, max_connections=20)
    try:
        run = await busy_group(storage, SECONDS[kind], kind=kind, limits=SHRUNK)
    finally:
        await storage.close()
    assert not run.stalled, run
    assert run.rounds >= 3 and (run.finished >= 1 or kind == "d20"), run
    assert sum(run.refused.values()) == 0, run.refused
    assert run.stale_buttons == 0, run.stale
    assert run.rounds <= run.group_calls <= 5 * run.rounds, run


async def test_stale_buttons_are_counted_once_the_bot_owes_the_group_nothing(
    database: str,
) -> None:
    """The fighters may stop on a round's last press: no stale button yet (the new live message
    is not out), but the bot still owes the group the new message and then the old one's
    retire. The count waits for what is owed, not for "no stale button now"."""
    async with TelegramEmulator(TOKEN) as emu:
        group = emu.add_group("Busy")
        row = await OwedMessage.create(chat_id=group.id, action="send", text="…", due_at=0.0)

        async def delivered_later() -> None:
            await asyncio.sleep(1.0)
            await OwedMessage.filter(id=row.id).update(done=True)

        delivery = asyncio.create_task(delivered_later())
        begun = time.monotonic()
        said = await settle(emu, group, window=1.0)
        await delivery
    assert time.monotonic() - begun >= 1.0 + SETTLED_LOOKS * LOOK_SECONDS - LOOK_SECONDS
    assert "0 rows owed" in said and "0 stale" in said


async def test_an_ended_encounters_unretired_message_is_stale(database: str) -> None:
    """Once an encounter ended, its last live message left with buttons is stale, though it
    is the newest with buttons: only the bot's live messages with buttons are open ones."""
    async with TelegramEmulator(TOKEN) as emu:
        group = emu.add_group("Busy")
        bot = make_bot(TOKEN, emu.base_url)
        markup = InlineKeyboardMarkup(
            inline_keyboard=[[InlineKeyboardButton(text="⚔️", callback_data="en:pool:1:attack:1")]]
        )
        try:
            old = await bot.send_message(group.id, "round 3", reply_markup=markup)
            await bot.send_message(group.id, "the end")  # its retire still owed
        finally:
            await bot.session.close()
        await LiveMessage.create(key="pool:1", chat_id=group.id, message_id=old.message_id + 1)
        assert stale_buttons(emu, group) == 0  # "all but the newest with buttons" missed it
        assert stale_buttons(emu, group, await live_with_buttons(group)) == 1
        await LiveMessage.filter(key="pool:1").update(message_id=old.message_id, buttons=True)
        assert stale_buttons(emu, group, await live_with_buttons(group)) == 0  # still open
