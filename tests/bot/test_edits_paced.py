"""Old buttons are retired reliably and edits are not wasted (issue 41: pace edits, retire old
buttons reliably).

The emulator enforces Telegram's limits with edits and deletions counted as new messages are,
and the bot's pacer knows the same limits (both shrunk in time, so a test takes seconds: a call
per 0.2 s in a chat, 6 per 2 s in a group, of which cosmetic edits leave 2 to new messages and
retires). A fast duel, a fast d20 battle and a fast pool fight of six then:
- are never answered 429;
- never provoke «message is not modified»;
- leave exactly one message with live buttons (the encounter's live one) while it is open.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from bot.db.models import Encounter
from bot.pacing import Limits
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, HARM, SECOND, button_starting, d20_table
from tests.bot.pool_fight_rig import (
    NAMES,
    challenge,
    opened_round,
    pool_table,
    press,
    round_dice,
)
from tests.bot.test_duels import SEED_ROUND, _challenge, _duel_table
from tests.telegram_emulator import EmuChat, EmuMessage

GAP, GROUP_CALLS, WINDOW, RESERVE = 0.2, 6, 2.0, 2
# Calls counted toward the group a round, at most: a duel's round 2 or 3 (its message, the old
# one closed, the first press shown unless merged), a d20 turn 3, a pool round of six 2 and the
# progress of its presses that pacing does not merge (measured: 2.0, 3.0, 2.5).
DUEL_CALLS, D20_CALLS, POOL_CALLS = 2.5, 3.0, 5.0
DUO = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]


@pytest.fixture
async def paced(gm: Harness) -> AsyncIterator[Harness]:
    """The emulator's limits and the bot's pacer alike, shrunk in time."""
    limits = gm.emu.limits
    limits.per_chat_messages, limits.per_chat_window = 1, GAP
    limits.per_group_messages, limits.per_group_window = GROUP_CALLS, WINDOW
    limits.count_edits = True
    gm.emu.enforce_limits = True
    pacer = gm.dp["courier"].pacer
    before = pacer.limits
    pacer.limits = Limits(
        per_chat_gap=GAP, group_messages=GROUP_CALLS, group_window=WINDOW, group_reserve=RESERVE
    )
    try:
        yield gm
    finally:
        pacer.limits = before
        limits.count_edits = False


def _live_buttons(gm: Harness, group: EmuChat) -> list[EmuMessage]:
    return [m for m in gm.emu.bot_messages(group) if m.buttons]


def _no_storm(gm: Harness) -> None:
    calls = [c for c in gm.emu.calls(include_polling=False) if c.method != "answerCallbackQuery"]
    assert [(c.method, c.params.get("message_id")) for c in calls if c.status == 429] == []
    not_modified = [c for c in calls if "not modified" in str(c.response.get("description"))]
    assert not_modified == []


def _counted(gm: Harness, group: EmuChat) -> int:
    """The calls to ``group`` that Telegram accepted and counts toward its limits: sends, edits
    and deletions."""
    return sum(
        1
        for c in gm.emu.calls(include_polling=False)
        if c.status == 200
        and str(c.params.get("chat_id")) == str(group.id)
        and c.method.lower().startswith(("send", "edit", "delete"))
    )


def _per_round(kind: str, calls: int, rounds: int, ceiling: float) -> None:
    """Print the calls a round of ``kind`` made (the figures of docs/performance.md) and hold
    them to ``ceiling``."""
    print(f"{kind}: {calls / rounds:.2f} calls counted toward the group a round ({rounds} rounds)")
    assert calls / rounds <= ceiling, (kind, calls, rounds)


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
    before = _counted(gm, group)
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
    # A round: its message, the old one closed (its buttons gone), a press shown at most.
    _per_round("duel", _counted(gm, group) - before, 2, DUEL_CALLS)


async def test_a_fast_d20_battle_leaves_one_live_message(paced: Harness) -> None:
    gm = paced
    table = await d20_table(gm, DUO)
    live = await table.start([("Догвор", FIRST), ("Эльф", SECOND)], [20, 10])
    await _retired(gm, table.group)
    before = _counted(gm, table.group)
    for actor, target in (("Догвор", "Эльф"), ("Эльф", "Догвор"), ("Догвор", "Эльф")):
        user = table.users[actor]
        await gm.emu.press_button(user, live, ATTACK if actor == "Догвор" else HARM)
        await gm.emu.wait_for_edit(live)
        gm.game_dice.add(20, 4)  # a miss: nobody falls, the battle goes on
        await gm.emu.press_button(user, live, button_starting(live, target))
        live = await gm.emu.wait_for_message(table.group, _newer_with_buttons(live))
    assert [m.message_id for m in await _retired(gm, table.group)] == [live.message_id]
    _no_storm(gm)
    # A turn: the presser's keyboard redrawn, the turn's message, the old one closed.
    _per_round("d20 battle", _counted(gm, table.group) - before, 3, D20_CALLS)


async def test_a_fast_pool_fight_of_six_leaves_one_live_message(paced: Harness) -> None:
    gm = paced
    table = await pool_table(gm, 6)
    live = await challenge(table, 1, "/fight 2")
    for number in range(3, 7):
        await press(table, number, live, "Вступить")
    gm.game_dice.add(10, 10, 9, 8, 7, 6, 5)  # initiative 1 > 2 > ... > 6
    await press(table, 1, live, "Начать")
    for chooser, target in ((6, 5), (4, 3), (2, 1)):
        offer = await gm.emu.wait_for_message(table.private(chooser), lambda m: "Бой №" in m.body)
        await press(table, chooser, offer, f"{target}. {NAMES[target - 1]}")
    message = await opened_round(table)
    await _retired(gm, table.group)
    before = _counted(gm, table.group)
    for number in (1, 2):
        # every attack a blunder (a sword dropped, then a fall), every defense rolled: six
        # presses in a row, each a progress edit of the round's message but the last
        round_dice(gm, *[(1, 1, 2), (2, 2)] * 6)
        for fighter in range(1, 7):
            await press(table, fighter, message, "⚔️ Атаковать")
        message = await gm.emu.wait_for_message(table.group, _results_of(number))
        assert message.body.count("🗡") == 6
    assert [m.message_id for m in await _retired(gm, table.group)] == [message.message_id]
    _no_storm(gm)
    # A round: its results with the next round's message, the old one closed, and the five
    # presses before the last shown in what pacing merges of them.
    _per_round("pool fight of six", _counted(gm, table.group) - before, 2, POOL_CALLS)


def _results_of(number: int) -> Callable[[EmuMessage], bool]:
    return lambda message: f"раунд {number}</b>" in message.html


async def test_an_old_round_whose_buttons_still_show_answers_stale(gm: Harness) -> None:
    """The group's minute is full and Telegram holds the old round's retire: its buttons still
    show. A press on them is refused as stale, politely, and changes nothing; the retire goes
    out once Telegram lets it."""
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    gm.emu.fail_next(
        "editMessageText",
        429,
        retry_after=2,
        when=lambda params: params.get("message_id") == first.message_id,
    )
    gm.game_dice.add(17, 5, 10, 5, 10, 5).add(100, 5, 56, 92)  # round 2 leaves both standing
    for user in (sandor, bronn):
        query = await gm.emu.press_button(user, first, "Продолжить")
        await gm.emu.wait_for_callback_answer(query)
    second = await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body)
    assert "Продолжить" in first.button_texts  # the retire waits for Telegram
    record = await Encounter.get(game_id=game.id, kind="duel")
    before = (record.state, record.version, len(gm.emu.bot_messages(group)))

    query = await gm.emu.press_button(sandor, first, "Продолжить")
    answer = await gm.emu.wait_for_callback_answer(query)
    assert (answer.text or "").startswith("Эта кнопка уже не действует"), answer
    await record.refresh_from_db()
    assert (record.state, record.version, len(gm.emu.bot_messages(group))) == before

    await gm.emu.wait_for_edit(first, timeout=10)  # Telegram's second passed: the retire went
    assert not first.buttons and "Продолжить" in second.button_texts
    retires = [c.status for c in gm.emu.calls("editMessageText", include_polling=False)]
    assert 429 in retires and retires[-1] == 200
