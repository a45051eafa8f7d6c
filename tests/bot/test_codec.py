"""Rule state survives a JSON round trip exactly."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from functools import cache
from typing import Any, NamedTuple, TypeVar, Union

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.services.codec import _part, dump, load, load_stored
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
    data = json.loads(json.dumps(dump(value)))
    _assert_loads_as_before(cls, data)
    return load(cls, data)


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


# --- load: parts taken inline, the same objects as the loader it replaced ---


_RefLoader = Callable[[Any], Any]


def _reference_load(cls: Any, data: Any) -> Any:
    """``load`` before parts were taken inline: a loader called for every node."""
    return _ref_loader(cls)(data)


@cache
def _ref_loader(tp: Any) -> _RefLoader:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return _ref_as_is
    if origin in (Union, types.UnionType):
        return _ref_union_loader(tp, args)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _ref_dataclass_loader(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _ref_loader(args[0])
            return lambda data: tuple(item(x) for x in data)
        items = tuple(_ref_loader(arg) for arg in args)
        return lambda data: tuple(load(x) for load, x in zip(items, data, strict=True))
    if origin in (frozenset, set):
        item, collection = _ref_loader(args[0]), origin
        return lambda data: collection(item(x) for x in data)
    if origin is list:
        item = _ref_loader(args[0])
        return lambda data: [item(x) for x in data]
    if origin is dict:
        key, value = _ref_loader(args[0]), _ref_loader(args[1])
        return lambda data: {key(k): value(v) for k, v in data}
    if tp in (int, str, bool, float):
        return _ref_primitive_loader(tp)
    if tp is type(None):
        return _ref_none
    return _ref_cannot(tp)


def _ref_as_is(data: Any) -> Any:
    return data


def _ref_none(data: Any) -> None:
    if data is not None:
        raise TypeError("expected null")
    return None


def _ref_cannot(tp: Any) -> _RefLoader:
    def cannot(data: Any) -> Any:
        raise TypeError(f"cannot load {tp}")

    return cannot


def _ref_primitive_loader(tp: type) -> _RefLoader:
    def primitive(data: Any) -> Any:
        if not isinstance(data, tp) and not (tp is float and isinstance(data, int)):
            raise TypeError(f"expected {tp.__name__}, got {data!r}")
        return data

    return primitive


def _ref_union_loader(tp: Any, args: tuple[Any, ...]) -> _RefLoader:
    nullable = type(None) in args
    options = [a for a in args if a is not type(None)]
    if len(options) == 1:
        only = _ref_loader(options[0])
        if nullable:
            return lambda data: None if data is None else only(data)
        return only
    loaders = [_ref_loader(option) for option in options]

    def union(data: Any) -> Any:
        if data is None and nullable:
            return None
        for option in loaders:
            try:
                return option(data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"{data!r} fits none of {tp}")

    return union


def _ref_dataclass_loader(cls: type) -> _RefLoader:
    fields: list[tuple[str, _RefLoader]] = []

    def dataclass(data: Any) -> Any:
        if not fields:
            hints = typing.get_type_hints(cls)
            fields.extend(
                (f.name, _ref_loader(hints[f.name])) for f in dataclasses.fields(cls) if f.init
            )
        return cls(**{name: load(data[name]) for name, load in fields if name in data})

    return dataclass


def _outcome(loader: Callable[[Any, Any], Any], cls: Any, data: Any) -> tuple[Any, ...]:
    """What loading gives: the object, or the error's class and message."""
    try:
        return ("loaded", loader(cls, data))
    except Exception as error:  # the errors themselves are compared
        return ("failed", type(error), str(error))


