"""The real bot process: a group creates a pool game, two players build characters in private
through the deep link, and /players in the group shows both with only public facts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.e2e.process import bot_process
from tests.telegram_emulator import EmuMessage, EmuUser, TelegramEmulator

TOKEN = "777010:E2E-pool-game-token-abcdefghijklmnopqrstuvwxyz"


async def edited_until(
    emu: TelegramEmulator, window: EmuMessage, check: Callable[[], bool]
) -> None:
    """Wait for edits of ``window`` until ``check`` holds (it may hold already)."""
    while not check():
        await emu.wait_for_edit(window, timeout=15)


async def _press(emu: TelegramEmulator, user: EmuUser, window: EmuMessage, text: str) -> None:
    await emu.wait_for_callback_answer(await emu.press_button(user, window, text), timeout=15)


async def _build_character(emu: TelegramEmulator, user: EmuUser, link: str, name: str) -> None:
    chat = emu.private_chat(user)
    await emu.open_deep_link(user, link.split("start=")[1])
    asking = await emu.wait_for_message(chat, timeout=15)
    assert "шаг 1 из 4" in asking.body
    await emu.send_text(user, chat, name)
    window = await emu.wait_for_message(chat, lambda m: "шаг 2 из 4" in m.body, timeout=15)
    await _press(emu, user, window, "Женщина")
    await edited_until(emu, window, lambda: "шаг 3 из 4" in window.body)
    await _press(emu, user, window, "Дальше ▶️")
    await edited_until(emu, window, lambda: "«норма»" in window.body)
    await _press(emu, user, window, "✅ Создать персонажа")
    done = await emu.wait_for_message(chat, lambda m: "создан" in m.body, timeout=15)
    assert f"«{name}» создан" in done.body


async def test_pool_game_two_players_and_public_roster(tmp_path: Path, clean_redis: str) -> None:
    async with (
        TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu,
        bot_process(emu, tmp_path, redis_url=clean_redis),
    ):
        master = emu.add_user("Мастер", language_code="ru")
        anya = emu.add_user("Аня", language_code="ru")
        boris = emu.add_user("Борис", language_code="ru")
        group = emu.add_group("Подземелье", admins=[master], members=[anya, boris])

        await emu.send_text(master, group, "/newgame")
        menu = await emu.wait_for_message(group, timeout=15)
        await _press(emu, master, menu, "Пул d10 (выживание в залах)")
        await edited_until(emu, menu, lambda: "Игра началась" in menu.body)
        link = menu.buttons[0][0]["url"]

        await _build_character(emu, anya, link, "Аня Ветер")
        await _build_character(emu, boris, link, "Борис")

        await emu.send_text(anya, group, "/players")
        roster = await emu.wait_for_message(group, lambda m: "Борис" in m.body, timeout=15)
        assert "Аня Ветер" in roster.body
        assert "норма" in roster.body  # the public build word
        assert "тайна" in roster.body  # says what is secret...
        for secret in ("❤️", "5/5", "🚪 Зал 1", "меч", "рационы", "таблет"):
            assert secret not in roster.body, secret  # ...and shows none of it
