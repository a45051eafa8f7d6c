"""What others may do to a sleeper: wake, guard, attack, snatch a sword (rulebook: pool / Cycles).

A sleeper is defenceless: an attack kills them without rolls unless someone guards them, in which
case the attacker must fight the guard first (the fight itself is the fight module's business).
Nothing can be stolen from a sleeper, but a sword can be snatched from their hand; that wakes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.errors import Code, RuleError
from rules.pool.carrying import require_able
from rules.pool.health import Died
from rules.pool.loot import bury
from rules.pool.model import Item, PoolCharacter
from rules.pool.needs import wake
from rules.pool.places import HANDS, Place, held, put, room, take
from rules.pool.world import World, with_character, with_floor
from rules.pool.world_events import Spilled


def _pair(world: World, actor: int, sleeper: int) -> tuple[PoolCharacter, PoolCharacter]:
    """The acting character (able, not the sleeper) and the sleeper (asleep, beside them)."""
    if actor == sleeper:
        raise RuleError(Code.SELF_TARGET, character=actor)
    doer = world.character(actor)
    require_able(doer)
    target = world.beside(doer, sleeper)
    if not target.asleep:
        raise RuleError(Code.NOT_ASLEEP, character=sleeper)
    return doer, target


def release_guards(world: World, sleeper: int) -> World:
    """Nobody keeps guarding a character who is awake again."""
    for character in world.characters:
        if character.guarding == sleeper:
            world = with_character(world, replace(character, guarding=None))
    return world


def wake_up(world: World, sleeper: int, waker: int | None = None) -> World:
    """Wake ``sleeper``: by character ``waker`` (awake, in the same hall) or, with None, by the
    game itself (an admin). Early waking follows :func:`rules.pool.needs.wake`."""
    if waker is not None:
        _pair(world, waker, sleeper)
    woken = wake(world.character(sleeper))
    return release_guards(with_character(world, woken), sleeper)


def guard(world: World, guard: int, sleeper: int) -> World:
    """``guard`` starts guarding ``sleeper`` in their hall (until the guard sleeps or leaves)."""
    keeper, _ = _pair(world, guard, sleeper)
    return with_character(world, replace(keeper, guarding=sleeper))


def guards_of(world: World, sleeper: int, *, excluding: int | None = None) -> tuple[int, ...]:
    """Numbers of those guarding ``sleeper`` now: alive, awake, above 0 health, same hall."""
    target = world.character(sleeper)
    return tuple(
        c.number
        for c in world.characters
        if c.guarding == sleeper
        and c.number != excluding
        and c.alive
        and not c.asleep
        and c.health > 0
        and c.hall == target.hall
    )


class SleeperAttackOutcome(StrEnum):
    KILLED = "killed"
    MUST_FIGHT_GUARD = "must_fight_guard"


@dataclass(frozen=True, slots=True)
class SleeperAttack:
    """Result of attacking a sleeper. ``guard`` is the one to fight (lowest number) and
    ``guards`` all who guard; ``died`` is set when the sleeper was killed, ``spilled`` when
    they left anything on the floor."""

    outcome: SleeperAttackOutcome
    sleeper: int
    guard: int | None = None
    guards: tuple[int, ...] = ()
    died: Died | None = None
    spilled: Spilled | None = None


def attack_sleeper(world: World, attacker: int, sleeper: int) -> tuple[World, SleeperAttack]:
    """Attack a sleeper: killed without rolls, unless guarded (then fight the guard first)."""
    _, target = _pair(world, attacker, sleeper)
    guards = guards_of(world, sleeper, excluding=attacker)
    if guards:
        outcome = SleeperAttackOutcome.MUST_FIGHT_GUARD
        return world, SleeperAttack(outcome, sleeper, guards[0], guards)
    died = Died(sleeper, "killed_asleep")
    world = with_character(world, replace(target, alive=False))
    world, spilled = bury(world, sleeper)
    killed = SleeperAttackOutcome.KILLED
    return world, SleeperAttack(killed, sleeper, died=died, spilled=spilled)


def take_from_sleeper(
    world: World, thief: int, sleeper: int, place: Place, to: Place | None = None
) -> World:
    """Snatch the sword from a sleeper's hand at ``place``; the sleeper wakes.

    ``to``: a hand of the thief or the floor; None: the thief's first free hand (right, left),
    else the floor. Anything else (another item, another place) cannot be taken from a sleeper:
    ``STEAL_FROM_SLEEPER``.
    """
    doer, target = _pair(world, thief, sleeper)
    if place not in HANDS or held(target.inventory, Item.SWORD, place) == 0:
        raise RuleError(Code.STEAL_FROM_SLEEPER, sleeper=sleeper, place=place)
    if to is None:
        free = [h for h in HANDS[::-1] if room(doer.inventory, Item.SWORD, h)]
        to = free[0] if free else Place.FLOOR  # RIGHT_HAND first, as for prizes
    robbed = replace(target, inventory=take(target.inventory, Item.SWORD, place))
    if to == Place.FLOOR:
        world = with_floor(world, doer.hall, world.floor(doer.hall).add(Item.SWORD))
    else:
        doer = replace(doer, inventory=put(doer.inventory, Item.SWORD, to))
    world = with_character(with_character(world, doer), wake(robbed))
    return release_guards(world, sleeper)
