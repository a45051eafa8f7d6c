"""The ``duel`` rule system (rulebook: duel): two fighters, 5 rolls of 1..(A+B), d100 dodges."""

from rules.duel.character import DEFAULT_HP, DuelCharacter, new_character, restore_hp
from rules.duel.duel import (
    Choice,
    Duel,
    DuelStatus,
    EndReason,
    choose,
    play_round,
    start_duel,
    time_out,
)
from rules.duel.round import ActionRoll, DodgeRoll, RoundResult, Side, duel_round

__all__ = [
    "DEFAULT_HP",
    "ActionRoll",
    "Choice",
    "DodgeRoll",
    "Duel",
    "DuelCharacter",
    "DuelStatus",
    "EndReason",
    "RoundResult",
    "Side",
    "choose",
    "duel_round",
    "new_character",
    "play_round",
    "restore_hp",
    "start_duel",
    "time_out",
]
