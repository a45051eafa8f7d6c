"""A group that becomes a supergroup (a new chat id) keeps its game: what was owed to the old
id is delivered in the new one, and the fight's buttons come again there."""

from __future__ import annotations

import pytest
from tortoise.timezone import now

from bot.db.models import Encounter, Game, GameSystem, OwedMessage, Timer
from bot.services import games
from bot.services.characters import DuelBuild, create_character
from rules.duel.encounter import DuelStage
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, d20_table
from tests.bot.test_d20_battles import TRIO, TRIO_SIDES
from tests.e2e.test_pool_game_e2e import edited_until
from tests.telegram_emulator import EmuChat, EmulatorError, EmuMessage, EmuUser


@pytest.fixture
def database(each_database: str) -> str:
    """Each test on both databases: the move is a handful of conditional updates."""
    return each_database


ROUND_ONE = {17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}  # Сандор 3:2, Бронн 12/30
DICE = "🎲 1–17 · Сандор 3 (15, 11, 10) : Бронн 2 (1, 3)"
CHOSEN = "✅ Сандор выбирает «Продолжить». Ждём ответа: Бронн."


async def _round_one(gm: Harness) -> tuple[EmuUser, EmuUser, EmuChat, Game, EmuMessage]:
    """A duel in a basic group, after round 1 and Сандор's «Продолжить»."""
    sandor = gm.emu.add_user("Игрок Сандора", language_code="ru")
    bronn = gm.emu.add_user("Игрок Бронна", language_code="ru")
    group = gm.emu.add_group(
        "Королевская гавань", admins=[sandor], members=[bronn], supergroup=False
    )
    game = await games.create_game(group.id, GameSystem.DUEL, sandor.id, "ru", ("пеший",))
    await create_character(game, sandor.id, "Сандор", DuelBuild((("пеший", 9),), 0))
    await create_character(game, bronn.id, "Бронн", DuelBuild((("пеший", 8),), 20))
    await gm.emu.send_text(sandor, group, "/duel 2 пеший")
    challenge = await gm.emu.wait_for_message(group, lambda m: "Вызов на поединок" in m.body)
    gm.game_dice.add(17, *ROUND_ONE[17]).add(100, *ROUND_ONE[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(sandor, first, "Продолжить"))
    await edited_until(gm.emu, first, lambda: CHOSEN in first.body)
    return sandor, bronn, group, game, first


async def test_the_upgrade_moves_the_game_and_the_duel_goes_on_in_the_supergroup(
    gm: Harness,
) -> None:
    sandor, bronn, group, game, first = await _round_one(gm)
    supergroup = await gm.emu.migrate_group(group, by=sandor)

    told = await gm.emu.wait_for_message(supergroup, lambda m: "супергруппой" in m.body)
    assert "Игра «Поединок» переехала вместе с ней" in told.body
    assert "всё, что ждёт нажатия, повторено ниже" in told.body
    again = await gm.emu.wait_for_message(supergroup, lambda m: "Раунд 1" in m.body)
    assert DICE in again.body and CHOSEN in again.body  # the dice and Сандор's choice stay
    assert again.button_texts == ["Продолжить", "Остановиться"]
    await game.refresh_from_db()
    assert (game.chat_id, game.active_chat_id) == (supergroup.id, supergroup.id)
    assert (await Encounter.get(game_id=game.id, kind="duel")).chat_id == supergroup.id

    gm.game_dice.add(17, 1, 2, 3, 4, 9).add(100, 50, 50, 50, 50)  # Бронн 4:1, no dodges
    await gm.emu.press_button(bronn, again, "Продолжить")
    second = await gm.emu.wait_for_message(supergroup, lambda m: "Раунд 2" in m.body)
    assert "Счёт 4:1 — раунд выиграл Бронн." in second.body
    await edited_until(gm.emu, again, lambda: not again.buttons)  # the round before retires
    await gm.emu.send_text(sandor, supergroup, "/players")
    roster = await gm.emu.wait_for_message(supergroup, lambda m: "Персонажи" in m.body)
    assert "Сандор" in roster.body and "Бронн" in roster.body
    assert not [m for m in gm.emu.bot_messages(group) if m.message_id > first.message_id]
    with pytest.raises(EmulatorError, match="became a supergroup"):  # read-only, as in Telegram
        await gm.emu.press_button(bronn, first, "Продолжить")
    assert not await OwedMessage.filter(chat_id=group.id, done=False).exists()
    notices = [m for m in gm.emu.bot_messages(supergroup) if "супергруппой" in m.body]
    assert len(notices) == 1  # told once, though both service messages reached the bot


async def test_an_upgrade_the_bot_never_heard_of_is_found_by_the_next_send(
    gm: Harness,
) -> None:
    """The upgrade's service messages did not reach the bot (it was away for longer than
    Telegram keeps updates): the next message owed to the old id finds the new one."""
    sandor, bronn, group, game, first = await _round_one(gm)
    supergroup = gm.emu.add_group("Королевская гавань", admins=[sandor], members=[bronn])
    group.migrated_to = supergroup.id  # no update tells the bot

    record = await Encounter.get(game_id=game.id, kind="duel")
    await Timer.filter(kind="duel_choices", ref=record.id).update(due_at=now())
    end = await gm.emu.wait_for_message(supergroup, lambda m: "Время на решение" in m.body)
    assert "Бронн не ответил" in end.body and "Победа: Сандор" in end.body
    told = await gm.emu.wait_for_message(supergroup, lambda m: "супергруппой" in m.body)
    assert "повторено ниже" not in told.body  # the duel has ended: no button to repeat
    await game.refresh_from_db()
    assert game.active_chat_id == supergroup.id
    assert (await Encounter.get(id=record.id)).stage == DuelStage.FINISHED
    assert not await OwedMessage.filter(chat_id=group.id, done=False).exists()
    assert first.button_texts == ["Продолжить", "Остановиться"]  # left as it was, read-only


async def test_a_battle_waiting_for_a_description_asks_again_in_the_supergroup(
    gm: Harness,
) -> None:
    """No button waits there, but a reply to the battle's message: it is sent again too."""
    table = await d20_table(gm, TRIO, basic_group=True)
    live = await table.start(TRIO_SIDES, [20, 10, 5])
    await table.act("Догвор", live, ATTACK, "Эльф", 1)  # a fumble: Догвор describes it
    assert (await table.encounter()).stage == "narration"
    supergroup = await gm.emu.migrate_group(table.group, by=table.admin)

    asked = await gm.emu.wait_for_message(supergroup, lambda m: "опишите состояние" in m.body)
    assert "Догвор, опишите состояние персонажа" in asked.body
    text = "Догвор поднимается, отряхивая колени."
    await gm.emu.send_text(table.users["Догвор"], supergroup, text, reply_to=asked)
    taken = await gm.emu.wait_for_message(supergroup, lambda m: "Описание принято" in m.body)
    assert "(Догвор)" in taken.body and "Ходит Эльф" in taken.body
    assert (await table.encounter()).stage == "fighting"
