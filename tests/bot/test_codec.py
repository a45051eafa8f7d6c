"""Rule state survives a JSON round trip exactly."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from enum import Enum
from typing import Any, NamedTuple, TypeVar

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.services.codec import dump, load, load_stored
from bot.services.fight_store import Move, Pending, PoolFight
from bot.services.settings import GameSettings
from rules.d20 import Battle, Difficulty, start_battle
from rules.d20 import new_character as new_d20_character
from rules.d20.character import CharacterClass, D20Character
from rules.dice import ScriptedDice
from rules.duel import Choice as DuelChoice
from rules.duel import Duel, Side, choose, play_round, start_duel
from rules.duel import new_character as new_duel_character
from rules.duel.character import DuelCharacter
from rules.pool.build import new_character
from rules.pool.fight_setup import Choice, FightState, start_fight
from rules.pool.model import (
    Gender,
    HallFloor,
    Inventory,
    Item,
    PocketContent,
    PoolCharacter,
    Stats,
)
from rules.pool.places import Place
from rules.pool.roll import InitiativeResult
from rules.pool.world import PickUpRequest, World, add_character, new_world

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


# --- dump: one dumper per runtime class, the same output as the generic walk it replaced ---


def _reference_dump(value: Any) -> Any:
    """The generic ``dump`` before dumpers were made per class: every node dispatched afresh."""
    if dataclasses.is_dataclass(type(value)):
        names = [f.name for f in dataclasses.fields(type(value))]
        return {name: _reference_dump(getattr(value, name)) for name in names}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_reference_dump(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_reference_dump(item) for item in value), key=repr)
    if isinstance(value, dict):
        return [[_reference_dump(k), _reference_dump(v)] for k, v in value.items()]
    return value


def _assert_dumps_as_before(value: object) -> None:
    new, old = dump(value), _reference_dump(value)
    assert new == old
    assert orjson.dumps(new) == orjson.dumps(old)
    assert type(new) is type(old)


def _hero(number: int, hall: int = 1) -> PoolCharacter:
    hero = new_character(number, f"Герой {number}", Gender.FEMALE, Stats(3, 3, 2, 4, 0))
    inventory = replace(
        hero.inventory, left_hand=Item.RATION, left_pocket=PocketContent(Item.PILL, 4)
    )
    return replace(hero, hall=hall, inventory=inventory, guarding=2, health_at_cycle_start=3)


def _world() -> World:
    world = new_world(halls=3, connections=frozenset({(3, 2), (1, 2)}))
    for n in range(4):
        world, _ = add_character(world, _hero(1), hall=1 + n % 3)
    floors = (
        HallFloor(((Item.SWORD, 2), (Item.PILL, 3))),
        HallFloor(),
        HallFloor(((Item.COIN, 9),)),
    )
    pick_ups = (PickUpRequest(1, Item.PILL, 2), PickUpRequest(2, Item.COIN, 1, Place.BACKPACK))
    return replace(world, cycle=4, floors=floors, winners=(3,), pick_ups=pick_ups)


def _pool_fight() -> PoolFight:
    fighters = [_hero(n) for n in (1, 2, 3, 4)]
    dice = ScriptedDice({10: [5, 5, 3, 7, 2, 9]})  # 1 and 2 tie, then re-roll
    state, initiative = start_fight(fighters, [1, 2, 3, 4], dice)
    assert len(initiative.rolls) == 2
    state = replace(
        state,
        choices=(Choice(1, 2), Choice(2, 1)),
        picks=(Choice(3, 4),),
        fled=frozenset({4, 3}),
        round=2,
    )
    actions = (Pending(1, Move.ATTACK), Pending(2, Move.PILLS, 2), Pending(3, Move.STAND))
    return PoolFight(1, (1, 2, 3, 4), None, state, initiative, actions, (3,), (4,), 7, False)


def _duel() -> Duel:
    sandor = new_duel_character("Сандор", {"пеший": 9, "конный": 4})
    bronn = new_duel_character("Бронн", {"пеший": 8}, agility=20)
    duel = start_duel(sandor, bronn, "пеший")
    duel = play_round(duel, ScriptedDice({17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}))
    return choose(duel, Side.OPPONENT, DuelChoice.GO_ON)


def _battle() -> Battle:
    fighters = [
        (D20Character("Догвор", CharacterClass.FIGHTER, 20), "heroes"),
        (new_d20_character("Эльф", CharacterClass.WIZARD), "raiders"),
    ]
    return start_battle(fighters, ScriptedDice({20: [12, 18]}))


def _rule_states() -> list[tuple[type[Any], object]]:
    fight = _pool_fight()
    assert fight.state is not None and fight.initiative is not None
    return [
        (PoolCharacter, _hero(1)),
        (PoolCharacter, replace(_hero(2), inventory=Inventory())),  # empty hands and pockets
        (World, _world()),
        (World, new_world()),  # connections None, no characters
        (PoolFight, fight),
        (PoolFight, PoolFight(challenger=1, joined=(1, 2))),
        (FightState, fight.state),
        (InitiativeResult, fight.initiative),
        (Duel, _duel()),
        (Battle, _battle()),
        (GameSettings, GameSettings()),
        (GameSettings, GameSettings(duel_skills=("пеший", "конный"), duel_to_death=True)),
    ]


class _Pair(NamedTuple):
    left: int
    right: Item


class _Shape(tuple[int, int], Enum):
    CORNER = (1, 2)  # an enum first: its value is given as it is, not as a list


class _Count(int):
    pass


@dataclasses.dataclass(frozen=True)
class _Base:
    number: int
    anything: Any = None


@dataclasses.dataclass(frozen=True)
class _Derived(_Base):
    item: Item = Item.PILL
    extra: frozenset[Difficulty] = frozenset({Difficulty.DC3, Difficulty.DC1})


class _Undeclared(_Base):
    """A plain subclass of a dataclass: still a dataclass with its base's fields."""


