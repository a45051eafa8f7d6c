"""Reaching for an item on the hall's floor: at once when nobody contests it, else at the tick
(rulebook: pool / Initiative; the project's reading of "two characters want the same item lying
in a hall in the same cycle: highest roll takes it").

A pick-up request is *pending* from when it is made until the next tick settles it (each tick
settles and clears every request of its cycle). A character who reaches for an item:

* takes it at once when no other character who can still act has a pending request for that
  kind of item in the same hall, and they are not in a fight;
* otherwise files a request, which waits for the tick with the others: there, if together they
  want more than lies on the floor, initiative decides
  (:func:`rules.pool.contests.settle_pick_ups`).

A fighter's reach always waits for the tick: a fight has no pick-up action, and a sword dropped
in a round is not taken back between rounds for free. So a contest arises when a fighter and
someone else in the hall want the same item, or when someone reaches for an item a fighter
already asked for. What was taken at once is gone: a later request for it is refused
(``NOT_THERE``) like any request for more than lies on the floor.
"""

from __future__ import annotations

from dataclasses import replace

from rules.pool.contests import able, take_request
from rules.pool.model import Item
from rules.pool.places import Place
from rules.pool.world import PickUpRequest, World, request_pick_up
from rules.pool.world_events import PickedUp


def rivals(world: World, number: int, item: Item) -> tuple[PickUpRequest, ...]:
    """Pending requests of others (who can still act) for ``item`` in ``number``'s hall."""
    hall = world.character(number).hall
    return tuple(
        r
        for r in world.pick_ups
        if r.item == item
        and r.character != number
        and world.character(r.character).hall == hall
        and able(world.character(r.character))
    )


def reach(
    world: World,
    number: int,
    item: Item,
    count: int = 1,
    place: Place | None = None,
    *,
    fighting: frozenset[int] = frozenset(),
) -> tuple[World, tuple[PickedUp, ...]]:
    """Character ``number`` reaches for ``count`` ``item`` on their hall's floor (to ``place``,
    or where a prize would go). Checked as :func:`rules.pool.world.request_pick_up` checks.

    Returns the world and what was taken at once; nothing taken: the request waits for the
    tick (a rival's request is pending, or ``number`` is in ``fighting``)."""
    filed = request_pick_up(world, number, item, count, place)
    if number in fighting or rivals(filed, number, item):
        return filed, ()
    request = filed.pick_ups[-1]  # request_pick_up files the new request last
    world = replace(filed, pick_ups=filed.pick_ups[:-1])
    world, events = take_request(world, request)
    taken = tuple(e for e in events if isinstance(e, PickedUp))
    assert sum(e.count for e in taken) == count  # request_pick_up checked the floor and room
    return world, taken
