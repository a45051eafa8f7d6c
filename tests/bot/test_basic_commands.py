"""/start, /help and /roll through the real dispatcher, answered in the user's language."""

from __future__ import annotations

import pytest
from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.callbacks import EncounterCallback, SheetCallback
from bot.db.models import GameSystem, User
from bot.handlers import encounters, sheets
from bot.services.games import create_game
from tests.bot.conftest import Harness


async def test_start_greets_in_russian_and_remembers_the_user(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    await gm.emu.send_text(alice, "/start")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(alice))
    assert "Привет, Алиса!" in reply.body
    assert "/roll 2d6+3" in reply.body
    row = await User.get(telegram_id=alice.id)
    assert row.started and row.language_code == "ru"


async def test_start_speaks_english_to_english_users(gm: Harness) -> None:
    bob = gm.emu.add_user("Bob", language_code="en-US")
    await gm.emu.send_text(bob, "/start")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(bob))
    assert reply.body.startswith("Hi, Bob!")


async def test_unknown_language_falls_back_to_the_default_locale(gm: Harness) -> None:
    hans = gm.emu.add_user("Hans", language_code="de")
    await gm.emu.send_text(hans, "/help")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(hans))
    assert "Команды" in reply.body


async def test_names_with_html_are_escaped(gm: Harness) -> None:
    mallory = gm.emu.add_user("<b>Mal</b>", language_code="en")
    await gm.emu.send_text(mallory, "/start")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(mallory))
    assert reply.body.startswith("Hi, <b>Mal</b>!")
    assert "&lt;b&gt;Mal&lt;/b&gt;" in reply.html


async def test_help_in_a_group_speaks_of_group_commands(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[alice])
    await gm.emu.send_text(alice, group, "/help@gm_test_bot")
    reply = await gm.emu.wait_for_message(group)
    assert "Команды в группе" in reply.body


async def test_roll_in_a_group_shows_every_die(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[alice])
    gm.dice.add(10, 4, 6, 7, 1, 10)
    await gm.emu.send_text(alice, group, "/roll 5d10")
    reply = await gm.emu.wait_for_message(group)
    assert reply.body == "🎲 Алиса: 5d10 (4, 6, 7, 1, 10) = 28"


async def test_roll_in_private_with_keep_highest_strikes_dropped_dice(gm: Harness) -> None:
    bob = gm.emu.add_user("Bob", language_code="en")
    gm.dice.add(6, 1, 5, 6, 2)
    await gm.emu.send_text(bob, "/roll 4d6kh3")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(bob))
    assert "<s>1</s>, 5, 6, 2" in reply.html
    assert "<code>" not in reply.html  # Telegram drops marks inside code: none around dice
    assert reply.body.endswith("= 13")


async def test_roll_marks_a_natural_20_bold_and_a_natural_1_struck(gm: Harness) -> None:
    bob = gm.emu.add_user("Bob", language_code="en")
    gm.dice.add(20, 20, 1)
    await gm.emu.send_text(bob, "/roll d20+2")
    crit = await gm.emu.wait_for_message(gm.emu.private_chat(bob))
    assert crit.html == "🎲 Bob: 1d20 (<b>20</b>) + 2 = <b>22</b>"
    await gm.emu.send_text(bob, "/roll d20")
    fumble = await gm.emu.wait_for_message(gm.emu.private_chat(bob), lambda m: m is not crit)
    assert fumble.html == "🎲 Bob: 1d20 (<s>1</s>) = <b>1</b>"


