"""Properties of group-fight rounds over generated fights (scripted dice only)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pool_helpers import CyclingDice, make

from rules.pool.exchange import WeaponDropped
from rules.pool.fight_round import (
    Action,
    Attack,
    PillsTaken,
    RoundResult,
    StandUp,
    TakePills,
    resolve_round,
    swallow,
)
from rules.pool.fight_setup import Choice, FightState
from rules.pool.health import Bled
from rules.pool.model import Item, PocketContent, PoolCharacter


@st.composite
def fighter(draw: st.DrawFn, number: int) -> PoolCharacter:
    vitality = draw(st.integers(min_value=1, max_value=8))
    hero: PoolCharacter = make(
        number,
        attack=draw(st.integers(min_value=0, max_value=4)),
        defense=draw(st.integers(min_value=0, max_value=4)),
        vitality=vitality,
        health=draw(st.integers(min_value=1, max_value=vitality)),
        fallen=draw(st.booleans()),
    )
    pills = draw(st.integers(min_value=0, max_value=5))
    swords: tuple[Item | None, Item | None] = draw(
        st.sampled_from([(None, None), (None, Item.SWORD), (Item.SWORD, Item.SWORD)])
    )
    inventory = replace(
        hero.inventory,
        left_hand=swords[0],
        right_hand=swords[1],
        left_pocket=PocketContent(Item.PILL, pills) if pills else PocketContent(),
    )
    return replace(hero, inventory=inventory)


@st.composite
def action_for(draw: st.DrawFn, hero: PoolCharacter) -> Action | None:
    if hero.fallen:
        return draw(st.sampled_from([None, StandUp()]))
    options: list[Action | None] = [None, Attack()]
    pills = hero.inventory.pills_in_left_pocket
    if pills:
        options.append(TakePills(draw(st.integers(min_value=1, max_value=pills))))
    return draw(st.sampled_from(options))


@st.composite
def fights(
    draw: st.DrawFn,
) -> tuple[list[PoolCharacter], FightState, dict[int, Action], CyclingDice, list[PoolCharacter]]:
    count = draw(st.integers(min_value=2, max_value=4))
    fighters = [draw(fighter(n)) for n in range(1, count + 1)]
    bystanders = [
        make(10 + n, health=draw(st.integers(min_value=0, max_value=5)))
        for n in range(draw(st.integers(min_value=0, max_value=3)))
    ]
    numbers = [f.number for f in fighters]
    order = tuple(draw(st.permutations(numbers)))
    choices = tuple(Choice(n, numbers[i % count]) for i, n in enumerate(numbers, start=1))
    state = FightState(hall=1, initiative=order, choices=choices)
    actions: dict[int, Action] = {}
    for hero in fighters:
        action = draw(action_for(hero))
        if action is not None:
            actions[hero.number] = action
    prefix = draw(st.lists(st.integers(min_value=1, max_value=10), max_size=40))
    everyone = draw(st.permutations([*fighters, *bystanders]))
    return list(everyone), state, actions, CyclingDice(prefix), bystanders


def run(
    case: tuple[list[PoolCharacter], FightState, dict[int, Action], CyclingDice, list[Any]],
) -> RoundResult:
    characters, state, actions, dice, _ = case
    return resolve_round(characters, state, actions, dice)


@settings(max_examples=200)
@given(fights())
def test_property_round_never_changes_characters_not_in_the_fight(case: Any) -> None:
    characters, _, _, _, bystanders = case
    result = run(case)
    assert [c.number for c in result.characters] == [c.number for c in characters]
    by_number = {c.number: c for c in result.characters}
    for bystander in bystanders:
        assert by_number[bystander.number] is bystander


@settings(max_examples=200)
@given(fights())
def test_property_health_never_above_max_and_accounted_for(case: Any) -> None:
    characters = case[0]
    before = {c.number: c for c in characters}
    result = run(case)
    gained = {
        e.character: e.health - before[e.character].health
        for e in result.events
        if isinstance(e, PillsTaken)
    }
    bled = {e.character for e in result.events if isinstance(e, Bled)}
    for event in result.events:
        if isinstance(event, PillsTaken):
            assert event.health <= before[event.character].max_health
    for after in result.characters:
        start = before[after.number]
        assert after.health <= after.max_health
        damage = sum(e.damage for e in result.exchanges if e.defender == after.number)
        expected = start.health + gained.get(after.number, 0) - damage - (after.number in bled)
        assert after.health == expected


@settings(max_examples=200)
@given(fights())
def test_property_every_die_is_in_an_exchange_and_swords_are_conserved(case: Any) -> None:
    characters, _, actions, dice, _ = case
    before = {c.number: c for c in characters}
    result = run(case)
    logged: list[int] = []
    for exchange in result.exchanges:
        logged.extend(exchange.attack.dice)
        if exchange.defense is not None:
            logged.extend(exchange.defense.dice)
    assert logged == dice.rolled
    attackers = [f for f, action in result.actions if isinstance(action, Attack)]
    assert [e.attacker for e in result.exchanges] == attackers
    for number, action in actions.items():
        assert dict(result.actions)[number] == action
    dropped = [e for e in result.events if isinstance(e, WeaponDropped)]
    swords_before = sum(c.inventory.swords_in_hand for c in before.values())
    swords_after = sum(c.inventory.swords_in_hand for c in result.characters)
    spilled = sum(n for e in result.spilled for item, n in e.items if item == Item.SWORD)
    assert swords_before == swords_after + len(dropped) + spilled
    for exchange in result.exchanges:
        assert exchange.damage == max(0, exchange.attack.successes - exchange.defense_successes)


@given(
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=0, max_value=12),
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=0, max_value=10),
)
def test_property_health_never_above_max_after_pills(
    vitality: int, health: int, pills: int, extra: int
) -> None:
    health = min(health, vitality)
    count = max(1, pills - extra % pills)
    hero = make(vitality=vitality, health=health)
    hero = replace(
        hero, inventory=replace(hero.inventory, left_pocket=PocketContent(Item.PILL, pills))
    )
    after = swallow(hero, count)
    assert after.health == min(vitality, health + count)
    assert after.inventory.pills_in_left_pocket == pills - count
