"""The ``d20`` rule system (rulebook: d20): a d20 outcome table, class HP, difficulty checks."""

from rules.d20.actions import AttackReport, FinishReport, attack, finish
from rules.d20.battle import (
    Battle,
    BattleStatus,
    Combatant,
    end_turn,
    narrate,
    start_battle,
)
from rules.d20.character import (
    ARMOUR_CLASS,
    CLASS_HP,
    CharacterClass,
    D20Character,
    new_character,
)
from rules.d20.checks import CHECK_MINIMUM, CheckResult, Difficulty, check, check_succeeds
from rules.d20.table import AttackEffect, AttackKind, Outcome, attack_effect, critical_hp

__all__ = [
    "ARMOUR_CLASS",
    "CHECK_MINIMUM",
    "CLASS_HP",
    "AttackEffect",
    "AttackKind",
    "AttackReport",
    "Battle",
    "BattleStatus",
    "CharacterClass",
    "CheckResult",
    "Combatant",
    "D20Character",
    "Difficulty",
    "FinishReport",
    "Outcome",
    "attack",
    "attack_effect",
    "check",
    "check_succeeds",
    "critical_hp",
    "end_turn",
    "finish",
    "narrate",
    "new_character",
    "start_battle",
]
