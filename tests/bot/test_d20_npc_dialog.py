"""rulebook: d20 / NPCs. The gathering battle's «🎭 Добавить НПС» button opens, for the game
master only, a dialog in private that fields several NPCs one after another the way of /npc;
through the real dispatcher and the emulator. Bad input is answered politely and fields
nobody."""

from __future__ import annotations

import asyncio

from bot.db.models import Encounter, GameSystem
from bot.services import games
from rules.d20 import CharacterClass
from rules.gender import Gender
from tests.bot.conftest import Harness
from tests.bot.d20_rig import Table, d20_table
from tests.telegram_emulator import EmuMessage
from tests.telegram_emulator.models import EmuChat

ADD = "🎭 Добавить НПС"
PLAYERS = [("Догвор", CharacterClass.FIGHTER), ("Ворон", CharacterClass.RANGER)]


async def _window(gm: Harness, chat: EmuChat, part: str) -> EmuMessage:
    """The bot's last message in ``chat`` once it reads ``part`` (a dialog edits its window
    after a press and sends a new one after a typed answer)."""
    for _ in range(100):
        last = gm.emu.last_bot_message(chat)
        if last is not None and part in last.body:
            await gm.dp.in_flight.finish(5)  # type: ignore[attr-defined]  # saved after shown
            return last
        await asyncio.sleep(0.05)
    last = gm.emu.last_bot_message(chat)
    raise AssertionError(f"no {part!r} in {chat}: {last.body if last else None!r}")


async def _names(table: Table) -> list[str]:
    record = await Encounter.filter(game_id=table.game.id).order_by("-id").first()
    assert record is not None
    return [f["name"] for f in record.state["fighters"]]


async def _gathering(gm: Harness) -> tuple[Table, EmuMessage, EmuChat]:
    """A call with Догвор for «Стража», Ворон for «Орда»; the game master's private chat open
    and the NPCs dialog opened from the call's button."""
    table = await d20_table(gm, PLAYERS)
    call = await table.call(args="Стража | Орда")
    await table.join(call, "Догвор", "За сторону «Стража»")
    await table.join(call, "Ворон", "За сторону «Орда»")
    await gm.emu.open_deep_link(table.admin)
    private = gm.emu.private_chat(table.admin)
    await gm.emu.wait_for_message(private)
    query = await gm.emu.press_button(table.admin, call, ADD)
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.text == "Пишу вам в личку: добавляйте НПС там."
    await _window(gm, private, "Как зовут НПС?")
    return table, call, private


async def _say(gm: Harness, table: Table, private: EmuChat, text: str, part: str) -> EmuMessage:
    await gm.emu.send_text(table.admin, private, text)
    return await _window(gm, private, part)


async def _press(gm: Harness, table: Table, private: EmuChat, button: str, part: str) -> EmuMessage:
    window = gm.emu.last_bot_message(private)
    assert window is not None
    await gm.emu.press_button(table.admin, window, button)
    return await _window(gm, private, part)


async def test_the_button_is_for_everyone_to_see_and_only_the_game_master_to_use(
    gm: Harness,
) -> None:
    table = await d20_table(gm, PLAYERS)
    call = await table.call(args="Стража | Орда")
    assert ADD in call.button_texts
    for user in (table.users["Ворон"], table.stranger):
        query = await gm.emu.press_button(user, call, ADD)
        answer = await gm.emu.wait_for_callback_answer(query)
        assert answer.text == "Это могут только администраторы чата и мастера игры."
        assert gm.emu.bot_messages(gm.emu.private_chat(user)) == []
    # The game master who never opened the private chat is told to open it first.
    query = await gm.emu.press_button(table.admin, call, ADD)
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.show_alert
    assert (answer.text or "").startswith("Не могу написать вам в личку: откройте чат со мной")
    # No dialog waits unseen: what they write in private after opening it is no NPC's name.
    await gm.emu.open_deep_link(table.admin)
    private = gm.emu.private_chat(table.admin)
    await gm.emu.wait_for_message(private)
    await gm.emu.send_text(table.admin, private, "Гоблин")
    await asyncio.sleep(0.3)
    assert not any("выберите класс" in m.body for m in gm.emu.bot_messages(private))
    assert await _names(table) == []


async def test_the_dialog_fields_two_npcs_and_the_group_hears_each(gm: Harness) -> None:
    table, call, private = await _gathering(gm)
    await _say(gm, table, private, "Гоблин", "Гоблин: выберите класс")
    await _press(gm, table, private, "воин", "Гоблин: мужчина или женщина?")
    side = await _press(gm, table, private, "♂ Мужчина", "Гоблин: за какую сторону?")
    assert side.button_texts[:2] == ["«Стража»", "«Орда»"]
    await _press(gm, table, private, "«Орда»", "Добавить ещё одного НПС?")
    heard = await gm.emu.wait_for_message(table.group, lambda m: "Гоблин" in m.body)
    assert heard.body == "🎭 Гоблин (воин, 20\u00a0ХП) — НПС мастера, вступает в бой: «Орда»."
    edited = await gm.emu.wait_for_edit(call)
    assert "🎭 Гоблин" in edited.body
    await _press(gm, table, private, "➕ Ещё одного", "Как зовут НПС?")
    await _say(gm, table, private, "Ведьма", "Ведьма: выберите класс")
    await _say(gm, table, private, "15", "Ведьма: мужчина или женщина?")
    await _press(gm, table, private, "♀ Женщина", "Ведьма: за какую сторону?")
    await _press(gm, table, private, "«Стража»", "Добавить ещё одного НПС?")
    heard = await gm.emu.wait_for_message(table.group, lambda m: "Ведьма" in m.body)
    assert heard.body == "🎭 Ведьма (воин, 15\u00a0ХП) — НПС мастера, вступает в бой: «Стража»."
    edited = await gm.emu.wait_for_edit(call)
    assert "🎭 Ведьма" in edited.body and "🎭 Гоблин" in edited.body
    await _press(gm, table, private, "✅ Готово", "Готово: НПС в бою")
    assert await _names(table) == ["Догвор", "Ворон", "Гоблин", "Ведьма"]
    record = await Encounter.filter(game_id=table.game.id).first()
    assert record is not None
    witch = next(f for f in record.state["fighters"] if f["name"] == "Ведьма")
    assert witch["gender"] == Gender.FEMALE.value


