"""What every game action needs besides its arguments: locks, the game's dice source, and the
herald that says what a change owes the chats."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from bot import killpoints
from bot.db.models import Game
from bot.services.locks import GameLocks
from bot.services.outbox import Outgoing, owe
from rules.dice import RollRecord, VerifiableDice

T = TypeVar("T")


class GameDice(Protocol):
    """A dice source that numbers its rolls from ``next_index`` and hands them over for the log."""

    next_index: int

    def roll(self, sides: int) -> int: ...

    def take_history(self) -> list[RollRecord]: ...


DiceFactory = Callable[[Game], GameDice]
# Renders what an outcome owes the chats (the shell's views and keyboards); services call it
# through :meth:`Runtime.announce` inside their transaction.
Herald = Callable[[Any], Awaitable[Sequence[Outgoing]]]


def verifiable_dice(game: Game) -> GameDice:
    """The real thing: the game's committed seed, from the next unused index."""
    return VerifiableDice(bytes.fromhex(game.seed_hex), next_index=game.next_roll_index)


@dataclass(frozen=True)
class Runtime:
    """Handed to handlers by name (``runtime``); tests swap the dice for scripted ones."""

    locks: GameLocks = field(default_factory=GameLocks)
    dice_factory: DiceFactory = verifiable_dice
    herald: Herald | None = None

    async def announce(self, outcome: T) -> T:
        """Save what ``outcome`` owes the chats (call inside the transaction that made it)."""
        if self.herald is not None and outcome is not None:
            owed = await self.herald(outcome)
            await owe(owed)
            for message in owed:
                killpoints.reached("owed", f"{message.head}{message.text}")
        return outcome
