"""d20 battles (rulebook: d20) through the real dispatcher, with scripted dice: every outcome,
misfires, criticals, lost turns, narration turns, finishing the fallen, presses, a restart."""

from __future__ import annotations

import pytest

from bot.db.models import Character, Encounter, RollLog
from bot.i18n import Translator
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, BUFF, FIRST, HARM, SECOND, Table, button_starting, d20_table

RU = Translator("ru").for_locale("ru")
TRIO = [
    ("Догвор", CharacterClass.FIGHTER),
    ("Эльф", CharacterClass.WIZARD),
    ("Брат", CharacterClass.CLERIC),
]
# Joining order Догвор, Эльф, Брат; initiative 20, 10, 5: the turn order is the same.
TRIO_SIDES = [("Догвор", FIRST), ("Эльф", SECOND), ("Брат", FIRST)]
# The narrative family of each die when Догвор (fighter) strikes Эльф (wizard) with Брат near.
PARTIAL = {"phys": "through", "magic": "ward"}
FAMILY = {
    1: "fumble",
    2: "ally",
    3: "ally",
    4: "miss",
    5: "miss",
    6: "dodge",
    7: "dodge",
    8: "block-ward",  # a wizard wards off a blow or a spell alike
    9: "block-ward",
    10: "partial-{}",  # a fighter's blow breaks through; a spell is half-countered
    11: "partial-{}",
    12: "hit-minor",
    13: "hit-minor",
    14: "hit-light",
    15: "hit-light",
    16: "hit-medium",
    17: "hit-medium",
    18: "heavy",
    19: "stun",
    20: "crit",
}


def expected_hp(die: int) -> tuple[int, int, int]:
    """(Догвор, Эльф, Брат) after the blow: misfires hit Брат, 12-17 die-11, 18-19 7, 20 half."""
    elf = {18: 5, 19: 5, 20: 6}.get(die, 12 - (die - 11) if 12 <= die <= 17 else 12)
    brother = 16 - (die - 1) if die in (2, 3) else 16
    return 20, elf, brother


def story(msg_id: str, ally: str = "Брат") -> str:
    men = {"attacker_gender": "m", "target_gender": "m"}
    return RU.text(msg_id, attacker="Догвор", target="Эльф", ally=ally, **men)


@pytest.mark.parametrize("die", range(1, 21))
@pytest.mark.parametrize(("button", "stem"), [(ATTACK, "phys"), (HARM, "magic")])
async def test_every_outcome_through_the_bot(gm: Harness, button: str, stem: str, die: int) -> None:
    table = await d20_table(gm, TRIO, any_action=True)  # the fighter casts too (homebrew)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    assert "Ходит Догвор" in live.body
    result = await table.act("Догвор", live, button, "Эльф", die)
    text = result.body
    assert f"d20: {die}" in text
    # The attack die is the game's roll #3 (after three initiative rolls): of the 8 variants
    # none told yet, the one at 3 % 8 (the fourth).
    family = FAMILY[die].format(PARTIAL[stem])
    assert story(f"d20n-{stem}-{family}-4") in text, text
    hp = (await table.hp("Догвор"), await table.hp("Эльф"), await table.hp("Брат"))
    assert hp == expected_hp(die)
    if die in (2, 3):
        assert f", урон {die - 1}: Брат 16 → {17 - die}\u00a0ХП." in text
    if 12 <= die <= 19:
        assert f"урон {12 - hp[1]}: Эльф 12 → {hp[1]}\u00a0ХП" in text
    marked = {1: "<s>1</s>", 20: "<b>20</b>"}.get(die, str(die))  # a natural 1 or 20 marked
    assert f"🎲 d20: {marked} — " in result.html
    if die == 20:
        headline = {"phys": "критический удар!", "magic": "критическое попадание!"}[stem]
        assert f"{headline} Эльф: 12 → 6\u00a0ХП" in text
        assert text.lower().count("критическ") == 1  # said once, not again in the story
    if die in (1, 19):
        asked = "Догвор" if die == 1 else "Эльф"
        assert f"{asked}, опишите состояние персонажа" in text
        assert result.buttons == []
    else:
        assert "Ходит Эльф" in text and result.button_texts[0] == ATTACK
    logged = [r.value for r in await RollLog.filter(game_id=table.game.id, purpose="d20_attack")]
    assert logged == [die]


