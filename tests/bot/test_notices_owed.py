"""The last notices the game used to send directly are owed rows, saved with the change they
report and delivered by the courier: a game master's line (a reply to the command), sleep and
its kin, a new game's message, a paid fact."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import pytest

from bot.db.models import Game, OwedMessage
from bot.services import games
from rules.pool.model import Gender, Item, PocketContent, start_kit
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import pool_table
from tests.bot.world_table import QUIET
from tests.bot.world_table import Table as WorldTable
from tests.bot.world_table import pool_table as world_table
from tests.telegram_emulator import EmuUser


async def _owed(chat_id: int, part: str) -> list[OwedMessage]:
    rows = await OwedMessage.filter(chat_id=chat_id).order_by("id")
    return [row for row in rows if part in row.text]


async def test_a_gm_notice_is_owed_and_delivered_as_a_reply_to_the_command(gm: Harness) -> None:
    table = await pool_table(gm)
    command = await gm.emu.send_text(table.admin, table.group, "/give 1 меч нашёл в сундуке")
    notice = await gm.emu.wait_for_message(table.group)
    assert "Мастер что-то даёт персонажу №1 Арья" in notice.body
    assert notice.reply_to is not None and notice.reply_to.message_id == command.message_id
    [row] = await _owed(table.group.id, "Мастер что-то даёт персонажу №1 Арья")
    assert row.done and not row.failed and row.message_id == notice.message_id
    assert row.reply_to == command.message_id

    kick = await gm.emu.send_text(table.admin, table.group, "/kick 2 ушёл из игры")
    kicked = await gm.emu.wait_for_message(table.group)
    assert kicked.reply_to is not None and kicked.reply_to.message_id == kick.message_id
    assert "исключён из игры" in kicked.body
    [row] = await _owed(table.group.id, "исключён из игры")
    assert row.done and row.message_id == kicked.message_id


async def test_sleep_and_wake_are_owed_where_the_command_was_typed(gm: Harness) -> None:
    table = await world_table(gm, ("Аня", QUIET), ("Боря", QUIET), genders=(Gender.FEMALE,) * 2)
    anya, borya = table.players
    command = await gm.emu.send_text(anya, table.group, "/sleep")
    slept = await gm.emu.wait_for_message(table.group)
    assert slept.reply_to is not None and slept.reply_to.message_id == command.message_id
    [row] = await _owed(table.group.id, "Аня")
    assert row.done and row.message_id == slept.message_id

    private = table.private(borya)
    command = await gm.emu.send_text(borya, private, "/wake 1")
    woke = await gm.emu.wait_for_message(private)
    assert "Боря будит" in woke.body  # in the player's private chat, not the group
    assert woke.reply_to is not None and woke.reply_to.message_id == command.message_id
    [row] = await OwedMessage.filter(chat_id=private.id)
    assert row.done and row.message_id == woke.message_id
    assert not (await table.character(1)).asleep


async def _coins(table: WorldTable, number: int, coins: int) -> None:
    kit = replace(start_kit(), right_pocket=PocketContent(Item.COIN, coins))
    await table.edit(number, inventory=kit)


async def _ask_hall(table: WorldTable, user: EmuUser, about: int) -> None:
    emu, chat = table.gm.emu, table.private(user)
    await emu.send_text(user, chat, "/donate")
    window = await emu.wait_for_message(chat, lambda m: "Пожертвования" in m.body)
    await emu.wait_for_callback_answer(
        await emu.press_button(user, window, "🔎 Факт о персонаже за 1 монету")
    )
    await emu.send_text(user, chat, str(about))
    window = await emu.wait_for_message(chat, lambda m: f"Что узнать о №{about}" in m.body)
    await emu.wait_for_callback_answer(
        await emu.press_button(user, window, "🚪 Зал, где персонаж сейчас")
    )


async def _settled(chat_id: int) -> list[OwedMessage]:
    for _ in range(100):
        rows = await OwedMessage.filter(chat_id=chat_id).order_by("id")
        if rows and all(row.done for row in rows):
            return rows
        await asyncio.sleep(0.05)
    raise AssertionError(f"chat {chat_id}: owed rows not delivered")


async def test_a_paid_fact_is_owed_with_its_coin(gm: Harness) -> None:
    table = await world_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, _ = table.players
    await _coins(table, 1, 1)
    await table.edit(2, hall=3)
    await _ask_hall(table, anya, 2)
    answer = await gm.emu.wait_for_message(table.private(anya), lambda m: "🔎" in m.body)
    [row] = await _settled(anya.id)
    assert "№2 Боря сейчас в зале 3." in row.text
    assert not row.failed and row.message_id == answer.message_id
    assert (await table.character(1)).inventory.right_pocket == PocketContent()


async def test_a_paid_fact_that_cannot_be_delivered_still_cost_its_coin(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """The answer is given up (logged), the coin stays given: what was paid for was the
    question, saved with the answer owed; a private chat Telegram refuses cannot have it."""
    table = await world_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, _ = table.players
    await _coins(table, 1, 1)
    gm.emu.fail_next(
        "sendMessage",
        403,
        "Forbidden: bot was blocked by the user",
        when=lambda params: "🔎" in str(params.get("text", "")),
    )
    with caplog.at_level(logging.WARNING, logger="bot.courier"):
        await _ask_hall(table, anya, 2)
        [row] = await _settled(anya.id)
    assert row.failed and row.message_id is None and "№2 Боря" in row.text
    assert f"gave up a message to chat {anya.id}" in caplog.text
    assert (await table.character(1)).inventory.right_pocket == PocketContent()


async def test_a_new_game_is_owed_with_it_as_an_edit_of_the_chooser(gm: Harness) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[admin])
    await gm.emu.send_text(admin, group, "/newgame")
    menu = await gm.emu.wait_for_message(group)
    query = await gm.emu.press_button(admin, menu, "Поединок")
    await gm.emu.wait_for_callback_answer(query)
    await gm.emu.wait_for_edit(menu)
    game = await Game.get(chat_id=group.id)
    assert game.commitment in menu.body
    assert menu.buttons[0][0]["url"].endswith(f"start=j{game.id}")
    [row] = await _settled(group.id)
    assert row.action == "edit" and row.live == games.live_key(game.id)
    assert not row.failed and row.message_id == menu.message_id
    shown = [m.message_id for m in gm.emu.messages(group) if "Игра началась" in m.body]
    assert shown == [menu.message_id]  # the chooser became the game's message


async def test_the_portals_set_by_halls_are_owed_as_a_reply(gm: Harness) -> None:
    table = await world_table(gm, ("Аня", QUIET))
    command = await gm.emu.send_text(table.admin, table.group, "/halls 1-2 2-3")
    said = await gm.emu.wait_for_message(table.group)
    assert said.reply_to is not None and said.reply_to.message_id == command.message_id
    [row] = await _settled(table.group.id)
    assert row.message_id == said.message_id and row.reply_to == command.message_id
