"""A ``d20`` character's optional race (rulebook: d20 / Race): only the narrative reads it.

A race changes no number of the table. It tells the story how a character takes a blow: a
halfling slips aside where a half-orc would take it on the shield.
"""

from __future__ import annotations

from enum import StrEnum

from rules.errors import Code, RuleError

RACE_TEXT_MAX = 24
"""The longest free-text race (``Race.OTHER``), in characters."""


class Race(StrEnum):
    """The short list offered at creation; ``OTHER`` carries the player's own word."""

    HUMAN = "human"
    ELF = "elf"
    DWARF = "dwarf"
    HALF_ORC = "half_orc"
    HALFLING = "halfling"
    GNOME = "gnome"
    TIEFLING = "tiefling"
    DRAGONBORN = "dragonborn"
    OTHER = "other"


RACE_BULK: dict[Race, int] = {
    Race.HUMAN: 0,
    Race.ELF: -1,
    Race.DWARF: 1,
    Race.HALF_ORC: 1,
    Race.HALFLING: -1,
    Race.GNOME: -1,
    Race.TIEFLING: 0,
    Race.DRAGONBORN: 1,
    Race.OTHER: 0,
}
"""How a race shifts a character's build for the narrative: slight (-1) or massive (+1)."""


def check_race(race: Race | None, race_text: str) -> None:
    """Free text goes with ``Race.OTHER`` only, is not blank there, and fits the limit."""
    if race is Race.OTHER:
        if not race_text.strip() or len(race_text) > RACE_TEXT_MAX:
            raise RuleError(Code.INVALID_RACE, text=race_text, limit=RACE_TEXT_MAX)
    elif race_text:
        raise RuleError(Code.INVALID_RACE, text=race_text, limit=RACE_TEXT_MAX)
