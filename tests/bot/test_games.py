"""/newgame, /join, /endgame in a group: admins only, one game per chat, the dice commitment."""

from __future__ import annotations

import hashlib
import re

from bot.db.models import Game, GameStatus
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuUser


async def _new_pool_game(gm: Harness) -> tuple[EmuUser, EmuChat, Game]:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    player = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[player])
    await gm.emu.send_text(admin, group, "/newgame")
    menu = await gm.emu.wait_for_message(group)
    assert "Какую систему" in menu.body
    query = await gm.emu.press_button(admin, menu, "Пул d10 (выживание в залах)")
    await gm.emu.wait_for_callback_answer(query)
    await gm.emu.wait_for_edit(menu)  # owed with the game, delivered after the press's answer
    game = await Game.get(chat_id=group.id)
    return admin, group, game


async def test_admin_creates_a_game_announced_with_its_commitment(gm: Harness) -> None:
    _, group, game = await _new_pool_game(gm)
    announcement = gm.emu.messages(group)[-1]
    assert "Игра началась" in announcement.body
    # the whole hash, as code (a tap copies it): a player compares the revealed seed with it
    assert f"Отпечаток зерна (SHA-256):\n{game.commitment}\n" in announcement.body
    assert f"<code>{game.commitment}</code>" in (announcement.raw_text or "")
    assert hashlib.sha256(bytes.fromhex(game.seed_hex)).hexdigest() == game.commitment
    assert game.seed_hex not in announcement.body
    [button] = announcement.buttons[0]
    assert button["url"] == f"https://t.me/gm_test_bot?start=j{game.id}"


async def test_non_admins_cannot_create_or_press_the_system_buttons(gm: Harness) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    player = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[player])
    await gm.emu.send_text(player, group, "/newgame")
    refused = await gm.emu.wait_for_message(group)
    assert "только администраторы" in refused.body
    await gm.emu.send_text(admin, group, "/newgame")
    menu = await gm.emu.wait_for_message(group)
    query = await gm.emu.press_button(player, menu, "Поединок")
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.show_alert and "только администраторы" in (answer.text or "")
    assert await Game.filter(chat_id=group.id).count() == 0


async def test_one_active_game_per_chat(gm: Harness) -> None:
    admin, group, _ = await _new_pool_game(gm)
    await gm.emu.send_text(admin, group, "/newgame")
    refused = await gm.emu.wait_for_message(group, lambda m: "уже идёт" in m.body)
    assert "Пул d10" in refused.body
    assert await Game.filter(chat_id=group.id).count() == 1


async def test_a_second_press_on_the_system_menu_names_the_running_game(gm: Harness) -> None:
    """A second /newgame menu pressed once a game runs (here forged on the announcement)."""
    admin, group, _ = await _new_pool_game(gm)
    announcement = gm.emu.bot_messages(group)[-1]
    query = await gm.emu.press_button(admin, announcement, data="ng:duel", forged=True)
    answer = await gm.emu.wait_for_callback_answer(query)
    assert answer.show_alert and "Здесь уже идёт игра «Пул d10" in (answer.text or ""), answer
    assert await Game.filter(chat_id=group.id).count() == 1


async def test_join_gives_the_deep_link(gm: Harness) -> None:
    admin, group, game = await _new_pool_game(gm)
    await gm.emu.send_text(admin, group, "/join")
    reply = await gm.emu.wait_for_message(group, lambda m: "личном чате" in m.body)
    assert reply.buttons[0][0]["url"].endswith(f"?start=j{game.id}")


async def test_join_without_a_game_is_refused_politely(gm: Harness) -> None:
    user = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Пусто", members=[user])
    await gm.emu.send_text(user, group, "/join")
    reply = await gm.emu.wait_for_message(group)
    assert "нет игры" in reply.body


async def test_endgame_reveals_the_seed_that_matches_the_commitment(gm: Harness) -> None:
    admin, group, game = await _new_pool_game(gm)
    await gm.emu.send_text(admin, group, "/endgame")
    ended = await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    assert "каждый бросок можно проверить командой /verify" in ended.body
    await gm.emu.send_text(admin, group, "/verify")
    verified = await gm.emu.wait_for_message(group, lambda m: "Зерно игры открыто" in m.body)
    match = re.search(r"Зерно игры открыто: ([0-9a-f]{64})", verified.body)
    assert match
    assert hashlib.sha256(bytes.fromhex(match[1])).hexdigest() == game.commitment
    await game.refresh_from_db()
    assert game.status == GameStatus.ENDED and game.active_chat_id is None


async def test_deep_link_to_an_unknown_game_is_refused(gm: Harness) -> None:
    user = gm.emu.add_user("Игрок", language_code="ru")
    await gm.emu.open_deep_link(user, "j99999")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(user))
    assert "нет игры" in reply.body