def _assert_same(new: object, old: object) -> None:
    """Equal, and of the same class all the way down (``1 == True``, ``{1} == frozenset({1})``)."""
    assert type(new) is type(old), (new, old)
    assert new == old or (new != new and old != old)  # NaN
    if isinstance(old, Enum):
        assert new is old
    elif dataclasses.is_dataclass(old):
        for field in dataclasses.fields(old):
            _assert_same(getattr(new, field.name), getattr(old, field.name))
    elif isinstance(old, (tuple, list)):
        assert isinstance(new, (tuple, list))
        for new_item, old_item in zip(new, old, strict=True):
            _assert_same(new_item, old_item)
    elif isinstance(old, (set, frozenset)):
        assert isinstance(new, (set, frozenset))
        for new_item, old_item in zip(sorted(new, key=repr), sorted(old, key=repr), strict=True):
            _assert_same(new_item, old_item)
    elif isinstance(old, dict):
        assert isinstance(new, dict)
        for (new_key, new_value), (old_key, old_value) in zip(
            new.items(), old.items(), strict=True
        ):
            _assert_same(new_key, old_key)
            _assert_same(new_value, old_value)


def _assert_loads_as_before(cls: Any, data: Any) -> tuple[Any, ...]:
    new, old = _outcome(load, cls, data), _outcome(_reference_load, cls, data)
    assert new[0] == old[0], (new, old)
    if new[0] == "loaded":
        _assert_same(new[1], old[1])
    else:
        assert new == old
    return new


def _as_tuples(data: Any) -> Any:
    """``data`` with every list a tuple: what a caller may pass instead of parsed JSON."""
    if isinstance(data, list):
        return tuple(_as_tuples(item) for item in data)
    if isinstance(data, dict):
        return {key: _as_tuples(value) for key, value in data.items()}
    return data


def test_load_of_rule_states_is_as_before() -> None:
    for cls, value in _rule_states():
        dumped = dump(value)
        for data in (dumped, orjson.loads(orjson.dumps(dumped)), _as_tuples(dumped)):
            assert _assert_loads_as_before(cls, data) == ("loaded", value)


@dataclasses.dataclass(frozen=True)
class _Kinds:
    """Every kind of hint the loader knows, with defaults: a missing key is allowed."""

    number: int = 0
    ratio: float = 0.0
    flag: bool = False
    label: str = ""
    maybe: int | None = None
    maybe_ratio: float | None = None
    either: int | str = 0
    text_or_item: str | Item = ""
    item_or_text: Item | str = ""  # "pill" is Item.PILL: the first option that takes it
    item_or_count: Item | int | None = None
    anything: Any = None
    maybe_anything: Any | None = None
    difficulty: Difficulty = Difficulty.DC1
    gender: Gender | None = None
    numbers: list[int] = dataclasses.field(default_factory=list)
    tags: set[str] = dataclasses.field(default_factory=set)
    table: dict[str, int] = dataclasses.field(default_factory=dict)
    by_item: dict[Item, tuple[int, ...]] = dataclasses.field(default_factory=dict)
    pair: tuple[int, str] = (0, "")
    mixed: tuple[Item, int | None, Any] = (Item.PILL, None, None)
    ints_or_none: tuple[int | None, ...] = ()
    floats: tuple[float, ...] = ()
    items: frozenset[Item] = frozenset()
    pairs: frozenset[tuple[int, int]] = frozenset()
    empty: tuple[()] = ()
    nothing: None = None
    choice: Choice | None = None
    derived: int = dataclasses.field(init=False, default=7)


@dataclasses.dataclass(frozen=True)
class _Node:
    """Refers to itself, has a keyword-only field."""

    name: str
    children: tuple[_Node, ...] = ()
    parent: _Node | None = None
    _: dataclasses.KW_ONLY
    weight: float = 1.0


class _Level(int, Enum):
    LOW = 1
    HIGH = 2


_KINDS_DONE = _Kinds(
    number=3,
    ratio=2.5,
    flag=True,
    label="метка",
    maybe=4,
    maybe_ratio=1,
    either="x",
    text_or_item="pill",
    item_or_text=Item.PILL,
    item_or_count=Item.COIN,
    anything={"a": [1, None]},
    maybe_anything=[2],
    difficulty=Difficulty.DC3,
    gender=Gender.MALE,
    numbers=[1, 2],
    tags={"b", "a"},
    table={"a": 1},
    by_item={Item.PILL: (1, 2)},
    pair=(1, "one"),
    mixed=(Item.SWORD, 3, (1, "x")),
    ints_or_none=(1, None, 2),
    floats=(1.5, 2),
    items=frozenset({Item.PILL, Item.SWORD}),
    pairs=frozenset({(1, 2), (3, 4)}),
    choice=Choice(1, 2),
)
_TREE = _Node("root", (_Node("leaf", weight=2), _Node("bud", parent=_Node("root"))))