async def test_bad_rolls_get_a_clear_answer_in_the_chat_language(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    chat = gm.emu.private_chat(alice)
    expectations = {
        "/roll": "Напишите, что бросить",
        "/roll junk": "Не понимаю «junk»",
        "/roll 100000d100000": "Слишком много кубиков: не больше 100",
        "/roll 0d6": "Кубик без граней",
        "/roll 1d5000": "не больше 1\xa0000 у кубика",
        "/roll 7": "нет кубиков",
    }
    for command, expected in expectations.items():
        await gm.emu.send_text(alice, command)
        reply = await gm.emu.wait_for_message(chat)
        assert expected in reply.body, (command, reply.body)
    assert gm.dice.rolled == []


async def test_rolls_that_fail_while_counting_get_a_clear_answer(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    chat = gm.emu.private_chat(alice)
    gm.dice.add(6, 3, 3, 2, 5, 5, 3, 2)
    too_big = "Слишком большой итог: бот считает броски от −1\xa0000\xa0000\xa0000 до"
    expectations = {
        "/roll 1d6/0": "В «1d6/0» выходит деление на ноль — такой бросок не посчитать.",
        "/roll 1d6//0": "выходит деление на ноль",
        "/roll 1d6/(1d6-1d6)": "выходит деление на ноль",  # 2, then 5 and 5
        "/roll 1d6+" + "9" * 30: too_big,
        "/roll 1d6*1000000000": too_big,  # 2 × 10⁹
    }
    for command, expected in expectations.items():
        await gm.emu.send_text(alice, command)
        reply = await gm.emu.wait_for_message(chat)
        assert expected in reply.body, (command, reply.body)


async def test_a_command_sent_where_it_does_not_work_says_so(gm: Harness) -> None:
    """No silence: a group command in private, a d20 command in a pool game, /start in a group."""
    alice = gm.emu.add_user("Алиса", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[alice])
    await gm.emu.send_text(alice, "/tick")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(alice))
    assert reply.body == "Эта команда работает в групповом чате игры."
    await gm.emu.send_text(alice, group, "/skip")
    reply = await gm.emu.wait_for_message(group)
    assert reply.body.startswith("В этом чате сейчас нет игры."), reply.body
    await create_game(group.id, GameSystem.POOL, alice.id, "ru")
    await gm.emu.send_text(alice, group, "/battle")
    reply = await gm.emu.wait_for_message(group)
    assert reply.body == "Эта команда не для системы этой игры."
    await gm.emu.send_text(alice, group, "/start")
    reply = await gm.emu.wait_for_message(group)
    assert "Команды в группе" in reply.body


async def test_roll_echo_is_html_escaped(gm: Harness) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    await gm.emu.send_text(alice, "/roll <i>x</i>")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(alice))
    assert "Не понимаю «<i>x</i>»" in reply.body
    assert "&lt;i&gt;" in reply.html


async def test_a_failing_handler_gets_a_polite_answer_not_a_traceback(gm: Harness) -> None:
    broken = Router(name="broken")

    @broken.message(Command("explode"))
    async def explode(message: Message) -> None:
        raise RuntimeError("boom")

    gm.dp.include_router(broken)
    alice = gm.emu.add_user("Алиса", language_code="ru")
    await gm.emu.send_text(alice, "/explode")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(alice))
    assert reply.body.startswith("Что-то пошло не так")
    assert "boom" not in reply.body
    # A command is not a move: the apology says the command failed, not that a move was lost.
    assert reply.body == "Что-то пошло не так: команда не выполнена. Повторите её через минуту."


async def test_the_apology_names_what_failed_a_move_or_another_press(
    gm: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fight's button that fails loses a move; a menu's button that fails loses nothing more
    than the press: each gets its own apology."""

    async def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(encounters, "live_message", boom)
    monkeypatch.setattr(sheets, "own_characters", boom)
    alice = gm.emu.add_user("Алиса", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[alice])
    await create_game(group.id, GameSystem.POOL, alice.id, "ru")
    await gm.emu.send_text(alice, group, "/help")
    anchor = await gm.emu.wait_for_message(group)
    join = EncounterCallback(kind="pool", id=1, move="join").pack()
    query = await gm.emu.press_button(alice, anchor, data=join, forged=True)
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.text == "Что-то пошло не так, ход не засчитан. Нажмите ещё раз через минуту."
    pick = SheetCallback(game_id=1).pack()  # /me's "which game" button: not a move
    query = await gm.emu.press_button(alice, anchor, data=pick, forged=True)
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.text == (
        "Что-то пошло не так: нажатие не сработало. Попробуйте ещё раз через минуту."
    )
    assert answer.show_alert


async def test_help_in_a_group_shows_the_commands_of_its_system(gm: Harness) -> None:
    from bot.db.models import GameSystem
    from bot.services.games import create_game

    alice = gm.emu.add_user("Алиса", language_code="ru")
    group = gm.emu.add_group("Ристалище", admins=[alice])
    await create_game(group.id, GameSystem.DUEL, alice.id, "ru")
    await gm.emu.send_text(alice, group, "/help")
    reply = await gm.emu.wait_for_message(group)
    assert "/duel N навык" in reply.body
    assert "/fight N" not in reply.body and "/battle" not in reply.body
    assert "/newgame" in reply.body
