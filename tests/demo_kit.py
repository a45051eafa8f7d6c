"""Shared pieces of the demo scenarios (``python -m tests.demo``): the stage (emulator + the real
bot process), presses that wait for the bot's answer, and the transcript recording."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from tests.e2e.process import bot_process
from tests.telegram_emulator import CallbackAnswer, EmuChat, EmuMessage, EmuUser, TelegramEmulator
from tests.telegram_emulator.transcript import render_transcript

TOKEN = "123456:DEMO-token-for-the-local-emulator-only"
WAIT = 20.0  # seconds for any one reaction of the bot (two shared cores can be slow)

BUSY = "Не так быстро"  # the bot's answer to a press that comes while it is still busy
BUSY_RETRIES = 5
PAUSE = 0.5

T = TypeVar("T")


@dataclass
class Recording:
    """What a scenario shows: a title, a short intro and the chats in the order to print."""

    name: str
    title: str
    intro: str
    chats: list[tuple[str, EmuChat]] = field(default_factory=list)

    def show(self, heading: str, chat: EmuChat) -> None:
        self.chats.append((heading, chat))

    def text(self) -> str:
        parts = [f"=== {heading} ===\n{render_transcript(chat)}" for heading, chat in self.chats]
        return "\n\n".join(parts)

    def markdown(self) -> str:
        lines = [f"# {self.title}", "", self.intro, ""]
        for heading, chat in self.chats:
            lines += [f"## {heading}", "", "```text", render_transcript(chat), "```", ""]
        return "\n".join(lines)


@contextlib.asynccontextmanager
async def stage() -> AsyncIterator[TelegramEmulator]:
    """The emulator and the real ``python -m bot`` on a temporary SQLite file (memory storage)."""
    with tempfile.TemporaryDirectory() as workdir:
        async with (
            TelegramEmulator(TOKEN, bot_username="gm_demo_bot", bot_first_name="Мастер") as emu,
            bot_process(emu, Path(workdir), ready_timeout=60),
        ):
            yield emu


async def until(emu: TelegramEmulator, check: Callable[[], T | None], what: str) -> T:
    """Wait (event-driven) until ``check`` returns something."""
    found = await emu.state.changed.wait_for(check, WAIT)
    if found is None:
        raise TimeoutError(f"the bot did not {what} within {WAIT}s")
    return found


def button_ending(message: EmuMessage, suffix: str) -> str:
    """The callback data of the first button whose data ends with ``suffix``."""
    for row in message.buttons:
        for button in row:
            data = button.get("callback_data")
            if isinstance(data, str) and data.endswith(suffix):
                return data
    raise LookupError(f"no button ending with {suffix!r}: {message.button_texts}")


async def press(
    emu: TelegramEmulator,
    user: EmuUser,
    message: EmuMessage,
    text: str | None = None,
    *,
    suffix: str | None = None,
) -> CallbackAnswer:
    """Press a button (by text or callback-data suffix) and wait until the bot answers it."""
    data = button_ending(message, suffix) if suffix is not None else None
    for _ in range(BUSY_RETRIES):
        query = await emu.press_button(user, message, None if data else text, data=data)
        answer = await emu.wait_for_callback_answer(query, timeout=WAIT)
        if BUSY not in (answer.text or ""):
            return answer
        await asyncio.sleep(1)  # the bot is still busy with this user's previous press
    return answer


async def window(
    emu: TelegramEmulator, chat: EmuChat, check: Callable[[EmuMessage], bool], what: str
) -> EmuMessage:
    """The bot's latest message in ``chat`` once ``check`` holds for it (sent or edited)."""

    def latest() -> EmuMessage | None:
        message = emu.last_bot_message(chat)
        return message if message is not None and check(message) else None

    return await until(emu, latest, what)


async def say(
    emu: TelegramEmulator,
    user: EmuUser,
    chat: EmuChat,
    text: str,
    answer: str,
    reply_to: EmuMessage | None = None,
) -> EmuMessage:
    """``user`` writes ``text`` in ``chat`` (as a reply to ``reply_to``); the bot's next message
    there containing ``answer`` (written again after a second when the bot was still busy with
    the user's last action)."""
    for _ in range(BUSY_RETRIES):
        await emu.send_text(user, chat, text, reply_to=reply_to)
        reply = await emu.wait_for_message(
            chat, lambda m: answer in m.body or BUSY in m.body, timeout=WAIT
        )
        if answer in reply.body or BUSY not in reply.body:
            return reply
        await asyncio.sleep(1)
    return reply


async def new_game(
    emu: TelegramEmulator, master: EmuUser, group: EmuChat, system_button: str
) -> str:
    """``/newgame`` and the system's button; returns the deep link for creating characters."""
    menu = await say(emu, master, group, "/newgame", "систему")
    await press(emu, master, menu, system_button)
    await until(emu, lambda: menu if "Игра началась" in menu.body else None, "start the game")
    return str(menu.buttons[0][0]["url"]).split("start=")[1]


async def open_creation(
    emu: TelegramEmulator,
    user: EmuUser,
    payload: str,
    name: str,
    step: str,
    gender: str | None = None,
) -> EmuMessage:
    """Open the creation dialog by the deep link, send the name (and press ``gender``, «он» or
    «она», where the dialog asks it next); the window of the next step."""
    chat = emu.private_chat(user)
    await emu.open_deep_link(user, payload)
    await emu.wait_for_message(chat, timeout=WAIT)
    await emu.send_text(user, chat, name)
    if gender is not None:
        asked = await window(emu, chat, lambda m: "он или она?" in m.body, f"ask {name} he/she")
        await press(emu, user, asked, gender)
    return await window(emu, chat, lambda m: step in m.body, f"ask {name} the next step")


async def finish_creation(
    emu: TelegramEmulator, user: EmuUser, current: EmuMessage, confirm: str
) -> None:
    await press(emu, user, current, confirm)
    chat = emu.private_chat(user)
    await window(emu, chat, lambda m: "создан" in m.body, "confirm the character")
    await asyncio.sleep(PAUSE)  # a person reads the answer before going back to the group
