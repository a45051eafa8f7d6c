"""A 429 storm in one group: every command is answered late, none with the error text, and an
error reply is never sent into a chat that Telegram has told to slow down."""

from __future__ import annotations

import logging

import pytest

from tests.bot.conftest import Harness

INTERNAL_ERROR = "Что-то пошло не так"


def _errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_a_burst_of_rolls_in_a_rate_limited_group_is_answered_late(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    players = [gm.emu.add_user(name, language_code="ru") for name in ("Лида", "Марк", "Ира")]
    group = gm.emu.add_group("Таверна", members=players)
    # Telegram's group limit (20 a minute) shrunk to 4 in 3 s, so the test takes seconds.
    gm.emu.limits.per_group_messages = 4
    gm.emu.limits.per_group_window = 3.0
    gm.emu.enforce_limits = True
    rolls = 12
    gm.dice.add(6, *[1 + n % 6 for n in range(rolls)])
    for n in range(rolls):
        await gm.emu.send_text(players[n % 3], group, "/roll 1d6")
    replies = [await gm.emu.wait_for_message(group, timeout=60) for _ in range(rolls)]
    assert all("1d6 (" in reply.body for reply in replies), [r.body for r in replies]
    assert not [r.body for r in gm.emu.bot_messages(group) if INTERNAL_ERROR in r.body]
    statuses = [call.status for call in gm.emu.calls("sendMessage")]
    assert statuses.count(429) >= rolls // 2  # a storm indeed, and waited out
    assert statuses.count(200) == rolls
    assert _errors(caplog) == []


async def test_no_error_reply_into_a_chat_over_its_limit(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    user = gm.emu.add_user("Лида", language_code="ru")
    group = gm.emu.add_group("Таверна", members=[user])
    gm.emu.fail_next("sendMessage", 429, retry_after=3600)  # longer than any wait is worth
    gm.dice.add(6, 4)
    await gm.emu.send_text(user, group, "/roll 1d6")
    await gm.emu.wait_for_call("sendMessage", timeout=10)
    await gm.emu.expect_no_message(group, timeout=1.0)
    assert [call.status for call in gm.emu.calls("sendMessage")] == [429]  # no error reply
    assert any("rate-limited" in r.getMessage() for r in caplog.records)
    assert _errors(caplog) == []
