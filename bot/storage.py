"""FSM and dialog storage: Redis at ``REDIS_URL``; memory (with a warning) when it is unset or
``memory://``."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiogram.fsm.storage.base import BaseEventIsolation, BaseStorage, DefaultKeyBuilder
from aiogram.fsm.storage.memory import MemoryStorage, SimpleEventIsolation
from aiogram.fsm.storage.redis import RedisStorage
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import RedisError

from bot.leases import LeaseEventIsolation
from bot.startup import StartupError

logger = logging.getLogger(__name__)
POOL_TIMEOUT_SECONDS = 10
# A command on a pooled connection that Redis closed (a restart) reconnects and runs again
# instead of failing: without it, the first command on each old connection failed once Redis
# was back. A Redis that does not answer (a network cut) fails after SOCKET_SECONDS instead
# of hanging the update: both count as an outage (bot.health).
RETRIES = 2
SOCKET_SECONDS = 5.0
MEMORY_URL = "memory://"


@dataclass
class Storage:
    fsm: BaseStorage
    isolation: BaseEventIsolation
    redis: Redis | None = None  # the FSM's client: also the throttle's and the game locks'

    async def close(self) -> None:
        await self.fsm.close()
        await self.isolation.close()


async def open_storage(redis_url: str | None, max_connections: int) -> Storage:
    """Connect and ping Redis; a bounded pool makes bursts wait instead of failing. Every
    command goes through that pool: FSM, dialogs, leases, the throttle's counts."""
    if redis_url is None or redis_url == MEMORY_URL:
        logger.warning(
            "REDIS_URL is %s: using in-memory storage; dialogs and FSM state "
            "will NOT survive a restart, and only one bot process may run",
            "not set" if redis_url is None else redis_url,
        )
        return Storage(MemoryStorage(), SimpleEventIsolation())
    try:
        pool = BlockingConnectionPool.from_url(
            redis_url,
            max_connections=max_connections,
            timeout=POOL_TIMEOUT_SECONDS,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), RETRIES),
            socket_connect_timeout=SOCKET_SECONDS,
            socket_timeout=SOCKET_SECONDS,
        )
    except ValueError as error:
        raise StartupError(
            "REDIS_URL", f"is malformed ({error})", "use redis://host:6379/0"
        ) from None
    redis = Redis(connection_pool=pool)
    try:
        await redis.ping()
    except (RedisError, OSError) as error:
        await redis.aclose()
        raise StartupError(
            "REDIS_URL",
            f"cannot reach Redis at {redis_url} ({type(error).__name__})",
            f"start redis-server or fix the URL; REDIS_URL={MEMORY_URL} runs without Redis",
        ) from None
    key_builder = DefaultKeyBuilder(with_bot_id=True, with_destiny=True)
    fsm = RedisStorage(redis, key_builder=key_builder)
    # Leases, not aiogram's 60-second locks: a killed replica must not freeze its users.
    return Storage(fsm, LeaseEventIsolation(redis, key_builder), redis)
