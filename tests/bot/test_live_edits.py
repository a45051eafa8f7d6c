"""A pool fight's live message is edited at most once per quiet time (``LIVE_EDIT_SECONDS``), and
a press on a quiet message waits that time too: presses within it are shown by one edit of the
newest view, a new round message drops the old message's waiting edit (a round pressed within a
second edits nothing), a stage change (the GM's stop) and a message this process has not shown
go out at once, an older view never overwrites a newer one, and a graceful stop sends what
waits."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.db.models import Encounter
from bot.handlers.pool_fight_live import LiveEdits
from bot.services.fight_store import load_view
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import Table, challenge, fight_record, pool_table, press
from tests.telegram_emulator import EmuMessage

ATTACK = "⚔️ Атаковать"
QUIET = 0.5


def live_edits(gm: Harness, every: float) -> LiveEdits:
    live = gm.dp["live"]
    assert isinstance(live, LiveEdits)
    live.every = every
    return live


def text_edits(gm: Harness, message: EmuMessage) -> list[str]:
    """The texts of ``editMessageText`` calls on ``message``, in order."""
    return [
        str(call.params.get("text"))
        for call in gm.emu.calls()
        if call.method == "editMessageText"
        and str(call.params.get("message_id")) == str(message.message_id)
    ]


def marks(text: str) -> dict[str, str]:
    """Each fighter's mark in a live text: ⏳ to act, ✅ acted."""
    found = {}
    for line in re.sub(r"<[^>]+>", "", text).splitlines():  # a fighter to act is a mention
        for mark in ("⏳", "✅"):
            if line.startswith(mark + " "):
                found[line.removeprefix(mark + " ").split(" ", 1)[0]] = mark
    return found


async def fighting(gm: Harness, every: float, count: int = 3) -> tuple[Table, EmuMessage]:
    """Арья challenges Бран, the others join, the fight starts and the private opponent
    choices are made (edits at once); then the live edits wait ``every`` seconds."""
    live_edits(gm, 0)
    table = await pool_table(gm, count)
    gm.game_dice.add(10, 9, 5, 1, 3)
    live = await challenge(table, 1, "/fight 2")
    for number in range(3, count + 1):
        await press(table, number, live, "Вступить")
    await press(table, 1, live, "Начать")
    for _ in range(100):  # the setup's private choices, if the initiative asks for any
        live = gm.emu.last_bot_message(table.group) or live  # round 1 opens in a new message
        if live.button_texts == [ATTACK]:  # no "send my choice again": nobody chooses
            await gm.emu.wait_for_message(table.group, _same(live))
            live_edits(gm, every)
            return table, live
        for number in range(1, count + 1):
            prompt = gm.emu.last_bot_message(table.private(number))
            if prompt is not None and prompt.buttons:
                await press(table, number, prompt, prompt.button_texts[0])
        await asyncio.sleep(0.05)
    raise AssertionError(f"the fight never started: {live.body}")


def _same(message: EmuMessage) -> Callable[[EmuMessage], bool]:
    return lambda m: m.message_id == message.message_id


@dataclass
class Waiting:
    """A fight whose live message showed Арья's press at once and holds Бран's for later."""

    table: Table
    message: EmuMessage
    live: LiveEdits
    shown: int  # the live message's text edits so far


async def one_shown_one_waiting(gm: Harness, every: float) -> Waiting:
    table, message = await fighting(gm, every)
    live = live_edits(gm, every)
    gm.game_dice.add(10, *([5] * 40))
    await press(table, 1, message, ATTACK)  # not shown by this process yet: at once
    await until(lambda: marks(text_edits(gm, message)[-1])["Арья"] == "✅")
    shown = len(text_edits(gm, message))
    await press(table, 2, message, ATTACK)  # within the quiet time: waits
    await settle()
    assert live.waiting == 1 and len(text_edits(gm, message)) == shown
    return Waiting(table, message, live, shown)


async def until(check: Callable[[], bool]) -> None:
    for _ in range(100):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never happened")


async def settle() -> None:
    """Long enough for a press's handler to end, well within the quiet time."""
    await asyncio.sleep(QUIET / 5)


async def quiet(gm: Harness, live: LiveEdits) -> None:
    for _ in range(100):
        if live.waiting == 0:
            await asyncio.sleep(0.05)  # the edit task's call to Telegram
            return
        await asyncio.sleep(0.05)
    raise AssertionError("an edit kept waiting")


async def test_presses_within_the_quiet_time_are_shown_by_one_edit(gm: Harness) -> None:
    table, message = await fighting(gm, QUIET, count=4)
    live = live_edits(gm, QUIET)
    before = len(text_edits(gm, message))
    gm.game_dice.add(10, *([5] * 60))

    began = time.monotonic()
    await press(table, 1, message, ATTACK)  # not shown by this process yet: at once
    await until(lambda: len(text_edits(gm, message)) == before + 1)
    assert marks(text_edits(gm, message)[-1])["Арья"] == "✅"
    for number in (2, 3):  # within the quiet time: they wait, the newest view replaces
        await press(table, number, message, ATTACK)
    await settle()
    assert len(text_edits(gm, message)) == before + 1
    assert live.waiting == 1

    await quiet(gm, live)
    assert time.monotonic() - began >= QUIET
    edits = text_edits(gm, message)
    assert len(edits) == before + 2  # one edit for both presses
    assert marks(edits[-1]) == {"Арья": "✅", "Бран": "✅", "Вера": "✅", "Гоша": "⏳"}


