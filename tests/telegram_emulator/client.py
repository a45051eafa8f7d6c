"""aiogram client session tuned for the emulator."""

from __future__ import annotations

from aiogram.client.session.aiohttp import AiohttpSession


class LoopbackSession(AiohttpSession):
    """``AiohttpSession`` without the 250 ms graceful-SSL-shutdown sleep on ``close()``.

    The emulator is plain HTTP on loopback, so there is nothing to wait for.
    """

    async def close(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
