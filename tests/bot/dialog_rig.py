"""Dialog tests with aiogram-dialog's test tools on OUR dispatcher, real Redis and SQLite.

:class:`RecordingBot` stands in for Telegram: it records plain messages the handlers send
(refusals, the final "created" message) while dialog windows go to the MockMessageManager.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from aiogram.methods import AnswerCallbackQuery, SendMessage, TelegramMethod
from aiogram.types import Chat, InlineKeyboardButton, Message
from aiogram_dialog.test_tools import BotClient, MockMessageManager
from aiogram_dialog.test_tools.bot_client import FakeBot
from aiogram_dialog.test_tools.keyboard import InlineButtonDataLocator, InlineButtonTextLocator

from bot.app import build_dispatcher
from bot.i18n import Translator
from bot.storage import open_storage


class RecordingBot(FakeBot):
    """The test tools' stub bot, keeping what handlers send and the callback alerts; any other
    Bot API call fails the test (the dialogs must not make calls nobody expects)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.alerts: list[str] = []

    async def __call__(
        self, method: TelegramMethod[Any], request_timeout: int | None = None
    ) -> Any:
        if isinstance(method, AnswerCallbackQuery):
            if method.text:
                self.alerts.append(method.text)
            return True
        if isinstance(method, SendMessage):
            self.sent.append(method.text)
            return Message(
                message_id=len(self.sent),
                date=datetime.now(),
                chat=Chat(id=int(method.chat_id), type="private"),
                text=method.text,
            )
        raise RuntimeError(f"unexpected call {type(method).__name__}")


class ForgedButton:
    """A locator handing back a button with callback data the bot never sent."""

    def __init__(self, data: str) -> None:
        self.data = data

    def find_button(self, message: Message) -> InlineKeyboardButton:
        return InlineKeyboardButton(text="?", callback_data=self.data)


@dataclass
class Rig:
    client: BotClient
    windows: MockMessageManager
    bot: RecordingBot

    @property
    def window(self) -> Message:
        return self.windows.last_message()

    @property
    def text(self) -> str:
        return self.window.text or ""

    def buttons(self) -> list[str]:
        markup = self.window.reply_markup
        if markup is None:
            return []
        return [button.text for row in markup.inline_keyboard for button in row]

    async def send(self, text: str) -> None:
        await self.client.send(text)

    async def press(self, text: str, on: Message | None = None) -> None:
        """Press the button whose text is exactly ``text`` on the last window (or ``on``)."""
        await self.client.click(on or self.window, InlineButtonTextLocator(re.escape(text)))

    async def press_data(self, data_suffix: str) -> None:
        """Press the button whose callback data ends with ``data_suffix`` (rows of a list)."""
        locator = InlineButtonDataLocator(".*" + re.escape(data_suffix))
        await self.client.click(self.window, locator)


@asynccontextmanager
async def open_rig(redis_url: str, user_id: int) -> AsyncIterator[Rig]:
    """A dispatcher of its own (as after a restart) for one user's private chat."""
    storage = await open_storage(redis_url, 20)
    windows = MockMessageManager()  # type: ignore[no-untyped-call]
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        message_manager=windows,
    )
    bot = RecordingBot()
    try:
        yield Rig(BotClient(dp, user_id=user_id, chat_id=user_id, bot=bot), windows, bot)
    finally:
        await storage.close()