def test_load_of_every_kind_is_as_before() -> None:
    for cls, value in [(_Kinds, _Kinds()), (_Kinds, _KINDS_DONE), (_Node, _TREE)]:
        dumped = dump(value)
        for data in (dumped, orjson.loads(orjson.dumps(dumped)), _as_tuples(dumped)):
            _assert_loads_as_before(cls, data)
    assert _assert_loads_as_before(_Node, dump(_TREE)) == ("loaded", _TREE)


_fight = dump(_pool_fight())
_hero_data = dump(_hero(1))

LOAD_EDGE_CASES: list[tuple[Any, Any]] = [
    # accepted
    (PoolFight, {"challenger": 1, "joined": [1, 2]}),  # missing keys: the defaults
    (PoolFight, {"challenger": 1, "joined": (1, 2), "unknown": 5}),  # unknown keys ignored
    (PoolFight, {**_fight, "sleeper": None, "state": None, "initiative": None}),
    (PoolFight, {**_fight, "challenger": True, "stopped": True, "timer_id": False}),
    (PoolFight, {**_fight, "joined": {1: "a", 2: "b"}}),  # a dict iterates as its keys
    (PoolFight, {**_fight, "actions": [{"fighter": 1, "move": Move.ATTACK}]}),  # a member
    (PoolFight, {**_fight, "joined": [_Count(1), _Level.LOW, 3]}),  # int subclasses
    (PoolCharacter, {**_hero_data, "gender": Gender.MALE, "inventory": {}}),
    (PoolCharacter, {**_hero_data, "health_at_cycle_start": _Level.HIGH}),
    (World, {"connections": [(1, 2), [2, 3]], "floors": [{}]}),
    (World, {"connections": None}),
    (GameSettings, {"duel_skills": "ab"}),  # a string iterates as its letters
    (_Kinds, {"ratio": True, "maybe_ratio": 3, "floats": [True, 1, 2.5]}),  # float takes ints
    (_Kinds, {"either": 1, "text_or_item": "sword", "item_or_count": "sword"}),
    (_Kinds, {"item_or_text": "pill"}),
    (_Kinds, {"item_or_text": "dance"}),
    (_Kinds, {"either": True, "item_or_count": 2, "maybe_anything": None}),
    (_Kinds, {"difficulty": 2, "items": ["coin"], "tags": ["x", "x"]}),
    (_Kinds, {"difficulty": 2.0, "gender": "f", "derived": 1}),  # not an init field: ignored
    (_Kinds, {"mixed": ["coin", None, {"k": 1}], "ints_or_none": [None, True, None]}),
    (_Kinds, {"anything": Item.PILL, "numbers": (1, 2), "empty": []}),
    (_Node, {"name": "a", "children": [{"name": "b", "weight": 3}], "parent": None}),
    # refused
    (PoolFight, {"joined": [1]}),  # a required key is missing
    (PoolFight, {"challenger": "1", "joined": [1]}),
    (PoolFight, {"challenger": 1, "joined": [1, "2"]}),
    (PoolFight, {"challenger": 1, "joined": 5}),
    (PoolFight, {"challenger": 1, "joined": None}),
    (PoolFight, {**_fight, "actions": [{"fighter": 1, "move": "dance"}]}),
    (PoolFight, {**_fight, "actions": [{"fighter": 1, "move": ["attack"]}]}),  # unhashable
    (PoolFight, {**_fight, "state": {"hall": 1, "initiative": [1], "fled": [[1]]}}),
    (PoolFight, {**_fight, "stopped": 0}),  # no int for a bool
    (PoolFight, {**_fight, "sleeper": 1.0}),
    (PoolFight, [1, 2]),
    (PoolFight, ["challenger"]),  # "challenger" in the list, not a key
    (PoolFight, "challenger"),  # "challenger" in the string
    (PoolFight, None),
    (PoolFight, 3),
    (World, {"connections": [[1, 2, 3]]}),  # a pair of three
    (World, {"connections": [[1]]}),
    (World, {"connections": [[1, "x"]]}),
    (World, {"connections": [5]}),
    (World, {"floors": [{"items": [["pill", 2], ["pill", 1]]}]}),  # the floor's own check
    (_Kinds, {"either": None}),
    (_Kinds, {"either": 1.5}),
    (_Kinds, {"maybe": 1.5}),
    (_Kinds, {"ratio": "1"}),
    (_Kinds, {"label": 1}),
    (_Kinds, {"nothing": 0}),
    (_Kinds, {"pair": [1]}),
    (_Kinds, {"pair": [1, 2]}),
    (_Kinds, {"pair": [1, "a", 3]}),
    (_Kinds, {"pair": None}),
    (_Kinds, {"mixed": ["pill", 1.5, 0]}),
    (_Kinds, {"empty": [1]}),
    (_Kinds, {"table": {"a": 1}}),  # a dict is stored as pairs
    (_Kinds, {"by_item": [["dance", [1]]]}),
    (_Kinds, {"items": [["pill"]]}),
    (_Kinds, {"tags": [["x"]]}),
    (_Kinds, {"maybe_anything": [[1]], "anything": {1: [2]}, "ints_or_none": [[None]]}),
    (_Node, {"name": "a", "children": [{"weight": 3}]}),
    (_Node, {"name": "a", "parent": {"name": 1}}),
]


