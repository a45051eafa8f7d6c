"""Donations and winning (rulebook: pool / Donations and winning).

* any item owned -> +1 coin each (coins themselves go by the coin rules below);
* 5 coins -> any prize-list item of one's choice;
* 1 coin -> one fact about character N: their hall, their items or their health;
* 100 coins at once -> the donor wins; the second such donor wins too, and the game ends.

Coins are paid from the left pocket first (freeing it for pills, the only pocket usable in a
fight), then the right pocket, then the backpack. What is received is placed by
:func:`rules.pool.carrying.place_prize`, overflow to the hall floor.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.errors import Code, RuleError
from rules.pool.carrying import place_prize, require_able
from rules.pool.model import Inventory, Item, PoolCharacter
from rules.pool.places import Place, held, take
from rules.pool.world import World, with_character, with_floor

PRIZE_PRICE = 5
FACT_PRICE = 1
WINNING_DONATION = 100
COIN_SOURCES = (Place.LEFT_POCKET, Place.RIGHT_POCKET, Place.BACKPACK)


class Question(StrEnum):
    HALL = "hall"
    ITEMS = "items"
    HEALTH = "health"


@dataclass(frozen=True, slots=True)
class HallFact:
    character: int
    hall: int


@dataclass(frozen=True, slots=True)
class ItemsFact:
    """What ``character`` carries (worn, held, in pockets and backpack)."""

    character: int
    inventory: Inventory


@dataclass(frozen=True, slots=True)
class HealthFact:
    character: int
    health: int
    alive: bool


Fact = HallFact | ItemsFact | HealthFact


@dataclass(frozen=True, slots=True)
class Won:
    """``character`` donated 100 coins and is winner number ``rank``; ``game_over`` after two."""

    character: int
    rank: int
    game_over: bool


def coins_held(inventory: Inventory) -> int:
    """All coins a character carries (pockets and backpack)."""
    return sum(held(inventory, Item.COIN, place) for place in COIN_SOURCES)


def pay(character: PoolCharacter, coins: int) -> PoolCharacter:
    """Remove ``coins`` coins, left pocket first, then right pocket, then backpack."""
    have = coins_held(character.inventory)
    if coins > have:
        raise RuleError(Code.NOT_ENOUGH_COINS, character=character.number, needed=coins, have=have)
    inventory, due = character.inventory, coins
    for place in COIN_SOURCES:
        part = min(due, held(inventory, Item.COIN, place))
        if part:
            inventory, due = take(inventory, Item.COIN, place, part), due - part
    return replace(character, inventory=inventory)


def _donor(world: World, number: int) -> PoolCharacter:
    if world.finished:
        raise RuleError(Code.GAME_OVER, winners=world.winners)
    donor = world.character(number)
    require_able(donor)
    return donor


def donate_item(
    world: World, number: int, item: Item, source: Place, count: int = 1
) -> tuple[World, tuple[Place, ...]]:
    """Donate ``count`` ``item`` carried at ``source``: +1 coin each. Returns where each coin went.

    A worn jacket or backpack must be empty first; coins and floor items cannot be donated
    this way (``NOT_OWNED``).
    """
    if count < 1:
        raise RuleError(Code.BAD_COUNT, count=count)
    donor = _donor(world, number)
    if item == Item.COIN or source == Place.FLOOR:
        raise RuleError(Code.NOT_OWNED, item=item, place=source)
    donor = replace(donor, inventory=take(donor.inventory, item, source, count))
    world = with_character(world, donor)
    places: list[Place] = []
    for _ in range(count):
        world, place = _grant(world, number, Item.COIN)
        places.append(place)
    return world, tuple(places)


def buy_prize(world: World, number: int, item: Item) -> tuple[World, Place]:
    """Donate 5 coins for any prize-list item (every :class:`Item` is on the list)."""
    donor = pay(_donor(world, number), PRIZE_PRICE)
    return _grant(with_character(world, donor), number, item)


def ask_fact(world: World, number: int, about: int, question: Question) -> tuple[World, Fact]:
    """Donate 1 coin to learn the hall, the items or the health of character ``about``."""
    donor = _donor(world, number)
    world.character(about)  # an unknown number costs nothing
    world = with_character(world, pay(donor, FACT_PRICE))
    target = world.character(about)  # the donor may ask about themselves
    fact: Fact
    if question == Question.HALL:
        fact = HallFact(about, target.hall)
    elif question == Question.ITEMS:
        fact = ItemsFact(about, target.inventory)
    else:
        fact = HealthFact(about, target.health, target.alive)
    return world, fact


def donate_to_win(world: World, number: int) -> tuple[World, Won]:
    """Donate 100 coins at once: the first and the second to do so win; then the game ends."""
    donor = _donor(world, number)
    if number in world.winners:
        raise RuleError(Code.ALREADY_WON, character=number)
    world = with_character(world, pay(donor, WINNING_DONATION))
    world = replace(world, winners=(*world.winners, number))
    return world, Won(number, len(world.winners), world.finished)


def _grant(world: World, number: int, item: Item) -> tuple[World, Place]:
    """Give character ``number`` a new ``item`` by the carrying rules."""
    character = world.character(number)
    floor = world.floor(character.hall)
    character, floor, place = place_prize(character, item, floor)
    return with_floor(with_character(world, character), character.hall, floor), place
