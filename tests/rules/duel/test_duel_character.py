"""rulebook: duel / Character: name, HP (default 30), agility 0-100, skills >= 1; restore_hp."""

from __future__ import annotations

import pytest

from rules.duel import DEFAULT_HP, DuelCharacter, new_character, restore_hp
from rules.errors import Code, RuleError
from tests.refusals import refused


def test_ruling_duel_character_hp_defaults_to_30() -> None:
    bronn = new_character("Бронн", {"пеший": 8})
    assert DEFAULT_HP == 30
    assert (bronn.hp, bronn.max_hp, bronn.agility, bronn.dead) == (30, 30, 0, False)


def test_ruling_duel_character_has_one_or_more_named_skills() -> None:
    sandor = new_character("Сандор", {"пеший": 9, "конный": 6}, hp=40, agility=15)
    assert sandor.skill("пеший") == 9
    assert sandor.skill("конный") == 6
    assert (sandor.hp, sandor.max_hp, sandor.agility) == (40, 40, 15)
    with refused(Code.UNKNOWN_SKILL) as caught:
        sandor.skill("морской")
    assert caught.value.details == {"name": "Сандор", "skill": "морской"}
    with refused(Code.NO_SKILLS):
        new_character("Никто", {})


@pytest.mark.parametrize("value", [0, -1])
def test_ruling_duel_skill_is_a_whole_number_at_least_1(value: int) -> None:
    with refused(Code.INVALID_SKILL) as caught:
        new_character("X", {"пеший": value})
    assert caught.value.details == {"skill": "пеший", "value": value}
    assert isinstance(caught.value, RuleError)


def test_duel_skill_names_must_be_non_empty_and_unique() -> None:
    with refused(Code.INVALID_SKILL):
        new_character("X", {" ": 3})
    with refused(Code.INVALID_SKILL):
        DuelCharacter("X", (("пеший", 3), ("пеший", 4)))


@pytest.mark.parametrize("agility", [0, 1, 50, 100])
def test_ruling_duel_agility_is_a_percentage_0_to_100(agility: int) -> None:
    assert new_character("X", {"s": 1}, agility=agility).agility == agility


@pytest.mark.parametrize("agility", [-1, 101])
def test_ruling_duel_agility_outside_0_to_100_is_refused(agility: int) -> None:
    with refused(Code.INVALID_AGILITY) as caught:
        new_character("X", {"s": 1}, agility=agility)
    assert caught.value.details["agility"] == agility


def test_duel_character_needs_a_name_and_sane_hp() -> None:
    with refused(Code.INVALID_NAME):
        new_character("  ", {"s": 1})
    with refused(Code.INVALID_HP):
        new_character("X", {"s": 1}, hp=0)
    with refused(Code.INVALID_HP):
        DuelCharacter("X", (("s", 1),), hp=31, max_hp=30)


def test_ruling_duel_admins_restore_hp() -> None:
    hurt = DuelCharacter("X", (("s", 5),), hp=-4, max_hp=30)
    assert restore_hp(hurt).hp == 30
    assert restore_hp(hurt, 20).hp == 20
    with refused(Code.INVALID_HP):
        restore_hp(hurt, 0)
    with refused(Code.INVALID_HP):
        restore_hp(hurt, 31)


def test_duel_the_dead_cannot_be_restored() -> None:
    dead = DuelCharacter("X", (("s", 5),), hp=-4, max_hp=30, dead=True)
    assert not dead.can_fight
    with refused(Code.DEAD_CHARACTER):
        restore_hp(dead)
