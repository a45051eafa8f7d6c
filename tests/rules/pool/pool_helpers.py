"""Builders and scripted dice for the pool fight tests (no randomness anywhere)."""

from __future__ import annotations

from typing import Any

from rules.pool.fight_setup import Choice, FightState
from rules.pool.model import Gender, PoolCharacter, Stats, start_kit


def make(
    number: int = 1,
    *,
    initiative: int = 2,
    attack: int = 3,
    defense: int = 3,
    vitality: int = 5,
    charisma: int = 0,
    **changes: Any,
) -> PoolCharacter:
    """A character with the start kit, at full health unless ``health`` is given."""
    stats = Stats(initiative, attack, defense, vitality, charisma)
    fields: dict[str, Any] = {
        "number": number,
        "name": f"c{number}",
        "gender": Gender.MALE,
        "stats": stats,
        "health": vitality,
        "inventory": start_kit(),
    }
    fields.update(changes)
    return PoolCharacter(**fields)


def duel_state(a: int = 1, b: int = 2, hall: int = 1) -> FightState:
    """A ready fight of two: ``a`` (higher initiative) and ``b``; ``b`` chose ``a``."""
    return FightState(hall=hall, initiative=(a, b), choices=(Choice(b, a),))


class CyclingDice:
    """Scripted prefix, then a fixed cycle of d10-ish values that breaks ties eventually."""

    CYCLE = (3, 7, 1, 9, 5, 10, 2, 8, 4, 6)

    def __init__(self, prefix: list[int] | tuple[int, ...] = ()) -> None:
        self._prefix = list(prefix)
        self._step = 0
        self.rolled: list[int] = []

    def roll(self, sides: int) -> int:
        if self._prefix:
            value = self._prefix.pop(0)
        else:
            value = self.CYCLE[self._step % len(self.CYCLE)]
            self._step += 1
        value = (value - 1) % sides + 1
        self.rolled.append(value)
        return value
