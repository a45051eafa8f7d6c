"""A six-fighter pool round read at a glance: each exchange in one line, outcome first, its dice
in a collapsed quote below (every die marked: a success bold, a 1 struck; the threshold with
its reasons), a dropped sword and a fall said once in words; the results within 12 lines with
the quote closed, and the whole round message within one phone screen (25 lines)."""

from __future__ import annotations

import re
from dataclasses import replace

from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    Table,
    challenge,
    change,
    character,
    opened_round,
    pool_table,
    press,
    round_dice,
    settled,
)
from tests.telegram_emulator import EmuMessage

SCREEN_LINES = 25
RESULT_LINES = 12  # a round's results, with its dice's quote closed
CLOSED_QUOTE_LINES = 3  # what a phone shows of a collapsed quote, at most
ATTACK = "⚔️ Атаковать"
HINT = "Таблетки — только из левого кармана куртки."


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


async def _six(gm: Harness) -> tuple[Table, EmuMessage]:
    """Арья (1, health 3: wounds 2) attacks Бран; Вера (3, no sword in hand) and Гоша, Дана,
    Ефим join; initiative 1 > 2 > ... > 6, so 6, 5, 4 choose 1, 2, 3: three pairs."""
    table = await pool_table(gm, 6)
    await change(table, 1, health=3)
    vera = await character(table, 3)
    await change(table, 3, inventory=replace(vera.inventory, right_hand=None))
    live = await challenge(table, 1, "/fight 2")
    for number in (3, 4, 5, 6):
        await press(table, number, live, "Вступить")
    await settled(live, lambda m: "Участники: Арья, Бран, Вера, Гоша, Дана, Ефим" in m.body)
    gm.game_dice.add(10, 10, 9, 8, 7, 6, 5)
    await press(table, 1, live, "Начать")
    for chooser, target in ((6, "1. Арья"), (5, "2. Бран"), (4, "3. Вера")):
        prompt = await gm.emu.wait_for_message(table.private(chooser), lambda m: "Бой №" in m.body)
        await press(table, chooser, prompt, target)
    return table, await opened_round(table)


async def test_a_six_fighter_round_fits_a_phone_screen(gm: Harness) -> None:
    table, first = await _six(gm)
    assert HINT in first.body  # the hints once, in the fight's first round
    round_dice(
        gm,
        (9, 8, 1), (2, 3),  # Арья → Ефим at threshold 8 (wounds 2): 2 − 1 = 1 against 0
        (1, 1, 4), (7, 2),  # Бран → Дана: −2, he drops his sword
        (1, 3, 5), (6, 6),  # Вера → Гоша, unarmed (threshold 8): −1, she falls
        (10, 10, 6), (2, 9),  # Гоша → Вера: 3 against 1
        (6, 7, 8), (1, 2),  # Дана → Бран: 3; his defense −1 (no sword left now): he falls
        (10, 9, 7), (3, 4),  # Ефим → Арья: 3 against 0, she is down to 0
    )  # fmt: skip
    for number in range(1, 7):
        await press(table, number, first, ATTACK)
    shown = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    lines = shown.body.split("\n")
    assert len(lines) <= SCREEN_LINES, shown.body
    assert lines[1:7] == [  # one line an exchange, outcome first
        "🗡 Арья → Ефим: урон 1",
        "🗡 Бран → Дана: промах · 🔻 Бран роняет меч на пол зала",
        "🗡 Вера → Гоша: промах · 🤕 Вера падает без оружия",
        "🗡 Гоша → Вера: урон 2",
        "🗡 Дана → Бран: урон 3 · 🤕 Бран падает без оружия",
        "🗡 Ефим → Арья: урон 3",
    ]
    results = shown.html.split("\n\n")[0]  # the round's results, above the next round
    outside, quote = results.split("<blockquote expandable>")
    quoted, after = quote.split("</blockquote>")
    assert not after  # every die in one collapsed quote, at the end of the results
    visible = len(outside.strip().split("\n")) + CLOSED_QUOTE_LINES
    assert visible <= RESULT_LINES, results
    assert plain(quoted).split("\n") == [
        "🎲 Арья → Ефим: атака 9 8 1 (порог 8 = 6 + раны 2) → 1 · защита 2 3 (порог 6) → 0",
        "🎲 Бран → Дана: атака 1 1 4 (порог 6) → −2 · защита 7 2 (порог 6) → 1",
        "🎲 Вера → Гоша: атака 1 3 5 (порог 8 = 6 + без меча 2) → −1 · защита 6 6 (порог 6) → 2",
        "🎲 Гоша → Вера: атака 10 10 6 (порог 6) → 3 · защита 2 9 (порог 8 = 6 + без меча 2) → 1",
        "🎲 Дана → Бран: атака 6 7 8 (порог 6) → 3 · защита 1 2 (порог 6) → −1",
        "🎲 Ефим → Арья: атака 10 9 7 (порог 6) → 3 · защита 3 4 (порог 8 = 6 + раны 2) → 0",
    ]
    html = shown.html
    assert "атака <b>9</b> <b>8</b> <s>1</s> (порог 8" in html  # successes bold, a 1 struck
    assert "атака <s>1</s> <s>1</s> 4 (порог 6)" in html
    assert "защита 2 <b>9</b> (порог 8" in html  # 9 succeeds at 8, 2 has no effect
    assert "Арья ▱▱▱▱▱ 0/5 · при смерти" in shown.body
    at_zero = next(line for line in lines if "Арья ▱▱▱▱▱" in line)
    assert "штраф" not in at_zero  # at 0 nobody rolls: no penalty is told
    assert "Бран ▰▰▱▱▱ 2/5 · упал · без меча · кровотечение" in shown.body
    assert shown.body.count("роняет меч") == 1 and HINT not in shown.body
    assert "Раунд 2 · ход сделали: 0 из 5" in shown.body
