"""rulebook: d20 / Character and checks: class HP, AC 12, DC1 11-20, DC2 17-20, DC3 20."""

from __future__ import annotations

import pytest

from rules.d20 import (
    ARMOUR_CLASS,
    CharacterClass,
    D20Character,
    Difficulty,
    check,
    check_succeeds,
    new_character,
)
from rules.dice import ScriptedDice
from rules.errors import Code
from tests.refusals import refused


@pytest.mark.parametrize(
    ("character_class", "hp"),
    [
        (CharacterClass.WARLOCK, 12),
        (CharacterClass.WIZARD, 12),
        (CharacterClass.CLERIC, 16),
        (CharacterClass.MONK, 16),
        (CharacterClass.FIGHTER, 20),
        (CharacterClass.PALADIN, 20),
        (CharacterClass.RANGER, 20),
        (CharacterClass.BARBARIAN, 22),
    ],
)
def test_ruling_d20_hp_by_class(character_class: CharacterClass, hp: int) -> None:
    character = new_character("Догвор", character_class)
    assert character.hp == character.max_hp == hp
    assert character.standing and not character.fallen and not character.dead


@pytest.mark.parametrize("character_class", list(CharacterClass))
def test_ruling_d20_armour_class_is_12_for_everyone(character_class: CharacterClass) -> None:
    assert ARMOUR_CLASS == 12
    assert new_character("X", character_class).armour_class == 12


def test_d20_character_validation() -> None:
    with refused(Code.INVALID_NAME):
        new_character(" ", CharacterClass.MONK)
    with refused(Code.INVALID_HP) as caught:
        D20Character("X", CharacterClass.WIZARD, 13)
    assert caught.value.details == {"hp": 13, "max_hp": 12}
    with refused(Code.INVALID_HP):
        D20Character("X", CharacterClass.WIZARD, -1)
    assert D20Character("X", CharacterClass.WIZARD, 0).fallen


@pytest.mark.parametrize("die", range(1, 21))
def test_ruling_d20_check_dc1_succeeds_on_11_to_20(die: int) -> None:
    assert check_succeeds(Difficulty.DC1, die) is (die >= 11)


@pytest.mark.parametrize("die", range(1, 21))
def test_ruling_d20_check_dc2_succeeds_on_17_to_20(die: int) -> None:
    assert check_succeeds(Difficulty.DC2, die) is (die >= 17)


@pytest.mark.parametrize("die", range(1, 21))
def test_ruling_d20_check_dc3_succeeds_on_20_only(die: int) -> None:
    assert check_succeeds(Difficulty.DC3, die) is (die == 20)


def test_d20_check_rolls_one_d20() -> None:
    dice = ScriptedDice({20: [16, 17]})
    first, second = check(Difficulty.DC2, dice), check(Difficulty.DC2, dice)
    assert (first.die, first.success) == (16, False)
    assert (second.die, second.success, second.difficulty) == (17, True, Difficulty.DC2)
    with refused(Code.INVALID_DIE):
        check_succeeds(Difficulty.DC1, 21)
