"""Forum supergroups: replies stay in the topic they came from, a fight's messages stay in its
topic, /halls binds a hall to a topic, and a deleted topic falls back to the general chat."""

from __future__ import annotations

from bot.db.models import Game
from tests.bot.character_edit_rig import Editor
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    change,
    fight_record,
    opened_round,
    pool_table,
    press,
    round_dice,
)

MISS, NO_DEFENSE = (2, 2, 2), (2, 2)
ATTACK = "\u2694\ufe0f Атаковать"


async def test_replies_go_to_the_topic_the_command_came_from(gm: Harness) -> None:
    table = await pool_table(gm, forum=True)
    tavern = gm.emu.add_topic(table.group, "Таверна")
    await gm.emu.send_text(
        table.player(1), table.group, "/players", thread_id=tavern.message_thread_id
    )
    listing = await gm.emu.wait_for_message(table.group)
    assert "Персонажи" in listing.body and listing.thread_id == tavern.message_thread_id
    gm.dice.add(20, 17)
    await gm.emu.send_text(table.player(2), table.group, "/roll d20")
    general = await gm.emu.wait_for_message(table.group, lambda m: "17" in m.body)
    assert general.thread_id is None


async def test_a_fight_stays_in_its_topic_from_challenge_to_results(gm: Harness) -> None:
    table = await pool_table(gm, forum=True)
    arena = gm.emu.add_topic(table.group, "Арена")
    thread = arena.message_thread_id
    await gm.emu.send_text(table.player(1), table.group, "/fight 2", thread_id=thread)
    live = await gm.emu.wait_for_message(table.group)
    assert "Бой №" in live.body and live.thread_id == thread
    gm.game_dice.add(10, 8, 3)
    await press(table, 1, live, "Начать")
    live = await opened_round(table)
    assert live.thread_id == thread
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, live, ATTACK)
    await press(table, 2, live, ATTACK)
    results = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    assert results.thread_id == thread
    assert (await fight_record(table)).thread_id == thread


async def test_halls_binds_a_hall_to_a_topic_and_its_fights_go_there(gm: Harness) -> None:
    table = await pool_table(gm, 3, forum=True, halls=3)
    cellar = gm.emu.add_topic(table.group, "Подвал")
    thread = cellar.message_thread_id
    # Refusals change nothing: a player, a hall that does not exist, words.
    await gm.emu.send_text(table.player(1), table.group, "/halls 2", thread_id=thread)
    assert "администратор" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.admin, table.group, "/halls 7", thread_id=thread)
    assert "залы с 1 по 3" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.admin, table.group, "/halls подвал", thread_id=thread)
    assert "/halls all" in (await gm.emu.wait_for_message(table.group)).body
    assert not (await Game.get(id=table.game.id)).topics

    await gm.emu.send_text(table.admin, table.group, "/halls 2", thread_id=thread)
    bound = await gm.emu.wait_for_message(table.group)
    assert "Зал 2 привязан к этой теме" in bound.body and bound.thread_id == thread
    await gm.emu.send_text(table.admin, table.group, "/halls")
    listing = (await gm.emu.wait_for_message(table.group)).body
    assert "Порталы" in listing  # the portals first, then the topics
    assert f"Зал 2 — тема №{thread}" in listing and "Зал 1 — без темы" in listing

    # A fight in hall 2 started from the general chat runs in hall 2's topic.
    await change(table, 1, hall=2)
    await change(table, 2, hall=2)
    await gm.emu.send_text(table.player(1), table.group, "/fight 2")
    live = await gm.emu.wait_for_message(table.group, lambda m: "Бой №" in m.body and "→" in m.body)
    assert live.thread_id == thread

    # Unbinding from the general chat.
    await gm.emu.send_text(table.admin, table.group, "/halls 2")
    assert "больше не привязан" in (await gm.emu.wait_for_message(table.group)).body
    assert (await Game.get(id=table.game.id)).topics == {"halls": {}}


async def test_a_deleted_topic_sends_the_fight_to_the_general_chat(gm: Harness) -> None:
    table = await pool_table(gm, forum=True)
    arena = gm.emu.add_topic(table.group, "Арена")
    gm.game_dice.add(10, 8, 3)
    await gm.emu.send_text(
        table.player(1), table.group, "/fight 2", thread_id=arena.message_thread_id
    )
    live = await gm.emu.wait_for_message(table.group)
    await press(table, 1, live, "Начать")
    live = await opened_round(table)
    gm.emu.delete_topic(table.group, arena)
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, live, ATTACK)
    await press(table, 2, live, ATTACK)
    results = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    assert results.thread_id is None
    assert "Раунд 2" in results.body or results.button_texts


async def test_halls_is_for_pool_games_only(gm: Harness) -> None:
    table = await pool_table(gm, forum=True)
    await Game.filter(id=table.game.id).update(system="duel")
    await gm.emu.send_text(table.admin, table.group, "/halls 1")
    assert "не для системы этой игры" in (await gm.emu.wait_for_message(table.group)).body


async def test_an_edit_notice_does_not_go_to_the_topic_of_the_characters_hall(gm: Harness) -> None:
    """The hall's topic would tell everyone where the character is (a secret in pool)."""
    table = await pool_table(gm, forum=True)
    cellar = gm.emu.add_topic(table.group, "Подвал")
    await gm.emu.send_text(table.admin, table.group, "/halls 1", thread_id=cellar.message_thread_id)
    await gm.emu.wait_for_message(table.group, lambda m: "привязан" in m.body)
    editor = Editor(gm, table.admin, table.game)
    await editor.open(1)
    await editor.edit("❤️ Здоровье", "4")
    notice = await editor.save("ушиб", table.group)
    assert "здоровье (подробности — тайна игрока)" in notice.body
    assert notice.thread_id != cellar.message_thread_id
