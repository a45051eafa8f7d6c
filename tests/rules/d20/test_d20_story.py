"""Class actions, races and the story families of d20 outcomes (rulebook: d20 / Class actions,
Race, Narrative)."""

from __future__ import annotations

import pytest

from rules.d20 import (
    FAMILIES,
    VARIANTS,
    AttackEffect,
    AttackKind,
    AttackReport,
    CharacterClass,
    D20Character,
    Race,
    actions_of,
    attack,
    attack_effect,
    check_action,
    finish_key,
    finishing_of,
    new_character,
    start_battle,
    story_key,
    tell,
)
from rules.d20.table import target_hp_after
from rules.dice import ScriptedDice
from rules.errors import Code, RuleError

PHYSICAL, MAGIC, BUFF = AttackKind.PHYSICAL, AttackKind.MAGIC, AttackKind.BUFF


def test_ruling_martial_classes_strike_and_cast_nothing() -> None:
    for martial in (CharacterClass.FIGHTER, CharacterClass.BARBARIAN, CharacterClass.MONK):
        assert actions_of(martial) == (PHYSICAL,)
        assert finishing_of(martial) == (PHYSICAL,)
        with pytest.raises(RuleError) as caught:
            check_action("Грох", martial, MAGIC)
        assert caught.value.code is Code.ACTION_UNAVAILABLE


def test_ruling_only_clerics_and_paladins_heal() -> None:
    assert actions_of(CharacterClass.WIZARD) == (MAGIC,)  # a wizard does not heal
    assert finishing_of(CharacterClass.WIZARD) == (MAGIC,)
    assert actions_of(CharacterClass.CLERIC) == (PHYSICAL, MAGIC, BUFF)
    assert actions_of(CharacterClass.WARLOCK) == (PHYSICAL, MAGIC)
    assert actions_of(CharacterClass.PALADIN) == (PHYSICAL, BUFF)
    assert actions_of(CharacterClass.RANGER) == (PHYSICAL, MAGIC)
    with pytest.raises(RuleError):
        check_action("Гэндальф", CharacterClass.WIZARD, PHYSICAL)


def test_ruling_the_game_may_allow_every_action_to_every_class() -> None:
    assert actions_of(CharacterClass.BARBARIAN, any_action=True) == (PHYSICAL, MAGIC, BUFF)
    check_action("Грох", CharacterClass.BARBARIAN, MAGIC, any_action=True)  # no refusal


def test_race_is_optional_and_other_needs_its_word() -> None:
    assert new_character("Мира", CharacterClass.RANGER).race is None
    elf = new_character("Мира", CharacterClass.RANGER, Race.ELF)
    assert elf.race is Race.ELF and elf.race_text == ""
    assert new_character("Ы", CharacterClass.MONK, Race.OTHER, "кенку").race_text == "кенку"
    for race, text in ((Race.OTHER, " "), (Race.OTHER, "к" * 25), (Race.ELF, "кенку")):
        with pytest.raises(RuleError) as caught:
            new_character("Ы", CharacterClass.MONK, race, text)
        assert caught.value.code is Code.INVALID_RACE


def _report(effect: AttackEffect, attacker: D20Character, target: D20Character) -> AttackReport:
    """What ``effect`` does to ``target`` at their HP (misfires strike no target)."""
    hit = effect.critical or effect.target_damage > 0 or effect.heal > 0
    after = target_hp_after(effect, target.hp, target.max_hp) if hit else None
    struck, before = (target.name, target.hp) if hit else (None, None)
    return AttackReport(attacker.name, target.name, effect, struck, before, after, None, ())


def _key(die: int, kind: AttackKind, attacker: D20Character, target: D20Character) -> str:
    return story_key(
        _report(attack_effect(die, kind, has_ally=True), attacker, target), attacker, target
    )


def test_ruling_a_slight_defender_slips_aside_rather_than_block_a_heavy_blow() -> None:
    """The seed's example: an elf mage does not stop a half-orc barbarian's axe with a staff."""
    orc = new_character("Грох", CharacterClass.BARBARIAN, Race.HALF_ORC)
    mage = new_character("Лиэль", CharacterClass.WIZARD, Race.ELF)
    halfling = new_character("Пин", CharacterClass.MONK, Race.HALFLING)
    dwarf = new_character("Торин", CharacterClass.CLERIC, Race.DWARF)
    fighter = new_character("Борс", CharacterClass.FIGHTER)
    assert _key(8, PHYSICAL, orc, mage) == "phys-block-ward"
    assert _key(8, PHYSICAL, orc, halfling) == "phys-block-evade"
    assert _key(8, PHYSICAL, orc, dwarf) == "phys-block-heavy"
    assert _key(8, PHYSICAL, orc, new_character("Ли", CharacterClass.MONK)) == "phys-block-agile"
    assert _key(8, PHYSICAL, halfling, fighter) == "phys-block-heavy"
    # A heavier attacker breaks through a partial block; an equal one does not.
    assert _key(10, PHYSICAL, orc, halfling) == "phys-partial-through"
    assert _key(10, PHYSICAL, orc, fighter) == "phys-partial-heavy"
    assert _key(10, PHYSICAL, halfling, fighter) == "phys-partial-heavy"
    # Spells: casters counter them, the others resist.
    assert _key(8, MAGIC, mage, dwarf) == "magic-block-ward"
    assert _key(10, MAGIC, mage, orc) == "magic-partial-resist"


