"""Names: invisible characters dropped, lookalike names refused, user text isolated.

The cleaning and the keys are pure functions; the refusal and the isolation are checked through
the real services and the real dispatcher (the emulator plays Telegram).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.db.models import Character, Game, GameSystem
from bot.handlers.d20 import parse_sides
from bot.i18n import FSI, PDI, isolate, user_text
from bot.services import games
from bot.services.characters import PoolBuild, create_character, rule_state
from bot.services.codec import dump
from bot.services.errors import InvalidName, NameProblem
from bot.services.names import clean_name, look_key, name_key, reads_alike, visible_text
from rules.pool.model import Gender, Stats
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuUser

BUILD = PoolBuild(Gender.FEMALE, Stats(initiative=1, attack=3, defense=2, vitality=5, charisma=1))
OVERRIDE = "\u202e"  # RIGHT-TO-LEFT OVERRIDE


@pytest.mark.parametrize(
    "raw",
    [
        # Hangul fillers: letters that draw nothing
        "\u3164Аня",
        "Аня\u115f",
        "\u1160Аня",
        "А\uffa0ня",
        # bidi controls
        f"{OVERRIDE}Аня",
        "\u202aАня\u202c",
        "\u2067Аня\u2069",
        "\u200eАня\u200f",
        "\u061cАня",
        # zero-width and other format characters
        "А\u200bня",
        "А\u200c\u200dня",
        "\ufeffАня",
        "А\u2060ня",
        "А\u00adня",
        "Аня\U000e0041",
        # variation selectors, the combining grapheme joiner
        "Аня\ufe0f",
        "Аня\U000e0100",
        "А\u034fня",
        # control characters
        "\x1bАня\x00",
        # combining marks with nothing to combine with
        "\u0301Аня",
        "\u20ddАня",
    ],
)
def test_invisible_characters_are_dropped(raw: str) -> None:
    assert clean_name(raw) == "Аня"


@pytest.mark.parametrize(
    ("raw", "cleaned"),
    [
        ("  Аня\u00a0\u2003\u3000Ветер \t\n", "Аня Ветер"),  # every space is one plain space
        ("Аня \u0301\u200bВетер", "Аня Ветер"),  # a mark left alone after a space goes too
        ("Ива\u0301н", "Ива\u0301н"),  # a stress mark on a letter stays
        ("е\u200b\u0308ж", "ёж"),  # the mark reaches its letter once the space between is gone
        ("О'Нил-Смит", "О'Нил-Смит"),
    ],
)
def test_spaces_collapse_and_marks_stay_on_their_letters(raw: str, cleaned: str) -> None:
    assert clean_name(raw) == cleaned


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("\u3164\u3164\u3164", NameProblem.LENGTH),  # empty once cleaned
        (f"{OVERRIDE}\u200b\ufe0f", NameProblem.LENGTH),
        ("\u3164Я\u200b", NameProblem.LENGTH),
        ("\u2800\u2800", NameProblem.CHARACTERS),  # a blank Braille pattern is a symbol
        ("Z\u0300\u0301\u0302\u0303alg", NameProblem.CHARACTERS),  # four marks on one letter
        ("Аня 🙂", NameProblem.CHARACTERS),
    ],
)
def test_names_refused_after_cleaning(raw: str, problem: NameProblem) -> None:
    with pytest.raises(InvalidName) as refused:
        clean_name(raw)
    assert refused.value.problem == problem


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Аня", "Aня"),  # Latin A
        ("аня", "АНЯ"),  # case
        ("Вова", "Bова"),  # Latin B: the capitals look alike, the small letters do not
        ("ВОВА", "BOBA"),
        ("Оля", "0ля"),  # the digit zero
        ("Зоя", "3оя"),
        ("Алёна", "АЛЕНА"),  # yo and ye
        ("Анна", "\uff21нна"),  # fullwidth Latin A
        ("Анна", "\U0001d400нна"),  # mathematical bold A
        ("Кира", "Kира"),
        ("Эрик", "Эpик"),  # Latin p
        ("вова", "Bова"),  # case does not matter: "вова" is "Вова"
        ("Догвор", "ДOГBOP"),  # Latin capitals O, B and P: the same name in capitals
        ("Том", "Tom"),  # "ТОМ" and "TOM" look the same
    ],
)
def test_lookalike_names_read_alike(first: str, second: str) -> None:
    assert reads_alike(first, second) and reads_alike(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Аня", "Аня Ветер"),
        ("Вова", "Вера"),
        ("Иван", "Ива\u0301н"),
        ("Лена", "Лина"),
        ("Bob", "Боб"),
        ("Ron", "Рон"),  # the capitals differ: R and Р (Cyrillic er, Latin P)
    ],
)
def test_different_names_do_not_read_alike(first: str, second: str) -> None:
    assert not reads_alike(first, second)


# Any character, and often the ones the cleaning is about: letters, marks, spaces, invisibles.
TRICKY = st.sampled_from("Аа еAa0O \u00a0\u0301\u0308\u20dd\u200b\u3164\u202e\ufe0f\u0345")


@given(st.text(alphabet=st.one_of(st.characters(), TRICKY), max_size=32))
def test_a_key_is_as_long_as_its_name(text: str) -> None:
    """The key goes into a column as wide as the name's: one character stands for one."""
    assert len(name_key(text)) == len(text) == len(look_key(text))
    shown = visible_text(text)
    assert visible_text(shown) == shown  # cleaning a cleaned name changes nothing


