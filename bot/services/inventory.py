"""A pool character's own things: move between places, wear, take off, drop, eat, take pills,
and reach for items on the hall floor (taken at once when nobody contests it; else a request
the next tick settles, by initiative when several want the same)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.services.characters import busy_numbers
from bot.services.errors import Refusal, ServiceError
from bot.services.outbox import Compose, Outgoing
from bot.services.runtime import Runtime
from bot.services.world_play import Actor, act, change_world, peek
from rules.pool.carrying import eat, take_pills
from rules.pool.model import HallFloor, Item, PoolCharacter
from rules.pool.pick_ups import reach
from rules.pool.places import Place
from rules.pool.world import PickUpRequest, World, move_item, update_character
from rules.pool.world_events import PickedUp


@dataclass(frozen=True, slots=True)
class Belongings:
    """What the inventory dialog shows: the character, their hall's floor, their requests."""

    character: PoolCharacter
    floor: HallFloor
    pick_ups: tuple[PickUpRequest, ...]


async def belongings(actor: Actor) -> Belongings:
    world = await peek(actor.game)
    me = world.character(actor.number)
    mine = tuple(r for r in world.pick_ups if r.character == actor.number)
    return Belongings(me, world.floor(me.hall), mine)


async def move(
    actor: Actor, item: Item, source: Place, dest: Place, count: int, runtime: Runtime
) -> None:
    """Move, wear (dest worn), take off (source worn) or drop (dest floor)."""
    await change_world(
        actor.game, runtime, lambda w: move_item(w, actor.number, item, source, dest, count)
    )


@dataclass(frozen=True, slots=True)
class PickedUpNow:
    """Taken from the floor at once (nobody contested it): owed to the picker privately, as the
    tick's report tells a pick-up there, unless the chat window pressed says it already."""

    actor: Actor
    taken: tuple[PickedUp, ...]


async def pick_up(
    actor: Actor,
    item: Item,
    count: int,
    dest: Place | None,
    runtime: Runtime,
    compose: Compose[PickedUpNow] | None,
) -> PickedUpNow | None:
    """Reach for ``count`` ``item`` on the floor (to ``dest``, or wherever a prize would go):
    taken at once when nobody contests it (:func:`rules.pool.pick_ups.reach`); None: the
    request waits for the tick. What was taken is owed to the picker privately, worded by
    ``compose``; None: the caller's answer in the chat says what went where (the inventory
    dialog's window), so no private message is owed besides (one confirmation)."""
    fighting = frozenset(await busy_numbers(actor.game))

    def change(world: World) -> tuple[World, PickedUpNow | None]:
        after, taken = reach(world, actor.number, item, count, dest, fighting=fighting)
        return after, PickedUpNow(actor, taken) if taken else None

    async def owed(news: PickedUpNow | None) -> Sequence[Outgoing]:
        return [] if news is None or compose is None else await compose(news)

    return await act(actor.game, runtime, change, owed)


async def eat_ration(actor: Actor, source: Place, runtime: Runtime) -> None:
    await change_world(
        actor.game, runtime, lambda w: update_character(w, actor.number, lambda c: eat(c, source))
    )


async def swallow(actor: Actor, count: int, source: Place, runtime: Runtime) -> PoolCharacter:
    """Pills outside a fight, from anywhere; in a fight only the fight's left-pocket buttons."""
    if actor.number in await busy_numbers(actor.game):
        raise ServiceError(Refusal.PILLS_IN_FIGHT)
    world = await change_world(
        actor.game,
        runtime,
        lambda w: update_character(w, actor.number, lambda c: take_pills(c, count, source)),
    )
    return world.character(actor.number)
