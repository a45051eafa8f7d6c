"""One Redis connection shared by every update in flight, for the commands of the hot path.

redis-py spends ~100-150 µs of CPU on each command sent alone: taking a connection from the
bounded pool (a condition, a timeout, a health check), a timeout around the read, retries,
observability hooks. A button press sends two or three such commands (the throttle's count, a
game's lease taken and given back), each a few microseconds of work for Redis.

:class:`RedisLine` writes each command at once on one connection and reads the answers in
order, as Redis sends them: the commands of concurrent updates are pipelined without waiting
for each other, and a command costs ~20 µs. The connection is opened by redis-py from the same
pool settings (URL, password, database, TLS), so the handshake is redis-py's; the line only
packs commands and parses RESP2 answers. A broken connection fails the commands waiting on it
and is opened again by the next command; a command unanswered for ``timeout`` seconds breaks
the connection the same way.

Only for short commands whose answer is awaited: no blocking commands, no pub/sub.
"""

from __future__ import annotations

import asyncio
import builtins
import collections
import contextlib
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ConnectionError, RedisError, ResponseError, TimeoutError

Arg = bytes | str | int | float
TIMEOUT_SECONDS = 10.0


def pack(args: tuple[Arg, ...]) -> bytes:
    """A command in RESP: an array of bulk strings."""
    parts = [b"*%d\r\n" % len(args)]
    for arg in args:
        data = arg if isinstance(arg, bytes) else str(arg).encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


async def read_reply(reader: asyncio.StreamReader) -> Any:
    """One RESP2 answer: bytes, an int, None, a list, or a :class:`ResponseError` (returned,
    not raised: it is that command's answer, the connection is fine)."""
    line = await reader.readuntil(b"\r\n")
    kind, rest = line[:1], line[1:-2]
    if kind == b"+":
        return rest
    if kind == b":":
        return int(rest)
    if kind == b"$":
        size = int(rest)
        if size < 0:
            return None
        return (await reader.readexactly(size + 2))[:-2]
    if kind == b"*":
        size = int(rest)
        if size < 0:
            return None
        return [await read_reply(reader) for _ in range(size)]
    if kind == b"-":
        return ResponseError(rest.decode(errors="replace"))
    if kind == b"_":  # RESP3's null
        return None
    raise ConnectionError(f"unexpected answer from Redis: {line[:40]!r}")


class _Open:
    """One opened connection: its writer, the commands waiting for answers, its reader."""

    def __init__(self, connection: AbstractConnection) -> None:
        self.connection = connection
        reader, writer = connection._reader, connection._writer
        assert reader is not None and writer is not None
        self.reader: asyncio.StreamReader = reader
        self.writer: asyncio.StreamWriter = writer
        # Each command's answer and the loop time by which it must come.
        self.waiting: collections.deque[tuple[asyncio.Future[Any], float]] = collections.deque()
        self.reading: asyncio.Task[None] | None = None
        self.watchdog: asyncio.TimerHandle | None = None
        self.error: RedisError | None = None


class RedisLine:
    """``await line.execute("SET", key, value, "NX")``: the command's answer as Redis gave
    it (``b"OK"``, an int, bytes or None), or its error raised."""

    def __init__(self, redis: Redis, timeout: float = TIMEOUT_SECONDS) -> None:
        self._pool = redis.connection_pool
        self.timeout = timeout
        self.commands = 0  # sent so far (the bench counts them as round trips)
        self._open: _Open | None = None
        self._opening = asyncio.Lock()

    async def execute(self, *args: Arg) -> Any:
        line = self._open
        if line is None or line.error is not None:
            line = await self._connect()
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[Any] = loop.create_future()
        deadline = loop.time() + self.timeout
        line.writer.write(pack(args))
        line.waiting.append((answer, deadline))
        self.commands += 1
        if line.watchdog is None:
            line.watchdog = loop.call_at(deadline, self._watch, line)
        reply = await answer
        if isinstance(reply, ResponseError):
            raise reply
        return reply

    async def _connect(self) -> _Open:
        async with self._opening:
            line = self._open
            if line is not None and line.error is None:
                return line
            connection = self._pool.make_connection()  # type: ignore[no-untyped-call]
            try:
                await asyncio.wait_for(connection.connect(), self.timeout)
            except builtins.TimeoutError:
                await connection.disconnect(nowait=True)
                raise TimeoutError("Redis did not answer the connection in time") from None
            except BaseException:
                await connection.disconnect(nowait=True)
                raise
            line = _Open(connection)
            line.reading = asyncio.get_running_loop().create_task(self._read(line))
            self._open = line
            return line

    async def _read(self, line: _Open) -> None:
        try:
            while True:
                reply = await read_reply(line.reader)
                if not line.waiting:
                    raise ConnectionError("Redis answered a command nobody sent")
                answer, _ = line.waiting.popleft()
                if not answer.done():  # else its caller was cancelled: the answer is dropped
                    answer.set_result(reply)
        except asyncio.CancelledError:
            self._break(line, ConnectionError("the Redis line was closed"))
            raise
        except (OSError, EOFError, asyncio.IncompleteReadError, ValueError) as error:
            self._break(line, ConnectionError(f"the Redis connection broke: {error!r}"))
        except RedisError as error:
            self._break(line, error)

    def _watch(self, line: _Open) -> None:
        """The oldest command still unanswered past its deadline breaks the connection."""
        line.watchdog = None
        if not line.waiting or line.error is not None:
            return
        loop = asyncio.get_running_loop()
        _, deadline = line.waiting[0]
        if deadline <= loop.time():
            self._break(line, TimeoutError(f"Redis did not answer in {self.timeout} s"))
            return
        line.watchdog = loop.call_at(deadline, self._watch, line)

    def _break(self, line: _Open, error: RedisError) -> None:
        if line.error is not None:
            return
        line.error = error
        if line.watchdog is not None:
            line.watchdog.cancel()
            line.watchdog = None
        while line.waiting:
            answer, _ = line.waiting.popleft()
            if not answer.done():
                answer.set_exception(error)
        line.writer.close()
        if line.reading is not None and line.reading is not asyncio.current_task():
            line.reading.cancel()

    async def close(self) -> None:
        line, self._open = self._open, None
        if line is None:
            return
        self._break(line, ConnectionError("the Redis line was closed"))
        if line.reading is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await line.reading
        await line.connection.disconnect(nowait=True)
