"""A d20 turn read at a glance: the die marked (a natural 20 bold, a natural 1 struck, the rest
plain), damage as the table gives it and then the HP change, and the turn's whole message
(the die, the narrative, a fall, the roster and the next turn) within 12 lines."""

from __future__ import annotations

from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, HARM, SECOND, d20_table

TURN_LINES = 12
FOUR = [
    ("Догвор", CharacterClass.FIGHTER),
    ("Бран", CharacterClass.WIZARD),
    ("Брат", CharacterClass.CLERIC),
    ("Ирма", CharacterClass.MONK),
]
SIDES = [("Догвор", FIRST), ("Бран", SECOND), ("Брат", FIRST), ("Ирма", SECOND)]


async def test_a_heavy_blow_shows_the_tables_damage_and_fits_twelve_lines(gm: Harness) -> None:
    table = await d20_table(gm, FOUR)
    await table.set_hp("Бран", 6)
    live = await table.start(SIDES, [20, 15, 10, 5])
    result = await table.act("Догвор", live, ATTACK, "Бран", 18)
    lines = result.body.split("\n")
    assert len(lines) <= TURN_LINES, result.body
    assert "🎲 d20: 18 — тяжёлый урон 7: Бран 6 → 0\u00a0ХП." in lines  # not "−6": the table's 7
    assert "💀 Бран падает без сил (0\u00a0ХП) и выбывает из боя." in lines
    assert "🎲 d20: 18 — " in result.html and "<b>18</b>" not in result.html
    assert await table.hp("Бран") == 0


async def test_a_natural_20_is_bold_and_a_natural_1_struck(gm: Harness) -> None:
    table = await d20_table(gm, FOUR)
    live = await table.start(SIDES, [20, 15, 10, 5])
    crit = await table.act("Догвор", live, ATTACK, "Бран", 20)
    assert "🎲 d20: <b>20</b> — критический удар!" in crit.html
    assert len(crit.body.split("\n")) <= TURN_LINES, crit.body
    fumble = await table.act("Бран", crit, HARM, "Догвор", 1)  # a wizard casts, never strikes
    assert "🎲 d20: <s>1</s> — провал" in fumble.html
    assert len(fumble.body.split("\n")) <= TURN_LINES, fumble.body
