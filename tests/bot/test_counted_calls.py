"""Calls to a chat made outside the courier (a reply to a command, a dialog's window, a
deletion) count toward the chat's limits as Telegram counts them (issue 41): the courier's
next message to the chat waits for them. The courier's own calls and a handler's paced slot
are counted once, by their caller. Telegram here is a function answering at once."""

from __future__ import annotations

from typing import Any

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramRetryAfter
from aiogram.methods import DeleteMessage, EditMessageText, GetChatMember, SendMessage

from bot.courier import Courier
from bot.pacing import Call, Limits, Pacer
from bot.session import CountedCalls

GROUP = -100_500
LIMITS = Limits(per_chat_gap=1.0, group_messages=3, group_window=60.0, group_reserve=1)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _telegram(bot: Bot, method: Any) -> Any:
    return True  # Telegram took it


async def _busy(bot: Bot, method: Any) -> Any:
    raise TelegramRetryAfter(method=method, message="Too Many Requests", retry_after=30)


@pytest.fixture
def paced() -> tuple[Pacer, CountedCalls, Clock]:
    clock = Clock()
    pacer = Pacer(LIMITS, clock=clock)
    return pacer, CountedCalls(pacer), clock


async def test_a_reply_outside_the_courier_counts_toward_the_group(
    paced: tuple[Pacer, CountedCalls, Clock],
) -> None:
    pacer, counted, clock = paced
    bot = Bot("42:TEST")
    assert pacer.wait(GROUP, Call.MESSAGE) == 0
    await counted(_telegram, bot, SendMessage(chat_id=GROUP, text="🎲 1к20: 12"))
    assert pacer.wait(GROUP, Call.MESSAGE) == pytest.approx(1.0)  # the chat's second
    clock.now += 2
    await counted(_telegram, bot, EditMessageText(chat_id=GROUP, message_id=7, text="x"))
    await counted(_telegram, bot, DeleteMessage(chat_id=GROUP, message_id=7))
    clock.now += 2
    # three calls in the minute: the group's 3 are spent, a new message waits for the minute
    assert pacer.wait(GROUP, Call.MESSAGE) == pytest.approx(60 - 4)
    await bot.session.close()


async def test_the_couriers_calls_and_reads_are_not_counted_again(
    paced: tuple[Pacer, CountedCalls, Clock],
) -> None:
    pacer, counted, _ = paced
    bot = Bot("42:TEST")
    with pacer.calling(GROUP):  # the courier's call: it counts it itself
        await counted(_telegram, bot, SendMessage(chat_id=GROUP, text="Раунд 1"))
    await counted(_telegram, bot, GetChatMember(chat_id=GROUP, user_id=5))  # a read
    await counted(_telegram, bot, SendMessage(chat_id="@channel", text="x"))  # not a chat id
    assert pacer.wait(GROUP, Call.MESSAGE) == 0
    await bot.session.close()


async def test_a_429_on_a_reply_holds_the_chat_for_the_courier(
    paced: tuple[Pacer, CountedCalls, Clock],
) -> None:
    pacer, counted, _ = paced
    bot = Bot("42:TEST")
    with pytest.raises(TelegramRetryAfter):
        await counted(_busy, bot, SendMessage(chat_id=GROUP, text="x"))
    assert pacer.wait(GROUP, Call.MESSAGE) == pytest.approx(30)
    assert pacer.crowded(GROUP)
    await bot.session.close()


async def test_couriers_bound_to_one_bot_share_one_counter() -> None:
    """A restart in the same process (the tests' one booted bot) binds a new courier to the
    same bot: its session keeps one counter, the newest courier's pacer."""
    bot = Bot("42:TEST")
    first, second = Courier(Pacer(LIMITS)), Courier(Pacer(LIMITS))
    first.bind(bot)
    second.bind(bot)
    counting = [m for m in bot.session.middleware if isinstance(m, CountedCalls)]
    assert len(counting) == 1 and counting[0].pacer is second.pacer
    await bot.session.close()
