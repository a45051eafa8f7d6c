"""When a group's minute is short, the courier holds a cosmetic edit of a live message: the
new messages the game owes go first, and a later edit of the same message replaces the held one
(issue 41: Telegram counts edits toward a group's limit).

Against the real database, the real Redis (leases) and the Bot API emulator with its limits on,
edits counted; both the emulator's and the pacer's group window shrunk to 3 calls in 2 s, of
which a cosmetic edit leaves the last one to new messages and retires.
"""

from __future__ import annotations

from typing import Any

from aiogram import Bot
from redis.asyncio import Redis

from bot.courier import Courier
from bot.db.models import OwedMessage
from bot.pacing import Limits, Pacer
from bot.services.outbox import Action, Outgoing
from tests.bot.test_courier import BUTTONS, bot, group, owed, redis, texts
from tests.telegram_emulator import EmuChat, TelegramEmulator

__all__ = ["bot", "group", "redis"]  # the fixtures, shared with tests/bot/test_courier.py
CALLS, WINDOW = 3, 2.0


async def test_a_held_progress_edit_goes_after_the_results_and_a_later_one_replaces_it(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    emu.limits.per_chat_messages = 10  # the chat's second is not what this test is about
    emu.limits.per_group_messages, emu.limits.per_group_window = CALLS, WINDOW
    emu.limits.count_edits = True
    emu.enforce_limits = True
    limits = Limits(per_chat_gap=0.0, group_messages=CALLS, group_window=WINDOW, group_reserve=1)
    courier = Courier(Pacer(limits), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:1", "markup": BUTTONS}
    await courier.deliver(await owed(Outgoing(text="Раунд 1", head="🎲 жребий", **live)))
    await courier.deliver(await owed(Outgoing(group.id, "Вступил Бран")))
    round_message = emu.bot_messages(group)[0]
    # Two calls of three in the window: a cosmetic edit must wait, a new message need not.
    await courier.deliver(
        await owed(
            Outgoing(text="Раунд 1: 1 из 3", action=Action.EDIT, **live),
            Outgoing(group.id, "Итоги раунда"),
        )
    )
    assert texts(emu, group) == ["🎲 жребий\n\nРаунд 1", "Вступил Бран", "Итоги раунда"]
    # The held edit is replaced by a later one of the same message: one call, the last state.
    await courier.deliver(await owed(Outgoing(text="Раунд 1: 2 из 3", action=Action.EDIT, **live)))
    await emu.wait_for_edit(round_message, timeout=3 * WINDOW)
    assert round_message.text == "🎲 жребий\n\nРаунд 1: 2 из 3"
    calls = [c for c in emu.calls(include_polling=False) if c.params.get("chat_id") == group.id]
    assert [(c.method, c.status) for c in calls] == [
        ("sendMessage", 200),
        ("sendMessage", 200),
        ("sendMessage", 200),
        ("editMessageText", 200),
    ]
    assert await OwedMessage.filter(done=False).count() == 0
    await courier.stop()
