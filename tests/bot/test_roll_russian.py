"""``/roll`` the Russian way: «к» as the die letter, a comment after the notation, and the roll
signed with the roller's character in a game's group. Through the real dispatcher."""

from __future__ import annotations

import pytest

from bot.db.models import GameSystem
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.notation import MAX_COMMENT_LENGTH, split_comment
from rules.pool.model import Gender, Stats
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuMessage

BUILD = PoolBuild(Gender.FEMALE, Stats(initiative=1, attack=3, defense=2, vitality=5, charisma=1))


@pytest.mark.parametrize(
    ("russian", "latin", "script"),
    [
        ("1к20", "1d20", (20, 12)),
        ("2К6+3", "2d6+3", (6, 3, 5)),
        ("4к6kh3", "4d6kh3", (6, 1, 5, 6, 2)),
        ("к20", "d20", (20, 20)),
        ("(1к4, к6)kh1", "(1d4, d6)kh1", (4, 2)),
    ],
)
async def test_the_cyrillic_die_letter_rolls_as_its_latin_twin(
    gm: Harness, russian: str, latin: str, script: tuple[int, ...]
) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    chat = gm.emu.private_chat(alice)
    sides, *values = script
    answers: list[EmuMessage] = []
    for text in (latin, russian):
        gm.dice.add(sides, *values)
        if latin.startswith("("):
            gm.dice.add(6, 5)
        await gm.emu.send_text(alice, f"/roll {text}")
        answers.append(
            await gm.emu.wait_for_message(chat, lambda m: all(m is not a for a in answers))
        )
    assert answers[0].html == answers[1].html
    assert answers[1].html.startswith("🎲 Алиса: ") and "Не понимаю" not in answers[1].body


async def test_words_after_the_notation_are_a_comment(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    chat = gm.emu.private_chat(alice)
    gm.dice.add(20, 12)
    await gm.emu.send_text(alice, "/roll 1d20+5 скрытность")
    reply = await gm.emu.wait_for_message(chat)
    assert reply.html == "🎲 Алиса — скрытность: 1d20 (12) + 5 = <b>17</b>"
    gm.dice.add(6, 2, 4)
    await gm.emu.send_text(alice, "/roll 2к6 + 3 урон огнём")
    fire = await gm.emu.wait_for_message(chat, lambda m: m is not reply)
    assert fire.html == "🎲 Алиса — урон огнём: 2d6 (2, 4) + 3 = <b>9</b>"


async def test_a_comment_is_shown_literally_and_cut_when_long(gm: Harness) -> None:
    alice = gm.emu.add_user("<b>Алиса</b>", language_code="ru")
    chat = gm.emu.private_chat(alice)
    gm.dice.add(20, 7)
    await gm.emu.send_text(alice, "/roll 1d20 <b>x</b> &amp;")
    reply = await gm.emu.wait_for_message(chat)
    assert reply.body == "🎲 <b>Алиса</b> — <b>x</b> &amp;: 1d20 (7) = 7"
    assert "&lt;b&gt;x&lt;/b&gt; &amp;amp;" in reply.html
    gm.dice.add(20, 7)
    await gm.emu.send_text(alice, "/roll к20 " + "очень " * 100)
    long = await gm.emu.wait_for_message(chat, lambda m: m is not reply)
    comment = long.body.split(" — ", 1)[1].split(": 1d20", 1)[0]
    assert len(comment) == MAX_COMMENT_LENGTH and comment.endswith("…")


async def test_in_a_game_the_roll_is_signed_with_the_character(gm: Harness) -> None:
    anya = gm.emu.add_user("Игрок Ани", language_code="ru", started=True)
    other = gm.emu.add_user("Игрок", language_code="ru", started=True)
    group = gm.emu.add_group("Подземелье", admins=[anya], members=[other])
    game = await games.create_game(group.id, GameSystem.POOL, anya.id, "ru")
    await create_character(game, anya.id, "Аня Ветер", BUILD)
    gm.dice.add(20, 15, 4)
    await gm.emu.send_text(anya, group, "/roll 1d20+2")
    signed = await gm.emu.wait_for_message(group)
    assert signed.body == "🎲 Аня Ветер: 1d20 (15) + 2 = 17"
    await gm.emu.send_text(other, group, "/roll 1d20")  # no character: the Telegram name
    unsigned = await gm.emu.wait_for_message(group, lambda m: m is not signed)
    assert unsigned.body == "🎲 Игрок: 1d20 (4) = 4"
    gm.dice.add(20, 9)
    await gm.emu.send_text(anya, gm.emu.private_chat(anya), "/roll d20")  # outside the group
    private = await gm.emu.wait_for_message(gm.emu.private_chat(anya))
    assert private.body == "🎲 Игрок Ани: 1d20 (9) = 9"
    gm.dice.add(20, 11)
    await gm.emu.send_text(anya, group, "/roll к20 скрытность")
    commented = await gm.emu.wait_for_message(group, lambda m: m not in (signed, unsigned))
    assert commented.body == "🎲 Аня Ветер — скрытность: 1d20 (11) = 11"


@pytest.mark.parametrize(
    ("text", "echo"),
    [
        ("скрытность", "скрытность"),
        ("1к", "1к"),
        ("к", "к"),
        ("кк20", "кк20"),
        ("скрытность 1d20", "скрытность 1d20"),
        ("4d6 kh3", "4d6 kh3"),  # a notation cut by a space is not a comment
        ("1d20 5 ловкость", "1d20 5 ловкость"),
        ("1d20 к20", "1d20 к20"),
    ],
)
async def test_what_is_not_a_notation_stays_refused(gm: Harness, text: str, echo: str) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    await gm.emu.send_text(alice, f"/roll {text}")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(alice))
    assert reply.body.startswith(f"Не понимаю «{echo}».")
    assert gm.dice.rolled == []


def test_a_comment_does_not_hide_a_notation_too_long_nor_an_annotation() -> None:
    too_long = split_comment("1d6 + " * 30 + "урон")
    assert too_long.comment == "" and too_long.typed.endswith("+ урон")  # refused whole
    kept = split_comment("1d20 [к20] к бою")  # d20's [annotation] is the player's text too
    assert (kept.notation, kept.comment) == ("1d20 [к20]", "к бою")
