"""State of the ``pool`` game as plain frozen dataclasses.

Every rule function takes these values and returns new ones (``dataclasses.replace``);
nothing is mutated in place, so a service can save the result or throw it away.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.gender import Gender as Gender  # re-exported: the pool rules took it from here

STAT_POINTS = 12
POCKET_PILLS = 10
POCKET_COINS = 100
BACKPACK_BULK = 10


class Stat(StrEnum):
    INITIATIVE = "initiative"
    ATTACK = "attack"
    DEFENSE = "defense"
    VITALITY = "vitality"
    CHARISMA = "charisma"


class Item(StrEnum):
    JACKET = "jacket"
    TROUSERS = "trousers"
    BACKPACK = "backpack"
    SWORD = "sword"
    RATION = "ration"
    PILL = "pill"
    COIN = "coin"


class Hand(StrEnum):
    LEFT = "left"
    RIGHT = "right"


class Pocket(StrEnum):
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Stats:
    initiative: int
    attack: int
    defense: int
    vitality: int
    charisma: int

    def get(self, stat: Stat) -> int:
        return int(getattr(self, stat.value))

    @property
    def total(self) -> int:
        return self.initiative + self.attack + self.defense + self.vitality + self.charisma


@dataclass(frozen=True, slots=True)
class PocketContent:
    """A jacket pocket: one kind (pills or coins) and a count. Empty is ``(None, 0)``."""

    kind: Item | None = None
    count: int = 0


@dataclass(frozen=True, slots=True)
class BackpackContent:
    """What lies in the worn backpack. Rations, jackets and trousers share the bulk limit."""

    rations: int = 0
    jackets: int = 0
    trousers: int = 0
    pills: int = 0
    coins: int = 0

    @property
    def bulk(self) -> int:
        return self.rations + self.jackets + self.trousers


@dataclass(frozen=True, slots=True)
class Inventory:
    """Everything a character carries, by place.

    Hands hold a sword or a ration (or nothing). Jacket, trousers and backpack are worn or not.
    Pockets exist only while a jacket is worn; the backpack's content only while it is worn.
    """

    left_hand: Item | None = None
    right_hand: Item | None = None
    jacket: bool = False
    trousers: bool = False
    backpack: bool = False
    left_pocket: PocketContent = PocketContent()
    right_pocket: PocketContent = PocketContent()
    pack: BackpackContent = BackpackContent()

    @property
    def swords_in_hand(self) -> int:
        return (self.left_hand == Item.SWORD) + (self.right_hand == Item.SWORD)

    @property
    def pills_in_left_pocket(self) -> int:
        return self.left_pocket.count if self.left_pocket.kind == Item.PILL else 0

    def hand(self, hand: Hand) -> Item | None:
        return self.left_hand if hand == Hand.LEFT else self.right_hand

    def pocket(self, pocket: Pocket) -> PocketContent:
        return self.left_pocket if pocket == Pocket.LEFT else self.right_pocket


def start_kit() -> Inventory:
    """Jacket, trousers, backpack worn; a sword in the right hand; 5 rations, 5 pills packed."""
    return Inventory(
        right_hand=Item.SWORD,
        jacket=True,
        trousers=True,
        backpack=True,
        pack=BackpackContent(rations=5, pills=5),
    )


@dataclass(frozen=True, slots=True)
class PoolCharacter:
    """A ``pool`` character with its whole rule state."""

    number: int
    name: str
    gender: Gender
    stats: Stats
    health: int
    inventory: Inventory = field(default_factory=start_kit)
    hall: int = 1
    alive: bool = True
    fallen: bool = False
    asleep: bool = False
    cycles_slept: int = 0
    cycles_without_food: int = 0
    cycles_without_sleep: int = 0
    guarding: int | None = None
    move_to: int | None = None
    # Health when the current cycle began (set by every tick, and when a character is made or
    # brought back). Outside fights a cycle is the round for bleeding and dying, so a wound
    # taken mid-cycle leaves the rest of the cycle to react. None: a character stored before
    # creation recorded it and not ticked since (their health now stands in).
    health_at_cycle_start: int | None = None
    # The cycle (``World.cycle`` while it ran) of the character's last theft attempt: one a
    # cycle (rulebook: pool / Items and carrying). None: never tried.
    theft_cycle: int | None = None

    @property
    def max_health(self) -> int:
        return self.stats.vitality


@dataclass(frozen=True, slots=True)
class HallFloor:
    """Items lying on a hall's floor, by kind.

    ``items`` is kept canonical (one pair per kind present, in :class:`Item` order, counts > 0),
    so two floors with the same items compare equal however they were built.
    """

    items: tuple[tuple[Item, int], ...] = ()

    def __post_init__(self) -> None:
        counts: dict[Item, int] = {}
        for kind, n in self.items:
            counts[kind] = counts.get(kind, 0) + n
        if any(n < 0 for n in counts.values()):
            raise ValueError(f"negative item count on a floor: {self.items}")
        canonical = tuple((kind, counts[kind]) for kind in Item if counts.get(kind, 0) > 0)
        object.__setattr__(self, "items", canonical)

    def count(self, item: Item) -> int:
        return sum(n for kind, n in self.items if kind == item)

    def add(self, item: Item, n: int = 1) -> HallFloor:
        """This floor with ``n`` more of ``item``."""
        return HallFloor((*self.items, (item, n)))

    def remove(self, item: Item, n: int = 1) -> HallFloor:
        """This floor with ``n`` fewer of ``item`` (``ValueError`` if there are not that many)."""
        return HallFloor((*self.items, (item, -n)))