EDGE_CASES: list[object] = [
    None,
    True,
    0,
    -7,
    1.5,
    "",
    "текст",
    (),
    [],
    {},
    set(),
    frozenset(),
    Difficulty.DC2,
    Gender.MALE,
    _Shape.CORNER,
    frozenset({Item.SWORD, Item.PILL, Item.COIN}),
    {Difficulty.DC1, Difficulty.DC3},
    {(1, 2): {"a": [Item.PILL, None], (3,): {}}, (): frozenset({(2, 1), (1, 2)})},
    _Pair(3, Item.COIN),
    [_Pair(1, Item.SWORD), (_Pair(2, Item.RATION),)],
    _Count(5),
    [True, False, None, 0.0, 2],
    _Base(1, {"x": (Gender.FEMALE, [Difficulty.DC1])}),
    _Base(2, _Pair(0, Item.PILL)),
    _Derived(3, Item.SWORD),
    _Derived(4, None, Item.COIN, frozenset()),
    _Undeclared(5, _Derived(6)),
    {"nested": _Base(7, {Gender.MALE: Choice(1, 2)})},
]


@pytest.mark.parametrize("value", EDGE_CASES, ids=repr)
def test_dump_of_edge_cases_is_as_before(value: object) -> None:
    _assert_dumps_as_before(value)


def test_dump_of_rule_states_is_as_before_and_round_trips() -> None:
    for cls, value in _rule_states():
        _assert_dumps_as_before(value)
        assert load(cls, dump(value)) == value
        assert load(cls, orjson.loads(orjson.dumps(dump(value)))) == value


def test_enum_subclasses_of_int_and_str_dump_as_plain_values() -> None:
    assert dump(Difficulty.DC2) == 2 and type(dump(Difficulty.DC2)) is int
    assert dump(Gender.MALE) == "m" and type(dump(Gender.MALE)) is str
    assert dump(_Shape.CORNER) == (1, 2)


def test_subclasses_get_their_own_dumper() -> None:
    assert dump(_Base(1)) == {"number": 1, "anything": None}
    derived = _Derived(2, frozenset({Gender.FEMALE}), Item.SWORD)
    assert dump(derived) == {
        "number": 2,
        "anything": ["f"],
        "item": "sword",
        "extra": [1, 3],
    }
    assert dump(_Undeclared(3)) == {"number": 3, "anything": None}
    assert dump((1, 2)) == [1, 2]
    assert dump(_Pair(4, Item.PILL)) == [4, "pill"]  # a NamedTuple is no dataclass: a list


def test_a_field_dumps_by_the_class_of_what_it_holds() -> None:
    values: list[Any] = [None, 3, Item.PILL, _Pair(1, Item.COIN), _Base(2), {1: 2}, {3}]
    dumped = [dump(_Base(0, value))["anything"] for value in values]
    assert dumped == [None, 3, "pill", [1, "coin"], {"number": 2, "anything": None}, [[1, 2]], [3]]


_ints = st.integers(-(2**63), 2**64 - 1)  # what orjson writes
_leaves = st.one_of(
    st.none(),
    st.booleans(),
    _ints,
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.sampled_from([*Item, *Gender, *Difficulty, _Shape.CORNER]),
)
_hashables = st.recursive(_leaves, lambda inner: st.tuples(inner, inner), max_leaves=4)


@given(
    st.recursive(
        _leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.lists(inner, max_size=3).map(tuple),
            st.frozensets(_hashables, max_size=3),
            st.dictionaries(_hashables, inner, max_size=3),
            st.builds(_Base, _ints, inner),
            st.builds(_Pair, _ints, st.sampled_from(Item)),
            st.builds(Choice, _ints, _ints),
        ),
        max_leaves=12,
    )
)
def test_dump_of_any_nesting_is_as_before(value: object) -> None:
    _assert_dumps_as_before(value)
