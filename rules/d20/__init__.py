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
from rules.d20.classes import CLASS_ACTIONS, actions_of, check_action, finishing_of
from rules.d20.race import RACE_TEXT_MAX, Race
from rules.d20.story import FAMILIES, VARIANTS, finish_key, story_key, tell
from rules.d20.table import AttackEffect, AttackKind, Outcome, attack_effect, critical_hp

__all__ = [
    "ARMOUR_CLASS",
    "CHECK_MINIMUM",
    "CLASS_ACTIONS",
    "CLASS_HP",
    "FAMILIES",
    "RACE_TEXT_MAX",
    "VARIANTS",
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
    "Race",
    "actions_of",
    "attack",
    "attack_effect",
    "check",
    "check_action",
    "check_succeeds",
    "critical_hp",
    "end_turn",
    "finish",
    "finish_key",
    "finishing_of",
    "narrate",
    "new_character",
    "start_battle",
    "story_key",
    "tell",
]