async def test_bad_answers_are_refused_politely_and_field_nobody(gm: Harness) -> None:
    table, _call, private = await _gathering(gm)
    for bad in ("Я", "x" * 33, "<b>Тролль</b>"):
        await _say(gm, table, private, bad, "Имя НПС — от 2 до 32 символов")
    await _say(gm, table, private, "Тролль", "Тролль: выберите класс")
    for hp in ("0", "1000", "много"):
        await _say(gm, table, private, hp, "Хиты — целое число от 1 до 999")
    await _say(gm, table, private, "999", "Тролль: мужчина или женщина?")
    await _press(gm, table, private, "Не важно", "Тролль: за какую сторону?")
    # A name already in the battle: asked again, nobody fielded.
    await _press(gm, table, private, "«Орда»", "Добавить ещё одного НПС?")
    await _press(gm, table, private, "➕ Ещё одного", "Как зовут НПС?")
    await _say(gm, table, private, "ворон", "ворон: выберите класс")
    await _press(gm, table, private, "маг", "ворон: мужчина или женщина?")
    await _press(gm, table, private, "Не важно", "ворон: за какую сторону?")
    asked = await _press(gm, table, private, "«Стража»", "В бою уже есть ворон")
    assert "Как зовут НПС?" in asked.body
    assert await _names(table) == ["Догвор", "Ворон", "Тролль"]


async def test_a_battle_begun_meanwhile_takes_no_more_npcs(gm: Harness) -> None:
    table, call, private = await _gathering(gm)
    await _say(gm, table, private, "Гоблин", "Гоблин: выберите класс")
    await _press(gm, table, private, "воин", "Гоблин: мужчина или женщина?")
    await _press(gm, table, private, "♂ Мужчина", "Гоблин: за какую сторону?")
    gm.game_dice.add(20, 10, 5)
    await gm.emu.press_button(table.admin, call, "⚔️ Начать бой")
    await table.turn_message()
    await _press(gm, table, private, "«Орда»", "Сбор на этот бой уже закончился")
    assert await _names(table) == ["Догвор", "Ворон"]


async def test_the_dialog_speaks_the_game_masters_language(gm: Harness) -> None:
    """An English-speaking game master of a Russian game: the dialog in English, the group
    hears the NPC in Russian."""
    admin = gm.emu.add_user("GM", language_code="en")
    group = gm.emu.add_group("Таверна", admins=[admin], supergroup=True)
    game = await games.create_game(group.id, GameSystem.D20, admin.id, "ru")
    await gm.emu.send_text(admin, group, "/battle")
    call = await gm.emu.wait_for_message(group, lambda m: "Сбор на бой" in m.body)
    await gm.emu.open_deep_link(admin)
    private = gm.emu.private_chat(admin)
    await gm.emu.wait_for_message(private)
    query = await gm.emu.press_button(admin, call, ADD)
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.text == "Check your private chat with me: add the NPCs there."
    await _window(gm, private, "What is the NPC's name?")
    await gm.emu.send_text(admin, private, "Goblin")
    window = await _window(gm, private, "Goblin: choose a class")
    await gm.emu.press_button(admin, window, "fighter")
    window = await _window(gm, private, "Goblin: a man or a woman?")
    await gm.emu.press_button(admin, window, "♂ Man")
    window = await _window(gm, private, "Goblin: which side?")
    assert window.button_texts[:2] == ["First side", "Second side"]
    await gm.emu.press_button(admin, window, "Second side")
    await _window(gm, private, "Add another NPC?")
    heard = await gm.emu.wait_for_message(group, lambda m: "Goblin" in m.body)
    assert heard.body.startswith("🎭 Goblin (воин, 20\u00a0ХП) — НПС мастера, вступает в бой:")
    record = await Encounter.filter(game_id=game.id).first()
    assert record is not None and [f["name"] for f in record.state["fighters"]] == ["Goblin"]


async def test_a_battle_begun_before_the_side_step_ends_the_dialog_politely(gm: Harness) -> None:
    table, call, private = await _gathering(gm)
    await _say(gm, table, private, "Гоблин", "Гоблин: выберите класс")
    await _press(gm, table, private, "воин", "Гоблин: мужчина или женщина?")
    gm.game_dice.add(20, 10, 5)
    await gm.emu.press_button(table.admin, call, "⚔️ Начать бой")
    await table.turn_message()
    await _press(gm, table, private, "♂ Мужчина", "Сбор на этот бой уже закончился")
    assert await _names(table) == ["Догвор", "Ворон"]
