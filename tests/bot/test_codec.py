"""The stored JSON format survives the codec's move to cattrs, and rule state round-trips.

Oracles: ``codec_golden.json`` is what the hand-written codec wrote for every stored state of
``codec_states`` (committed before cattrs replaced it: never regenerate it), and
``_reference_dump`` is that codec's dumping rule in a few lines, for values of any nesting.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.services.codec import dump, load, load_stored
from rules.d20 import Difficulty
from rules.pool.build import new_character
from rules.pool.fight_setup import Choice
from rules.pool.model import Gender, Item, PocketContent, PoolCharacter, Stats
from tests.bot.codec_states import stored_states

GOLDEN: dict[str, Any] = json.loads((Path(__file__).parent / "codec_golden.json").read_text())
STATES = stored_states()


def test_every_stored_state_has_its_golden_json() -> None:
    assert sorted(GOLDEN) == sorted(STATES)


# States whose type took a new shape after the golden was written. A d20 battle's state is
# the rules' table now: its timer and narrator are the encounter's, no longer stored, and it
# keeps the game's class-actions setting and whether it closed. A pool fight's is the rules'
# table too: its timer is the encounter's, and the table's world part is stored empty (the
# fighters' rows are laid over it again, ``fights.laid``). Rows written before load (the
# test below); a dump writes the new shape: these keys gone, these added.
GONE = ("timer_id", "narrator_user")
BATTLE_ADDED = {"any_action": False, "closed": False}
POOL_ADDED = {
    "stage": "joining",
    "hall": 0,
    "seated": [],
    "characters": [],
    "gone": [],
    "busy": [],
}


def _battle(old: dict[str, Any]) -> dict[str, Any]:
    new = {key: value for key, value in old.items() if key not in GONE}
    new["fighters"] = [{**fighter, "character": None} for fighter in old["fighters"]]
    return {**new, **BATTLE_ADDED}


def _pool(old: dict[str, Any]) -> dict[str, Any]:
    return {**{key: value for key, value in old.items() if key not in GONE}, **POOL_ADDED}


RESHAPED = {
    "battle state": _battle,
    "battle state, told": _battle,
    "battle state, opened": _battle,
    "pool fight": _pool,
    "pool fight, joining": _pool,
}


# A d20 character took a field after the golden was written: an NPC's own max HP (0: the
# class's, as every stored character has it). Rows written before load with the default.
D20_ADDED = {"hp_max": 0}


def _grown(old: Any) -> Any:
    """``old`` with every d20 character in it (a dict with a class and a race text) given the
    fields added since."""
    if isinstance(old, list):
        return [_grown(item) for item in old]
    if not isinstance(old, dict):
        return old
    grown = {key: _grown(value) for key, value in old.items()}
    return {**grown, **D20_ADDED} if {"character_class", "race_text"} <= set(old) else grown


@pytest.mark.parametrize("name", list(STATES))
def test_stored_state_dumps_as_the_old_codec_wrote(name: str) -> None:
    _, value = STATES[name]
    if name in RESHAPED:
        assert dump(value) == _grown(RESHAPED[name](GOLDEN[name]))
        return
    # As bytes: 1, 1.0 and true differ, and so do the orders of lists.
    assert orjson.dumps(dump(value)) == orjson.dumps(_grown(GOLDEN[name]))


@pytest.mark.parametrize("name", list(STATES))
def test_stored_state_loads_back_equal(name: str) -> None:
    cls, value = STATES[name]
    assert load(cls, GOLDEN[name]) == value
    assert load(cls, dump(value)) == value  # unencoded, as memory storage keeps dialog data


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
    hero = replace(
        hero, inventory=replace(hero.inventory, left_pocket=PocketContent(Item.PILL, pills))
    )
    assert load(PoolCharacter, orjson.loads(orjson.dumps(dump(hero)))) == hero


def test_stored_text_loads_once_and_dicts_load_each_time() -> None:
    hero = new_character(3, "Вася", Gender.MALE, Stats(3, 3, 3, 3, 0))
    text = json.dumps(dump(hero))
    first = load_stored(PoolCharacter, text)
    assert first == hero
    assert load_stored(PoolCharacter, "".join(text)) is first  # the same text: the same state
    hurt = json.dumps(dump(replace(hero, health=1)))
    assert load_stored(PoolCharacter, hurt).health == 1  # another text: its own state
    again = load_stored(PoolCharacter, dump(hero))  # already decoded (a JSON column as a dict)
    assert again == hero and again is not first


def test_missing_fields_take_their_defaults_and_unknown_keys_are_ignored() -> None:
    assert load(Choice, {"chooser": 1, "target": 2, "later": "x"}) == Choice(1, 2)
    assert load(PocketContent, {}) == PocketContent()


# --- any nesting: dumped as the old codec did, loaded back equal ---


def _reference_dump(value: Any) -> Any:
    """The old codec's dumping rule, by each value's class."""
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


class _Pair(NamedTuple):
    left: int
    right: Item


@dataclasses.dataclass(frozen=True)
class _Base:
    number: int
    anything: Any = None


_ints = st.integers(-(2**63), 2**64 - 1)  # what orjson writes
_leaves = st.one_of(
    st.none(),
    st.booleans(),
    _ints,
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.sampled_from([*Item, *Gender, *Difficulty]),
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
    assert orjson.dumps(dump(value)) == orjson.dumps(_reference_dump(value))


def test_enums_dump_as_their_plain_values() -> None:
    assert type(dump(Difficulty.DC2)) is int and dump(Difficulty.DC2) == 2
    assert type(dump(Gender.MALE)) is str and dump(Gender.MALE) == "m"
    assert dump({Item.PILL: frozenset({12, 2})}) == [["pill", [12, 2]]]


# Hypothesis: random type hints with values of them, dumped, encoded and loaded back.

_Kind = tuple[Any, st.SearchStrategy[Any]]  # a hint and its values
_leaf_kinds: list[_Kind] = [
    (int, _ints),
    (float, st.floats(allow_nan=False, allow_infinity=False)),
    (bool, st.booleans()),
    (str, st.text(max_size=3)),
    (Item, st.sampled_from(Item)),
    (Difficulty, st.sampled_from(Difficulty)),
    (Gender, st.sampled_from(Gender)),
    (Choice, st.builds(Choice, _ints, _ints)),
]
# Generic hints made at run time (typed ``Any``: values to mypy, not type expressions).
_tuple: Any = tuple
_frozenset: Any = frozenset
_list: Any = list
_dict: Any = dict


def _record(kinds: list[_Kind]) -> _Kind:
    names = [f"f{i}" for i in range(len(kinds))]
    hints = [(name, hint) for name, (hint, _) in zip(names, kinds, strict=True)]
    cls = dataclasses.make_dataclass("_Record", hints, frozen=True)
    values = st.fixed_dictionaries({name: v for name, (_, v) in zip(names, kinds, strict=True)})
    return cls, values.map(lambda fields: cls(**fields))


def _containers(
    inner: st.SearchStrategy[_Kind], hashable: st.SearchStrategy[_Kind]
) -> st.SearchStrategy[_Kind]:
    return st.one_of(
        inner.map(lambda k: (_tuple[k[0], ...], st.lists(k[1], max_size=3).map(tuple))),
        st.tuples(inner, inner).map(
            lambda ks: (_tuple[ks[0][0], ks[1][0]], st.tuples(ks[0][1], ks[1][1]))
        ),
        inner.map(lambda k: (k[0] | None, st.none() | k[1])),
        hashable.map(lambda k: (_frozenset[k[0]], st.frozensets(k[1], max_size=3))),
    )


_hashable = st.recursive(
    st.sampled_from(_leaf_kinds), lambda inner: _containers(inner, inner), max_leaves=4
)
_kinds = st.recursive(
    st.sampled_from(_leaf_kinds),
    lambda inner: st.one_of(
        _containers(inner, _hashable),
        inner.map(lambda k: (_list[k[0]], st.lists(k[1], max_size=3))),
        st.tuples(_hashable, inner).map(
            lambda ks: (_dict[ks[0][0], ks[1][0]], st.dictionaries(ks[0][1], ks[1][1], max_size=3))
        ),
        st.lists(inner, min_size=1, max_size=3).map(_record),
    ),
    max_leaves=8,
)


@given(_kinds.flatmap(lambda k: st.tuples(st.just(k[0]), k[1])))
def test_any_hint_round_trips(kind: tuple[Any, Any]) -> None:
    hint, value = kind
    data = orjson.loads(orjson.dumps(dump(value)))
    assert orjson.dumps(data) == orjson.dumps(_reference_dump(value))
    assert load(hint, data) == value
