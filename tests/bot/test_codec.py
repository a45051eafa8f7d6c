"""Rule state survives a JSON round trip exactly."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TypeVar

from hypothesis import given
from hypothesis import strategies as st

from bot.services.codec import dump, load, load_stored
from rules.d20.character import CharacterClass, D20Character
from rules.duel import new_character as new_duel_character
from rules.duel.character import DuelCharacter
from rules.pool.build import new_character
from rules.pool.model import Gender, Item, PocketContent, PoolCharacter, Stats
from rules.pool.world import World, new_world

T = TypeVar("T")


def _round_trip(cls: type[T], value: T) -> T:
    return load(cls, json.loads(json.dumps(dump(value))))


@given(
    st.integers(0, 11).flatmap(
        lambda a: st.tuples(st.just(a), st.integers(0, 11 - a)).map(
            lambda t: Stats(t[0], t[1], 0, 12 - t[0] - t[1], 0)
        )
    ),
    st.sampled_from(list(Gender)),
    st.integers(0, 12),
)
def test_pool_characters_round_trip(stats: Stats, gender: Gender, pills: int) -> None:
    if stats.vitality < 1:
        return
    hero = new_character(3, "Вася <b>", gender, stats)
    inventory = hero.inventory
    hero = PoolCharacter(
        **{f: getattr(hero, f) for f in PoolCharacter.__dataclass_fields__ if f != "inventory"},
        inventory=type(inventory)(
            **{
                **{f: getattr(inventory, f) for f in type(inventory).__dataclass_fields__},
                "left_pocket": PocketContent(Item.PILL, pills),
            }
        ),
    )
    assert _round_trip(PoolCharacter, hero) == hero


def test_duel_and_d20_characters_round_trip() -> None:
    duelist = new_duel_character("Сандор", {"пеший": 9, "конный": 4}, agility=20)
    assert _round_trip(DuelCharacter, duelist) == duelist
    wizard = D20Character("Гэндальф", CharacterClass.WIZARD, 12)
    assert _round_trip(D20Character, wizard) == wizard


def test_pool_world_round_trips_with_connections() -> None:
    world = new_world(halls=3, connections=frozenset({(1, 2), (2, 3)}))
    assert _round_trip(World, world) == world


def test_stored_text_loads_once_and_dicts_load_each_time() -> None:
    hero = new_character(3, "Вася", Gender.MALE, Stats(3, 3, 3, 3, 0))
    text = json.dumps(dump(hero))
    first = load_stored(PoolCharacter, text)
    assert first == hero
    assert load_stored(PoolCharacter, "".join(text)) is first  # the same text: the same state
    hurt = json.dumps(dump(replace(hero, health=1)))
    assert load_stored(PoolCharacter, hurt).health == 1  # another text: its own state
    data = dump(hero)
    again = load_stored(PoolCharacter, data)  # already decoded (a JSON column as a dict)
    assert again == hero and again is not first