@pytest.mark.parametrize(
    ("die", "family", "hp", "effect"),
    [
        (1, "fumble", 5, "провал: Догвор теряет следующий ход"),
        (3, "none", 5, "заклинание не подействовало"),
        (9, "block", 5, "эффект погашен"),
        (11, "partial", 5, "исцеления нет"),
        (14, "hit", 8, "исцеление +3\u00a0ХП: Брат 5 → 8\u00a0ХП"),
        (18, "heavy", 12, "сильное исцеление +7\u00a0ХП: Брат 5 → 12\u00a0ХП"),
        (19, "stun", 12, "сильное исцеление +7\u00a0ХП: Брат 5 → 12\u00a0ХП"),
        (20, "crit", 16, "полное исцеление, +11\u00a0ХП: Брат 5 → 16\u00a0ХП"),
    ],
)
async def test_a_healing_spell_heals_by_the_table_s_bands(
    gm: Harness, die: int, family: str, hp: int, effect: str
) -> None:
    table = await d20_table(gm, TRIO, any_action=True)
    await table.set_hp("Брат", 5)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    assert button_starting(live, BUFF)
    await table.gm.emu.press_button(table.users["Догвор"], live, BUFF)
    await gm.emu.wait_for_edit(live)
    assert live.button_texts == ["Догвор (20/20)", "Брат (5/16)", "◀️ Назад"]
    gm.game_dice.add(20, die)
    await gm.emu.press_button(table.users["Догвор"], live, "Брат (5/16)")
    result = await gm.emu.wait_for_message(table.group, lambda m: "d20:" in m.body)
    assert effect in result.body
    assert RU.text(f"d20n-buff-{family}-4", attacker="Догвор", target="Брат") in result.body
    assert [await table.hp(n) for n in ("Догвор", "Эльф", "Брат")] == [20, 12, hp]
    if die not in (1, 19):  # no turn is lost; a healed HP shows under the turn (only a change)
        assert "Ходит Эльф" in result.body
        assert (f"Брат {hp}/16" in result.body) is (hp != 5), result.body


async def test_a_cleric_raises_a_fallen_ally_who_fights_again(gm: Harness) -> None:
    """Брат (cleric) heals the fallen Догвор: he stands up, the roster shows it, and Догвор
    gets his turn again; /log shows the healing die under the cleric's name."""
    table = await d20_table(gm, TRIO)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    live = await table.pass_turn("Догвор", live)
    await table.set_hp("Эльф", 12)
    result = await table.act("Эльф", live, HARM, "Догвор", 20)  # 20 → 10
    result = await table.act("Брат", result, ATTACK, "Эльф", 4)  # a miss
    result = await table.act("Догвор", result, ATTACK, "Эльф", 4)
    result = await table.act("Эльф", result, HARM, "Догвор", 18)  # 10 → 3
    result = await table.act("Брат", result, ATTACK, "Эльф", 4)
    result = await table.act("Догвор", result, ATTACK, "Эльф", 4)
    result = await table.act("Эльф", result, HARM, "Догвор", 17)  # 3 → 0: fallen
    assert "Догвор падает без сил" in result.body and "Догвор 💀 0/20" in result.body
    assert "Ходит Брат" in result.body
    await table.gm.emu.press_button(table.users["Брат"], result, BUFF)
    await gm.emu.wait_for_edit(result)
    assert result.button_texts == ["Догвор (0/20)", "Брат (16/16)", "◀️ Назад"]
    gm.game_dice.add(20, 15)
    await gm.emu.press_button(table.users["Брат"], result, "Догвор (0/20)")
    healed = await gm.emu.wait_for_message(table.group, lambda m: "исцеление" in m.body)
    assert "исцеление +4\u00a0ХП: Догвор 0 → 4\u00a0ХП" in healed.body
    assert "🌅 Догвор поднимается на ноги (4\u00a0ХП) и возвращается в бой." in healed.body
    rises = [RU.text(f"d20n-buff-rise-{n}", attacker="Брат", target="Догвор") for n in range(1, 9)]
    assert any(line in healed.body for line in rises)
    assert "Догвор 4/20" in healed.body and "Ходит Догвор" in healed.body
    assert await table.hp("Догвор") == 4
    result = await table.act("Догвор", healed, ATTACK, "Эльф", 12)  # he acts again
    assert "Эльф 12 → 11" in result.body
    await gm.emu.send_text(table.admin, table.group, "/log")
    log = await gm.emu.wait_for_message(table.group, lambda m: "Брат" in m.body and "15" in m.body)
    assert "Догвор" in log.body


