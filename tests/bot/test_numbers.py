"""The one strict reading of numbers (``bot.services.numbers``) and the button data built on it."""

from __future__ import annotations

import pytest
from tortoise import Tortoise

from bot.callbacks import (
    EncounterCallback,
)
from bot.db.models import OwedMessage
from bot.services.numbers import ID_MAX, NUMBER_MAX, parse_int, parse_ordinal


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", 0), ("7", 7), ("007", 7), ("999999", NUMBER_MAX)],
)
def test_plain_ascii_digits_are_numbers(text: str, value: int) -> None:
    assert parse_int(text) == value


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "²", "1²", "٣", "３", "1_000", "+7", "-7", " 7", "7 ", "7.0", "0x10", "1e3",
        "\u202e7", "7\u200b", "1000000", "9" * 21, "9" * 4096, "-",
    ],
)  # fmt: skip
def test_anything_else_is_no_number(text: str) -> None:
    assert parse_int(text) is None


def test_negatives_only_where_the_field_allows_them() -> None:
    assert parse_int("-5", low=-10) == -5
    assert parse_int("-11", low=-10) is None
    assert parse_int("--5", low=-10) is None
    assert parse_int("-²", low=-10) is None
    assert parse_int(str(ID_MAX), high=ID_MAX) == ID_MAX
    assert parse_int(str(ID_MAX + 1), high=ID_MAX) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", 3), ("#3", 3), ("№3", 3), ("№ 3", 3), (" #3 ", 3),
        ("#", None), ("#²", None), ("##3", None),
    ],
)  # fmt: skip
def test_ordinals_take_a_number_sign(text: str, value: int | None) -> None:
    assert parse_ordinal(text) == value


def test_the_id_bound_is_the_id_columns(database: str) -> None:
    """Every integer primary key a user can name (in a command, a button, a link) holds ID_MAX
    and no more (PostgreSQL's integer). The outbox's rows are never named by users, and a bot
    that sends for years needs 64 bits for them."""
    for model in Tortoise.apps["models"].values():
        if model is OwedMessage:
            continue
        pk = model.describe()["pk_field"]
        if pk["python_type"] == "int":
            assert pk["constraints"]["le"] == ID_MAX, model


@pytest.mark.parametrize(
    "data",
    ["en:duel:²:accept:0:0", "en:duel:٣:accept:0:0", "en:duel: 7:accept:0:0",
     "en:duel:+7:accept:0:0", "en:duel:7.0:accept:0:0", "en:duel:1_0:accept:0:0",
     "en:duel:-1:accept:0:0", f"en:duel:{ID_MAX + 1}:accept:0:0",
     "en:duel:7:accept:99999999999999999999:0", "en:duel:7:go_on:1:-1", "en:duel:7:GO:1:0",
     "en:duel:7:a b:1:0", "en:duel:7:" + "a" * 17 + ":1:0", "en:Duel:7:go_on:1:0",
     "en:duel_x:7:go_on:1:0", "en:" + "d" * 9 + ":7:go_on:1:0", "en:d20:7:act_p_²:1:0",
     "en:d20:7:act_p_-1:1:0", "en:d20:7:act_p_1234:1:0", "en:d20:7:act_p_3_4:1:0"],
)  # fmt: skip
def test_button_data_with_a_bad_number_does_not_unpack(data: str) -> None:
    with pytest.raises(ValueError):
        EncounterCallback.unpack(data)


def test_good_button_data_round_trips() -> None:
    for data in (
        EncounterCallback(kind="duel", id=ID_MAX, move="go_on", at=3),
        EncounterCallback(kind="d20", id=1, move="act_p_12", at=2),
        EncounterCallback(kind="pool", id=5, move="pills_2", at=1),
    ):
        assert type(data).unpack(data.pack()) == data
    with pytest.raises(ValueError):
        EncounterCallback.unpack("en:d20:1:act_p_-2:2:0")
