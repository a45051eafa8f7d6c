"""Old buttons are retired reliably and edits are not wasted (issue: pace edits, retire old
buttons reliably).

The emulator enforces Telegram's limits for new messages, and the bot's pacer knows the same
limits (both shrunk in time, so a test takes seconds: a message per 0.2 s in a chat, 6 per 2 s
in a group). A fast duel and a fast d20 battle then:
- are never answered 429;
- never provoke «message is not modified»;
- leave exactly one message with live buttons (the encounter's live one) while it is open.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from bot.pacing import Limits
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, HARM, SECOND, button_starting, d20_table
from tests.bot.test_duels import SEED_ROUND, _challenge, _duel_table
from tests.telegram_emulator import EmuChat, EmuMessage

GAP, GROUP_CALLS, WINDOW = 0.2, 6, 2.0
DUO = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]


@pytest.fixture
async def paced(gm: Harness) -> AsyncIterator[Harness]:
    """The emulator's limits and the bot's pacer alike, shrunk in time."""
    limits = gm.emu.limits
    limits.per_chat_messages, limits.per_chat_window = 1, GAP
    limits.per_group_messages, limits.per_group_window = GROUP_CALLS, WINDOW
    gm.emu.enforce_limits = True
    pacer = gm.dp["courier"].pacer
    before = pacer.limits
    pacer.limits = Limits(per_chat_gap=GAP, group_messages=GROUP_CALLS, group_window=WINDOW)
    try:
        yield gm
    finally:
        pacer.limits = before


def _live_buttons(gm: Harness, group: EmuChat) -> list[EmuMessage]:
    return [m for m in gm.emu.bot_messages(group) if m.buttons]


def _no_storm(gm: Harness) -> None:
    calls = [c for c in gm.emu.calls(include_polling=False) if c.method != "answerCallbackQuery"]
    assert [(c.method, c.params.get("message_id")) for c in calls if c.status == 429] == []
    not_modified = [c for c in calls if "not modified" in str(c.response.get("description"))]
    assert not_modified == []


def _newer_with_buttons(old: EmuMessage) -> Callable[[EmuMessage], bool]:
    return lambda message: message.message_id > old.message_id and bool(message.buttons)


async def _retired(gm: Harness, group: EmuChat) -> list[EmuMessage]:
    """The group's messages with buttons once every owed retire went out."""
    for message in _live_buttons(gm, group)[:-1]:
        await gm.emu.wait_for_edit(message, timeout=10)
    return _live_buttons(gm, group)


async def test_a_fast_duel_leaves_one_live_message(paced: Harness) -> None:
    gm = paced
    sandor, bronn, _, group, _ = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    live = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    # Round 2 leaves both standing (6 and 12 HP): the duel stays open with its choice buttons.
    gm.game_dice.add(17, 5, 10, 5, 10, 5).add(100, 5, 56, 92)
    for user in (sandor, bronn):
        query = await gm.emu.press_button(user, live, "Продолжить")
        await gm.emu.wait_for_callback_answer(query)
    live = await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body)
    assert [m.message_id for m in await _retired(gm, group)] == [live.message_id]
    assert "Продолжить" in live.button_texts and not challenge.buttons
    _no_storm(gm)


async def test_a_fast_d20_battle_leaves_one_live_message(paced: Harness) -> None:
    gm = paced
    table = await d20_table(gm, DUO)
    live = await table.start([("Догвор", FIRST), ("Эльф", SECOND)], [20, 10])
    for actor, target in (("Догвор", "Эльф"), ("Эльф", "Догвор"), ("Догвор", "Эльф")):
        user = table.users[actor]
        await gm.emu.press_button(user, live, ATTACK if actor == "Догвор" else HARM)
        await gm.emu.wait_for_edit(live)
        gm.game_dice.add(20, 4)  # a miss: nobody falls, the battle goes on
        await gm.emu.press_button(user, live, button_starting(live, target))
        live = await gm.emu.wait_for_message(table.group, _newer_with_buttons(live))
    assert [m.message_id for m in await _retired(gm, table.group)] == [live.message_id]
    _no_storm(gm)
