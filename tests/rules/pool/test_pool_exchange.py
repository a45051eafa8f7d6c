"""One attack against one defense (rulebook: pool / Dice pool roll)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from pool_helpers import make

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.exchange import (
    Exchange,
    Fell,
    Unable,
    WeaponDropped,
    attack_dice,
    defense_dice,
    mishap,
    resolve_exchange,
    roll_exchange,
)
from rules.pool.health import Died
from rules.pool.model import Hand, Item, PoolCharacter
from rules.pool.roll import PoolRoll
from tests.refusals import refused


def two_swords(character: PoolCharacter) -> PoolCharacter:
    return replace(character, inventory=replace(character.inventory, left_hand=Item.SWORD))


def unarmed(character: PoolCharacter) -> PoolCharacter:
    return replace(character, inventory=replace(character.inventory, right_hand=None))


def test_seed_example_attack_two_vs_defense_one_deals_one() -> None:
    vasya, petya = make(1, attack=5), make(2, defense=2, vitality=6)
    dice = ScriptedDice({10: [4, 6, 7, 1, 10, 6, 2]})
    result = resolve_exchange(vasya, petya, dice)
    assert result.exchange.attack.successes == 2
    assert result.exchange.defense == PoolRoll((6, 2), 6)
    assert result.damage == 1 and result.exchange.hit
    assert result.defender.health == 5
    assert result.events == ()


@pytest.mark.parametrize("defense", [[6, 7], [6, 7, 10]])
def test_seed_example_defense_two_or_more_misses(defense: list[int]) -> None:
    vasya, petya = make(1, attack=5), make(2, defense=len(defense))
    dice = ScriptedDice({10: [4, 6, 7, 1, 10, *defense]})
    result = resolve_exchange(vasya, petya, dice)
    assert result.damage == 0 and not result.exchange.hit
    assert result.defender == petya


def test_ruling_attack_roll_uses_attack_dice() -> None:
    hero = make(attack=4)
    assert attack_dice(hero) == 4
    exchange = roll_exchange(hero, make(2, defense=1), ScriptedDice({10: [2, 2, 2, 2, 2]}))
    assert len(exchange.attack.dice) == 4
    assert exchange.defense is not None and len(exchange.defense.dice) == 1


def test_ruling_defense_plus_one_die_with_a_sword_in_each_hand() -> None:
    one = make(defense=3)
    assert defense_dice(one) == 3
    assert defense_dice(two_swords(one)) == 4
    assert defense_dice(unarmed(one)) == 3


def test_ruling_penalty_raises_threshold_for_attack_and_defense_alike() -> None:
    attacker = make(1, attack=2, health=4)  # wounds: penalty 1
    defender = unarmed(make(2, defense=2))  # no sword: penalty 2
    exchange = roll_exchange(attacker, defender, ScriptedDice({10: [6, 7, 7, 8]}))
    assert exchange.attack == PoolRoll((6, 7), 7)
    assert exchange.defense == PoolRoll((7, 8), 8)
    assert (exchange.attack.successes, exchange.defense_successes, exchange.damage) == (1, 1, 0)


def test_ruling_negative_attack_counts_zero_and_drops_the_sword() -> None:
    attacker, defender = make(1, attack=2), make(2, defense=1)
    result = resolve_exchange(attacker, defender, ScriptedDice({10: [1, 3, 2]}))
    assert result.exchange.attack.negative and result.exchange.attack.successes == 0
    assert result.events == (WeaponDropped(1, Hand.RIGHT),)
    assert result.attacker.inventory.right_hand is None
    assert result.exchange.negatives == (1,)


def test_ruling_negative_defense_drops_a_sword_left_one_of_two() -> None:
    attacker, defender = make(1, attack=1), two_swords(make(2, defense=1))
    result = resolve_exchange(attacker, defender, ScriptedDice({10: [3, 1, 1]}))
    assert result.events == (WeaponDropped(2, Hand.LEFT),)
    assert result.defender.inventory.left_hand is None
    assert result.defender.inventory.right_hand == Item.SWORD


def test_sword_in_left_hand_only_is_the_one_dropped() -> None:
    hero = make()
    lefty = replace(hero, inventory=replace(hero.inventory, left_hand=Item.SWORD, right_hand=None))
    after, events = mishap(lefty)
    assert events == (WeaponDropped(1, Hand.LEFT),)
    assert after.inventory.swords_in_hand == 0


def test_ruling_unarmed_negative_result_falls_instead() -> None:
    attacker = unarmed(make(1, attack=1))
    result = resolve_exchange(attacker, make(2, defense=1), ScriptedDice({10: [1, 5]}))
    assert result.events == (Fell(1),)
    assert result.attacker.fallen


def test_already_fallen_unarmed_suffers_nothing_more() -> None:
    down = replace(unarmed(make()), fallen=True)
    assert mishap(down) == (down, ())


def test_ruling_fallen_cannot_attack() -> None:
    with refused(Code.CANNOT_ATTACK) as error:
        roll_exchange(replace(make(1), fallen=True), make(2), ScriptedDice())
    assert error.value.details == {"character": 1, "reason": Unable.FALLEN}


def test_ruling_fallen_defense_counts_zero_without_a_roll() -> None:
    defender = replace(make(2, defense=9), fallen=True)
    dice = ScriptedDice({10: [6, 6, 2]})
    result = resolve_exchange(make(1, attack=3), defender, dice)
    assert result.exchange.defense is None
    assert result.exchange.defense_successes == 0
    assert result.damage == 2
    assert dice.remaining(10) == 0


def test_defender_at_zero_does_not_roll_and_dies_from_any_hit() -> None:
    defender = make(2, health=0)
    result = resolve_exchange(make(1, attack=1), defender, ScriptedDice({10: [9]}))
    assert result.exchange.defense is None
    assert result.defender.health == -1 and not result.defender.alive
    assert result.events == (Died(2, "wounds"),)


def test_ruling_health_below_zero_is_dead_at_once() -> None:
    result = resolve_exchange(
        make(1, attack=3), make(2, health=1, defense=0), ScriptedDice({10: [9, 9, 9]})
    )
    assert result.defender.health == -2
    assert not result.defender.alive
    assert result.events == (Died(2, "wounds"),)


def test_both_rolls_negative_both_suffer_attacker_first() -> None:
    result = resolve_exchange(
        make(1, attack=1), unarmed(make(2, defense=1)), ScriptedDice({10: [1, 1]})
    )
    assert result.events == (WeaponDropped(1, Hand.RIGHT), Fell(2))
    assert result.exchange.negatives == (1, 2)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"alive": False}, Unable.DEAD),
        ({"health": 0}, Unable.NO_HEALTH),
        ({"asleep": True}, Unable.ASLEEP),
    ],
)
def test_who_cannot_attack(change: dict[str, Any], reason: Unable) -> None:
    with refused(Code.CANNOT_ATTACK) as error:
        roll_exchange(replace(make(1), **change), make(2), ScriptedDice())
    assert error.value.details["reason"] == reason


@pytest.mark.parametrize(
    ("defender", "reason"),
    [
        (make(1), Unable.SELF),
        (make(2, alive=False), Unable.DEAD),
        (make(2, asleep=True), Unable.ASLEEP),
    ],
)
def test_who_cannot_be_attacked(defender: PoolCharacter, reason: Unable) -> None:
    with refused(Code.CANNOT_BE_ATTACKED) as error:
        roll_exchange(make(1), defender, ScriptedDice())
    assert error.value.details == {"character": defender.number, "reason": reason}


def test_exchange_without_defense_roll_has_no_defender_negative() -> None:
    exchange = Exchange(1, 2, PoolRoll((6,), 6), None)
    assert exchange.negatives == () and exchange.damage == 1
