"""The last notices the game used to send directly are owed rows, saved with the change they
report and delivered by the courier: a game master's line (a reply to the command), sleep and
its kin, a new game's message, a paid fact."""

from __future__ import annotations

from bot.db.models import OwedMessage
from rules.pool.model import Gender
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import pool_table
from tests.bot.world_table import QUIET
from tests.bot.world_table import pool_table as world_table


async def _owed(chat_id: int, part: str) -> list[OwedMessage]:
    rows = await OwedMessage.filter(chat_id=chat_id).order_by("id")
    return [row for row in rows if part in row.text]


async def test_a_gm_notice_is_owed_and_delivered_as_a_reply_to_the_command(gm: Harness) -> None:
    table = await pool_table(gm)
    command = await gm.emu.send_text(table.admin, table.group, "/give 1 меч нашёл в сундуке")
    notice = await gm.emu.wait_for_message(table.group)
    assert "№1 Арья получает 1 меч" in notice.body
    assert notice.reply_to is not None and notice.reply_to.message_id == command.message_id
    [row] = await _owed(table.group.id, "№1 Арья получает 1 меч")
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
