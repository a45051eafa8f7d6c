"""The real dispatcher, real Redis and SQLite, polling the local Bot API emulator in-process.

Booting it (an emulator, a dispatcher with every router and dialog, a Bot API session) costs
about half a second, and most tests here need it: the :func:`gm` harness is booted once per
worker (and Mini App address), keeps polling, and is reused with per-test isolation:

- every test gets a fresh SQLite database (:func:`tests.conftest.database`), which the booted
  bot reaches as Tortoise's global context, and an empty Redis database
  (:func:`tests.conftest.clean_redis`);
- after a test the bot finishes the updates it was sent, then its background work (the
  courier and the timers) stops until the next test has its database: nothing of one test
  runs on into the next;
- the emulator keeps its users and chats, so the next test's users and chats have new ids (the
  bot's in-memory pacing and locks are per chat), and forgets everything else: calls, queued
  updates, injected failures, holds, limits, queued dice;
- the dice are new for every test.

A test that changes the dispatcher (a router, a handler, a middleware or data of its own),
stops its polling, or leaves it unhealthy is noticed after it ends: that harness is dropped and
the next test boots a fresh one. Nothing of a test has to say so.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from aiogram import Bot, Dispatcher, Router
from tortoise.context import require_context, set_global_context

from bot.app import build_dispatcher
from bot.graceful import Dispatcher as GracefulDispatcher
from bot.i18n import Translator
from bot.services.outbox import Outgoing
from bot.session import make_bot
from bot.storage import Storage, open_storage
from rules.dice import RecordingDice, ScriptedDice
from tests.telegram_emulator import TelegramEmulator, running_polling

TOKEN = "4242:TEST-token-for-the-dispatcher-tests-0123456789"
SETTLE_SECONDS = 20.0  # a test's last updates are finished before the next test starts


@dataclass
class Harness:
    emu: TelegramEmulator
    dp: Dispatcher
    bot: Bot
    dice: ScriptedDice  # table rolls (/roll)
    storage: Storage
    game_dice: ScriptedDice  # every game's rolls, numbered and logged like the real ones

    def told(self, compose: Callable[[Bot, Translator, Any], Awaitable[Sequence[Outgoing]]]) -> Any:
        """A shell composer bound as a handler binds it (for a service called directly)."""
        return partial(compose, self.bot, self.dp["translator"])


@pytest.fixture
def privacy_mode() -> bool:
    """Off: the emulator delivers every group message. A test turns Telegram's default on with
    ``@pytest.mark.parametrize("privacy_mode", [True])``."""
    return False


@pytest.fixture
def miniapp_url() -> str | None:
    """Off: no Mini App buttons. A test turns it on with
    ``@pytest.mark.parametrize("miniapp_url", ["https://example.org/app/"])``."""
    return None


@pytest.fixture
async def emu(privacy_mode: bool) -> AsyncIterator[TelegramEmulator]:
    """A fresh emulator of the test's own (the :func:`gm` harness has a shared one)."""
    async with TelegramEmulator(
        TOKEN, bot_username="gm_test_bot", bot_first_name="GM", privacy_mode=privacy_mode
    ) as emulator:
        yield emulator


class CurrentDice:
    """The dice the booted dispatcher rolls: those of the test running now."""

    def __init__(self) -> None:
        self.table = ScriptedDice()
        self.game = ScriptedDice()

    def renew(self) -> tuple[ScriptedDice, ScriptedDice]:
        self.table, self.game = ScriptedDice(), ScriptedDice()
        return self.table, self.game

    def roll(self, sides: int) -> int:  # the table dice (/roll)
        return self.table.roll(sides)


@dataclass
class Booted:
    """One emulator, storage, dispatcher and Bot API session, polling test after test."""

    emu: TelegramEmulator
    storage: Storage
    dp: GracefulDispatcher
    bot: Bot
    dice: CurrentDice
    stack: contextlib.AsyncExitStack
    polling: asyncio.Task[None]
    shape: tuple[object, ...] = ()
    quiet: bool = False  # the courier and the timers stopped (between two tests)

    async def quieten(self) -> None:
        """Stop the background work that reads the database: it is about to change."""
        await self.dp["courier"].stop()
        await self.dp["scheduler"].stop()
        self.quiet = True

    async def wake(self) -> None:
        """Start the background work again, on the test's own database."""
        if self.quiet:
            await self.dp["courier"].start(self.bot)
            await self.dp["scheduler"].start(self.bot, self.dp)
            self.quiet = False

    async def settle(self) -> bool:
        """Wait until the bot has taken every update sent to it and finished handling them (a
        test may end as soon as it has seen what it waited for); False if it takes too long."""
        updates = self.emu.state.updates
        try:
            async with asyncio.timeout(SETTLE_SECONDS):
                while updates.pending and not self.polling.done():
                    await updates.changed.wait(None)
        except TimeoutError:
            return False
        await self.dp.in_flight.finish(SETTLE_SECONDS)
        return self.dp.in_flight.count == 0

    def reusable(self) -> bool:
        return not self.polling.done() and shape_of(self) == self.shape

    async def close(self) -> None:
        await self.stack.aclose()  # stops polling (the shutdown hooks stop the rest)
        await self.bot.session.close()
        await self.storage.close()
        await self.emu.stop()


