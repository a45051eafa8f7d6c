"""rulebook: d20 / Battle: turn order, misfires, lost turns, narration, the fallen, finishing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.d20 import (
    AttackKind,
    Battle,
    BattleStatus,
    CharacterClass,
    D20Character,
    Outcome,
    attack,
    end_turn,
    finish,
    narrate,
    new_character,
    start_battle,
)
from rules.dice import ScriptedDice
from rules.errors import Code
from tests.refusals import refused

PHYSICAL = AttackKind.PHYSICAL


def two_on_two(dogvor_hp: int = 20) -> Battle:
    """Turn order: Эльф (18), Догвор (12, joined first), Брат (12), Варвар (5)."""
    fighters = [
        (D20Character("Догвор", CharacterClass.FIGHTER, dogvor_hp), "heroes"),
        (new_character("Эльф", CharacterClass.WIZARD), "raiders"),
        (new_character("Брат", CharacterClass.CLERIC), "heroes"),
        (new_character("Варвар", CharacterClass.BARBARIAN), "raiders"),
    ]
    return start_battle(fighters, ScriptedDice({20: [12, 18, 12, 5]}))


def one_on_one(mage_hp: int = 12) -> Battle:
    fighters = [
        (D20Character("Эльф", CharacterClass.WIZARD, mage_hp), "a"),
        (new_character("Орк", CharacterClass.BARBARIAN), "b"),
    ]
    return start_battle(fighters, ScriptedDice({20: [20, 1]}))


def hp(battle: Battle, name: str) -> int:
    return battle.combatant(name).character.hp


def d20(*values: int) -> ScriptedDice:
    return ScriptedDice({20: list(values)})


def test_ruling_d20_turn_order_highest_first_ties_in_joining_order() -> None:
    battle = two_on_two()
    assert [c.name for c in battle.combatants] == ["Эльф", "Догвор", "Брат", "Варвар"]
    assert [c.initiative for c in battle.combatants] == [18, 12, 12, 5]
    assert battle.current.name == "Эльф"
    assert (battle.round, battle.status) == (1, BattleStatus.ACTIVE)


def test_d20_attack_deals_table_damage_and_passes_the_turn() -> None:
    battle, report = attack(two_on_two(), "Эльф", "Догвор", AttackKind.MAGIC, d20(15))
    assert report.effect.outcome is Outcome.HIT
    assert (report.struck, report.hp_before, report.hp_after) == ("Догвор", 20, 16)
    assert not report.fell and report.narrator is None and report.skipped == ()
    assert hp(battle, "Догвор") == 16
    assert battle.current.name == "Догвор"


@pytest.mark.parametrize("die", [4, 6, 8, 10, 11])
def test_ruling_d20_partial_block_and_misses_change_no_hp(die: int) -> None:
    battle, report = attack(two_on_two(), "Эльф", "Догвор", PHYSICAL, d20(die))
    assert report.struck is None
    assert hp(battle, "Догвор") == 20


def test_ruling_d20_1_attacker_loses_next_turn_and_must_describe_it() -> None:
    battle, report = attack(two_on_two(), "Эльф", "Догвор", PHYSICAL, d20(1))
    assert report.effect.outcome is Outcome.FUMBLE
    assert report.narrator == "Эльф" == battle.narration_due == report.lost_turn
    assert battle.current.name == "Догвор"
    with refused(Code.NARRATION_PENDING) as caught:
        attack(battle, "Догвор", "Эльф", PHYSICAL, d20(10))
    assert caught.value.details["pending"] == "Эльф"
    with refused(Code.NO_NARRATION_DUE):
        narrate(battle, "Догвор")
    battle = narrate(battle, "Эльф")
    battle, _ = end_turn(battle, "Догвор")
    battle, _ = end_turn(battle, "Брат")
    battle, skipped = end_turn(battle, "Варвар")
    assert skipped == ("Эльф",)
    assert battle.current.name == "Догвор"
    assert battle.round == 2
    assert not battle.combatant("Эльф").loses_next_turn


def test_ruling_d20_2_3_hit_the_next_ally_in_turn_order() -> None:
    battle, report = attack(two_on_two(), "Эльф", "Догвор", PHYSICAL, d20(3))
    assert report.effect.outcome is Outcome.ALLY_HIT
    assert (report.struck, report.hp_before, report.hp_after) == ("Варвар", 22, 20)
    battle, report = attack(battle, "Догвор", "Эльф", PHYSICAL, d20(2))
    assert (report.struck, report.hp_after) == ("Брат", 15)
    battle, _ = end_turn(battle, "Брат")
    # The order cycles: after Варвар comes Эльф, his next ally.
    battle, report = attack(battle, "Варвар", "Брат", PHYSICAL, d20(2))
    assert (report.struck, report.hp_after) == ("Эльф", 11)
    assert hp(battle, "Догвор") == 20


def test_ruling_d20_2_3_hit_the_attacker_without_an_ally() -> None:
    battle, report = attack(one_on_one(), "Эльф", "Орк", AttackKind.MAGIC, d20(3))
    assert report.effect.outcome is Outcome.SELF_HIT
    assert (report.struck, report.hp_after) == ("Эльф", 10)
    assert hp(battle, "Орк") == 22


def three_fighters() -> Battle:
    """Turn order: Орк (20, raiders), Догвор (10, heroes), Паж (5, heroes, 1 HP)."""
    fighters = [
        (new_character("Догвор", CharacterClass.FIGHTER), "heroes"),
        (D20Character("Паж", CharacterClass.MONK, 1), "heroes"),
        (new_character("Орк", CharacterClass.BARBARIAN), "raiders"),
    ]
    return start_battle(fighters, ScriptedDice({20: [10, 5, 20]}))


def test_ruling_d20_hp_0_is_fallen_and_out_of_the_fight() -> None:
    battle, report = attack(three_fighters(), "Орк", "Паж", PHYSICAL, d20(12))
    assert report.fell and report.hp_after == 0
    paj = battle.combatant("Паж").character
    assert paj.fallen and not paj.standing and not paj.dead
    assert battle.status is BattleStatus.ACTIVE
    # The fallen are passed over in turn order (not a "skipped" turn).
    battle, skipped = end_turn(battle, "Догвор")
    assert skipped == () and battle.current.name == "Орк" and battle.round == 2
    with refused(Code.INVALID_TARGET) as caught:  # a blow needs a standing enemy
        attack(battle, "Орк", "Паж", PHYSICAL, d20(15))
    assert caught.value.details["reason"] == "fallen"


def test_ruling_d20_a_fallen_ally_healed_above_0_stands_and_takes_turns_again() -> None:
    battle, _ = attack(three_fighters(), "Орк", "Паж", PHYSICAL, d20(12))
    battle, report = attack(battle, "Догвор", "Паж", AttackKind.BUFF, d20(15))
    assert (report.struck, report.hp_before, report.hp_after) == ("Паж", 0, 4)
    assert report.healed and report.rose and not report.fell
    assert battle.current.name == "Паж"  # back in the turn order at once
    battle, report = attack(battle, "Паж", "Орк", PHYSICAL, d20(4))
    assert battle.current.name == "Орк"


def test_ruling_d20_a_fallen_ally_healed_by_nothing_stays_down_and_may_be_finished() -> None:
    battle, _ = attack(three_fighters(), "Орк", "Паж", PHYSICAL, d20(12))
    battle, report = attack(battle, "Догвор", "Паж", AttackKind.BUFF, d20(11))
    assert report.struck is None and not report.rose and hp(battle, "Паж") == 0
    battle, _ = finish(battle, "Орк", "Паж")
    assert battle.combatant("Паж").character.dead
    with refused(Code.INVALID_TARGET) as caught:  # the dead are beyond healing
        attack(battle, "Догвор", "Паж", AttackKind.BUFF, d20(20))
    assert caught.value.details["reason"] == "dead"


def test_ruling_d20_2_3_skip_fallen_allies() -> None:
    battle, _ = attack(three_fighters(), "Орк", "Паж", PHYSICAL, d20(12))
    battle, report = attack(battle, "Догвор", "Орк", PHYSICAL, d20(2))
    assert report.effect.outcome is Outcome.SELF_HIT
    assert (report.struck, report.hp_after) == ("Догвор", 19)
    assert hp(battle, "Паж") == 0


def test_ruling_d20_buff_spell_2_3_has_no_effect_in_battle() -> None:
    battle, report = attack(two_on_two(), "Эльф", "Варвар", AttackKind.BUFF, d20(2))
    assert report.effect.outcome is Outcome.NO_EFFECT
    assert report.struck is None
    assert [c.character.hp for c in battle.combatants] == [12, 20, 16, 22]


def test_d20_buff_spell_aims_at_own_side_including_oneself() -> None:
    battle, report = attack(two_on_two(), "Эльф", "Эльф", AttackKind.BUFF, d20(20))
    assert report.effect.outcome is Outcome.CRITICAL and report.struck == "Эльф"
    assert hp(battle, "Эльф") == 12  # already full: healing never goes above max
    with refused(Code.INVALID_TARGET) as caught:
        attack(battle, "Догвор", "Эльф", AttackKind.BUFF, d20(15))
    assert caught.value.details["reason"] == "enemy"


def test_ruling_d20_19_deals_7_target_loses_next_turn_and_describes_it() -> None:
    battle, report = attack(two_on_two(), "Эльф", "Догвор", PHYSICAL, d20(19))
    assert (report.effect.outcome, report.hp_after) == (Outcome.STUN_HIT, 13)
    assert report.narrator == battle.narration_due == "Догвор" == report.lost_turn
    battle = narrate(battle, "Догвор")
    # Догвор's turn comes at once and is lost.
    assert report.skipped == ("Догвор",)
    assert battle.current.name == "Брат"
    assert not battle.combatant("Догвор").loses_next_turn


def test_ruling_d20_lost_turn_is_skipped_when_it_comes() -> None:
    battle = two_on_two()
    battle, _ = end_turn(battle, "Эльф")
    battle, _ = end_turn(battle, "Догвор")
    battle, report = attack(battle, "Брат", "Варвар", PHYSICAL, d20(19))
    assert report.skipped == ("Варвар",)
    battle = narrate(battle, "Варвар")
    assert battle.current.name == "Эльф" and battle.round == 2


def test_seed_d20_critical_17_of_20_leaves_8_in_battle() -> None:
    battle, report = attack(two_on_two(dogvor_hp=17), "Эльф", "Догвор", PHYSICAL, d20(20))
    assert report.effect.outcome is Outcome.CRITICAL
    assert (report.hp_before, report.hp_after) == (17, 8)
    assert hp(battle, "Догвор") == 8


def test_ruling_d20_critical_never_kills_in_battle() -> None:
    battle, report = attack(two_on_two(dogvor_hp=1), "Эльф", "Догвор", PHYSICAL, d20(20))
    assert (report.hp_before, report.hp_after) == (1, 1)
    assert battle.combatant("Догвор").character.standing


def test_ruling_d20_battle_ends_when_one_side_has_no_one_standing() -> None:
    battle, _ = attack(three_fighters(), "Орк", "Паж", PHYSICAL, d20(12))
    battle, _ = end_turn(battle, "Догвор")
    battle, _ = attack(battle, "Орк", "Догвор", PHYSICAL, d20(18))
    battle, _ = attack(battle, "Догвор", "Орк", PHYSICAL, d20(19))
    battle = narrate(battle, "Орк")
    assert battle.current.name == "Догвор"  # Орк's turn was lost
    battle, _ = attack(battle, "Догвор", "Орк", PHYSICAL, d20(20))  # 15 -> 7
    battle, _ = attack(battle, "Орк", "Догвор", PHYSICAL, d20(18))  # 13 -> 6
    battle, report = attack(battle, "Догвор", "Орк", PHYSICAL, d20(18))  # 7 -> 0
    assert report.fell
    assert battle.status is BattleStatus.FINISHED
    assert battle.winner == "heroes"
    with refused(Code.BATTLE_OVER):
        end_turn(battle, "Догвор")


def test_ruling_d20_self_hit_can_fell_the_attacker_and_end_the_battle() -> None:
    battle, report = attack(one_on_one(mage_hp=2), "Эльф", "Орк", AttackKind.MAGIC, d20(3))
    assert report.fell and report.struck == "Эльф"
    assert battle.status is BattleStatus.FINISHED and battle.winner == "b"


def test_ruling_d20_finishing_a_fallen_character_is_a_separate_action() -> None:
    battle, _ = attack(three_fighters(), "Орк", "Паж", PHYSICAL, d20(12))
    battle, _ = end_turn(battle, "Догвор")
    assert not battle.combatant("Паж").character.dead
    battle, finished = finish(battle, "Орк", "Паж")
    assert (finished.attacker, finished.target, finished.skipped) == ("Орк", "Паж", ())
    assert battle.combatant("Паж").character.dead
    assert battle.current.name == "Догвор"  # finishing took Орк's turn
    with refused(Code.INVALID_TARGET) as gone:
        attack(battle, "Догвор", "Паж", AttackKind.BUFF, d20(15))
    assert gone.value.details["reason"] == "dead"
    with refused(Code.INVALID_TARGET) as caught:
        finish(battle, "Догвор", "Орк")
    assert caught.value.details["reason"] == "standing"


def test_seed_d20_19_fells_the_target_who_describes_before_being_finished() -> None:
    """A 19 that fells one of several: no turn is lost (the fallen has none), but the fallen
    describes their state before anyone may finish them."""
    battle, report = attack(two_on_two(dogvor_hp=7), "Эльф", "Догвор", PHYSICAL, d20(19))
    assert report.fell and report.lost_turn is None
    assert report.narrator == battle.narration_due == "Догвор"
    assert not battle.combatant("Догвор").loses_next_turn
    assert report.skipped == () and battle.current.name == "Брат"  # passed over, not skipped
    assert battle.status is BattleStatus.ACTIVE
    with refused(Code.NARRATION_PENDING):
        finish(battle, "Брат", "Догвор")
    battle = narrate(battle, "Догвор")
    battle, _ = end_turn(battle, "Брат")
    battle, finished = finish(battle, "Варвар", "Догвор")
    assert finished.target == "Догвор" and battle.combatant("Догвор").character.dead


def test_ruling_d20_19_that_decides_the_battle_ends_it_at_once() -> None:
    """The last enemy falls to a 19: the battle is over, nothing waits for a description."""
    battle, _ = attack(one_on_one(mage_hp=7), "Эльф", "Орк", PHYSICAL, d20(1))
    battle = narrate(battle, "Эльф")
    battle, report = attack(battle, "Орк", "Эльф", PHYSICAL, d20(19))
    assert report.fell and report.lost_turn is None and report.narrator is None
    assert battle.status is BattleStatus.FINISHED and battle.winner == "b"
    assert battle.narration_due is None
    battle, finished = finish(battle, "Орк", "Эльф")
    assert finished.target == "Эльф"
    assert battle.combatant("Эльф").character.dead
    with refused(Code.INVALID_TARGET) as caught:
        finish(battle, "Орк", "Эльф")
    assert caught.value.details["reason"] == "dead"
    with refused(Code.NOT_STANDING):
        finish(battle, "Эльф", "Орк")


def test_d20_finish_refuses_own_side() -> None:
    battle, _ = attack(three_fighters(), "Орк", "Паж", PHYSICAL, d20(12))
    with refused(Code.INVALID_TARGET) as caught:
        finish(battle, "Догвор", "Паж")
    assert caught.value.details["reason"] == "ally"
    with refused(Code.INVALID_TARGET) as dead:
        attack(battle, "Догвор", "Орк", AttackKind.BUFF, d20(5))
    assert dead.value.details["reason"] == "enemy"


def test_d20_attacks_need_the_turn_and_a_standing_enemy() -> None:
    battle = two_on_two()
    with refused(Code.NOT_YOUR_TURN) as caught:
        attack(battle, "Догвор", "Эльф", PHYSICAL, d20(10))
    assert caught.value.details == {"name": "Догвор", "current": "Эльф"}
    with refused(Code.UNKNOWN_COMBATANT):
        attack(battle, "Эльф", "Никто", PHYSICAL, d20(10))
    with refused(Code.INVALID_TARGET) as ally:
        attack(battle, "Эльф", "Варвар", PHYSICAL, d20(10))
    assert ally.value.details["reason"] == "ally"
    with refused(Code.INVALID_TARGET) as own:
        attack(battle, "Эльф", "Эльф", AttackKind.MAGIC, d20(10))
    assert own.value.details["reason"] == "self"


def test_d20_battle_needs_two_sides_unique_names_and_standing_fighters() -> None:
    orc = new_character("Орк", CharacterClass.BARBARIAN)
    elf = new_character("Эльф", CharacterClass.WIZARD)
    with refused(Code.NOT_ENOUGH_SIDES):
        start_battle([(orc, "a"), (elf, "a")], d20(1, 2))
    with refused(Code.INVALID_NAME):
        start_battle([(orc, "a"), (orc, "b")], d20(1, 2))
    with refused(Code.NOT_STANDING):
        start_battle([(orc, "a"), (D20Character("Эльф", CharacterClass.WIZARD, 0), "b")], d20(1, 2))


@given(st.lists(st.integers(1, 20), min_size=1, max_size=60), st.lists(st.booleans(), max_size=60))
def test_property_d20_battle_invariants(dice: list[int], buffs: list[bool]) -> None:
    """Random play: HP stays in 0..max, a critical never fells, the end is when < 2 sides stand."""
    battle = two_on_two()
    for i, die in enumerate(dice):
        if battle.status is BattleStatus.FINISHED:
            break
        if battle.narration_due is not None:
            battle = narrate(battle, battle.narration_due)
        actor = battle.current
        buff = i < len(buffs) and buffs[i]
        targets = [
            c
            for c in battle.combatants
            if not c.character.dead
            and (c.side == actor.side) == buff
            and (buff or c.character.standing)
        ]
        kind = AttackKind.BUFF if buff else PHYSICAL
        battle, report = attack(battle, actor.name, targets[0].name, kind, d20(die))
        if report.effect.outcome is Outcome.CRITICAL and not buff:
            assert report.hp_after is not None and report.hp_after >= 1
        if buff:  # a heal touches only its target, and never lowers HP
            assert report.struck in (None, targets[0].name)
            assert (report.hp_after or 0) >= (report.hp_before or 0)
        for c in battle.combatants:
            assert 0 <= c.character.hp <= c.character.max_hp
        assert battle.current.character.standing or battle.status is BattleStatus.FINISHED
        sides = {c.side for c in battle.combatants if c.character.standing}
        assert (battle.status is BattleStatus.FINISHED) == (len(sides) < 2)
