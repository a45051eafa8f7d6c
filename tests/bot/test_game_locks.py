"""The game lock (bot/services/locks.py): it yields the game as stored now, refuses a paused or
ended game, and finds a chat's game by a remembered id that is checked inside the lock. One
process's actions on a game queue locally and hand the Redis lease on; other replicas wait."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis
from tortoise.timezone import now

from bot.db.models import Game, GameSystem
from bot.leases import lease
from bot.services import games
from bot.services.errors import GamePaused, NoActiveGame
from bot.services.locks import GameLocks
from tests.bot.test_leases import Recording

CHAT = -500


async def test_the_lock_yields_the_game_as_stored_now(database: str) -> None:
    locks = GameLocks()
    game = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    await Game.filter(id=game.id).update(state={"cycle": 7})
    async with locks.game(game.id) as fresh:
        assert fresh.id == game.id and fresh.state == {"cycle": 7}
    assert game.state != {"cycle": 7}  # the caller's copy was read before


async def test_a_paused_game_refuses_unless_paused_ok(database: str) -> None:
    locks = GameLocks()
    game = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    await Game.filter(id=game.id).update(paused_at=now())
    with pytest.raises(GamePaused):
        async with locks.game(game.id):
            pass
    with pytest.raises(GamePaused):
        async with locks.chat(CHAT):
            pass
    async with locks.game(game.id, paused_ok=True) as fresh:
        assert fresh.paused_at is not None


async def test_a_chat_s_game_is_remembered_and_checked_inside_the_lock(database: str) -> None:
    locks = GameLocks()
    with pytest.raises(NoActiveGame):
        async with locks.chat(CHAT):
            pass
    first = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    async with locks.chat(CHAT) as game:
        assert game.id == first.id
    await games.end_game(CHAT, locks)
    with pytest.raises(NoActiveGame):  # remembered, but ended: looked up again, none
        async with locks.chat(CHAT):
            pass
    with pytest.raises(NoActiveGame):  # an action that waited for /endgame's lock
        async with locks.game(first.id):
            pass
    second = await games.create_game(CHAT, GameSystem.DUEL, 1, "ru")
    async with locks.chat(CHAT) as game:
        assert game.id == second.id
    await games.end_game(CHAT, locks)
    third = await games.create_game(CHAT, GameSystem.D20, 1, "ru")
    async with locks.chat(CHAT) as game:  # the remembered id is another game's now
        assert game.id == third.id and game.system == GameSystem.D20


async def test_another_chat_s_game_is_never_taken(database: str) -> None:
    locks = GameLocks()
    mine = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    other = await games.create_game(CHAT - 1, GameSystem.POOL, 1, "ru")
    async with locks.chat(CHAT - 1) as game:
        assert game.id == other.id
    async with locks.chat(CHAT) as game:
        assert game.id == mine.id


@pytest.fixture
async def redis(clean_redis: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(clean_redis)
    yield client
    await client.aclose()


@pytest.fixture
async def recording(clean_redis: str) -> AsyncIterator[Recording]:
    client = Recording.open(clean_redis)
    async with lease(client, "warm-up"):  # the release script is loaded into Redis once
        pass
    client.names.clear()
    yield client
    await client.aclose()


LEASE_KEY = "gm:lock:game:{}"


async def test_a_queue_in_one_process_takes_the_lease_once_in_order(
    database: str, redis: Redis, recording: Recording
) -> None:
    locks = GameLocks(recording)
    game = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    order: list[int] = []
    inside = 0

    async def action(n: int) -> None:
        nonlocal inside
        async with locks.game(game.id):
            inside += 1
            assert inside == 1  # one at a time
            assert await redis.exists(LEASE_KEY.format(game.id))
            await asyncio.sleep(0.01)
            order.append(n)
            inside -= 1

    await asyncio.gather(*(action(n) for n in range(4)))
    assert order == [0, 1, 2, 3]
    # Taken by the first, handed on, freed by the last.
    assert recording.names == ["SET", "EVALSHA"]
    assert not await redis.exists(LEASE_KEY.format(game.id))


async def test_another_replica_waits_for_the_queue_then_gets_the_game(
    database: str, redis: Redis, clean_redis: str
) -> None:
    other = Redis.from_url(clean_redis)  # another replica's own client
    here, there = GameLocks(redis), GameLocks(other)
    game = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    order: list[str] = []
    a_in = asyncio.Event()

    async def act(locks: GameLocks, name: str, after: asyncio.Event | None = None) -> None:
        if after is not None:  # the other replica asks once this one holds the game
            await after.wait()
        async with locks.game(game.id):
            order.append(f"{name} in")
            if name == "a":
                a_in.set()
            await asyncio.sleep(0.05)
            order.append(f"{name} out")

    await asyncio.gather(act(here, "a"), act(here, "b"), act(there, "c", a_in))
    await other.aclose()
    assert order == ["a in", "a out", "b in", "b out", "c in", "c out"]
    assert not await redis.exists(LEASE_KEY.format(game.id))


async def test_a_waiter_cancelled_while_handed_the_lease_frees_it(
    database: str, redis: Redis
) -> None:
    locks = GameLocks(redis)
    game = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    holding = asyncio.Event()
    waiting: list[asyncio.Task[None]] = []
    gates: list[object] = []

    async def holder() -> None:
        async with locks.game(game.id):
            # Kept alive here: the lease must be freed by the lock, not by the collector.
            gates.append(locks._gates[game.id])
            holding.set()
            await asyncio.sleep(0.05)
        # The lease was left to the waiter, whose turn has not come yet: cancel it now.
        waiting[0].cancel()

    async def waiter() -> None:
        async with locks.game(game.id):
            raise AssertionError("never gets in")

    first = asyncio.create_task(holder())
    await holding.wait()
    waiting.append(asyncio.create_task(waiter()))
    await first
    with pytest.raises(asyncio.CancelledError):
        await waiting[0]
    for _ in range(50):
        if not await redis.exists(LEASE_KEY.format(game.id)):
            break
        await asyncio.sleep(0.02)
    assert not await redis.exists(LEASE_KEY.format(game.id))
    async with GameLocks(redis).game(game.id) as again:  # another replica gets it at once
        assert again.id == game.id
