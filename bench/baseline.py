"""The baselines, for reference (not budgets): bare aiogram (an echo handler) and bare
aiogram-dialog (a one-button counter) on the same Redis server and the same fake Telegram,
configured as stock: aiogram's own ``RedisStorage`` and ``RedisEventIsolation`` (its Redis lock)
on a connection pool large enough for every client at once, none of the bot's parts."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiogram import Dispatcher, F, Router
from aiogram.filters import CommandStart
from aiogram.fsm.state import State, StatesGroup
from aiogram.fsm.storage.base import DefaultKeyBuilder
from aiogram.fsm.storage.redis import RedisEventIsolation, RedisStorage
from aiogram.types import CallbackQuery, Message
from aiogram_dialog import Dialog, DialogManager, StartMode, Window, setup_dialogs
from aiogram_dialog.widgets.kbd import Button
from aiogram_dialog.widgets.text import Const, Format

from bench.measure import Feeder
from bench.telegram import TelegramLog, Updates, callback_data, user_payload

CLIENT_BASE = 500_000_000
CONNECTIONS_PER_CLIENT = 2  # a client's update holds at most one; room for the locks' releases


class Counter(StatesGroup):
    main = State()


async def _count(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    return {"count": dialog_manager.dialog_data.get("count", 0)}


async def _plus(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    manager.dialog_data["count"] = manager.dialog_data.get("count", 0) + 1


async def _start(message: Message, dialog_manager: DialogManager) -> None:
    await dialog_manager.start(Counter.main, mode=StartMode.RESET_STACK)


async def _echo(message: Message) -> None:
    await message.answer(message.text or "")


@dataclass
class Stock:
    """aiogram's Redis storage and lock isolation as its docs set them up (aiogram-dialog needs
    ``with_destiny``), on redis-py's ordinary pool sized for ``clients`` at once."""

    storage: RedisStorage
    isolation: RedisEventIsolation

    @classmethod
    def open(cls, redis_url: str, clients: int) -> Stock:
        storage = RedisStorage.from_url(
            redis_url,
            connection_kwargs={"max_connections": CONNECTIONS_PER_CLIENT * clients + 10},
            key_builder=DefaultKeyBuilder(with_destiny=True),
        )
        return cls(storage, storage.create_isolation())

    async def close(self) -> None:
        await self.isolation.close()
        await self.storage.close()


def echo_dispatcher(stock: Stock) -> Dispatcher:
    dp = Dispatcher(storage=stock.storage, events_isolation=stock.isolation)
    router = Router(name="echo")
    router.message.register(_echo, F.text)
    dp.include_router(router)
    return dp


def counter_dispatcher(stock: Stock) -> Dispatcher:
    dp = Dispatcher(storage=stock.storage, events_isolation=stock.isolation)
    dp.message.register(_start, CommandStart())
    window = Window(
        Format("Clicks: {count}"),
        Button(Const("+1"), id="plus", on_click=_plus),
        getter=_count,
        state=Counter.main,
    )
    dp.include_router(Dialog(window))
    setup_dialogs(dp, events_isolation=stock.isolation)
    return dp


@dataclass(frozen=True)
class Run:
    updates: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.updates / self.seconds if self.seconds else 0.0


def both(before: Run, after: Run) -> Run:
    """Two measurements of one baseline as one (all their updates over all their time)."""
    return Run(before.updates + after.updates, before.seconds + after.seconds)


async def _clients(count: int, step: Callable[[int], Awaitable[int]]) -> Run:
    """``count`` clients at once, each running ``step`` (which returns the updates it sent)."""
    start = time.perf_counter()
    sent = await asyncio.gather(*(step(client) for client in range(count)))
    return Run(sum(sent), time.perf_counter() - start)


async def echo(feeder: Feeder, clients: int, each: int) -> Run:
    """Each client sends ``each`` messages in its private chat, one after the other."""
    updates = Updates()

    async def client(number: int) -> int:
        user = user_payload(CLIENT_BASE + number, f"Echo {number}")
        for k in range(each):
            await feeder.feed("echo", updates.message(user, user["id"], f"hello {k}"))
        return each

    return await _clients(clients, client)


async def counter(
    feeder: Feeder, log: TelegramLog, clients: int, each: int, bursts: int = 1
) -> Run:
    """Each client opens the counter with /start (not timed), then clicks ``each`` times, all
    clients at once; ``bursts`` times over, the rate being all the clicks over all their time
    (several bursts: one burst of a few seconds is at the mercy of a slow moment of a shared
    machine)."""
    updates = Updates()
    users = [user_payload(CLIENT_BASE + 100_000 + n, f"Click {n}") for n in range(clients)]

    async def open_counter(number: int) -> int:
        user = users[number]
        await feeder.feed("dialog_start", updates.message(user, user["id"], "/start"))
        return 1

    async def click(number: int) -> int:
        user = users[number]
        for _ in range(each):
            message = log.latest(user["id"])
            assert message is not None, "the counter dialog sent nothing"
            (data,) = callback_data(message)
            await feeder.feed("click", updates.press(user, message, data))
        return each

    await _clients(clients, open_counter)
    run = await _clients(clients, click)
    for _ in range(bursts - 1):
        run = both(run, await _clients(clients, click))
    return run
