"""Giving an item to another character in the same hall (rulebook: pool / Items and carrying).

The giver (alive, awake, above 0, not in a fight) gives ``count`` of an item they carry, from
any place it may leave by the carrying rules (a worn jacket only with empty pockets, a worn
backpack only empty), to another character in their hall:

* a receiver at 0 health needs no consent. Pills are put into their mouth: swallowed at once,
  +1 health each, never above max (so they are no longer at 0 when the round or cycle ends);
  any other item goes where a new item would (:data:`rules.pool.carrying.PRIZE_ORDER`), and
  what would not fit is refused, never dropped. A sleeper at 0 takes pills the same way, but
  nothing else: nothing can be put into a sleeper's things;
* an awake receiver above 0 must accept: the giving is an offer (:class:`GiftOffer`), which
  lasts until the tick; on acceptance everything is checked again and the items move;
* a sleeper above 0, the dead, a fighter above 0 (a fight has no hands free for gifts), the
  giver themself and anyone in another hall are refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.errors import Code, RuleError
from rules.pool.carrying import PRIZE_ORDER, require_able
from rules.pool.model import Inventory, Item, PoolCharacter
from rules.pool.offers import GiftOffer
from rules.pool.places import Place, put, room, take
from rules.pool.world import World, with_character


class GiveProblem(StrEnum):
    """Why a giving is refused (besides the carrying rules' own refusals)."""

    GIVER_FIGHTING = "giver_fighting"
    RECEIVER_ASLEEP = "receiver_asleep"
    RECEIVER_FIGHTING = "receiver_fighting"


@dataclass(frozen=True, slots=True)
class Handed:
    """``count`` ``item`` went from ``giver`` to ``receiver``: swallowed (pills at 0), or put
    at ``places`` (place, how many). ``health``: the receiver's health after it."""

    giver: int
    receiver: int
    item: Item
    count: int
    swallowed: bool
    places: tuple[tuple[Place, int], ...]
    health: int


def _refuse(giver: int, receiver: int, reason: GiveProblem) -> RuleError:
    return RuleError(Code.CANNOT_GIVE, giver=giver, receiver=receiver, reason=reason)


def _pair(
    world: World, giver: int, receiver: int, fighting: frozenset[int]
) -> tuple[PoolCharacter, PoolCharacter]:
    """The giver and the receiver, both checked for a giving now (consent aside)."""
    if giver == receiver:
        raise RuleError(Code.SELF_TARGET, character=giver)
    doer = world.character(giver)
    require_able(doer)
    if giver in fighting:
        raise _refuse(giver, receiver, GiveProblem.GIVER_FIGHTING)
    taker = world.beside(doer, receiver)
    if taker.health > 0 and taker.asleep:
        raise _refuse(giver, receiver, GiveProblem.RECEIVER_ASLEEP)
    if taker.health > 0 and receiver in fighting:
        raise _refuse(giver, receiver, GiveProblem.RECEIVER_FIGHTING)
    return doer, taker


def _stow(
    inventory: Inventory, item: Item, count: int, receiver: int
) -> tuple[Inventory, tuple[tuple[Place, int], ...]]:
    """``count`` ``item`` put where new items go, in :data:`PRIZE_ORDER`; all or nothing."""
    places: list[tuple[Place, int]] = []
    left = count
    for place in PRIZE_ORDER[item]:
        n = min(left, room(inventory, item, place))
        if n > 0:
            inventory = put(inventory, item, place, n)
            places.append((place, n))
            left -= n
    if left:
        raise RuleError(
            Code.NO_ROOM_FOR_GIFT, receiver=receiver, item=item, count=count, room=count - left
        )
    return inventory, tuple(places)


def hand_over(
    world: World,
    giver: int,
    receiver: int,
    item: Item,
    source: Place,
    count: int,
    *,
    fighting: frozenset[int] = frozenset(),
) -> tuple[World, Handed]:
    """Move the items now (every check made; consent is the caller's business: a receiver above
    0 has accepted an offer)."""
    if count < 1:
        raise RuleError(Code.BAD_COUNT, count=count)
    if source == Place.FLOOR:
        raise RuleError(Code.WRONG_PLACE, item=item, place=source)
    doer, taker = _pair(world, giver, receiver, fighting)
    doer = replace(doer, inventory=take(doer.inventory, item, source, count))
    if taker.health <= 0 and item == Item.PILL:
        health = min(taker.max_health, taker.health + count)
        taker = replace(taker, health=health)
        places: tuple[tuple[Place, int], ...] = ()
    else:
        if taker.asleep:
            raise _refuse(giver, receiver, GiveProblem.RECEIVER_ASLEEP)
        inventory, places = _stow(taker.inventory, item, count, receiver)
        taker = replace(taker, inventory=inventory)
    world = with_character(with_character(world, doer), taker)
    handed = Handed(giver, receiver, item, count, not places, places, taker.health)
    return world, handed


def give(
    world: World,
    giver: int,
    receiver: int,
    item: Item,
    source: Place,
    count: int,
    *,
    fighting: frozenset[int] = frozenset(),
) -> tuple[World, Handed | GiftOffer]:
    """Give at once to a receiver at 0; else check everything as if it were accepted now and
    return the offer to put to the receiver (the world does not change until they accept)."""
    taker = next((c for c in world.characters if c.number == receiver), None)  # None: refused
    if taker is not None and taker.health <= 0:
        return hand_over(world, giver, receiver, item, source, count, fighting=fighting)
    hand_over(world, giver, receiver, item, source, count, fighting=fighting)  # checks only
    return world, GiftOffer(world.cycle, giver, receiver, item, source, count)


def accept(
    world: World, offer: GiftOffer, *, fighting: frozenset[int] = frozenset()
) -> tuple[World, Handed]:
    """The receiver accepts ``offer``: refused once its cycle is over (``OFFER_GONE``); else
    everything is checked again and the items move."""
    if offer.cycle != world.cycle:
        raise RuleError(Code.OFFER_GONE, cycle=offer.cycle)
    return hand_over(
        world,
        offer.giver,
        offer.receiver,
        offer.item,
        offer.source,
        offer.count,
        fighting=fighting,
    )