@pytest.mark.parametrize(("cls", "data"), LOAD_EDGE_CASES, ids=repr)
def test_load_of_edge_cases_is_as_before(cls: Any, data: Any) -> None:
    _assert_loads_as_before(cls, data)


_HINTS: list[Any] = [
    *(int, float, bool, str, type(None), Any, Item, _Level, Choice),
    *(int | None, float | None, bool | None, str | None, Any | None, Item | None),
    *(int | str, str | int, float | int, bool | int, Item | int | None, Any | int, Choice | None),
    *(Item | str, Difficulty | int, _Level | int | None, Choice | Any, list[int] | tuple[int, ...]),
    *(tuple[int, ...], tuple[int, str], frozenset[Item], list[float], dict[str, int]),
    *(tuple[int | None, ...], tuple[Any, ...], tuple[()], list[Choice], set[Any]),
]
_SAMPLES: list[Any] = [
    *(None, True, False, 0, 1, -3, 2**70, 1.5, 0.0, "", "pill", "x", "f"),
    *([], [1], [1, "pill"], [None, 2], [[1]], (), (1, "x"), {}, {"chooser": 1, "target": 2}),
    *(Item.PILL, Difficulty.DC2, _Level.LOW, _Count(3), Choice(1, 2), frozenset({1})),
]


@pytest.mark.parametrize("hint", _HINTS, ids=repr)
def test_parts_taken_inline_are_what_the_loader_gives_back(hint: Any) -> None:
    kept, part_loader = _part(hint)
    for data in _SAMPLES:
        before = _assert_loads_as_before(hint, data)
        if type(data) in kept:
            assert before[0] == "loaded" and before[1] is data
        else:  # what the part calls for anything else loads as the whole loader did
            after = _outcome(lambda _, d: part_loader(d), hint, data)
            assert after[0] == before[0]
            if before[0] == "loaded":
                _assert_same(after[1], before[1])
            else:
                assert after == before


# Hypothesis: random hints with values of them, dumped (and maybe damaged), loaded both ways.

_Kind = tuple[Any, st.SearchStrategy[Any]]  # a hint and its values

