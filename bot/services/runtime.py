"""What every game action needs besides its arguments: locks and the game's dice source. What a
change owes the chats is worded by the caller's composer, handed down to the service
(:func:`bot.services.outbox.announce`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.db.models import Game
from bot.services.locks import GameLocks
from rules.dice import RollRecord, VerifiableDice


class GameDice(Protocol):
    """A dice source that numbers its rolls from ``next_index`` and hands them over for the log."""

    next_index: int

    def roll(self, sides: int) -> int: ...

    def take_history(self) -> list[RollRecord]: ...


DiceFactory = Callable[[Game], GameDice]


def verifiable_dice(game: Game) -> GameDice:
    """The real thing: the game's committed seed, from the next unused index."""
    return VerifiableDice(bytes.fromhex(game.seed_hex), next_index=game.next_roll_index)


@dataclass(frozen=True)
class Runtime:
    """Handed to handlers by name (``runtime``); tests swap the dice for scripted ones."""

    locks: GameLocks = field(default_factory=GameLocks)
    dice_factory: DiceFactory = verifiable_dice