async def test_a_misfire_without_allies_hits_the_attacker(gm: Harness) -> None:
    table = await d20_table(gm, TRIO[:2])
    live = await table.start(TRIO_SIDES[:2], [20, 10])
    result = await table.act("Догвор", live, ATTACK, "Эльф", 3)
    assert "мимо, да по себе, урон 2: Догвор 20 → 18\u00a0ХП" in result.body
    assert RU.text("d20n-phys-self-3", attacker="Догвор", target="Эльф") in result.body
    assert (await table.hp("Догвор"), await table.hp("Эльф")) == (18, 12)


async def test_misfires_hit_the_next_ally_in_turn_order(gm: Harness) -> None:
    fighters = [*TRIO, ("Сэр", CharacterClass.PALADIN)]
    table = await d20_table(gm, fighters, any_action=True)
    sides = [("Брат", FIRST), ("Эльф", SECOND), ("Догвор", FIRST), ("Сэр", FIRST)]
    live = await table.start(sides, [20, 15, 10, 5])  # Брат, Эльф, Догвор, Сэр
    result = await table.act("Брат", live, ATTACK, "Эльф", 3)
    assert "урон 2: Догвор 20 → 18\u00a0ХП" in result.body  # the next ally after Брат
    live = await table.pass_turn("Эльф", result)
    result = await table.act("Догвор", live, HARM, "Эльф", 2)
    assert "урон 1: Сэр 20 → 19\u00a0ХП" in result.body
    result = await table.act("Сэр", result, ATTACK, "Эльф", 2)
    assert "урон 1: Брат 16 → 15\u00a0ХП" in result.body  # the order wraps round
    hp = [await table.hp(n) for n in ("Брат", "Догвор", "Сэр", "Эльф")]
    assert hp == [15, 18, 19, 12]


@pytest.mark.parametrize(("before", "after"), [(17, 8), (9, 1)])
async def test_criticals_halve_hp_above_half_else_leave_one(
    gm: Harness, before: int, after: int
) -> None:
    table = await d20_table(gm, TRIO[:2])
    await table.set_hp("Догвор", before)
    live = await table.start([("Эльф", SECOND), ("Догвор", FIRST)], [20, 10])
    result = await table.act("Эльф", live, HARM, "Догвор", 20)
    assert f"критическое попадание! Догвор: {before} → {after}\u00a0ХП" in result.body
    assert await table.hp("Догвор") == after


@pytest.mark.parametrize(
    ("name", "hp", "die", "told", "line", "untrue"),
    [
        # A critical at 1 HP takes nothing: not "a blow they will tell of around campfires".
        (
            "Бран",
            1,
            20,
            "crit-spent",
            "критический удар! Бран: 1 → 1\u00a0ХП: меньше 1\u00a0ХП",
            "костр",
        ),
        # A blow that fells: not "doubles up, but straightens at once".
        (
            "Мирра",
            2,
            13,
            "hit-minor-fall",
            "незначительный урон 2: Мирра 2 → 0\u00a0ХП.",
            "выпрямля",
        ),
        # An 18 that fells: not "falls to the knees, but stubbornly rises".
        ("Ивар", 7, 18, "heavy-fall", "тяжёлый урон 7: Ивар 7 → 0\u00a0ХП.", "поднимается"),
    ],
)
async def test_the_story_tells_what_the_blow_did(
    gm: Harness, name: str, hp: int, die: int, told: str, line: str, untrue: str
) -> None:
    """rulebook: d20 / Narrative: the family is chosen by what the blow did, so its line never
    contradicts the numbers above it."""
    table = await d20_table(gm, [TRIO[0], (name, CharacterClass.CLERIC)], women=("Мирра",))
    await table.set_hp(name, hp)
    live = await table.start([("Догвор", FIRST), (name, SECOND)], [20, 10])
    result = await table.act("Догвор", live, ATTACK, name, die)
    assert f"🎲 d20: {die} — {line}" in result.body
    gender = "f" if name == "Мирра" else "m"
    genders = {"attacker_gender": "m", "target_gender": gender}
    # The attack die is the game's roll #2: of 8 variants none told yet, the third.
    said = RU.text(f"d20n-phys-{told}-3", attacker="Догвор", target=name, ally="", **genders)
    assert f"\n{said}\n" in result.body, result.body
    assert untrue not in result.body
    assert ("падает без сил" in result.body) == (told != "crit-spent")


