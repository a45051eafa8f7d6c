"""d20 texts agree with a woman: the bot reads her gender from her character (set at creation)
and carries it into the battle, through the real dispatcher and scripted dice."""

from __future__ import annotations

from bot.i18n import Translator
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, BUFF, FIRST, SECOND, d20_table

RU = Translator("ru").for_locale("ru")
FIGHTERS = [
    ("Догвор", CharacterClass.FIGHTER),
    ("Ирма Ветер", CharacterClass.WIZARD),
    ("Варвар", CharacterClass.BARBARIAN),
]
SIDES = [("Догвор", FIRST), ("Ирма Ветер", SECOND), ("Варвар", SECOND)]


async def test_finishing_her_off_speaks_of_her(gm: Harness) -> None:
    table = await d20_table(gm, FIGHTERS, women=("Ирма Ветер",))
    await table.set_hp("Ирма Ветер", 1)
    live = await table.start(SIDES, [20, 10, 5])
    result = await table.act("Догвор", live, ATTACK, "Ирма Ветер", 12)
    assert "Ирма Ветер падает без сил" in result.body
    live = await table.pass_turn("Варвар", result)
    await gm.emu.press_button(table.users["Догвор"], live, "💀 Добить")
    await gm.emu.wait_for_edit(live)
    await gm.emu.press_button(table.users["Догвор"], live, "⚔️ Добить: Ирма Ветер")
    done = await gm.emu.wait_for_message(table.group, lambda m: "погибает" in m.body)
    lines = done.body.split("\n")
    assert lines[0] == "💀 Догвор добивает павшую. Цель: Ирма Ветер."
    variants = [f"d20n-phys-finish-{n}" for n in range(1, 9)]
    her = {"attacker_gender": "m", "target_gender": "f"}
    stories = [RU.text(v, attacker="Догвор", target="Ирма Ветер", **her) for v in variants]
    assert lines[1] == stories[3]  # the battle's step 3 picks the fourth of eight untold
    assert "Догвор подходит к павшей противнице." in stories[0]
    assert "глядя в глаза поверженной" in stories[4]
    assert lines[2] == "☠️ Ирма Ветер погибает."


async def test_a_buff_on_herself_names_her_the_caster(gm: Harness) -> None:
    table = await d20_table(gm, FIGHTERS, women=("Ирма Ветер",), any_action=True)
    await table.set_hp("Ирма Ветер", 5)
    live = await table.start([("Ирма Ветер", FIRST), ("Догвор", SECOND)], [20, 10])
    result = await table.act("Ирма Ветер", live, BUFF, "Ирма Ветер", 14)
    assert "сама заклинательница" in result.body and "сам заклинатель" not in result.body
