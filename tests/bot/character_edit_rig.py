"""Driving the character edit dialog through the emulator as a game master would."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Character, Game, GmAction
from bot.services.characters import rule_state
from tests.bot.conftest import Harness
from tests.telegram_emulator import CallbackAnswer, EmuChat, EmuMessage, EmuUser

TITLE = "Правка персонажа"


@dataclass
class Editor:
    """One admin's private chat with the dialog open on one character."""

    gm: Harness
    user: EmuUser
    game: Game

    @property
    def chat(self) -> EmuChat:
        return self.gm.emu.private_chat(self.user)

    @property
    def window(self) -> EmuMessage:
        message = self.gm.emu.last_bot_message(self.chat)
        assert message is not None
        return message

    async def open(self, number: int) -> EmuMessage:
        await self.gm.emu.open_deep_link(self.user, f"e{self.game.id}_{number}")
        return await self.gm.emu.wait_for_message(self.chat, lambda m: TITLE in m.body)

    def button(self, label: str) -> str:
        """The callback data of the window's button whose text starts with ``label``."""
        for row in self.window.buttons:
            for button in row:
                if str(button["text"]).startswith(label):
                    return str(button["callback_data"])
        raise AssertionError(f"no button {label!r} in {self.window.button_texts}")

    async def press(self, label: str) -> CallbackAnswer:
        query = await self.gm.emu.press_button(self.user, self.window, data=self.button(label))
        return await self.gm.emu.wait_for_callback_answer(query)

    async def type(self, text: str, expect: str) -> EmuMessage:
        """Send ``text``; the answer containing ``expect``, once the window is back."""
        await self.gm.emu.send_text(self.user, text)
        found = await self.gm.emu.wait_for_message(self.chat, lambda m: expect in m.body)
        if not found.buttons:  # a refusal: the dialog's window follows it
            await self.gm.emu.wait_for_message(self.chat, lambda m: bool(m.buttons))
        return found

    async def edit(self, group: str, text: str, expect: str = "причину") -> EmuMessage:
        """From the main window: open ``group`` and type ``text`` into its number window."""
        await self.press(group)
        return await self.type(text, expect)

    async def save(self, reason: str, group_chat: EmuChat) -> EmuMessage:
        """Give the reason; the group's notice (the window is back on the main view)."""
        await self.gm.emu.send_text(self.user, reason)
        notice = await self.gm.emu.wait_for_message(group_chat, lambda m: "🛠" in m.body)
        await self.gm.emu.wait_for_message(self.chat, lambda m: "Сохранено" in m.body)
        return notice


async def state_of(game: Game, number: int) -> object:
    row = await Character.get(game_id=game.id, number=number)
    return rule_state(game, row)


async def actions_of(game: Game) -> list[GmAction]:
    return await GmAction.filter(game_id=game.id).order_by("id")
