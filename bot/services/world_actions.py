"""What a character does in the world between ticks: sleep, wake, guard, snatch, move, look;
and what admins set: which halls connect. Each is one rule call through :func:`act`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.db.models import Game
from bot.services.errors import Refusal, ServiceError
from bot.services.numbers import parse_int
from bot.services.outbox import Compose
from bot.services.runtime import Runtime
from bot.services.world_play import Actor, act, change_world, peek
from rules.pool.build import Appearance, Gear, appearance, visible_gear
from rules.pool.model import HallFloor, Item, PoolCharacter
from rules.pool.needs import fall_asleep
from rules.pool.places import HANDS, Place, held
from rules.pool.sleepers import guard, take_from_sleeper, wake_up
from rules.pool.world import World, request_move, update_character


class Tending(StrEnum):
    WAKE = "wake"
    GUARD = "guard"


@dataclass(frozen=True, slots=True)
class SleeperNews:
    """Said where the command was typed (owed with the change): ``actor`` fell asleep
    (``tending`` None) or woke or guarded ``sleeper``; a snatch says ``to`` where the sword
    went (a hand of the thief, or the floor when both hands were full)."""

    actor: Actor
    sleeper: PoolCharacter
    tending: Tending | None = None
    to: Place | None = None


async def _on_sleeper(
    actor: Actor,
    runtime: Runtime,
    compose: Compose[SleeperNews],
    change: Callable[[World], World],
    sleeper: int,
    how: Tending,
) -> PoolCharacter:
    def changed(world: World) -> tuple[World, SleeperNews]:
        after = change(world)
        return after, SleeperNews(actor, after.character(sleeper), how)

    return (await act(actor.game, runtime, changed, compose)).sleeper


async def sleep(actor: Actor, runtime: Runtime, compose: Compose[SleeperNews]) -> PoolCharacter:
    def changed(world: World) -> tuple[World, SleeperNews]:
        after = update_character(world, actor.number, fall_asleep)
        return after, SleeperNews(actor, after.character(actor.number))

    return (await act(actor.game, runtime, changed, compose)).sleeper


async def wake(
    actor: Actor, sleeper: int, runtime: Runtime, compose: Compose[SleeperNews]
) -> PoolCharacter:
    def change(world: World) -> World:
        return wake_up(world, sleeper, actor.number)

    return await _on_sleeper(actor, runtime, compose, change, sleeper, Tending.WAKE)


async def guard_sleeper(
    actor: Actor, sleeper: int, runtime: Runtime, compose: Compose[SleeperNews]
) -> PoolCharacter:
    def change(world: World) -> World:
        return guard(world, actor.number, sleeper)

    return await _on_sleeper(actor, runtime, compose, change, sleeper, Tending.GUARD)


def _sword_hand(world: World, sleeper: int) -> Place:
    """The sleeper's hand holding a sword (right first); the left hand when neither does, so
    the rules refuse it as a theft."""
    inventory = world.character(sleeper).inventory
    for hand in reversed(HANDS):
        if held(inventory, Item.SWORD, hand):
            return hand
    return Place.LEFT_HAND


async def snatch(
    actor: Actor, sleeper: int, runtime: Runtime, compose: Compose[SleeperNews]
) -> SleeperNews:
    """Snatch the sword from a sleeper's hand (it wakes them)."""

    def change(world: World) -> tuple[World, SleeperNews]:
        before = world.character(actor.number).inventory
        after = take_from_sleeper(world, actor.number, sleeper, _sword_hand(world, sleeper))
        now = after.character(actor.number).inventory
        to = next(
            (h for h in HANDS if held(now, Item.SWORD, h) > held(before, Item.SWORD, h)), None
        )
        return after, SleeperNews(actor, after.character(sleeper), to=to or Place.FLOOR)

    return await act(actor.game, runtime, change, compose)


async def move_to(actor: Actor, hall: int | None, runtime: Runtime) -> PoolCharacter:
    """Ask to go to ``hall`` at the next opening of the portals (None: stay)."""
    world = await change_world(actor.game, runtime, lambda w: request_move(w, actor.number, hall))
    return world.character(actor.number)


@dataclass(frozen=True, slots=True)
class HallView:
    """What a character sees around them: others by appearance and gear, and the floor."""

    hall: int
    me: PoolCharacter
    others: tuple[tuple[Appearance, Gear, bool], ...]  # appearance, gear, asleep
    floor: HallFloor
    exits: tuple[int, ...]


async def look(actor: Actor) -> HallView:
    world = await peek(actor.game)
    me = world.character(actor.number)
    others = tuple(
        (appearance(c), visible_gear(c), c.asleep)
        for c in world.characters
        if c.hall == me.hall and c.number != me.number and c.alive
    )
    exits = tuple(h for h in range(1, world.halls + 1) if world.connected(me.hall, h))
    return HallView(me.hall, me, others, world.floor(me.hall), exits)


def parse_connections(args: list[str], halls: int) -> frozenset[tuple[int, int]] | None:
    """``all`` (None: every hall to every other) or pairs ``1-2 2-3``; refuses bad input."""
    if len(args) == 1 and args[0].casefold() in ("all", "*"):
        return None
    pairs: set[tuple[int, int]] = set()
    for arg in args:
        left, sep, right = arg.partition("-")
        a, b = parse_int(left), parse_int(right)
        if not sep or a is None or b is None:
            raise ServiceError(Refusal.HALLS_USAGE, halls=halls)
        if not (1 <= a <= halls and 1 <= b <= halls) or a == b:
            raise ServiceError(Refusal.HALL_PAIR, pair=arg, halls=halls)
        pairs.add((min(a, b), max(a, b)))
    if not pairs:
        raise ServiceError(Refusal.HALLS_USAGE, halls=halls)
    return frozenset(pairs)


@dataclass(frozen=True, slots=True)
class HallsSet:
    """An admin set which halls connect: the group is owed the portals as they are now."""

    game: Game
    world: World


async def set_connections(
    game: Game,
    connections: frozenset[tuple[int, int]] | None,
    runtime: Runtime,
    compose: Compose[HallsSet],
) -> World:
    def change(world: World) -> tuple[World, HallsSet]:
        after = replace(world, connections=connections)
        return after, HallsSet(game, after)

    return (await act(game, runtime, change, compose)).world


async def halls_of(game: Game) -> World:
    return await peek(game)
