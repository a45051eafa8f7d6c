"""Flood protection: the per-user throttle (THROTTLE_RATE) and a burst of updates against the
bounded Redis pool."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest
from aiogram import Dispatcher
from aiogram.types import Update
from pydantic import SecretStr
from redis.asyncio import Redis

from bot import throttle
from bot.app import build_dispatcher
from bot.config import Settings
from bot.i18n import Translator
from bot.session import make_bot
from bot.storage import open_storage
from bot.throttle import MemoryCounter, RedisCounter
from rules.dice import ScriptedDice
from tests.bot.conftest import TOKEN
from tests.telegram_emulator import TelegramEmulator, running_polling

SLOW_DOWN = "Не так быстро"


@pytest.fixture
async def throttled(
    emu: TelegramEmulator, clean_redis: str, database: str
) -> AsyncIterator[tuple[TelegramEmulator, ScriptedDice]]:
    """The real dispatcher with THROTTLE_RATE=3, polling the emulator."""
    storage = await open_storage(clean_redis, max_connections=20)
    dice = ScriptedDice()
    settings = Settings(bot_token=SecretStr(TOKEN), throttle_rate=3, _env_file=None)  # type: ignore[call-arg]
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        settings=settings,
        table_dice=dice,
        redis=storage.redis,
    )
    bot = make_bot(TOKEN, emu.base_url)
    async with running_polling(dp, bot):
        yield emu, dice
    await bot.session.close()
    await storage.close()


async def _fresh_second() -> None:
    """Start at the beginning of a clock second: the throttle counts per second (the window is
    also held still by :func:`one_second`, so a loaded machine cannot straddle two)."""
    await asyncio.sleep(1.02 - time.time() % 1)


@pytest.fixture(autouse=True)
def one_second(monkeypatch: pytest.MonkeyPatch) -> None:
    """The throttle's clock stays in one second for the whole test: every update it counts
    falls into the same window however long the machine takes to handle them."""
    frozen = float(int(time.time()) + 1)
    monkeypatch.setattr(throttle, "clock", lambda: frozen)


async def test_commands_over_the_rate_get_one_polite_answer(
    throttled: tuple[TelegramEmulator, ScriptedDice],
) -> None:
    emu, dice = throttled
    user = emu.add_user("Флудер", language_code="ru")
    calm = emu.add_user("Спокойный", language_code="ru")
    group = emu.add_group("Таверна", members=[user, calm])
    dice.add(6, 1, 2, 3, 4)
    await _fresh_second()
    for _ in range(8):
        await emu.send_text(user, group, "/roll 1d6")
    await emu.send_text(calm, group, "/roll 1d6")  # another user is not held back
    await emu.wait_until_delivered()
    five = await emu.state.changed.wait_for(
        lambda: len(emu.bot_messages(group)) >= 5 or None, 15
    )  # three rolls, the calm one's, one «slow down» (delivered as each update ends)
    assert five, [m.body for m in emu.bot_messages(group)]
    more = await emu.state.changed.wait_for(lambda: len(emu.bot_messages(group)) > 5 or None, 0.5)
    assert more is None  # and nothing more
    bodies = [m.body for m in emu.bot_messages(group)]
    assert sum("Флудер: 1d6" in b for b in bodies) == 3
    assert sum("Спокойный: 1d6" in b for b in bodies) == 1
    assert sum(SLOW_DOWN in b for b in bodies) == 1  # once, not once per dropped update
    assert len(bodies) == 5


async def test_presses_over_the_rate_are_all_answered(
    throttled: tuple[TelegramEmulator, ScriptedDice],
) -> None:
    emu, _ = throttled
    admin = emu.add_user("Мастер", language_code="ru")
    player = emu.add_user("Игрок", language_code="ru")
    group = emu.add_group("Таверна", admins=[admin], members=[player])
    await emu.send_text(admin, group, "/newgame")
    menu = await emu.wait_for_message(group)
    await _fresh_second()
    queries = [await emu.press_button(player, menu, "Поединок") for _ in range(6)]
    answers = [await emu.wait_for_callback_answer(q) for q in queries]
    texts = [a.text or "" for a in answers]
    assert sum("администраторы" in t for t in texts) == 3  # refused by the handler
    assert sum(SLOW_DOWN in t for t in texts) == 1
    assert sum(t == "" for t in texts) == 2  # dropped, yet no spinner left hanging


@pytest.mark.parametrize("backend", ["redis", "memory"])
async def test_counters_count_per_key(backend: str, clean_redis: str) -> None:
    redis = Redis.from_url(clean_redis)
    counter = RedisCounter(redis) if backend == "redis" else MemoryCounter()
    try:
        assert [await counter.hit("a", 2) for _ in range(3)] == [1, 2, 3]
        assert await counter.hit("b", 2) == 1
        if backend == "redis":
            assert 0 < await redis.ttl("a") <= 2  # counts expire: no key lives for ever
    finally:
        await redis.aclose()


BURST_CLIENT = "gm-burst-test"  # the name of the burst's connections (CLIENT SETNAME)


async def _peak_clients(redis_url: str, stop: asyncio.Event, peak: list[int]) -> None:
    """The most connections of the burst's pool open at once: counted by their name, since
    other tests' clients (other workers, the shared harness) use the same server."""
    probe = Redis.from_url(redis_url)
    try:
        while not stop.is_set():
            clients = await probe.client_list()
            peak.append(sum(client.get("name") == BURST_CLIENT for client in clients))
            await asyncio.sleep(0.02)
    finally:
        await probe.aclose()


async def test_a_burst_of_5000_updates_stays_within_the_redis_pool(
    emu: TelegramEmulator, clean_redis: str, database: str
) -> None:
    pool_size = 10
    named = f"{clean_redis}?client_name={BURST_CLIENT}"
    storage = await open_storage(named, max_connections=pool_size)
    dp: Dispatcher = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        redis=storage.redis,
    )
    bot = make_bot(TOKEN, emu.base_url)
    crowd = [emu.add_user(f"Горожанин {n}", language_code="ru") for n in range(500)]
    group = emu.add_group("Площадь", members=crowd)
    emu.state.privacy_mode = False  # the bot gets every group message, not only commands
    for n in range(1, 5001):
        await emu.send_text(crowd[n % 500], group, "/roll 1d6" if n % 100 == 0 else "эй, эй!")
    queued = list(emu.state.updates.pending)
    emu.state.updates.clear()
    updates = [Update.model_validate(u.to_json(), context={"bot": bot}) for u in queued]
    assert len(updates) == 5000
    stop, peak = asyncio.Event(), [0]
    probe = asyncio.create_task(_peak_clients(clean_redis, stop, peak))
    try:
        results = await asyncio.gather(
            *(dp.feed_update(bot, u) for u in updates), return_exceptions=True
        )
    finally:
        stop.set()
        await probe
        await bot.session.close()
        await storage.close()
    failures = [r for r in results if isinstance(r, BaseException)]
    assert failures == []
    # Bounded: bursts wait for a pooled connection, none fail; leases and the throttle's counts
    # use the same pool.
    assert 0 < max(peak) <= pool_size
    assert len(emu.bot_messages(group)) == 50  # every /roll in the burst was answered