_json_leaves = st.one_of(
    st.none(), st.booleans(), _ints, st.floats(allow_nan=False), st.text(max_size=3)
)
_json = st.recursive(
    _json_leaves | st.sampled_from(["pill", "coin", "f", 1, 2, 3]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
_leaf_kinds: list[_Kind] = [
    (int, _ints),
    (float, st.floats(allow_nan=False, allow_infinity=False)),
    (bool, st.booleans()),
    (str, st.text(max_size=3)),
    (type(None), st.none()),
    (Item, st.sampled_from(Item)),
    (Difficulty, st.sampled_from(Difficulty)),
    (Gender, st.sampled_from(Gender)),
    (Choice, st.builds(Choice, _ints, _ints)),
]


def _union(kinds: tuple[_Kind, _Kind]) -> _Kind:
    (first, first_values), (second, second_values) = kinds
    return Union[first, second], first_values | second_values  # noqa: UP007


def _record(kinds: list[_Kind]) -> _Kind:
    names = [f"f{i}" for i in range(len(kinds))]
    cls = dataclasses.make_dataclass(
        "_Record", [(name, hint) for name, (hint, _) in zip(names, kinds, strict=True)], frozen=True
    )
    values = st.fixed_dictionaries({name: v for name, (_, v) in zip(names, kinds, strict=True)})
    return cls, values.map(lambda fields: cls(**fields))


# Generic hints made at run time (typed ``Any``: values to mypy, not type expressions).
_tuple: Any = tuple
_frozenset: Any = frozenset
_list: Any = list
_dict: Any = dict


def _containers(
    inner: st.SearchStrategy[_Kind], hashable: st.SearchStrategy[_Kind]
) -> st.SearchStrategy[_Kind]:
    return st.one_of(
        inner.map(lambda k: (_tuple[k[0], ...], st.lists(k[1], max_size=3).map(tuple))),
        st.tuples(inner, inner).map(
            lambda ks: (_tuple[ks[0][0], ks[1][0]], st.tuples(ks[0][1], ks[1][1]))
        ),
        inner.map(lambda k: (k[0] | None, st.none() | k[1])),
        st.tuples(inner, inner).map(_union),
        hashable.map(lambda k: (_frozenset[k[0]], st.frozensets(k[1], max_size=3))),
    )


_hashable = st.recursive(
    st.sampled_from(_leaf_kinds), lambda inner: _containers(inner, inner), max_leaves=4
)


def _any_kinds(inner: st.SearchStrategy[_Kind]) -> st.SearchStrategy[_Kind]:
    return st.one_of(
        _containers(inner, _hashable),
        inner.map(lambda k: (_list[k[0]], st.lists(k[1], max_size=3))),
        st.tuples(_hashable, inner).map(
            lambda ks: (_dict[ks[0][0], ks[1][0]], st.dictionaries(ks[0][1], ks[1][1], max_size=3))
        ),
        st.lists(inner, min_size=1, max_size=3).map(_record),
    )


_kinds = st.recursive(st.sampled_from([*_leaf_kinds, (Any, _json)]), _any_kinds, max_leaves=8)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*path, index))
    return found


def _damaged(data: Any, path: tuple[Any, ...], new: Any, drop: bool) -> Any:
    """``data`` with the value at ``path`` replaced by ``new`` (a dict's key dropped if asked)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        if drop and not rest:
            return {k: v for k, v in data.items() if k != head}
        return {**data, head: _damaged(data[head], rest, new, drop)}
    return [_damaged(v, rest, new, drop) if i == head else v for i, v in enumerate(data)]


@given(_kinds.flatmap(lambda k: st.tuples(st.just(k[0]), k[1])), st.data())
def test_load_of_any_hint_is_as_before(kind: tuple[Any, Any], draw: st.DataObject) -> None:
    hint, value = kind
    data = orjson.loads(orjson.dumps(dump(value)))
    before = _assert_loads_as_before(hint, data)
    assert before[0] == "loaded"
    _assert_loads_as_before(hint, _as_tuples(data))
    path = draw.draw(st.sampled_from(_paths(data)))
    new, drop = draw.draw(_json), draw.draw(st.booleans())
    _assert_loads_as_before(hint, _damaged(data, path, new, drop))


_states = _rule_states()


@given(st.sampled_from(range(len(_states))), st.data())
def test_load_of_damaged_rule_states_is_as_before(index: int, draw: st.DataObject) -> None:
    cls, value = _states[index]
    data = orjson.loads(orjson.dumps(dump(value)))
    path = draw.draw(st.sampled_from(_paths(data)))
    new, drop = draw.draw(_json), draw.draw(st.booleans())
    _assert_loads_as_before(cls, _damaged(data, path, new, drop))
