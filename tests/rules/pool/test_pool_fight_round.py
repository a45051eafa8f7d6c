"""Resolving group-fight rounds (rulebook: pool / Group fight, Health)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pool_helpers import duel_state, make

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.exchange import Fell, WeaponDropped
from rules.pool.fight_round import (
    ActionProblem,
    Attack,
    PillsTaken,
    StandUp,
    StoodUp,
    TakePills,
    check_action,
    left_pocket_pills,
    resolve_round,
    swallow,
)
from rules.pool.fight_setup import Choice, FightState
from rules.pool.health import Bled, Died
from rules.pool.model import Hand, Item, PocketContent, PoolCharacter
from rules.pool.roll import PoolRoll
from tests.refusals import refused


def with_pills(character: PoolCharacter, left: int, right: int = 0) -> PoolCharacter:
    inventory = replace(
        character.inventory,
        left_pocket=PocketContent(Item.PILL, left) if left else PocketContent(),
        right_pocket=PocketContent(Item.PILL, right) if right else PocketContent(),
    )
    return replace(character, inventory=inventory)


def trio_on_one() -> FightState:
    """3 chose 1, 2 chose 1: 1 is bound and attacks 3 (first chooser)."""
    return FightState(hall=1, initiative=(1, 2, 3), choices=(Choice(3, 1), Choice(2, 1)))


def test_seed_example_in_a_round_attack_two_vs_defense_one() -> None:
    vasya, petya = make(1, attack=5, defense=1), make(2, attack=0, defense=1, vitality=6)
    dice = ScriptedDice({10: [4, 6, 7, 1, 10, 6, 2]})
    result = resolve_round([vasya, petya], duel_state(), {}, dice)
    (exchange, other) = result.exchanges
    assert exchange.attack == PoolRoll((4, 6, 7, 1, 10), 6)
    assert exchange.damage == 1
    assert other.attack.dice == () and other.damage == 0
    assert result.characters[1].health == 5


def test_ruling_round_pills_act_before_attacks() -> None:
    hurt = with_pills(make(1, attack=1, defense=1, health=3), left=3)  # penalty 2 before pills
    foe = make(2, attack=1, defense=1)
    dice = ScriptedDice({10: [7, 6]})  # foe's attack 7, hurt's defense 6 (T=6 after pills)
    result = resolve_round([hurt, foe], duel_state(), {1: TakePills(2)}, dice)
    assert result.events[0] == PillsTaken(1, 2, 5)
    (exchange,) = result.exchanges
    assert (exchange.attacker, exchange.defender) == (2, 1)
    assert exchange.defense == PoolRoll((6,), 6)
    assert exchange.damage == 0
    after = result.characters[0]
    assert after.health == 5
    assert after.inventory.left_pocket == PocketContent(Item.PILL, 1)


def test_ruling_defense_rolled_against_each_attack_separately() -> None:
    people = [make(n, attack=1, defense=1) for n in (1, 2, 3)]
    # 1 -> 3: 9 vs 2; 2 -> 1: 8 vs 7; 3 -> 1: 6 vs 2
    dice = ScriptedDice({10: [9, 2, 8, 7, 6, 2]})
    result = resolve_round(people, trio_on_one(), {}, dice)
    pairs = [(e.attacker, e.defender, e.damage) for e in result.exchanges]
    assert pairs == [(1, 3, 1), (2, 1, 0), (3, 1, 1)]
    assert [len(e.defense.dice) for e in result.exchanges if e.defense] == [1, 1, 1]
    assert [c.health for c in result.characters] == [4, 5, 4]


def test_ruling_damage_applies_together_initiative_orders_choosing_not_blows() -> None:
    a, b = make(1, attack=2, defense=1, health=1), make(2, attack=2, defense=1, health=1)
    dice = ScriptedDice({10: [10, 10, 2, 10, 10, 2]})  # health 1: penalty 4, T = 10
    result = resolve_round([a, b], duel_state(), {}, dice)
    assert [e.damage for e in result.exchanges] == [2, 2]  # 2 struck back though 1 rolled first
    assert result.events[:2] == (Died(1, "wounds"), Died(2, "wounds"))
    assert [e.character for e in result.spilled] == [1, 2]  # what they carried fell
    assert not any(c.alive for c in result.characters)
    assert result.over


def test_ruling_bleeding_uses_health_at_round_start() -> None:
    # 1 starts at 2, swallows 1 pill (3) and is hit for 1 (2): not raised to 3 -> bleeds to 1
    bleeder = with_pills(make(1, attack=1, defense=1, health=2), left=1)
    foe = make(2, attack=1, defense=1, health=3)
    dice = ScriptedDice({10: [9, 2]})  # the foe's attack 9 (T = 8), 1's defense 2
    result = resolve_round([bleeder, foe], duel_state(), {1: TakePills(1)}, dice)
    assert result.events == (PillsTaken(1, 1, 3), Bled(1, 1))
    assert [c.health for c in result.characters] == [1, 3]
    saved = resolve_round(
        [bleeder, foe], duel_state(), {1: TakePills(1)}, ScriptedDice({10: [2, 2]})
    )
    assert saved.characters[0].health == 3
    assert saved.events == (PillsTaken(1, 1, 3),)


def test_ruling_wound_gives_one_round_to_react() -> None:
    target, foe = make(1, attack=0, defense=0, health=3), make(2, attack=1, defense=1)
    # 1 attacks with no dice (2 defends with 1 die), then 2 attacks 1 (no defense dice)
    first = resolve_round([target, foe], duel_state(), {}, ScriptedDice({10: [2, 9]}))
    assert first.characters[0].health == 2 and first.events == ()
    second = resolve_round(first.characters, first.state, {}, ScriptedDice({10: [2, 2]}))
    assert second.characters[0].health == 1
    assert second.events == (Bled(1, 1),)
    assert second.round == second.state.round == 2


def three_with_one_at_zero(health: int = 0, left: int = 0) -> list[PoolCharacter]:
    return [
        with_pills(make(1, health=health), left=left),
        make(2, attack=1, defense=1),
        make(3, attack=1, defense=1),
    ]


def side_fight() -> FightState:
    """3 chose 2 (2 is bound, attacks 3); 1 chose 3."""
    return FightState(hall=1, initiative=(1, 2, 3), choices=(Choice(3, 2), Choice(1, 3)))


def test_ruling_at_zero_dies_if_still_zero_at_round_end() -> None:
    result = resolve_round(three_with_one_at_zero(), side_fight(), {}, ScriptedDice({10: [5] * 4}))
    assert result.actions == ((1, None), (2, Attack()), (3, Attack()))
    assert result.events[:1] == (Died(1, "unattended"),)
    assert result.events[1:] == result.spilled
    assert not result.characters[0].alive


def test_ruling_at_zero_pills_save_and_are_the_only_action() -> None:
    people = three_with_one_at_zero(left=2)
    result = resolve_round(people, side_fight(), {1: TakePills(1)}, ScriptedDice({10: [5] * 4}))
    assert result.events == (PillsTaken(1, 1, 1),)
    assert result.characters[0].alive and result.characters[0].health == 1
    for action in (Attack(), StandUp()):
        with refused(Code.INVALID_ACTION) as error:
            resolve_round(people, side_fight(), {1: action}, ScriptedDice())
        assert error.value.details["problem"] == ActionProblem.ONLY_PILLS


def test_ruling_fight_pills_only_from_left_pocket() -> None:
    hero = with_pills(make(1), left=0, right=5)
    assert hero.inventory.pack.pills == 5
    assert left_pocket_pills(hero) == 0
    with refused(Code.INVALID_ACTION) as error:
        resolve_round([hero, make(2)], duel_state(), {1: TakePills(1)}, ScriptedDice())
    assert error.value.details["problem"] == ActionProblem.NOT_ENOUGH_PILLS
    no_jacket = with_pills(make(1), left=4)
    no_jacket = replace(no_jacket, inventory=replace(no_jacket.inventory, jacket=False))
    assert left_pocket_pills(no_jacket) == 0


def test_ruling_several_pills_at_once_never_above_max() -> None:
    hero = with_pills(make(1, vitality=5, health=4), left=3)
    after = swallow(hero, 3)
    assert after.health == 5
    assert after.inventory.left_pocket == PocketContent()


def test_pill_count_must_be_positive() -> None:
    hero = with_pills(make(1), left=3)
    with refused(Code.INVALID_ACTION) as error:
        resolve_round([hero, make(2)], duel_state(), {1: TakePills(0)}, ScriptedDice())
    assert error.value.details == {
        "character": 1,
        "action": TakePills(0),
        "problem": ActionProblem.BAD_COUNT,
    }


def test_ruling_fallen_stands_up_spending_the_round_defense_zero() -> None:
    down = replace(make(1, attack=3, defense=5), fallen=True)
    foe = make(2, attack=2, defense=1)
    dice = ScriptedDice({10: [6, 7]})  # only the foe's attack: the fallen roll no defense
    result = resolve_round([down, foe], duel_state(), {}, dice)
    assert result.actions == ((1, StandUp()), (2, Attack()))
    (exchange,) = result.exchanges
    assert exchange.defense is None and exchange.damage == 2
    assert result.events == (StoodUp(1),)
    assert not result.characters[0].fallen
    assert dice.remaining(10) == 0


@pytest.mark.parametrize("action", [Attack(), TakePills(1)])
def test_ruling_fallen_only_stands_up(action: Attack | TakePills) -> None:
    down = with_pills(replace(make(1), fallen=True), left=2)
    with refused(Code.INVALID_ACTION) as error:
        resolve_round([down, make(2)], duel_state(), {1: action}, ScriptedDice())
    assert error.value.details["problem"] == ActionProblem.ONLY_STAND_UP


def test_stand_up_only_when_fallen() -> None:
    with refused(Code.INVALID_ACTION) as error:
        resolve_round([make(1), make(2)], duel_state(), {1: StandUp()}, ScriptedDice())
    assert error.value.details["problem"] == ActionProblem.NOT_FALLEN


def test_ruling_missing_action_attacks() -> None:
    result = resolve_round(
        [make(1, attack=1, defense=1), make(2, attack=1, defense=1)],
        duel_state(),
        {2: Attack()},
        ScriptedDice({10: [2, 2, 2, 2]}),
    )
    assert result.actions == ((1, Attack()), (2, Attack()))
    assert [(e.attacker, e.defender) for e in result.exchanges] == [(1, 2), (2, 1)]


def test_ruling_negative_results_in_a_round_drop_swords_then_fall() -> None:
    people = [make(n, attack=1, defense=1) for n in (1, 2, 3)]
    # 1 -> 3: 1 vs 5 (1 drops his sword); 2 -> 1: 5 vs 1 (falls); 3 -> 1: 5 vs 1 (nothing more)
    dice = ScriptedDice({10: [1, 5, 5, 1, 5, 1]})
    result = resolve_round(people, trio_on_one(), {}, dice)
    assert result.events == (WeaponDropped(1, Hand.RIGHT), Fell(1))
    assert result.dropped_swords == (WeaponDropped(1, Hand.RIGHT),)
    assert result.characters[0].fallen
    assert result.characters[0].inventory.swords_in_hand == 0


def test_dead_stay_dead_and_standing_up_needs_to_survive() -> None:
    down = replace(make(1, attack=0, defense=0, health=1), fallen=True)
    foe = make(2, attack=3, defense=1)
    result = resolve_round([down, foe], duel_state(), {}, ScriptedDice({10: [9, 9, 9]}))
    assert result.events[:1] == (Died(1, "wounds"),)
    assert result.events[1:] == result.spilled
    assert result.characters[0].fallen and not result.characters[0].alive


def test_characters_outside_the_fight_are_untouched() -> None:
    bystander = make(9, health=1)
    result = resolve_round(
        [bystander, make(1, attack=0, defense=0), make(2, attack=0, defense=0)],
        duel_state(),
        {},
        ScriptedDice(),
    )
    assert result.characters[0] is bystander
    assert [c.number for c in result.characters] == [9, 1, 2]


@pytest.mark.parametrize("who", [9, 3])
def test_actions_only_for_fighters_in_the_fight(who: int) -> None:
    people = [make(1), make(2), make(3, alive=False), make(9)]
    state = FightState(hall=1, initiative=(1, 2, 3), choices=(Choice(3, 1), Choice(2, 1)))
    with refused(Code.INVALID_ACTION) as error:
        resolve_round(people, state, {who: Attack()}, ScriptedDice())
    assert error.value.details["problem"] == ActionProblem.NOT_IN_FIGHT


def test_stale_target_must_be_replaced_first() -> None:
    people = three_with_one_at_zero()
    state = FightState(hall=1, initiative=(1, 2, 3), choices=(Choice(3, 1), Choice(2, 3)))
    with refused(Code.STALE_TARGET) as error:
        resolve_round(people, state, {}, ScriptedDice())
    assert error.value.details == {"fighter": 3, "target": 1}


def test_round_needs_choosing_over_and_fight_going_on() -> None:
    with refused(Code.CHOOSING_NOT_OVER):
        resolve_round([make(1), make(2)], FightState(1, (1, 2)), {}, ScriptedDice())
    with refused(Code.FIGHT_OVER):
        resolve_round([make(1), make(2, health=0)], duel_state(), {}, ScriptedDice())


def test_ruling_fight_ends_when_at_most_one_can_fight() -> None:
    a, b = make(1, attack=5, defense=1), make(2, attack=1, defense=1)
    result = resolve_round([a, b], duel_state(), {}, ScriptedDice({10: [9] * 5 + [2, 2, 2]}))
    assert result.characters[1].health == 0 and result.characters[1].alive
    assert result.over
    assert not resolve_round([a, make(2)], duel_state(), {}, ScriptedDice({10: [2] * 12})).over


def test_check_action_validates_a_choice_before_the_round() -> None:
    """What a bot asks when a button is pressed: the same checks as the round itself."""
    state = duel_state()
    able = {1, 2}
    hero = with_pills(make(1), left=2, right=5)
    assert check_action(hero, None, state, able) == Attack()
    assert check_action(hero, TakePills(2), state, able) == TakePills(2)
    with refused(Code.INVALID_ACTION) as error:
        check_action(hero, TakePills(3), state, able)  # the right pocket does not count
    assert error.value.details["problem"] == ActionProblem.NOT_ENOUGH_PILLS
    with refused(Code.STALE_TARGET):
        check_action(hero, Attack(), state, {1})
    down = replace(hero, fallen=True)
    assert check_action(down, None, state, able) == StandUp()
