"""The shell's side of :attr:`bot.services.runtime.Runtime.herald`: renders what a service's
outcome owes the chats (texts in the game's locale, keyboards), inside the service's
transaction. One composer per kind of outcome."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiogram import Bot

from bot.handlers import pool_fight_publish
from bot.i18n import Translator
from bot.services.fight_store import Outcome
from bot.services.fights import SleeperKilled
from bot.services.outbox import Outgoing

Composer = Callable[[Bot, Translator, Any], Awaitable[Sequence[Outgoing]]]
COMPOSERS: dict[type, Composer] = {
    Outcome: pool_fight_publish.compose,
    SleeperKilled: pool_fight_publish.compose_sleeper_killed,
}


class Herald:
    def __init__(self, translator: Translator) -> None:
        self.translator = translator
        self.bot: Bot | None = None

    def bind(self, bot: Bot) -> None:
        """The bot whose links the keyboards carry (its username)."""
        if self.bot is None:
            self.bot = bot

    async def __call__(self, outcome: Any) -> Sequence[Outgoing]:
        composer = COMPOSERS.get(type(outcome))
        if composer is None:
            raise TypeError(f"nothing composes a {type(outcome).__name__}")
        assert self.bot is not None, "the herald has no bot (bind() it first)"
        return await composer(self.bot, self.translator, outcome)
