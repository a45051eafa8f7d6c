"""What a d20 battle owes goes through the outbox (issue: nothing lost): a turn that ends
without a press (its timer, an admin's /skip) and the battle's end take the previous buttons
off in the one owed row that brings the next message; a turn's die stays in the chat when its
message is edited later."""

from __future__ import annotations

import pytest

from bot.db.models import LiveMessage, OwedMessage
from bot.services.battles import live_key
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, HARM, SECOND, d20_table

DUO = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
DUO_SIDES = [("Догвор", FIRST), ("Эльф", SECOND)]


async def _last_row_id() -> int:
    last = await OwedMessage.all().order_by("-id").first()
    return last.id if last is not None else 0


@pytest.mark.parametrize(
    ("how", "header"),
    [("timer", "⌛ Время хода вышло: Догвор"), ("skip", "⏩ Мастер пропускает ход: Догвор")],
)
async def test_a_skipped_turn_loses_its_buttons_with_the_next_turns_message(
    gm: Harness, how: str, header: str
) -> None:
    table = await d20_table(gm, DUO)
    live = await table.start(DUO_SIDES, [20, 10])
    assert ATTACK in live.button_texts
    before = await _last_row_id()
    if how == "timer":
        await table.fire("d20_turn")
    else:
        await gm.emu.send_text(table.admin, table.group, "/skip")
    skipped = await gm.emu.wait_for_message(table.group, lambda m: header in m.body)
    assert "Ходит Эльф" in skipped.body and HARM in skipped.button_texts
    edited = await gm.emu.wait_for_edit(live)
    # Its prompt is closed with a last edit (no frozen «Ходит Догвор» under the initiative).
    assert edited.buttons == [] and "Ходит Догвор" not in edited.body
    assert "✔️ Ход пропущен: Догвор — дальше ниже." in edited.body
    # The next message was owed with the turn; its delivery owed the old one's retire.
    row, retire = await OwedMessage.filter(id__gt=before).order_by("id")
    record = await table.encounter()
    assert (row.action, row.live, row.done) == ("send", live_key(record.id), True)
    assert (row.head or "").startswith(header) and row.message_id == skipped.message_id
    assert (retire.action, retire.target, retire.done) == ("retire", live.message_id, True)
    assert len(gm.emu.bot_messages(table.group)) == 3  # the call, the first turn, this one


async def test_the_end_takes_the_turns_buttons_off_and_sparing_keeps_the_last_die(
    gm: Harness,
) -> None:
    table = await d20_table(gm, DUO)
    await table.set_hp("Эльф", 1)
    live = await table.start(DUO_SIDES, [20, 10])
    end = await table.act("Догвор", live, ATTACK, "Эльф", 15)
    assert "Бой окончен" in end.body and "🕊 Пощадить" in end.button_texts
    # The last turn's buttons go with the end's message (right after it, from the same row).
    assert (await gm.emu.wait_for_edit(live)).buttons == []
    die = "🎲 d20: 15 — лёгкий урон 4: Эльф 1 → 0\u00a0ХП."  # the table's 4, though 1 HP was left
    assert die in end.body
    await gm.emu.press_button(table.users["Догвор"], end, "🕊 Пощадить")
    spared = await gm.emu.wait_for_edit(end)
    assert "Догвор оставляет павших в живых" in spared.body and spared.buttons == []
    assert die in spared.body  # the die and its narrative are the message's head: kept
    shown = await LiveMessage.get(key=live_key((await table.encounter()).id))
    assert shown.message_id == end.message_id and "🎲 d20: 15 — " in shown.head
    assert await OwedMessage.filter(done=False).count() == 0
