"""The database refusing writes (a full disk, a read-only file) under the real dispatcher: reads
are answered, an update that would write is answered «try again later» at once and changes
nothing, and once writes work again the game goes on without a restart.

Writes are refused with SQLite's ``query_only`` (:mod:`tests.bot.read_only_rig`).
"""

from __future__ import annotations

import asyncio

import pytest

from bot.db.models import Game, GameStatus, Heartbeat
from bot.health import Outage
from bot.services.world_play import peek
from tests.bot.conftest import Harness
from tests.bot.read_only_rig import REFUSED, allow_writes, bots, health, health_warnings
from tests.bot.world_table import QUIET, Table, pool_table
from tests.telegram_emulator import EmuMessage, EmuUser

RECOVERY_SECONDS = 10.0  # the probe writes every second: back well within this


class Spy:
    """What the bot's health said of each outage an update reported, in order; and whether an
    update has been parked until the database writes again."""

    def __init__(self, gm: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
        self.said: asyncio.Queue[Outage] = asyncio.Queue()
        self.parked = asyncio.Event()
        watched = health(gm)
        report, wait_writable = watched.report, watched.wait_writable

        async def reported(error: BaseException) -> Outage:
            outage = await report(error)
            self.said.put_nowait(outage)
            return outage

        async def parked() -> None:
            self.parked.set()
            await wait_writable()

        monkeypatch.setattr(watched, "report", reported)
        monkeypatch.setattr(watched, "wait_writable", parked)


async def _handled(gm: Harness) -> None:
    """Every update sent so far taken and finished."""
    await gm.emu.wait_until_delivered()
    await bots(gm).in_flight.finish(5)
    assert bots(gm).in_flight.count == 0


async def test_a_tick_is_answered_at_once_reads_work_and_the_game_goes_on_after(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    await allow_writes(False)
    try:
        await gm.emu.send_text(table.admin, table.group, "/tick")
        answer = await gm.emu.wait_for_message(table.group)  # not 25 s of silence
        assert answer.body.startswith(REFUSED) and "через минуту" in answer.body
        assert answer.reply_to is not None and answer.reply_to.body == "/tick"
        assert health(gm).healthy and not health(gm).writable
        await gm.emu.send_text(table.admin, table.group, "/tick")  # again within the minute
        await _handled(gm)
        assert gm.emu.bot_messages(table.group) == [answer]  # not told twice

        roster = await table.say(anya, "/players")
        assert "Аня" in roster.body and REFUSED not in roster.body
        gm.dice.add(6, 3, 4)
        rolled = await table.say(anya, "/roll 2d6")
        assert "= 7" in rolled.body
        helped = await table.say(anya, "/help")
        assert "/me" in helped.body and REFUSED not in helped.body
        assert (await peek(table.game)).cycle == 0  # the refused tick changed nothing
        await _handled(gm)  # nothing held, nothing to run again later
    finally:
        await allow_writes(True)
    await asyncio.wait_for(health(gm).wait_writable(), RECOVERY_SECONDS)
    summary = await table.tick()
    assert "Цикл 1 прошёл." in summary.body
    assert (await peek(table.game)).cycle == 1
    assert await Heartbeat.exists()  # the probe's own write, once writes worked again
    refuses, writes = health_warnings(caplog)  # one line as it began, one as it ended
    assert "refuses writes" in refuses and "readonly database" in refuses
    assert writes.startswith("The database writes again after")


async def _press(gm: Harness, user: EmuUser, window: EmuMessage, text: str) -> str | None:
    answer = await gm.emu.wait_for_callback_answer(await gm.emu.press_button(user, window, text))
    return answer.text if answer.show_alert else None


async def test_a_press_is_answered_every_time_and_changes_nothing(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    chat = table.private(anya)
    await allow_writes(False)
    try:
        await gm.emu.send_text(anya, chat, "/inventory")  # a dialog: its steps only read here
        window = await gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)
        assert await _press(gm, anya, window, "рюкзак: 5 рационов") is None
        chosen = (window.body, window.button_texts)
        assert "Выбрано: 5 рационов" in window.body

        for _ in range(2):  # a press is answered each time: an alert, seen by the presser alone
            alert = await _press(gm, anya, window, "🍽 Съесть рацион")
            assert alert is not None and alert.startswith(REFUSED)
        me = await table.character(1)
        assert me.inventory.pack.rations == 5 and me.cycles_without_food == 0
        assert (window.body, window.button_texts) == chosen
        assert gm.emu.bot_messages(chat) == [window]
    finally:
        await allow_writes(True)
    await asyncio.wait_for(health(gm).wait_writable(), RECOVERY_SECONDS)
    assert await _press(gm, anya, window, "🍽 Съесть рацион") is None  # the same dialog goes on
    assert "Рацион съеден" in window.body and "рюкзак: 4 рациона" in window.button_texts
    assert (await table.character(1)).inventory.pack.rations == 4


async def test_an_update_with_nobody_to_answer_waits_for_writes(
    gm: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot removed from the group while writes fail: its game ends once they work again
    (nobody to tell «try again later», and nothing lost)."""
    table: Table = await pool_table(gm, ("Аня", QUIET))
    spy = Spy(gm, monkeypatch)
    await allow_writes(False)
    try:
        await gm.emu.set_bot_status(table.group, "kicked", by=table.admin)
        await asyncio.wait_for(spy.parked.wait(), 5)  # held, not tried again meanwhile
        assert spy.said.get_nowait() == Outage.READ_ONLY
        assert bots(gm).in_flight.count == 1
        assert (await Game.get(id=table.game.id)).status == GameStatus.ACTIVE
    finally:
        await allow_writes(True)
    await asyncio.wait_for(health(gm).wait_writable(), RECOVERY_SECONDS)
    await _handled(gm)
    game = await Game.get(id=table.game.id)
    assert game.status == GameStatus.ENDED and game.active_chat_id is None
    assert gm.emu.bot_messages(table.group) == []
    assert spy.said.empty()  # handled once more, after writes came back
