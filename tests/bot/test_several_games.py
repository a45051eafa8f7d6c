"""One bot, many groups: two games side by side, one player in both, /me asks which game."""

from __future__ import annotations

from typing import Any

from bot.db.models import GameSystem
from bot.services import games
from bot.services.characters import DuelBuild, PoolBuild, create_character
from bot.services.settings import change_setting
from rules.pool.model import Gender
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import FIGHTER


async def _two_games(gm: Harness) -> tuple[Any, ...]:
    player = gm.emu.add_user("Игрок", language_code="ru", started=True)
    master_a = gm.emu.add_user("Мастер А", language_code="ru", started=True)
    master_b = gm.emu.add_user("Мастер Б", language_code="ru", started=True)
    hall = gm.emu.add_group("Подземелье", admins=[master_a], members=[player, master_b])
    arena = gm.emu.add_group("Арена", admins=[master_b], members=[player, master_a])
    pool = await games.create_game(hall.id, GameSystem.POOL, master_a.id, "ru")
    duel = await games.create_game(arena.id, GameSystem.DUEL, master_b.id, "ru", ("пеший",))
    await games.save_settings(pool, change_setting(games.settings_of(pool), "join_window", 120))
    await create_character(pool, player.id, "Арья", PoolBuild(Gender.FEMALE, FIGHTER))
    await create_character(duel, player.id, "Бронн", DuelBuild(skills=(("пеший", 8),), agility=20))
    return player, master_a, master_b, hall, arena, pool, duel


async def test_one_player_in_two_games_picks_the_game_for_me(gm: Harness) -> None:
    player, _, _, hall, arena, _, _ = await _two_games(gm)
    private = gm.emu.private_chat(player)
    await gm.emu.send_text(player, private, "/me")
    pick = await gm.emu.wait_for_message(private)
    assert "в 2 играх" in pick.body
    assert [t.split(" · ")[0] for t in pick.button_texts] == ["Подземелье", "Арена"]
    assert pick.button_texts[0].endswith(" · Арья") and pick.button_texts[1].endswith(" · Бронн")
    await gm.emu.press_button(player, pick, pick.button_texts[1])
    sheet = await gm.emu.wait_for_message(private, lambda m: m is not pick)
    assert "Арена" in sheet.body and "Бронн" in sheet.body and "Арья" not in sheet.body
    await gm.emu.press_button(player, pick, pick.button_texts[0])
    sheet = await gm.emu.wait_for_message(private, lambda m: "Арья" in m.body)
    assert "Подземелье" in sheet.body and sheet.button_texts  # the pool inventory button
    # In each group /me names that group's character only.
    await gm.emu.send_text(player, arena, "/me")
    assert "Бронн" in (await gm.emu.wait_for_message(arena)).body
    await gm.emu.send_text(player, hall, "/me")
    mine = await gm.emu.wait_for_message(hall)
    assert "Арья" in mine.body and "Бронн" not in mine.body


async def test_a_game_picked_after_it_ended_is_refused(gm: Harness) -> None:
    player, _, _, _, _, _, duel = await _two_games(gm)
    private = gm.emu.private_chat(player)
    await gm.emu.send_text(player, private, "/me")
    pick = await gm.emu.wait_for_message(private)
    await games.end_game(duel.chat_id)
    query = await gm.emu.press_button(player, pick, pick.button_texts[1])
    answer = await gm.emu.wait_for_callback_answer(query)
    assert "Этой игры уже нет" in (answer.text or "")
    # Only one game is left: /me shows its sheet straight away.
    await gm.emu.send_text(player, private, "/me")
    sheet = await gm.emu.wait_for_message(private, lambda m: "Арья" in m.body)
    assert not any("Бронн" in t for t in sheet.button_texts)


async def test_each_game_keeps_its_own_settings_and_admins(gm: Harness) -> None:
    _, master_a, master_b, hall, arena, pool, duel = await _two_games(gm)
    assert games.settings_of(pool).join_window == 120
    await duel.refresh_from_db()
    assert games.settings_of(duel).join_window != 120
    # Master A runs the dungeon, not the arena: the arena's admin command is refused for them.
    await gm.emu.send_text(master_a, arena, "/endgame")
    refused = await gm.emu.wait_for_message(arena)
    assert "администратор" in refused.body
    await duel.refresh_from_db()
    assert duel.status == "active"
    await gm.emu.send_text(master_b, hall, "/tick")
    assert "администратор" in (await gm.emu.wait_for_message(hall)).body
    await pool.refresh_from_db()
    assert pool.status == "active"
