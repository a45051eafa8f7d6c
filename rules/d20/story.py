"""Which story tells a d20 outcome and which variant comes next (rulebook: d20 / Narrative).

A story family is named by the kind of action, the outcome (hits by the seed's damage bands),
what the outcome did, and, for blocks, by who defends against whom: a heavy fighter takes a
blow on armour, an agile one parries, a slight one slips aside rather than meet an axe, an
arcane caster raises a ward; against a heavier attacker a partial block gives way. What it did:
a blow that fells its target has its own family for each band (``-fall``: the target goes
down, and no turn is lost by one who has fallen), apart from the blows that leave the target
standing (a 19's family, ``stun``, tells of the turn it takes); a critical against a target
already at 1 HP takes nothing and has its own family too (``-spent``). A healing spell's
family follows its band, but one that raises a fallen ally is told apart (``buff-rise``), and
so is one that finds its target unhurt, at full HP (``buff-whole``). So every line of a
family is true of every outcome it tells. Every family has :data:`VARIANTS` lines in the
locale. Within a battle a family's variants are told each once before any comes again
(:func:`tell`); the battle keeps what it has told. Nothing here holds text.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.d20.actions import AttackReport
from rules.d20.character import CharacterClass, D20Character
from rules.d20.race import RACE_BULK
from rules.d20.table import AttackKind, Outcome

VARIANTS = 8
"""Variants of every story family (the locale holds exactly these, numbered 1..8)."""

_COMMON = ("fumble", "ally", "self", "miss", "dodge", "hit-minor", "hit-light", "hit-medium")
_STRONG = ("heavy", "stun", "crit", "finish")
_FALLS = ("hit-minor-fall", "hit-light-fall", "hit-medium-fall", "heavy-fall", "crit-spent")
FAMILIES: tuple[str, ...] = (
    *(f"phys-{name}" for name in (*_COMMON, *_STRONG, *_FALLS)),
    *(f"phys-block-{who}" for who in ("heavy", "agile", "evade", "ward")),
    *(f"phys-partial-{who}" for who in ("heavy", "agile", "ward", "through")),
    *(f"magic-{name}" for name in (*_COMMON, *_STRONG, *_FALLS)),
    *(f"magic-{name}-{who}" for name in ("block", "partial") for who in ("ward", "resist")),
    *(f"buff-{name}" for name in ("fumble", "none", "miss", "slip", "block", "partial")),
    *(f"buff-{name}" for name in ("hit", "heavy", "stun", "crit", "rise", "whole")),
)
"""Every story family :func:`story_key` and :func:`finish_key` can name."""

Told = Mapping[str, tuple[int, ...]]

CLASS_BULK: dict[CharacterClass, int] = {
    CharacterClass.WARLOCK: 0,
    CharacterClass.WIZARD: 0,
    CharacterClass.CLERIC: 1,
    CharacterClass.MONK: 1,
    CharacterClass.RANGER: 1,
    CharacterClass.FIGHTER: 2,
    CharacterClass.PALADIN: 2,
    CharacterClass.BARBARIAN: 2,
}
ARCANE = frozenset({CharacterClass.WARLOCK, CharacterClass.WIZARD})
SPELLCASTERS = ARCANE | {CharacterClass.CLERIC}
PREFIX = {AttackKind.PHYSICAL: "phys", AttackKind.MAGIC: "magic", AttackKind.BUFF: "buff"}
NAMES = {
    Outcome.FUMBLE: "fumble",
    Outcome.ALLY_HIT: "ally",
    Outcome.SELF_HIT: "self",
    Outcome.NO_EFFECT: "none",
    Outcome.MISS: "miss",
    Outcome.DODGE: "dodge",
    Outcome.BLOCK: "block",
    Outcome.PARTIAL_BLOCK: "partial",
    Outcome.HIT: "hit",
    Outcome.HEAVY_HIT: "heavy",
    Outcome.STUN_HIT: "stun",
    Outcome.CRITICAL: "crit",
}
BUFF_NAMES = {Outcome.DODGE: "slip"}
HIT_BANDS = ((2, "minor"), (4, "light"), (6, "medium"))  # the seed's 1-2, 3-4, 5-6


def bulk(character: D20Character) -> int:
    """0 slight, 1 middling, 2 massive: the class's build shifted by the race, if told."""
    shift = 0 if character.race is None else RACE_BULK[character.race]
    return min(max(CLASS_BULK[character.character_class] + shift, 0), 2)


