"""``python -m tests.demo``: a short scripted session with the real bot through the emulator.

Prints the chats as a person would read them, so anyone can watch the bot work without a
Telegram account. Uses in-memory storage and a temporary SQLite file.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from tests.e2e.process import bot_process
from tests.telegram_emulator import TelegramEmulator

TOKEN = "123456:DEMO-token-for-the-local-emulator-only"


async def play() -> None:
    with tempfile.TemporaryDirectory() as workdir:
        async with (
            TelegramEmulator(TOKEN, bot_username="gm_demo_bot", bot_first_name="Мастер") as emu,
            bot_process(emu, Path(workdir)),
        ):
            alice = emu.add_user("Алиса", language_code="ru")
            bob = emu.add_user("Bob", language_code="en")
            group = emu.add_group("Таверна «Кабанъ»", admins=[alice], members=[bob])
            private = emu.private_chat(alice)

            for text in ("/start", "/roll 2d6+3", "/roll 100000d100000"):
                await emu.send_text(alice, text)
                await emu.wait_for_message(private, timeout=15)
            for user, text in ((bob, "/roll 5d10"), (alice, "/roll d20"), (bob, "/help")):
                await emu.send_text(user, group, text)
                await emu.wait_for_message(group, timeout=15)

            print("=== Личный чат: Алиса и бот ===")
            print(emu.transcript(private))
            print()
            print(f"=== Группа: {group.title} ===")
            print(emu.transcript(group))


def main() -> int:
    asyncio.run(play())
    return 0


if __name__ == "__main__":
    sys.exit(main())
