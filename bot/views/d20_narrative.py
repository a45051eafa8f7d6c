"""Picking and rendering the narrative line of a d20 outcome.

The variant is chosen deterministically, with no extra die: for an attack it is the index of
its d20 in the game's verifiable dice (logged with the roll, so anyone can replay the choice);
for a finishing blow, which rolls nothing, it is the battle's step.
"""

from __future__ import annotations

from bot.i18n import Html, L10n
from bot.views.d20_variants import (
    ANY,
    BUFF,
    CLASS_FAMILY,
    FINISH,
    HIT_LIGHT,
    HIT_MEDIUM,
    HIT_MINOR,
    VARIANTS,
)
from bot.views.grammar import MASCULINE
from rules.d20 import AttackKind, CharacterClass, Outcome

SPLIT_BY_TARGET = (Outcome.BLOCK, Outcome.PARTIAL_BLOCK)


def family_key(
    kind: AttackKind, outcome: Outcome, target_class: CharacterClass, damage: int = 0
) -> tuple[AttackKind, str, str]:
    """The VARIANTS key of an outcome: kind, outcome (hits by damage band) and class family."""
    if kind is BUFF:
        return kind, outcome.value, ANY
    name = outcome.value
    if outcome is Outcome.HIT:
        name = HIT_MINOR if damage <= 2 else HIT_LIGHT if damage <= 4 else HIT_MEDIUM
    family = CLASS_FAMILY[target_class] if outcome in SPLIT_BY_TARGET else ANY
    return kind, name, family


def finish_key(kind: AttackKind) -> tuple[AttackKind, str, str]:
    return kind, FINISH, ANY


def variant_id(key: tuple[AttackKind, str, str], index: int) -> str:
    variants = VARIANTS[key]
    return variants[index % len(variants)]


def narrative(
    l10n: L10n,
    msg_id: str,
    attacker: str,
    target: str,
    ally: str = "",
    *,
    self_target: bool = False,
    attacker_gender: str = MASCULINE,
    target_gender: str = MASCULINE,
) -> str:
    """One narrative line, names filled in (escaped), words agreeing with each one's gender.
    A buff on oneself names "the caster"."""
    if self_target:
        target = Html(l10n.text("d20-narrative-self", gender=attacker_gender))
        target_gender = attacker_gender
    return l10n.text(
        msg_id,
        attacker=attacker,
        target=target,
        ally=ally,
        attacker_gender=attacker_gender,
        target_gender=target_gender,
    )
