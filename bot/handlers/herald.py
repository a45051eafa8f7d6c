"""The shell's side of :attr:`bot.services.runtime.Runtime.herald`: renders what a service's
outcome owes the chats (texts in the game's locale, keyboards), inside the service's
transaction. One composer per kind of outcome."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from aiogram import Bot

from bot.handlers import (
    character_edit,
    d20_publish,
    games,
    gm_notices,
    membership,
    reminders,
    world_donations,
    world_giving,
    world_inventory,
    world_sleep,
    world_theft,
    world_tick,
    world_tick_publish,
)
from bot.i18n import Translator
from bot.services.character_edits import EditNotice
from bot.services.chat_moves import ChatMoved
from bot.services.cycles import ReportsUnreached, TickReport
from bot.services.d20_checks import CheckRolled
from bot.services.games import GameCreated, GameEnded
from bot.services.giving import Gift
from bot.services.gm_news import GaveItem, Healed, Kicked, PauseSet, Placed, Rested, Revived
from bot.services.inventory import PickedUpNow
from bot.services.outbox import Outgoing
from bot.services.reminders import Reminder
from bot.services.theft import TheftNews
from bot.services.world_actions import HallsSet, SleeperNews
from bot.services.world_donations import FactBought, Victory

Composer = Callable[[Bot, Translator, Any], Awaitable[Sequence[Outgoing]]]
COMPOSERS: dict[type, Composer] = {
    CheckRolled: d20_publish.compose_check,
    TickReport: world_tick_publish.compose,
    ReportsUnreached: world_tick_publish.compose_unreached,
    Reminder: reminders.compose,
    Victory: world_donations.compose_victory,
    GameEnded: games.compose_ended,
    GameCreated: games.compose_created,
    EditNotice: character_edit.compose_notice,
    GaveItem: gm_notices.gave,
    Placed: gm_notices.placed,
    Revived: gm_notices.revived,
    PauseSet: gm_notices.paused,
    Kicked: gm_notices.kicked,
    Healed: gm_notices.healed,
    Rested: gm_notices.rested,
    SleeperNews: world_sleep.compose,
    TheftNews: world_theft.compose,
    PickedUpNow: world_inventory.compose_picked,
    Gift: world_giving.compose,
    FactBought: world_donations.compose_fact,
    HallsSet: world_tick.compose_halls,
    ChatMoved: membership.compose_moved,
}


class Herald:
    def __init__(self, translator: Translator) -> None:
        self.translator = translator
        self.bot: Bot | None = None

    def bind(self, bot: Bot) -> None:
        """The bot whose links the keyboards carry (its username)."""
        if self.bot is None:
            self.bot = bot

    async def start(self, bot: Bot) -> None:
        """Bound at start-up: a timer or a delivery hook may owe messages before any update."""
        self.bind(bot)

    async def __call__(self, outcome: Any) -> Sequence[Outgoing]:
        composer = COMPOSERS.get(type(outcome))
        if composer is None:
            raise TypeError(f"nothing composes a {type(outcome).__name__}")
        assert self.bot is not None, "the herald has no bot (bind() it first)"
        return await composer(self.bot, self.translator, outcome)
