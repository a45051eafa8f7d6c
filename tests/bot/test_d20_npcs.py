"""rulebook: d20 / NPCs. Through the real dispatcher and the emulator, with scripted dice: the
game master fields NPCs with /npc while the battle gathers, acts for them by hand or lets the
bot decide, gives an NPC's owed description; players' presses on an NPC's buttons are refused
and change nothing; NPCs are marked in the roster and /log and never written to the store."""

from __future__ import annotations

from datetime import timedelta

from bot.db.models import Character, Encounter, Timer
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, Table, button_starting, d20_table
from tests.bot.miniapp_rig import PREFIX, auth, miniapp_client
from tests.telegram_emulator import EmuMessage

PLAYERS = [
    ("Догвор", CharacterClass.FIGHTER),
    ("Брат", CharacterClass.CLERIC),
    ("Эльф", CharacterClass.WIZARD),
    ("Ворон", CharacterClass.RANGER),
]
AUTO = "🎲 Пусть решит бот"
PASS = "⏭ Пропустить ход"


def _mentioned(message: EmuMessage) -> list[int]:
    return [e["user"]["id"] for e in message.entities if e["type"] == "text_mention"]


async def _pass_time(seconds: float) -> None:
    """Every pending timer comes ``seconds`` closer."""
    for timer in await Timer.filter(fired_at__isnull=True):
        due = timer.due_at - timedelta(seconds=seconds)
        await Timer.filter(id=timer.id, fired_at__isnull=True).update(due_at=due)


async def _npc(table: Table, args: str, user: object = None) -> EmuMessage:
    sender = table.admin if user is None else user
    await table.gm.emu.send_text(sender, table.group, f"/npc {args}")  # type: ignore[arg-type]
    return await table.gm.emu.wait_for_message(table.group)


async def _gathered(gm: Harness) -> tuple[Table, EmuMessage]:
    """Стража: Догвор, Брат, Эльф; Орда: Ворон and the game master's Гоблин and Ведьма."""
    table = await d20_table(gm, PLAYERS, women=())
    call = await table.call(args="Стража | Орда")
    for name, side in (("Догвор", "Стража"), ("Брат", "Стража"), ("Эльф", "Стража")):
        await table.join(call, name, f"За сторону «{side}»")
    await table.join(call, "Ворон", "За сторону «Орда»")
    fielded = await _npc(table, "Гоблин воин | Орда")
    assert fielded.body == "🎭 Гоблин (воин, 20\u00a0ХП) — НПС мастера, вступает в бой: «Орда»."
    call = await gm.emu.wait_for_edit(call)
    assert "Ворон, 🎭 Гоблин" in call.body
    fielded = await _npc(table, "Ведьма 15 маг ж | 2")
    assert fielded.body == "🎭 Ведьма (маг, 15\u00a0ХП) — НПС мастера, вступает в бой: «Орда»."
    await gm.emu.wait_for_edit(call)
    return table, call


async def test_bad_npc_commands_are_refused_politely_and_field_nobody(gm: Harness) -> None:
    table, _ = await _gathered(gm)
    player = await _npc(table, "Тролль воин | 2", table.users["Ворон"])
    assert "администратор" in player.body or "мастер" in player.body
    taken = await _npc(table, "гоблин маг | 1")
    assert taken.body.startswith("В бою уже есть гоблин: у бойцов одного боя имена")
    html = await _npc(table, "<b>Тролль</b> | 2")
    assert html.body.startswith("Имя НПС — от 2 до 32 символов")
    for args in ("Тролль 1000 | 2", "Тролль воин", "Тролль | Север", "| 2"):
        usage = await _npc(table, args)
        assert usage.body.startswith("Как вывести НПС в бой"), args
    record = await Encounter.filter(game_id=table.game.id).first()
    assert record is not None
    names = [f["name"] for f in record.state["fighters"]]
    assert names == ["Догвор", "Брат", "Эльф", "Ворон", "Гоблин", "Ведьма"]