def test_ruling_hits_tell_the_seed_damage_bands() -> None:
    a, b = new_character("А", CharacterClass.FIGHTER), new_character("Б", CharacterClass.MONK)
    bands = {12: "minor", 13: "minor", 14: "light", 15: "light", 16: "medium", 17: "medium"}
    for die, band in bands.items():
        assert _key(die, MAGIC, a, b) == f"magic-hit-{band}"
    assert _key(20, PHYSICAL, a, b) == "phys-crit"
    assert _key(6, BUFF, a, b) == "buff-slip"
    assert _key(2, BUFF, a, b) == "buff-none"


def _duel(target_hp: int) -> tuple[D20Character, D20Character]:
    """A fighter and a monk at ``target_hp`` of 16."""
    return new_character("А", CharacterClass.FIGHTER), D20Character(
        "Б", CharacterClass.MONK, target_hp
    )


@pytest.mark.parametrize(
    ("die", "hp", "family"),
    [
        (13, 3, "hit-minor"),  # 3 → 1: still up
        (13, 2, "hit-minor-fall"),  # 2 → 0
        (12, 1, "hit-minor-fall"),
        (15, 4, "hit-light-fall"),
        (17, 6, "hit-medium-fall"),
        (16, 9, "hit-medium"),
        (18, 8, "heavy"),
        (18, 7, "heavy-fall"),
        (19, 8, "stun"),  # 8 → 1: up, and the next turn is lost
        (19, 7, "heavy-fall"),  # 7 → 0: fallen, no turn to lose, told as the 7 that fells
        (20, 16, "crit"),  # 16 → 8
        (20, 5, "crit"),  # 5 → 1
        (20, 2, "crit"),  # 2 → 1
        (20, 1, "crit-spent"),  # 1 → 1: nothing left to take
    ],
)
def test_ruling_the_family_knows_what_the_blow_did(die: int, hp: int, family: str) -> None:
    """rulebook: d20 / Narrative: a blow that fells is told apart from one that leaves the
    target standing; a critical that takes nothing is not told as a terrible wound."""
    attacker, target = _duel(hp)
    for kind, stem in ((PHYSICAL, "phys"), (MAGIC, "magic")):
        assert _key(die, kind, attacker, target) == f"{stem}-{family}"


@pytest.mark.parametrize("seed", [0, 1, 5, 13])
def test_ruling_no_variant_comes_again_before_the_others_are_told(seed: int) -> None:
    told: dict[str, tuple[int, ...]] = {"other": (3,)}
    first = []
    for step in range(VARIANTS):
        index, told = tell(told, "phys-crit", seed + step * 7)
        first.append(index)
    assert sorted(first) == list(range(VARIANTS))
    assert told["other"] == (3,)  # another family keeps its own count
    again, told = tell(told, "phys-crit", seed)
    assert again != first[-1]  # afresh, but not the line just told
    assert told["phys-crit"] == (again,)


def test_every_outcome_of_every_pair_has_a_listed_family() -> None:
    fighters = [
        new_character("А", character_class, race)
        for character_class in CharacterClass
        for race in (None, *Race)
        if race is not Race.OTHER
    ]
    seen = set()
    for kind in AttackKind:
        for die in range(1, 21):
            for has_ally in (True, False):
                effect = attack_effect(die, kind, has_ally=has_ally)
                for attacker in fighters:
                    for target in fighters:
                        seen.add(story_key(_report(effect, attacker, target), attacker, target))
    for hp in range(1, 17):  # what a blow does at each HP: falls, stands, a spent critical
        for die in range(1, 21):
            for kind in (PHYSICAL, MAGIC):
                attacker, target = _duel(hp)
                battle = start_battle([(attacker, "a"), (target, "b")], ScriptedDice({20: [2, 1]}))
                _, report = attack(battle, "А", "Б", kind, ScriptedDice({20: [die]}))
                seen.add(story_key(report, attacker, target))
    for die in range(12, 21):  # a heal of a hurt ally, and one that raises a fallen ally
        cleric, hurt = new_character("А", CharacterClass.CLERIC), _duel(1)[1]
        seen.add(_key(die, BUFF, cleric, D20Character(hurt.name, hurt.character_class, 1)))
        cleric, fallen = new_character("А", CharacterClass.CLERIC), _duel(1)[1]
        fallen = D20Character(fallen.name, fallen.character_class, 0)
        seen.add(_key(die, BUFF, cleric, fallen))
    seen |= {finish_key(PHYSICAL), finish_key(MAGIC)}
    assert seen == set(FAMILIES)  # each listed family is reachable too