def _defence(
    kind: AttackKind, outcome: Outcome, attacker: D20Character, target: D20Character
) -> str:
    """How ``target`` meets a blow or a spell that they block, fully or in part."""
    if kind is AttackKind.MAGIC:
        return "ward" if target.character_class in SPELLCASTERS else "resist"
    if outcome is Outcome.PARTIAL_BLOCK and bulk(attacker) > bulk(target):
        return "through"  # a heavier attacker breaks through the half-made block
    if target.character_class in ARCANE:
        return "ward"
    if outcome is Outcome.PARTIAL_BLOCK:  # half a dodge or half a parry read alike
        return ("agile", "agile", "heavy")[bulk(target)]
    return ("evade", "agile", "heavy")[bulk(target)]


def story_key(report: AttackReport, attacker: D20Character, target: D20Character) -> str:
    """The story family of an attack, e.g. ``phys-block-evade``, ``magic-hit-light``,
    ``phys-heavy-fall`` (an 18 or a 19 that felled the target) or ``phys-crit-spent``.

    ``attacker`` and ``target`` are as they were before the attack (their build decides a
    block's story); ``report`` says what the attack did.
    """
    effect = report.effect
    kind, outcome = effect.kind, effect.outcome
    if kind is AttackKind.BUFF:
        if report.rose:
            return f"{PREFIX[kind]}-rise"  # a fallen ally healed to their feet
        if report.healed and report.hp_before == report.hp_after:
            return f"{PREFIX[kind]}-whole"  # already at full: nothing to mend
        return f"{PREFIX[kind]}-{BUFF_NAMES.get(outcome, NAMES[outcome])}"
    name = f"{PREFIX[kind]}-{NAMES[outcome]}"
    if outcome is Outcome.HIT:
        name += "-" + next(band for top, band in HIT_BANDS if effect.target_damage <= top)
    if outcome is Outcome.STUN_HIT and report.fell:
        name = f"{PREFIX[kind]}-{NAMES[Outcome.HEAVY_HIT]}"  # no turn to lose: 7 that fells
    if outcome in (Outcome.HIT, Outcome.HEAVY_HIT, Outcome.STUN_HIT) and report.fell:
        return name + "-fall"
    if outcome is Outcome.CRITICAL and report.hp_before == report.hp_after:
        return name + "-spent"  # already at 1: a critical never goes below it
    if outcome in (Outcome.BLOCK, Outcome.PARTIAL_BLOCK):
        return name + "-" + _defence(kind, outcome, attacker, target)
    return name


def finish_key(kind: AttackKind) -> str:
    """The story family of finishing a fallen enemy off by a blow or a spell."""
    return f"{PREFIX[kind]}-finish"


def tell(told: Told, key: str, seed: int) -> tuple[int, dict[str, tuple[int, ...]]]:
    """The variant (0-based) of family ``key`` to tell now, and what the battle has told since.

    The variant is one not told yet in this battle, chosen by ``seed`` among those left (the
    d20's index in the game's dice, so the choice can be replayed). Once all are told the
    family starts afresh, never with the one told last.
    """
    used = told.get(key, ())
    if len(used) >= VARIANTS:
        used = used[-1:]
        left = [index for index in range(VARIANTS) if index not in used]
        chosen = left[seed % len(left)]
        return chosen, {**told, key: (chosen,)}
    left = [index for index in range(VARIANTS) if index not in used]
    chosen = left[seed % len(left)]
    return chosen, {**told, key: (*used, chosen)}
