"""Contests of speed: who takes an item several characters reach for in the same cycle.

Initiative is ``1d10 + Инициатива``; ties are rolled again among the tied (rulebook: pool /
Initiative). Pick-up requests are settled at the tick: per hall and kind of item, if the
requests together want more than lies on the floor, everyone who asked rolls initiative and
they take in that order, highest first; otherwise no die is rolled and they take in number order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.dice import Dice
from rules.pool.carrying import PRIZE_ORDER
from rules.pool.model import Item, PoolCharacter
from rules.pool.places import Place, put, room
from rules.pool.world import PickUpRequest, World, with_character, with_floor
from rules.pool.world_events import PickedUp, PickUpMissed

INITIATIVE_DIE = 10


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """One initiative die: ``total = die + bonus``; ``round`` 1 is the first roll, 2+ re-rolls
    among the tied."""

    character: int
    die: int
    bonus: int
    total: int
    round: int = 1


@dataclass(frozen=True, slots=True)
class InitiativeContest:
    """A contested pick-up: in ``hall``, for ``item``; the rolls and the resulting order."""

    hall: int
    item: Item
    rolls: tuple[InitiativeRoll, ...]
    order: tuple[int, ...]


def rank_by_initiative(
    characters: Sequence[PoolCharacter], dice: Dice, round_: int = 1
) -> tuple[tuple[int, ...], tuple[InitiativeRoll, ...]]:
    """Order ``characters`` by initiative, highest first; ties re-rolled among the tied.

    Dice are rolled in the order given; returns the numbers in order and every roll made.
    """
    rolls = []
    for character in characters:
        die = dice.roll(INITIATIVE_DIE)
        bonus = character.stats.initiative
        rolls.append(InitiativeRoll(character.number, die, bonus, die + bonus, round_))
    order: list[int] = []
    made = list(rolls)
    for total in sorted({r.total for r in rolls}, reverse=True):
        tied = [c for c, r in zip(characters, rolls, strict=True) if r.total == total]
        if len(tied) == 1:
            order.append(tied[0].number)
        else:
            sub_order, sub_rolls = rank_by_initiative(tied, dice, round_ + 1)
            order.extend(sub_order)
            made.extend(sub_rolls)
    return tuple(order), tuple(made)


def able(character: PoolCharacter) -> bool:
    """Can still take what they reached for: alive, awake, above 0 health."""
    return character.alive and not character.asleep and character.health > 0


def take_request(
    world: World, request: PickUpRequest
) -> tuple[World, tuple[PickedUp | PickUpMissed, ...]]:
    """Let one requester take what is left, one item at a time, where it fits."""
    character = world.character(request.character)
    floor = world.floor(character.hall)
    inv = character.inventory
    places = PRIZE_ORDER[request.item] if request.place is None else (request.place,)
    taken: dict[Place, int] = {}
    for _ in range(min(request.count, floor.count(request.item))):
        fits = [p for p in places if room(inv, request.item, p) > 0]
        if not fits:
            break
        inv = put(inv, request.item, fits[0])
        floor = floor.remove(request.item)
        taken[fits[0]] = taken.get(fits[0], 0) + 1
    events: list[PickedUp | PickUpMissed] = [
        PickedUp(character.number, request.item, n, place) for place, n in taken.items()
    ]
    missed = request.count - sum(taken.values())
    if missed:
        events.append(PickUpMissed(character.number, request.item, missed))
    world = with_character(world, replace(character, inventory=inv))
    return with_floor(world, character.hall, floor), tuple(events)


def settle_pick_ups(
    world: World, dice: Dice
) -> tuple[World, tuple[PickedUp | PickUpMissed, ...], tuple[InitiativeContest, ...]]:
    """Settle every pick-up request of the cycle (halls in order, then items in Item order).

    Requests of those who can no longer act (dead, asleep, at 0) are missed whole.
    The requests are cleared.
    """
    events: list[PickedUp | PickUpMissed] = []
    contests: list[InitiativeContest] = []
    live: list[PickUpRequest] = []
    for request in world.pick_ups:
        if able(world.character(request.character)):
            live.append(request)
        else:
            events.append(PickUpMissed(request.character, request.item, request.count))
    groups: dict[tuple[int, int], list[PickUpRequest]] = {}
    item_rank = {item: i for i, item in enumerate(Item)}
    for request in sorted(live, key=lambda r: r.character):
        key = (world.character(request.character).hall, item_rank[request.item])
        groups.setdefault(key, []).append(request)
    for (hall, _), group in sorted(groups.items()):
        item = group[0].item
        if len(group) > 1 and sum(r.count for r in group) > world.floor(hall).count(item):
            order, rolls = rank_by_initiative([world.character(r.character) for r in group], dice)
            contests.append(InitiativeContest(hall, item, rolls, order))
            group.sort(key=lambda r: order.index(r.character))
        for request in group:
            world, taken = take_request(world, request)
            events.extend(taken)
    return replace(world, pick_ups=()), tuple(events), tuple(contests)