async def test_the_game_master_runs_two_npcs_by_hand_and_by_the_bot(gm: Harness) -> None:
    table, call = await _gathered(gm)
    # Joining order Догвор, Брат, Эльф, Ворон, Гоблин, Ведьма; the turn order by initiative:
    # Догвор 20, Гоблин 19, Ведьма 18, Брат 5, Эльф 4, Ворон 3.
    gm.game_dice.add(20, 20, 5, 4, 3, 19, 18)
    await gm.emu.press_button(table.admin, call, "⚔️ Начать бой")
    live = await table.turn_message()
    assert "🎭 Гоблин — 19" in live.body
    result = await table.act("Догвор", live, ATTACK, "Гоблин", 13)  # 2 damage
    assert "🎭 Гоблин 18/20" in result.body
    assert "Ходит 🎭 Гоблин (18/20\u00a0ХП) — НПС: действие выбирает мастер." in result.body
    assert _mentioned(result) == []  # nobody is pinged for an NPC's turn...
    assert result.button_texts == [ATTACK, AUTO, PASS]
    await _pass_time(300)  # ... nor reminded at half its time
    await gm.emu.expect_no_message(table.group, timeout=1.0)

    # A player's presses on the NPC's buttons are refused, and nothing changes.
    before = (await table.encounter()).state
    for user in (table.users["Догвор"], table.users["Ворон"], table.stranger):
        for button in (ATTACK, AUTO, PASS):
            query = await gm.emu.press_button(user, result, button)
            answer = await gm.emu.wait_for_callback_answer(query)
            assert answer.show_alert and "не ваша кнопка" in (answer.text or ""), button
    assert (await table.encounter()).state == before
    assert result.button_texts == [ATTACK, AUTO, PASS]

    # The game master acts for Гоблин by hand: a 1, and Гоблин owes a description.
    await gm.emu.press_button(table.admin, result, ATTACK)
    await gm.emu.wait_for_edit(result)
    assert result.button_texts[:3] == ["Догвор (20/20)", "Брат (16/16)", "Эльф (12/12)"]
    gm.game_dice.add(20, 1)
    await gm.emu.press_button(table.admin, result, "Брат (16/16)")
    owed = await gm.emu.wait_for_message(table.group, lambda m: "d20:" in m.body)
    assert "провал: Гоблин теряет следующий ход" in owed.body
    assert "✍️ 🎭 Гоблин (НПС): мастер, опишите состояние персонажа" in owed.body
    assert _mentioned(owed) == []
    # A player's reply is not the NPC's description; the game master's is.
    await gm.emu.send_text(table.users["Брат"], table.group, "Гоблин рычит", reply_to=owed)
    await gm.emu.expect_no_message(table.group)
    await gm.emu.send_text(table.admin, table.group, "Гоблин путается в ногах", reply_to=owed)
    told = await gm.emu.wait_for_message(table.group, lambda m: "Описание принято" in m.body)
    assert "📜 Описание принято (Гоблин)." in told.body
    assert "Ходит 🎭 Ведьма (15/15\u00a0ХП)" in told.body

    # Ведьма by the bot: a d3 picks Брат among three standing foes; a mage casts.
    gm.game_dice.add(3, 2)
    gm.game_dice.add(20, 15)
    await gm.emu.press_button(table.admin, told, AUTO)
    auto = await gm.emu.wait_for_message(table.group, lambda m: "d20:" in m.body)
    assert "🎲 За 🎭 Ведьма решает бот." in auto.body
    assert "🔥 Ведьма читает боевое заклинание. Цель: Брат." in auto.body
    assert "Брат 16 → 12\u00a0ХП" in auto.body and "Ходит Брат" in auto.body
    assert await table.hp("Брат") == 12  # the players' HP are written back...
    assert not await Character.filter(game_id=table.game.id, name__in=["Гоблин", "Ведьма"])
    # ... and /log names the NPCs' dice, masked.
    await gm.emu.send_text(table.admin, table.group, "/log")
    log = await gm.emu.wait_for_message(table.group, lambda m: "🎭 Ведьма" in m.body)
    assert "🎭 Гоблин" in log.body
    assert button_starting(auto, ATTACK)
    # The Mini App's roll log names them the same way.
    async with miniapp_client(gm) as client:
        url = f"{PREFIX}/api/rolls?game_id={table.game.id}"
        shown = await (await client.get(url, headers=auth(table.admin))).json()
    assert {"🎭 Гоблин", "🎭 Ведьма"} <= {roll["actor"] for roll in shown["rolls"]}


async def test_npcs_join_only_a_gathering_battle(gm: Harness) -> None:
    table = await d20_table(gm, PLAYERS[:2])
    answer = await _npc(table, "Гоблин воин | 2")
    assert answer.body == "НПС выводят, пока идёт сбор на бой: сначала /battle, потом /npc."
    usage = await _npc(table, "")
    assert usage.body.startswith("Как вывести НПС в бой")
    assert "Класс: колдун, маг, клирик, монах, воин, паладин, следопыт, варвар" in usage.body
