"""Numbers in commands and button data are read strictly (``bot.services.numbers``): each
command that once crashed on «²» or on a number beyond the database's range now answers with
its usage, logs no error and changes nothing. Through the real dispatcher and the emulator."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.db.models import Character, Encounter, Game, GameSystem, GmAction
from bot.services import games
from bot.services.characters import DuelBuild, create_character
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import pool_table
from tests.telegram_emulator import EmuChat, EmuUser

HUGE = "99999999999999999999"  # beyond 64 bits: OverflowError in SQLite, once
STALE = ("Эта кнопка устарела", "Эта кнопка уже не действует")  # a menu, a move


async def _snapshot(game: Game) -> dict[str, Any]:
    return {
        "game": await Game.filter(id=game.id).values("version", "state", "settings", "status"),
        "characters": await Character.filter(game_id=game.id).order_by("id").values(),
        "encounters": await Encounter.filter(game_id=game.id).count(),
        "duels": await Encounter.filter(game_id=game.id, kind="duel").count(),
        "gm_actions": await GmAction.filter(game_id=game.id).count(),
    }


async def _duel_table(gm: Harness) -> tuple[EmuChat, EmuUser, EmuUser, Game]:
    player = gm.emu.add_user("Игрок Сандора", language_code="ru", started=True)
    other = gm.emu.add_user("Игрок Бронна", language_code="ru", started=True)
    admin = gm.emu.add_user("Мастер", language_code="ru", started=True)
    group = gm.emu.add_group("Королевская гавань", admins=[admin], members=[player, other])
    game = await games.create_game(group.id, GameSystem.DUEL, admin.id, "ru", ("пеший",))
    await create_character(game, player.id, "Сандор", DuelBuild((("пеший", 9),), 0))
    await create_character(game, other.id, "Бронн", DuelBuild((("пеший", 8),), 20))
    return group, player, admin, game


# (system, who sends it, the command, the start of its answer, where: group or private)
CASES = [
    ("pool", "player", "/fight ²", "Напасть: /fight N", "group"),
    ("pool", "player", f"/fight {HUGE}", "Напасть: /fight N", "group"),
    ("pool", "player", "/fight ٣", "Напасть: /fight N", "group"),  # int() would read 3
    ("pool", "player", "/move ²", "Переход: /move H", "private"),
    ("pool", "admin", "/fight_next ²", "Какой бой?", "group"),
    ("pool", "admin", "/fight_stop ²", "Какой бой?", "group"),
    ("pool", "admin", "/give ²", "Дать вещь персонажу", "group"),
    ("pool", "admin", "/place 1 ²", "Поставить персонажа в зал", "group"),
    ("pool", "admin", "/place 1 ² телепорт", "Поставить персонажа в зал", "group"),
    ("pool", "admin", "/kick ²", "Кого исключить", "group"),
    ("pool", "admin", "/kick ² ушёл", "Кого исключить", "group"),
    ("pool", "admin", "/revive ²", "Оживить погибшего", "group"),
    ("pool", "admin", "/revive ² ошибка", "Оживить погибшего", "group"),
    ("pool", "admin", "/halls ²", "Порталы между залами", "group"),
    ("pool", "admin", "/halls 1-²", "Порталы между залами", "group"),
    ("pool", "admin", f"/halls 1-{HUGE}", "Порталы между залами", "group"),
    ("duel", "player", "/duel ² пеший", "Вызов на поединок: /duel N", "group"),
    ("duel", "player", f"/duel {HUGE} пеший", "Вызов на поединок: /duel N", "group"),
    ("duel", "admin", "/heal ²", "Лечение: /heal N", "group"),
    ("duel", "admin", "/heal ² отдых", "Лечение: /heal N", "group"),
]


@pytest.mark.parametrize(("system", "who", "text", "answer", "where"), CASES)
async def test_a_number_that_is_no_number_gets_the_usage(
    gm: Harness,
    caplog: pytest.LogCaptureFixture,
    system: str,
    who: str,
    text: str,
    answer: str,
    where: str,
) -> None:
    if system == "pool":
        table = await pool_table(gm)
        group, player, admin, game = table.group, table.player(1), table.admin, table.game
    else:
        group, player, admin, game = await _duel_table(gm)
    sender = player if who == "player" else admin
    before = await _snapshot(game)
    with caplog.at_level(logging.WARNING):
        await gm.emu.send_text(sender, group, text)
        chat = group if where == "group" else gm.emu.private_chat(sender)
        reply = await gm.emu.wait_for_message(chat)
    assert reply.body.startswith(answer), reply.body
    assert await _snapshot(game) == before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


@pytest.mark.parametrize(
    "data",
    [
        "en:pool:99999999999999999999999:attack:0:0",  # beyond 64 bits: OverflowError in SQLite
        "en:pool:2147483648:attack:0:0",  # beyond the id column (PostgreSQL's integer)
        "en:pool:-1:attack:0:0",
        "en:pool:²:attack:0:0",
        "en:pool:٣:attack:0:0",
        "en:pool:1_0:attack:0:0",
        "en:pool: 1:attack:0:0",
        "en:pool:1:pills_7:0:0",  # a count no button has
        "en:pool:1:choose_99999:0:0",
        "pf:1:a:0:0",  # an old pool button (before encounters)
        "du:1:g:99999999999999999999",  # an old duel button (before encounters)
        "en:duel:1:go_on:99999999999999999999:0",
        "en:duel:99999999999999999999:accept:0:0",
        "pc:1:99999999999999999999",
        "me:99999999999999999999",
        "gd:99999999999999999999:f",
        "inv:-5",
        "en:d20:1:act_p_99999999999999999999:0:0",
        "pt:1:1:1:0",  # an old private choice
        "en:d20:1:join_1:0:0",  # another system's encounter in this pool game: stale, no error
        "en:duel:1:accept:0:0",
    ],
)
async def test_forged_button_data_with_a_bad_number_is_a_stale_button(
    gm: Harness, caplog: pytest.LogCaptureFixture, data: str
) -> None:
    table = await pool_table(gm)
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group)
    before = await _snapshot(table.game)
    with caplog.at_level(logging.WARNING):
        query = await gm.emu.press_button(table.player(1), roster, data=data, forged=True)
        answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.text is not None and answer.text.startswith(STALE), answer
    assert await _snapshot(table.game) == before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_the_same_commands_with_plain_digits_still_work(gm: Harness) -> None:
    """The control: «#1» and «№ 2» are numbers, and a good /kick changes the game."""
    table = await pool_table(gm, count=3)
    await gm.emu.send_text(table.admin, table.group, "/kick №3 ушёл из чата")
    done = await gm.emu.wait_for_message(table.group)
    assert "Персонаж №3" in done.body and "исключён" in done.body
    await gm.emu.send_text(table.player(1), table.group, "/fight #2")
    fight = await gm.emu.wait_for_message(table.group)
    assert "Бой №" in fight.body, fight.body
