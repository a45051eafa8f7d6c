"""Properties over random sequences of world operations (hypothesis, scripted dice only).

* items and coins are conserved by every operation except prizes (created), donations and
  eating or swallowing (destroyed), exactly by the amounts those operations report;
* carrying limits are never exceeded;
* health never rises above max.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import ScriptedDice
from rules.errors import RuleError
from rules.pool.carrying import eat, take_pills
from rules.pool.cycle import tick
from rules.pool.donations import Question, ask_fact, buy_prize, donate_item, donate_to_win
from rules.pool.model import BackpackContent, HallFloor, Item, PocketContent, start_kit
from rules.pool.needs import fall_asleep
from rules.pool.places import CARRIED_PLACES, Place, within_limits
from rules.pool.sleepers import attack_sleeper, guard, take_from_sleeper, wake_up
from rules.pool.world import (
    World,
    move_item,
    request_move,
    request_pick_up,
    update_character,
    world_counts,
)
from rules.pool.world_events import PrizeWon
from tests.rules.pool_world.world_helpers import make, world_of

ITEMS = st.sampled_from(list(Item))
PLACES = st.sampled_from([*CARRIED_PLACES, Place.FLOOR])
COUNTS = st.one_of(st.just(1), st.integers(min_value=1, max_value=12))


@st.composite
def worlds(draw: st.DrawFn) -> World:
    people = []
    for _ in range(draw(st.integers(min_value=2, max_value=3))):
        coins = draw(st.integers(min_value=0, max_value=100))
        vitality = draw(st.integers(min_value=1, max_value=8))
        inventory = replace(
            start_kit(),
            right_pocket=PocketContent(Item.COIN, coins) if coins else PocketContent(),
            pack=BackpackContent(rations=5, pills=5, coins=draw(st.sampled_from([0, 150]))),
        )
        people.append(
            make(
                vitality=vitality,
                health=draw(st.one_of(st.just(vitality), st.integers(0, vitality))),
                charisma=draw(st.integers(min_value=0, max_value=3)),
                inventory=inventory,
                hall=draw(st.sampled_from([1, 1, 1, 2])),
            )
        )
    floor = HallFloor(tuple((item, draw(st.integers(0, 3))) for item in Item))
    return world_of(*people, halls=2, floors=(floor, HallFloor()))


Step = Callable[[World], tuple[World, Counter[Item]]]


def delta(*changes: tuple[Item, int]) -> Counter[Item]:
    counts: Counter[Item] = Counter()
    for item, n in changes:
        counts[item] += n
    return counts


def same(world: World) -> tuple[World, Counter[Item]]:
    return world, Counter()


@st.composite
def steps(draw: st.DrawFn, numbers: int) -> Step:
    n = draw(st.integers(min_value=1, max_value=numbers))
    other = (n + draw(st.integers(min_value=0, max_value=numbers - 2))) % numbers + 1
    item, count = draw(ITEMS), draw(COUNTS)
    source, dest = draw(PLACES), draw(PLACES)
    kind = draw(st.integers(min_value=0, max_value=14))
    if kind == 0:
        return lambda w: same(move_item(w, n, item, source, dest, count))
    if kind == 1:
        auto = draw(st.booleans())
        return lambda w: same(request_pick_up(w, n, item, count, None if auto else dest))
    if kind == 2:
        return lambda w: (
            update_character(w, n, lambda c: eat(c, source)),
            Counter({Item.RATION: -1}),
        )
    if kind == 3:
        return lambda w: (
            update_character(w, n, lambda c: take_pills(c, count, source)),
            Counter({Item.PILL: -count}),
        )
    if kind == 4:
        return lambda w: same(update_character(w, n, fall_asleep))
    if kind == 5:
        return lambda w: same(wake_up(w, n, other))
    if kind == 6:
        hand = draw(st.sampled_from([Place.RIGHT_HAND, Place.LEFT_HAND, source]))
        to = draw(st.sampled_from([None, Place.FLOOR, dest]))
        return lambda w: same(take_from_sleeper(w, n, other, hand, to))
    if kind == 7:
        return lambda w: same(guard(w, n, other))
    if kind == 8:
        return lambda w: same(attack_sleeper(w, n, other)[0])
    if kind == 9:
        hall = draw(st.integers(min_value=1, max_value=2))
        return lambda w: same(request_move(w, n, hall))
    if kind == 10:
        return lambda w: (
            donate_item(w, n, item, source, count)[0],
            delta((item, -count), (Item.COIN, count)),
        )
    if kind == 11:
        return lambda w: (buy_prize(w, n, item)[0], delta((Item.COIN, -5), (item, 1)))
    if kind == 12:
        return lambda w: (ask_fact(w, n, other, Question.ITEMS)[0], Counter({Item.COIN: -1}))
    if kind == 13:
        return lambda w: (donate_to_win(w, n)[0], Counter({Item.COIN: -100}))
    values = draw(st.lists(st.integers(min_value=1, max_value=10), min_size=20, max_size=30))

    def cycle(world: World) -> tuple[World, Counter[Item]]:
        result = tick(world, ScriptedDice({10: values}))
        made = Counter(e.item for e in result.events if isinstance(e, PrizeWon))
        assert sum(len(roll.dice) for roll in result.charisma) == sum(made.values())
        return result.world, made

    return cycle


def check(world: World) -> None:
    for character in world.characters:
        assert within_limits(character.inventory), character
        assert character.health <= character.max_health
    assert all(n > 0 for floor in world.floors for _, n in floor.items)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), world=worlds())
def test_operations_conserve_items_and_respect_limits(data: st.DataObject, world: World) -> None:
    check(world)
    for _ in range(data.draw(st.integers(min_value=1, max_value=40))):
        step = data.draw(steps(len(world.characters)))
        before = world_counts(world)
        try:
            world, change = step(world)
        except RuleError:
            continue
        expected = before.copy()
        expected.update(change)
        assert +world_counts(world) == +expected
        check(world)
