"""A delivery reads what it needs once: a chat's waiting rows together with what their live
messages show (one statement); a live message is written with one upsert, and a new one owes
its predecessor's retire in the same transaction.

Against the real database, the real Redis (leases) and the Bot API emulator; the statements are
counted as the bench counts them (Tortoise's statement log).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiogram import Bot
from redis.asyncio import Redis
from tortoise.transactions import in_transaction

from bench.measure import QueryCounter
from bot.courier import Courier
from bot.db.models import LiveMessage, OwedMessage
from bot.pacing import OFF, Pacer
from bot.services.outbox import Action, Outgoing, collecting, owe
from bot.session import make_bot
from tests.telegram_emulator import EmuChat, TelegramEmulator

BUTTONS = {"inline_keyboard": [[{"text": "⚔", "callback_data": "x"}]]}


@pytest.fixture
async def bot(emu: TelegramEmulator) -> AsyncIterator[Bot]:
    bot = make_bot(emu.token, emu.base_url)
    yield bot
    await bot.session.close()


@pytest.fixture
async def redis(clean_redis: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(clean_redis)
    yield client
    await client.aclose()


async def owed(*messages: Outgoing) -> set[int]:
    with collecting() as chats:
        async with in_transaction():
            await owe(messages)
    return chats


async def test_an_edit_costs_three_statements_and_a_new_live_message_six(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str
) -> None:
    group: EmuChat = emu.add_group("Подземелье", members=[emu.add_user("Аня", started=True)])
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:1", "markup": BUTTONS}
    await courier.deliver(await owed(Outgoing(text="Раунд 1", head="🎲 1", **live)))
    counter = QueryCounter()
    counter.install()
    try:
        chats = await owed(Outgoing(text="Раунд 1: 1 из 3", action=Action.EDIT, **live))
        with counter.counting() as edit:
            await courier.deliver(chats)
        chats = await owed(Outgoing(text="Раунд 2", head="🎲 2", **live))
        with counter.counting() as anew:
            await courier.deliver(chats)
    finally:
        counter.remove()
    # The rows with their live message; the row marked sent; what the message shows upserted.
    assert edit[0] == 3
    # The same for the new message, and its predecessor's retire owed; then the rows again
    # (the retire goes first) and the retire marked.
    assert anew[0] == 6
    sent = emu.bot_messages(group)
    assert [m.text for m in sent] == ["🎲 1\n\nРаунд 1: 1 из 3", "🎲 2\n\nРаунд 2"]
    assert [bool(m.buttons) for m in sent] == [False, True]  # the old one's buttons are gone
    shown = await LiveMessage.get(key="pool:1")
    assert (shown.message_id, shown.head) == (sent[-1].message_id, "🎲 2")
    assert await OwedMessage.filter(done=False).count() == 0
