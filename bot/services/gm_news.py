"""What a game master's command owes the group (a reply to the command, worded by the handler's
composer: :mod:`bot.handlers.gm_notices`): one outcome per command, announced in the
transaction of the change it reports."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Character, Game
from bot.services.vitals import Restored
from rules.pool.model import Item, PoolCharacter
from rules.pool.places import Place


@dataclass(frozen=True, slots=True)
class Given:
    """What /give did: ``places`` says how many went where (the hall floor when nothing had
    room, as for a prize)."""

    character: PoolCharacter
    item: Item
    count: int
    places: tuple[tuple[Place, int], ...]


@dataclass(frozen=True, slots=True)
class GaveItem:
    game: Game
    given: Given


@dataclass(frozen=True, slots=True)
class Placed:
    game: Game
    character: PoolCharacter


@dataclass(frozen=True, slots=True)
class Revived:
    game: Game
    row: Character


@dataclass(frozen=True, slots=True)
class PauseSet:
    game: Game
    paused: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Kicked:
    game: Game
    character: Character


@dataclass(frozen=True, slots=True)
class Healed:
    game: Game
    healed: Restored


@dataclass(frozen=True, slots=True)
class Rested:
    """/rest: every living character restored to full health (those already full left out)."""

    game: Game
    reason: str
    rested: tuple[Restored, ...]
