"""The live message of a pool fight is edited at most once a second after action presses
(bot/handlers/pool_fight_live.py): presses close together share one edit, an edit overtaken by
the round's results is dropped, and a graceful stop sends the pending ones at once."""

from __future__ import annotations

import asyncio

from bot.handlers.pool_fight_live import EDIT_SECONDS, LiveEdits
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import Table, challenge, pool_table, press, settled, start
from tests.telegram_emulator import EmuMessage

ATTACK = "⚔️ Атаковать"


def text_edits(message: EmuMessage) -> list[str]:
    return [e.new_text or "" for e in message.edits if e.kind == "text"]


async def _four_fighting(gm: Harness) -> tuple[Table, EmuMessage]:
    """Арья, Бран, Вера and Гоша in round 1 (everyone's opponent chosen privately)."""
    table = await pool_table(gm, 4)
    live = await challenge(table, 1, "/fight 2")
    for number in (3, 4):
        await press(table, number, live, "Вступить")
    await settled(live, lambda m: "Участники: Арья, Бран, Вера, Гоша" in m.body)
    gm.game_dice.add(10, 9, 7, 5, 3)
    await press(table, 1, live, "Начать")
    for number, target in ((4, "1. Арья"), (3, "1. Арья"), (2, "3. Вера"), (1, "3. Вера")):
        choice = await gm.emu.wait_for_message(table.private(number), lambda m: "Бой №" in m.body)
        await press(table, number, choice, target)
    await settled(live, lambda m: "0 из 4" in m.body and "выбирает соперника" not in m.body)
    return table, live


async def test_presses_close_together_share_one_edit(gm: Harness) -> None:
    table, live = await _four_fighting(gm)
    before = len(text_edits(live))
    for number in (4, 3, 2):
        assert await press(table, number, live, ATTACK) == "Вы атакуете. Ждём остальных."
    assert len(text_edits(live)) == before  # answered at once; the message follows
    await settled(live, lambda m: "Ход сделали: 3 из 4" in m.body)
    await asyncio.sleep(EDIT_SECONDS + 0.3)  # no second edit comes
    assert text_edits(live)[before:] == [live.body] and "✅ Гоша" in live.body


async def test_an_edit_overtaken_by_the_round_is_dropped(gm: Harness) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    gm.game_dice.add(10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)  # both miss
    before = len(text_edits(live))
    await press(table, 1, live, ATTACK)
    await press(table, 2, live, ATTACK)  # the round is resolved before the edit is due
    await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    await asyncio.sleep(EDIT_SECONDS + 0.3)
    assert text_edits(live)[before:] == []  # the old live message is not brought back
    assert live.buttons == []


async def test_a_graceful_stop_sends_the_pending_edit_at_once(gm: Harness) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    await press(table, 1, live, ATTACK)
    edits: LiveEdits = gm.dp["live_edits"]
    await edits.flush()  # what the dispatcher's shutdown does
    assert "Ход сделали: 1 из 2" in live.body and "✅ Арья" in live.body