def test_battle_side_names_are_cleaned_the_same_way() -> None:
    assert parse_sides(f"\u3164Стража\u200b | {OVERRIDE}Разбойники") == ("Стража", "Разбойники")
    assert parse_sides("\u3164 | \u200b") is None  # nothing visible on either side
    assert parse_sides("Стража | Cтpaжa") is None  # Latin C, p and a: the same side twice


def test_isolation_wraps_only_text_that_could_turn_the_line() -> None:
    assert isolate("Аня Ветер 12") == "Аня Ветер 12"
    assert isolate(f"{OVERRIDE}реткаХ") == f"{FSI}{OVERRIDE}реткаХ{PDI}"
    assert isolate("שרה") == f"{FSI}שרה{PDI}"  # a right-to-left name
    assert user_text("<b>שרה</b>") == f"{FSI}&lt;b&gt;שרה&lt;/b&gt;{PDI}"
    # A line break ends an isolate: a description is isolated line by line.
    assert isolate(f"Северянин\n{OVERRIDE}с топором") == (
        f"{FSI}Северянин{PDI}\n{FSI}{OVERRIDE}с топором{PDI}"
    )


async def _pool_game(gm: Harness) -> tuple[EmuUser, EmuUser, EmuChat, Game]:
    anya = gm.emu.add_user("Игрок Ани", language_code="ru", started=True)
    other = gm.emu.add_user("Игрок", language_code="ru", started=True)
    group = gm.emu.add_group("Подземелье", admins=[anya], members=[other])
    game = await games.create_game(group.id, GameSystem.POOL, anya.id, "ru")
    await create_character(game, anya.id, "Аня", BUILD)
    return anya, other, group, game


@pytest.mark.parametrize("lookalike", ["\u3164Аня", "Aня", "АНЯ", f"{OVERRIDE}\u0410ня\u200b"])
async def test_a_lookalike_of_a_name_in_the_game_is_refused_naming_it(
    gm: Harness, lookalike: str
) -> None:
    _, other, group, game = await _pool_game(gm)
    with pytest.raises(InvalidName) as refused:
        await create_character(game, other.id, lookalike, BUILD)
    assert refused.value.problem == NameProblem.TAKEN
    assert refused.value.details["existing"] == "Аня"
    await gm.emu.send_text(other, group, "/players")
    listing = await gm.emu.wait_for_message(group)
    assert "в игре: 1" in listing.body and listing.body.count("Аня") == 1


async def test_a_first_name_with_an_override_is_isolated_in_the_greeting(gm: Harness) -> None:
    sneaky = gm.emu.add_user(f"{OVERRIDE}реткаХ", language_code="ru")
    await gm.emu.send_text(sneaky, "/start")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(sneaky))
    assert reply.body.startswith(f"Привет, {FSI}{OVERRIDE}реткаХ{PDI}! Я — мастер игры")


async def test_names_are_isolated_in_the_group_listing(gm: Harness) -> None:
    anya, other, group, game = await _pool_game(gm)
    await create_character(game, other.id, "שרה", BUILD)  # right-to-left letters are letters
    # A name stored before the cleaning existed, with an override in it.
    row = await Character.get(game_id=game.id, number=1)
    old = f"{OVERRIDE}реткаХ"
    await Character.filter(id=row.id).update(
        name=old, state=dump(replace(rule_state(game, row), name=old))
    )
    await gm.emu.send_text(anya, group, "/players")
    listing = (await gm.emu.wait_for_message(group)).body
    assert f"№1 {FSI}{old}{PDI} — Харизма 1" in listing
    assert f"№2 {FSI}שרה{PDI} — Харизма 1" in listing


async def test_a_roll_comment_with_an_override_cannot_turn_the_total_around(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[alice])
    gm.dice.add(20, 5)
    await gm.emu.send_text(alice, group, f"/roll 1d20 [{OVERRIDE}огонь]")
    reply = await gm.emu.wait_for_message(group)
    assert reply.body == f"🎲 Алиса: {FSI}1d20 (5) [{OVERRIDE}огонь]{PDI} = 5"