async def _narrate(table: Table, name: str, text: str) -> None:
    await table.gm.emu.send_text(table.users[name], table.group, text)


async def test_a_fumble_waits_for_the_description_and_the_lost_turn_is_skipped(
    gm: Harness,
) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    await table.act("Догвор", live, ATTACK, "Эльф", 1)
    assert (await table.encounter()).stage == "narration"
    # Others' messages and the narrator's commands do not end the wait.
    await _narrate(table, "Эльф", "Ха, споткнулся!")
    await gm.emu.send_text(table.stranger, table.group, "А я смотрю")
    await gm.emu.expect_no_message(table.group, timeout=0.6)
    gm.game_dice.add(20, 15)
    await gm.emu.send_text(table.users["Догвор"], table.group, "/check 1 встать")
    check = await gm.emu.wait_for_message(table.group, lambda m: "проверка УС 1" in m.body)
    assert "успех" in check.body
    assert (await table.encounter()).stage == "narration"
    await _narrate(table, "Догвор", "Догвор поднимается, отряхивая колени.")
    live = await gm.emu.wait_for_message(table.group, lambda m: "Описание принято" in m.body)
    assert "(Догвор)" in live.body and "Ходит Эльф" in live.body
    assert (await table.encounter()).stage == "fighting"
    live = await table.pass_turn("Эльф", live)
    live = await table.pass_turn("Брат", live)
    assert "Догвор: ход потерян и пропускается" in live.body
    assert "Раунд 2. Ходит Эльф" in live.body


