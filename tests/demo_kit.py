"""Shared pieces of the demo scenarios (``python -m tests.demo``): the stage (emulator + the real
bot process), presses that wait for the bot's answer, and the transcript recording."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from tests.e2e.process import bot_process
from tests.telegram_emulator import CallbackAnswer, EmuChat, EmuMessage, EmuUser, TelegramEmulator
from tests.telegram_emulator.transcript import render_transcript

TOKEN = "123456:DEMO-token-for-the-local-emulator-only"
WAIT = 65.0  # seconds for any one reaction of the bot: a group's minute of pacing, and slow cores

BUSY = "Не так быстро"  # the bot's answer to a press that comes while it is still busy
BUSY_RETRIES = 5
PAUSE = 0.5
# A person's actions, at least this far apart: never more than 7 in a second, so the bot's flood
# limit (10 a second, "Не так быстро") is never met by chance and a recording repeats exactly.
GAP = 0.15
QUIET = 0.3  # seconds without a call to the emulator: the bot has nothing more to say
_last_action: dict[tuple[int, int], float] = {}
_databases: dict[int, Path] = {}  # the bot's SQLite file of each stage's emulator
RECORDED = (
    "Настоящий процесс бота и локальный эмулятор Telegram; кубики — кубики игры с заранее "
    "заданным зерном, поэтому запись повторяется до буквы (тест проекта проигрывает её заново "
    "и сверяет). «Bot» — это бот-мастер; «pressed [...]» — нажатие кнопки, «(toast)/(alert)» — "
    "всплывающий ответ на нажатие; **…** и ~~…~~ — жирный и зачёркнутый текст в сообщениях бота, "
    "«> » — строки свёрнутой цитаты (в чате она раскрывается нажатием)."
)

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
        parts = [
            f"=== {heading} ===\n{render_transcript(chat, marks=True)}"
            for heading, chat in self.chats
        ]
        return "\n\n".join(parts)

    def markdown(self) -> str:
        lines = [f"# {self.title}", "", self.intro, ""]
        for heading, chat in self.chats:
            transcript = render_transcript(chat, marks=True)
            lines += [f"## {heading}", "", "```text", transcript, "```", ""]
        return "\n".join(lines)


def fixed_dice(seed: str) -> dict[str, str]:
    """The bot's environment for games whose dice seed is fixed (bot.fixed_seed): recordings."""
    return {"GM_FIXED_DICE_SEED": seed, "GM_TEST_ONLY": "fixed-dice"}


@contextlib.asynccontextmanager
async def stage(seed: str | None = None) -> AsyncIterator[TelegramEmulator]:
    """The emulator and the real ``python -m bot`` on a temporary SQLite file (memory storage);
    with ``seed``, every game's dice seed is derived from it, so a recording repeats exactly."""
    with tempfile.TemporaryDirectory() as workdir:
        env = fixed_dice(seed) if seed is not None else None
        async with (
            TelegramEmulator(TOKEN, bot_username="gm_demo_bot", bot_first_name="Мастер") as emu,
            bot_process(emu, Path(workdir), ready_timeout=60, extra_env=env),
        ):
            _databases[id(emu)] = Path(workdir) / "bot.sqlite3"
            try:
                yield emu
            finally:
                del _databases[id(emu)]


async def pace(emu: TelegramEmulator, user: EmuUser) -> None:
    """Wait until the bot has delivered everything it owes (:func:`settle`) and ``user`` may act
    again (:data:`GAP` after their last action): a person acts on what they have read."""
    await settle(emu)
    loop = asyncio.get_running_loop()
    key = (id(emu), user.id)
    wait = _last_action.get(key, 0.0) + GAP - loop.time()
    if wait > 0:
        await asyncio.sleep(wait)
    _last_action[key] = loop.time()


async def settle(emu: TelegramEmulator) -> None:
    """Wait until the bot's outbox holds nothing due (every message the game owes so far has
    reached the emulator: paced ones arrive up to a group's minute after the action that owed
    them, edits counting toward it; timers due later do not count) and then :data:`QUIET`
    passes with no call to the emulator (a new live message's predecessor loses its buttons just
    after the row is marked done), so the next action cannot overtake what the last one caused."""
    database = _databases.get(id(emu))
    if database is None:
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        while _owed_now(database):
            if loop.time() > deadline:
                raise TimeoutError(f"the bot did not deliver what it owes within {WAIT}s")
            await asyncio.sleep(0.05)
        if not await emu.state.changed.wait(QUIET):
            return


def _owed_now(database: Path) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        try:
            (count,) = db.execute(
                "SELECT COUNT(*) FROM owed_messages WHERE NOT done AND due_at <= ?",
                (time.time() + 2,),
            ).fetchone()
        except sqlite3.OperationalError:  # not migrated yet, or briefly locked
            return 1
    return int(count)


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
        await pace(emu, user)
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
        await pace(emu, user)
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
    await pace(emu, user)
    await emu.open_deep_link(user, payload)
    await emu.wait_for_message(chat, timeout=WAIT)
    await pace(emu, user)
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