async def test_a_new_round_message_drops_the_old_ones_waiting_edit(gm: Harness) -> None:
    w = await one_shown_one_waiting(gm, QUIET)
    await press(w.table, 3, w.message, ATTACK)  # the last one: the round's new message
    new = await gm.emu.wait_for_message(w.table.group, lambda m: "раунд 1</b>" in m.html)
    await asyncio.sleep(QUIET * 1.5)
    assert len(text_edits(gm, w.message)) == w.shown  # the old message only lost its keyboard
    assert w.message.buttons == []
    assert new.buttons  # the new live message has the round's buttons
    assert w.live.waiting == 0


async def test_a_stop_goes_out_at_once_and_is_never_overwritten(gm: Harness) -> None:
    w = await one_shown_one_waiting(gm, QUIET)
    await gm.emu.send_text(w.table.admin, w.table.group, "/fight_stop")
    stopped = await gm.emu.wait_for_message(w.table.group)
    assert "остановлен мастером" in stopped.body
    after_stop = text_edits(gm, w.message)
    assert len(after_stop) == w.shown + 1 and w.live.waiting == 0
    await asyncio.sleep(QUIET * 1.5)
    assert text_edits(gm, w.message) == after_stop  # the waiting press's view never came
    assert w.message.buttons == []


async def test_a_graceful_stop_sends_the_waiting_edit(gm: Harness) -> None:
    w = await one_shown_one_waiting(gm, 30.0)
    await w.live.flush()
    edits = text_edits(gm, w.message)
    assert len(edits) == w.shown + 1
    assert marks(edits[-1])["Бран"] == "✅"
    assert w.live.waiting == 0


async def test_an_older_view_never_replaces_a_newer_one(gm: Harness) -> None:
    table, message = await fighting(gm, QUIET)
    live = live_edits(gm, QUIET)
    gm.game_dice.add(10, *([5] * 40))
    old = await load_view(table.game, (await fight_record(table)).id)
    before = len(text_edits(gm, message))
    await press(table, 1, message, ATTACK)  # shown at once (not shown yet), a newer version
    await until(lambda: len(text_edits(gm, message)) == before + 1)
    shown = len(text_edits(gm, message))
    await live.edit(gm.bot, old, gm.dp["translator"].for_locale("ru"))
    assert len(text_edits(gm, message)) == shown and live.waiting == 0


async def test_a_waiting_edit_is_dropped_when_another_replica_moved_the_fight_on(
    gm: Harness,
) -> None:
    w = await one_shown_one_waiting(gm, QUIET)
    record = await fight_record(w.table)  # another replica saves a newer step of the fight
    await Encounter.filter(id=record.id).update(version=record.version + 1)
    await quiet(gm, w.live)
    await asyncio.sleep(QUIET / 2)
    assert len(text_edits(gm, w.message)) == w.shown  # the older view never went out


async def test_a_press_on_a_quiet_message_waits_its_time(gm: Harness) -> None:
    table, message = await fighting(gm, QUIET, count=4)
    live = live_edits(gm, QUIET)
    gm.game_dice.add(10, *([5] * 60))
    await press(table, 1, message, ATTACK)  # not shown by this process yet: at once
    await until(lambda: marks(text_edits(gm, message)[-1])["Арья"] == "✅")
    await asyncio.sleep(QUIET * 1.2)  # the message is quiet again, nothing waits
    shown = len(text_edits(gm, message))

    began = time.monotonic()
    await press(table, 2, message, ATTACK)
    await settle()
    assert len(text_edits(gm, message)) == shown and live.waiting == 1
    await until(lambda: len(text_edits(gm, message)) == shown + 1)
    assert time.monotonic() - began >= QUIET
    assert marks(text_edits(gm, message)[-1])["Бран"] == "✅"


async def test_a_round_pressed_within_its_quiet_time_edits_nothing(gm: Harness) -> None:
    w = await one_shown_one_waiting(gm, QUIET)
    await press(w.table, 3, w.message, ATTACK)  # the last one: the round's new message
    new = await gm.emu.wait_for_message(w.table.group, lambda m: "раунд 1</b>" in m.html)
    await asyncio.sleep(QUIET * 1.2)  # the new message is quiet: presses now wait their time

    numbers = {"Арья": 1, "Бран": 2, "Вера": 3}
    acting = [numbers[name] for name, mark in marks(new.body).items() if mark == "⏳"]
    assert len(acting) > 1
    for number in acting:
        await press(w.table, number, new, ATTACK)
    after = await gm.emu.wait_for_message(w.table.group, lambda m: m.message_id > new.message_id)
    await asyncio.sleep(QUIET * 1.5)
    assert text_edits(gm, new) == []  # every press is shown by the next message itself
    assert new.buttons == [] and after.buttons
    assert w.live.waiting == 0


async def test_a_forgotten_message_sends_what_waits(gm: Harness) -> None:
    w = await one_shown_one_waiting(gm, 30.0)
    view = await load_view(w.table.game, (await fight_record(w.table)).id)
    other = Encounter(id=view.id + 1_000, message_id=1, version=0, stage=view.stage)
    w.live.kept = 1
    w.live.sent(replace(view, record=other))  # another fight's message: the first is forgotten
    await until(lambda: len(text_edits(gm, w.message)) == w.shown + 1)
    assert marks(text_edits(gm, w.message)[-1])["Бран"] == "✅"
    assert w.live.waiting == 0
