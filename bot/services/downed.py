"""Why a duel or d20 character cannot fight, in plain words: dead, or beaten to 0 HP (and so
what can bring them back: /revive for the dead, /heal or /rest for the beaten)."""

from __future__ import annotations

from typing import Any

from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services.errors import Refusal, ServiceError
from rules.gender import Gender


def down_state(game: Game, row: Character, state: Any) -> str:
    """``dead``, ``gone`` (removed by /kick), ``fallen`` (d20 at 0 HP, spared or knocked out),
    ``beaten`` (duel at 0 HP or below) or ``other``."""
    if row.status == CharacterStatus.KICKED:
        return "gone"
    if row.status == CharacterStatus.DEAD or getattr(state, "dead", False):
        return "dead"
    if getattr(state, "hp", 1) <= 0:
        return "fallen" if game.system == GameSystem.D20 else "beaten"
    return "other"


def cannot_fight(game: Game, row: Character, state: Any) -> ServiceError:
    """The refusal for a character who cannot fight now, saying why."""
    gender = row.gender or Gender.MALE
    why = down_state(game, row, state)
    return ServiceError(Refusal.CANNOT_FIGHT, name=row.name, state=why, gender=gender)
