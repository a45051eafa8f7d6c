"""d20 plausibility through the real dispatcher (rulebook: d20 / Class actions, Narrative): each
class gets only its own actions (unless the GM allows any), a forged button for another class's
action is refused politely and changes nothing, and one battle tells the same outcome eight
times without repeating a line."""

from __future__ import annotations

from bot.callbacks import EncounterCallback
from bot.db.models import RollLog
from bot.i18n import Translator
from bot.services.battles import snapshot
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, BUFF, FIRST, HARM, SECOND, d20_table

RU = Translator("ru").for_locale("ru")
PAIR = [("Грох", CharacterClass.BARBARIAN), ("Лиэль", CharacterClass.WIZARD)]
SIDES = [("Грох", FIRST), ("Лиэль", SECOND)]
PASS = "⏭ Пропустить ход"


async def test_a_barbarian_has_no_spells_and_a_mage_no_weapon(gm: Harness) -> None:
    table = await d20_table(gm, PAIR)
    live = await table.start(SIDES, [20, 10])
    assert live.button_texts == [ATTACK, PASS]  # Грох, a barbarian
    live = await table.pass_turn("Грох", live)
    assert live.button_texts == [HARM, PASS]  # Лиэль, a wizard: damage spells only


async def test_the_gm_may_allow_every_action_to_every_class(gm: Harness) -> None:
    table = await d20_table(gm, PAIR, any_action=True)
    live = await table.start(SIDES, [20, 10])
    assert live.button_texts == [ATTACK, HARM, BUFF, PASS]


async def test_a_forged_spell_button_is_refused_and_changes_nothing(gm: Harness) -> None:
    table = await d20_table(gm, PAIR)
    live = await table.start(SIDES, [20, 10])
    record = await table.encounter()
    grokh = table.users["Грох"]
    step = snapshot(record).state.step
    for move in ("menu_m", "act_m_1"):
        data = EncounterCallback(kind="d20", id=record.id, move=move, at=step).pack()
        query = await gm.emu.press_button(grokh, live, data=data, forged=True)
        answer = await gm.emu.wait_for_callback_answer(query)
        assert answer.text == RU.text("d20-error-action", name="Грох", kind="magic")
    await gm.emu.expect_no_message(table.group, timeout=0.3)
    assert (await table.encounter()).version == record.version  # the battle did not move
    assert await RollLog.filter(game_id=table.game.id, purpose="d20_attack").count() == 0
    assert live.button_texts == [ATTACK, PASS]


async def test_one_outcome_eight_times_never_repeats_a_line(gm: Harness) -> None:
    table = await d20_table(gm, [("Грох", CharacterClass.FIGHTER), ("Борс", CharacterClass.MONK)])
    live = await table.start([("Грох", FIRST), ("Борс", SECOND)], [20, 10])
    variants = [RU.text(f"d20n-phys-miss-{n}", attacker="Грох", target="Борс") for n in range(1, 9)]
    told = []
    for _ in range(9):
        result = await table.act("Грох", live, ATTACK, "Борс", 4)  # 4: a miss, every time
        assert "d20: 4 — промах" in result.body
        lines = [line for line in variants if line in result.body]
        assert len(lines) == 1, result.body
        told.append(lines[0])
        live = await table.pass_turn("Борс", result)
    assert sorted(told[:8]) == sorted(variants)  # all eight, none twice
    assert told[8] != told[7]  # afresh, but not the line just told
    state = snapshot(await table.encounter()).state
    assert state.told["phys-miss"] == (variants.index(told[8]),)  # kept with the battle