def shape_of(booted: Booted) -> tuple[object, ...]:
    """What a test may change of the booted bot and must not leave changed: the dispatcher's
    routers, handlers, middlewares and data, its health, and the emulator's webhook."""

    def routers(router: Router) -> Iterator[tuple[object, ...]]:
        yield (
            id(router),
            len(router.startup.handlers),
            len(router.shutdown.handlers),
            *(
                (name, len(o.handlers), len(o.middleware), len(o.outer_middleware))
                for name, o in router.observers.items()
            ),
        )
        for sub in router.sub_routers:
            yield from routers(sub)

    dp = booted.dp
    data = tuple(sorted((key, id(value)) for key, value in dp.workflow_data.items()))
    health = (dp.health.healthy, dp.health.writable)
    return (*routers(dp), data, health, booted.emu.webhook is None)


Kind = tuple[bool, str | None]  # a booted bot's privacy mode and Mini App address


class BootedBots:
    """The booted bots of this worker, one per privacy mode (the bot reads it at start-up)
    and Mini App address, each made when first asked for."""

    def __init__(self, redis_url: str) -> None:
        self.redis_url = redis_url
        self.booted: dict[Kind, Booted] = {}

    async def get(self, kind: Kind) -> Booted:
        """The booted bot of this kind. It is booted in a context of its own, where Tortoise
        has no database: its handlers use the test's, which :func:`gm` makes Tortoise's global
        fallback (tasks keep the context they were made in, and the polling outlives tests)."""
        booted = self.booted.get(kind)
        if booted is None:
            boot = asyncio.create_task(self._boot(*kind), context=contextvars.Context())
            booted = self.booted[kind] = await boot
        return booted

    async def drop(self, kind: Kind) -> None:
        booted = self.booted.pop(kind, None)
        if booted is not None:
            await booted.close()

    async def close(self) -> None:
        for key in list(self.booted):
            await self.drop(key)

    async def _boot(self, privacy_mode: bool, miniapp_url: str | None) -> Booted:
        stack = contextlib.AsyncExitStack()
        emu = TelegramEmulator(
            TOKEN, bot_username="gm_test_bot", bot_first_name="GM", privacy_mode=privacy_mode
        )
        await emu.start()
        storage = await open_storage(self.redis_url, max_connections=20)
        dice = CurrentDice()
        dp = build_dispatcher(
            storage=storage.fsm,
            isolation=storage.isolation,
            translator=Translator("ru"),
            table_dice=dice,
            redis=storage.redis,
            dice_factory=lambda game: RecordingDice(dice.game, game.next_roll_index),
            miniapp_url=miniapp_url,
        )
        assert isinstance(dp, GracefulDispatcher)  # the bot's own: it counts updates in flight
        bot = make_bot(TOKEN, emu.base_url)
        polling = await stack.enter_async_context(running_polling(dp, bot))
        booted = Booted(emu, storage, dp, bot, dice, stack, polling)
        booted.shape = shape_of(booted)
        return booted


@pytest.fixture(scope="session")
async def booted_bots(redis_url: str) -> AsyncIterator[BootedBots]:
    bots = BootedBots(redis_url)
    yield bots
    await bots.close()


@pytest.fixture
async def gm(
    booted_bots: BootedBots,
    clean_redis: str,
    database: str,
    privacy_mode: bool,
    miniapp_url: str | None,
) -> AsyncIterator[Harness]:
    set_global_context(require_context())  # the test's database, for the booted bot too
    kind = (privacy_mode, miniapp_url)
    booted = await booted_bots.get(kind)
    booted.emu.new_scene(privacy_mode=privacy_mode)
    await booted.wake()
    table_dice, game_dice = booted.dice.renew()
    yield Harness(booted.emu, booted.dp, booted.bot, table_dice, booted.storage, game_dice)
    if await booted.settle() and booted.reusable():
        await booted.quieten()
    else:
        await booted_bots.drop(kind)