async def test_a_stunned_target_describes_then_loses_the_turn(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    result = await table.act("Догвор", live, ATTACK, "Эльф", 19)
    assert "Эльф: ход потерян и пропускается" in result.body
    assert "Эльф, опишите состояние" in result.body
    await _narrate(table, "Эльф", "Эльф лежит, в ушах звенит.")
    live = await gm.emu.wait_for_message(table.group, lambda m: "Описание принято" in m.body)
    assert "Ходит Брат" in live.body


async def test_the_narration_timeout_and_the_admin_skip(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    await table.act("Догвор", live, ATTACK, "Эльф", 1)
    await table.fire("d20_narration")
    live = await gm.emu.wait_for_message(table.group, lambda m: "Время на описание" in m.body)
    assert "Ходит Эльф" in live.body
    result = await table.act("Эльф", live, HARM, "Догвор", 19)
    assert "Догвор, опишите" in result.body
    await gm.emu.send_text(table.users["Брат"], table.group, "/skip")
    assert "администраторы" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.admin, table.group, "/skip")
    live = await gm.emu.wait_for_message(table.group, lambda m: "пропускает описание" in m.body)
    assert "Ходит Брат" in live.body
    await gm.emu.send_text(table.admin, table.group, "/skip")
    live = await gm.emu.wait_for_message(table.group, lambda m: "пропускает ход: Брат" in m.body)
    # The 1 and the 19 both took Догвор's next turn: the same one, lost once.
    assert "Догвор: ход потерян" in live.body
    assert "Раунд 2. Ходит Эльф" in live.body


async def test_a_turn_timeout_skips_the_turn(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    await table.fire("d20_turn")
    timeout = await gm.emu.wait_for_message(table.group, lambda m: "Время хода вышло" in m.body)
    assert "Догвор пропускает ход" in timeout.body and "Ходит Эльф" in timeout.body
    edited = await gm.emu.wait_for_edit(live)
    assert edited.buttons == []
    query = await gm.emu.press_button(table.users["Эльф"], timeout, HARM)
    await gm.emu.wait_for_callback_answer(query)


async def test_finishing_a_fallen_enemy_is_a_separate_action(gm: Harness) -> None:
    fighters = [*TRIO[:2], ("Варвар", CharacterClass.BARBARIAN)]
    table = await d20_table(gm, fighters)
    await table.set_hp("Эльф", 1)
    sides = [("Догвор", FIRST), ("Эльф", SECOND), ("Варвар", SECOND)]
    live = await table.start(sides, [20, 10, 5])
    result = await table.act("Догвор", live, ATTACK, "Эльф", 12)
    assert "Эльф падает без сил" in result.body and "Эльф 💀 0/12" in result.body
    assert "💀 Добить" not in result.button_texts  # Эльф's side acts now
    live = await table.pass_turn("Варвар", result)
    assert "💀 Добить" in live.button_texts
    await gm.emu.press_button(table.users["Догвор"], live, ATTACK)
    await gm.emu.wait_for_edit(live)
    assert live.button_texts == ["Варвар (22/22)", "◀️ Назад"]  # the fallen are no targets
    await gm.emu.press_button(table.users["Догвор"], live, "◀️ Назад")
    await gm.emu.wait_for_edit(live)
    await gm.emu.press_button(table.users["Догвор"], live, "💀 Добить")
    await gm.emu.wait_for_edit(live)
    # A fighter finishes with a blow: no spell button (rulebook: d20 / Class actions).
    assert live.button_texts == ["⚔️ Добить: Эльф", "◀️ Назад"]
    await gm.emu.press_button(table.users["Догвор"], live, "⚔️ Добить: Эльф")
    done = await gm.emu.wait_for_message(table.group, lambda m: "погибает" in m.body)
    told = [RU.text(f"d20n-phys-finish-{n}", attacker="Догвор", target="Эльф") for n in range(1, 9)]
    assert sum(line in done.body for line in told) == 1
    assert "Эльф ☠️" in done.body and "Ходит Варвар" in done.body
    row = await Character.get(game_id=table.game.id, name="Эльф")
    assert row.status == "dead" and row.active_key is None


async def test_after_the_battle_the_winners_may_finish_or_spare(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    await table.set_hp("Эльф", 1)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    end = await table.act("Догвор", live, ATTACK, "Эльф", 15)
    assert "Бой окончен" in end.body and "Победа: Первая сторона." in end.body
    assert "На ногах: Догвор, Брат" in end.body
    assert end.button_texts == ["⚔️ Добить: Эльф", "🔥 Добить чарами: Эльф", "🕊 Пощадить"]
    for user in (table.users["Эльф"], table.stranger):
        query = await gm.emu.press_button(user, end, "🕊 Пощадить")
        assert (await gm.emu.wait_for_callback_answer(query)).show_alert
    query = await gm.emu.press_button(table.users["Эльф"], end, "⚔️ Добить: Эльф")
    assert "не может сражаться" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    await table.set_hp("Догвор", 10)  # HP moved on since the battle: finishing keeps it
    await gm.emu.press_button(table.users["Брат"], end, "⚔️ Добить: Эльф")
    done = await gm.emu.wait_for_message(table.group, lambda m: "погибает" in m.body)
    assert "Брат</b>" in done.html and done.buttons == []
    assert (await table.encounter()).stage == "closed"
    assert await table.hp("Догвор") == 10


async def test_a_19_that_fells_loses_no_turn_but_asks_for_the_description(gm: Harness) -> None:
    """rulebook: d20 / Battle: a fallen character has no turn to lose; they still describe
    their state before they can be finished, while the battle goes on."""
    fighters = [*TRIO[:2], ("Бьорн", CharacterClass.BARBARIAN)]
    table = await d20_table(gm, fighters)
    await table.set_hp("Бьорн", 6)
    sides = [("Догвор", FIRST), ("Эльф", SECOND), ("Бьорн", SECOND)]
    live = await table.start(sides, [20, 10, 5])
    result = await table.act("Догвор", live, ATTACK, "Бьорн", 19)
    assert "🎲 d20: 19 — тяжёлый урон 7: Бьорн 6 → 0\u00a0ХП.\n" in result.body
    assert "теряет следующий ход" not in result.body and "ход потерян" not in result.body
    assert "💀 Бьорн падает без сил (0\u00a0ХП) и выбывает из боя." in result.body
    assert "✍️ Бьорн, опишите состояние персонажа" in result.body
    await _narrate(table, "Бьорн", "Бьорн хрипит в пыли.")
    live = await gm.emu.wait_for_message(table.group, lambda m: "Описание принято" in m.body)
    assert "Ходит Эльф" in live.body  # only what changed: the description changed no HP
    assert "💀" not in live.body.split("\n\n")[-1]


async def test_a_19_that_decides_the_battle_ends_it_at_once(gm: Harness) -> None:
    """rulebook: d20 / Battle: the last enemy falls to a 19: nothing waits for a description,
    the battle is over and the fallen may be finished or spared at once."""
    table = await d20_table(gm, TRIO[:2])
    await table.set_hp("Эльф", 7)
    live = await table.start(TRIO_SIDES[:2], [20, 10])
    end = await table.act("Догвор", live, ATTACK, "Эльф", 19)
    assert "🎲 d20: 19 — тяжёлый урон 7: Эльф 7 → 0\u00a0ХП.\n" in end.body
    assert "Эльф падает без сил" in end.body and "опишите" not in end.body
    assert "Бой окончен" in end.body and "На ногах: Догвор" in end.body
    assert (await table.encounter()).stage == "finished"
    assert end.button_texts[0] == "⚔️ Добить: Эльф"
    await gm.emu.press_button(table.users["Догвор"], end, "⚔️ Добить: Эльф")
    done = await gm.emu.wait_for_message(table.group, lambda m: "погибает" in m.body)
    assert "Эльф ☠️" in done.body
    assert (await Character.get(game_id=table.game.id, name="Эльф")).status == "dead"


async def test_the_fallen_may_be_spared(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    await table.set_hp("Эльф", 1)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    end = await table.act("Догвор", live, ATTACK, "Эльф", 15)
    await gm.emu.press_button(table.users["Догвор"], end, "🕊 Пощадить")
    edited = await gm.emu.wait_for_edit(end)
    assert "Догвор оставляет павших в живых" in edited.body and edited.buttons == []
    row = await Character.get(game_id=table.game.id, name="Эльф")
    assert row.status == "active" and await table.hp("Эльф") == 0


async def test_foreign_presses_are_refused_and_a_double_press_counts_once(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    for user in (table.users["Эльф"], table.users["Брат"], table.stranger):
        query = await gm.emu.press_button(user, live, ATTACK)
        answer = await gm.emu.wait_for_callback_answer(query)
        assert answer.show_alert and "не ваша кнопка" in (answer.text or "")
    await gm.emu.press_button(table.users["Догвор"], live, ATTACK)
    await gm.emu.wait_for_edit(live)
    gm.game_dice.add(20, 15, 15)
    first = await gm.emu.press_button(table.users["Догвор"], live, "Эльф (12/12)")
    second = await gm.emu.press_button(table.users["Догвор"], live, "Эльф (12/12)")
    await gm.emu.wait_for_message(table.group, lambda m: "d20:" in m.body)
    answers = [await gm.emu.wait_for_callback_answer(q) for q in (first, second)]
    texts = sorted(a.text or "" for a in answers)
    assert texts[0] == "" and "не действует" in texts[1]  # whichever came second is stale
    assert await table.hp("Эльф") == 8
    assert await RollLog.filter(game_id=table.game.id, purpose="d20_attack").count() == 1


async def test_a_restart_mid_battle_resumes_with_one_new_message_per_turn(gm: Harness) -> None:
    from bot.app import build_dispatcher
    from rules.dice import RecordingDice
    from tests.telegram_emulator import running_polling

    table = await d20_table(gm, TRIO, any_action=True)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    await gm.emu.press_button(table.users["Догвор"], live, HARM)
    await gm.emu.wait_for_edit(live)
    await gm.dp.stop_polling()  # the bot goes down between the action and its target

    script = gm.game_dice
    revived = build_dispatcher(
        storage=gm.storage.fsm,
        isolation=gm.storage.isolation,
        translator=Translator("ru"),
        redis=gm.storage.redis,
        dice_factory=lambda g: RecordingDice(script, g.next_roll_index),
    )
    async with running_polling(revived, gm.bot):
        before = len(gm.emu.bot_messages(table.group))
        script.add(20, 16)
        await gm.emu.press_button(table.users["Догвор"], live, "Эльф (12/12)")
        result = await gm.emu.wait_for_message(table.group, lambda m: "d20:" in m.body)
        assert "урон 5: Эльф 12 → 7\u00a0ХП" in result.body and "Ходит Эльф" in result.body
        assert len(gm.emu.bot_messages(table.group)) == before + 1
    assert await table.hp("Эльф") == 7
    assert await RollLog.filter(game_id=table.game.id).count() == 4


async def test_joining_and_starting(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    call = await table.call(table.users["Догвор"], "Стража | <Разбойники>")
    assert "Созывает Игрок Догвор" in call.body and "«<Разбойники>»: пока никого" in call.body
    assert call.button_texts == [
        "За сторону «Стража»",
        "За сторону «<Разбойники>»",
        "🎭 Добавить НПС",
        "⚔️ Начать бой",
    ]
    query = await gm.emu.press_button(table.users["Догвор"], call, "⚔️ Начать бой")
    assert "хотя бы один боец" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    await table.join(call, "Догвор", "За сторону «Стража»")
    query = await gm.emu.press_button(table.users["Догвор"], call, "За сторону «Стража»")
    assert "уже на этой стороне" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    await table.join(call, "Эльф", "За сторону «Стража»")
    edited = await table.join(call, "Эльф", "За сторону «<Разбойники>»")  # switching sides
    assert "«Стража»: Догвор" in edited.body and "«<Разбойники>»: Эльф" in edited.body
    query = await gm.emu.press_button(table.stranger, call, "За сторону «Стража»")
    assert "нет живого персонажа" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    query = await gm.emu.press_button(table.users["Эльф"], call, "⚔️ Начать бой")
    assert "созвал" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    await gm.emu.send_text(table.users["Брат"], table.group, "/battle")
    assert "уже идёт бой" in (await gm.emu.wait_for_message(table.group)).body
    gm.game_dice.add(20, 7, 7)
    await table.fire("d20_join")  # the join window ends with both sides filled
    start = await table.turn_message()
    assert "Стороны: «Стража» и «<Разбойники>»." in start.body
    assert "1. Догвор — 7\n2. Эльф — 7" in start.body  # a tie: joining order
    assert "Ходит Догвор" in start.body


async def test_a_call_without_two_sides_lapses(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    call = await table.call()
    await table.join(call, "Догвор", FIRST)
    await table.fire("d20_join")
    edited = await gm.emu.wait_for_edit(call)
    assert "Бой не состоялся" in edited.body and edited.buttons == []
    assert (await table.encounter()).stage == "lapsed"
    await gm.emu.send_text(table.stranger, table.group, "/battle")
    assert "нет живого персонажа" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.admin, table.group, "/battle a | A")
    assert "/battle Стража | Разбойники" in (await gm.emu.wait_for_message(table.group)).body
    assert await Encounter.filter(game_id=table.game.id).count() == 1


@pytest.mark.parametrize(
    ("args", "die", "verdict"),
    [
        ("1", 11, "успех на 11–20)\nd20: 11 — ✅ успех!"),
        ("1", 10, "успех на 11–20)\nd20: 10 — ❌ неудача."),
        ("2", 17, "УС 2 (успех на 17–20)\nd20: 17 — ✅"),
        ("2", 16, "УС 2 (успех на 17–20)\nd20: 16 — ❌"),
        ("3", 20, "УС 3 (успех на 20)\nd20: 20 — ✅"),
        ("3", 19, "УС 3 (успех на 20)\nd20: 19 — ❌"),
    ],
)
async def test_checks_for_each_difficulty(gm: Harness, args: str, die: int, verdict: str) -> None:
    table = await d20_table(gm, TRIO[:1])
    gm.game_dice.add(20, die)
    await gm.emu.send_text(table.users["Догвор"], table.group, f"/check {args}")
    reply = await gm.emu.wait_for_message(table.group)
    assert reply.body.startswith("🎲 Догвор: проверка") and verdict in reply.body
    assert ("d20: <b>20</b>" in reply.html) == (die == 20)  # a natural 20 bold, others plain
    assert await RollLog.filter(game_id=table.game.id, purpose="d20_check").count() == 1


async def test_checks_echo_what_escaped_and_refuse_bad_input(gm: Harness) -> None:
    table = await d20_table(gm, TRIO[:1])
    gm.game_dice.add(20, 12)
    await gm.emu.send_text(table.stranger, table.group, "/check 1 <b>выбить</b> дверь")
    reply = await gm.emu.wait_for_message(table.group)
    assert "Зевака: «<b>выбить</b> дверь» — проверка УС 1" in reply.body
    for bad in ("/check 4", "/check x", "/check", "/check 0 прыгнуть"):
        await gm.emu.send_text(table.stranger, table.group, bad)
        assert (
            "/check 1, /check 2 или /check 3" in (await gm.emu.wait_for_message(table.group)).body
        )
    assert await RollLog.filter(game_id=table.game.id).count() == 1


async def test_an_english_game_speaks_english_in_the_group(gm: Harness) -> None:
    table = await d20_table(gm, TRIO[:2], locale="en")
    gm.game_dice.add(20, 20)
    await gm.emu.send_text(table.users["Догвор"], table.group, "/check 3 climb the wall")
    reply = await gm.emu.wait_for_message(table.group)
    assert "“climb the wall” — DC 3 check (succeeds on 20)\nd20: 20 — ✅ success!" in reply.body
    await gm.emu.send_text(table.admin, table.group, "/battle")
    call = await gm.emu.wait_for_message(table.group)
    assert "To battle!" in call.body
    assert call.button_texts == [
        "Join the first side",
        "Join the second side",
        "🎭 Add NPCs",
        "⚔️ Start the battle",
    ]


async def test_a_battle_button_of_the_version_before_encounters_is_stale(gm: Harness) -> None:
    """Before battles were encounters their buttons carried ``bt:<id>:<action>:<step>:…``:
    such a press (a message the old version sent) gets the stale answer and changes nothing."""
    table = await d20_table(gm, TRIO[:2])
    live = await table.start(TRIO_SIDES[:2], [20, 10])
    record = await table.encounter()
    dogvor = table.users["Догвор"]
    for data in (f"bt:{record.id}:p:1::-1", f"bt:{record.id}:t:1:p:1"):
        query = await gm.emu.press_button(dogvor, live, data=data, forged=True)
        answer = await gm.emu.wait_for_callback_answer(query)
        assert "не действует" in (answer.text or ""), answer.text
    assert (await table.encounter()).version == record.version
    assert await RollLog.filter(game_id=table.game.id, purpose="d20_attack").count() == 0


async def test_a_six_fighter_turn_prompt_carries_only_what_changed(gm: Harness) -> None:
    """The first turn shows both sides whole and what a turn's clock does; a later turn's
    prompt only whose HP its turn changed and whose turn it is (within 6 lines), the clock's
    consequence being the reminder's."""
    six = [
        ("Догвор", CharacterClass.FIGHTER),
        ("Эльф", CharacterClass.WIZARD),
        ("Брат", CharacterClass.CLERIC),
        ("Бьорн", CharacterClass.BARBARIAN),
        ("Лиэль", CharacterClass.RANGER),
        ("Грох", CharacterClass.MONK),
    ]
    table = await d20_table(gm, six)
    sides = [(name, FIRST if i % 2 == 0 else SECOND) for i, (name, _) in enumerate(six)]
    live = await table.start(sides, [20, 19, 18, 17, 16, 15])
    first = live.body.split("\n\n")[-1]
    assert "⏱" in first and all(name in first for name, _ in six)
    result = await table.act("Догвор", live, ATTACK, "Эльф", 13)  # 2 damage: 12 → 10
    prompt = result.body.split("\n\n")[-1].split("\n")
    assert len(prompt) <= 6, prompt
    assert "Эльф 10/12" in prompt[0] and "Ходит Эльф" in prompt[-1], prompt
    assert not any(name in "\n".join(prompt[:-1]) for name in ("Брат", "Бьорн", "Грох", "Лиэль"))
    assert "⏱" not in result.body
