"""Webhook delivery: POST pending updates to the bot, retrying with backoff on failure.

A 2xx answer confirms the update. A body carrying a method call (JSON ``{"method": ...}``
or aiogram's multipart "webhook reply") is executed like a regular Bot API call.

Like a reverse proxy in front of several bot replicas, the deliverer can spread updates over
``targets`` instead of the registered URL: each attempt goes to the next one (``"alternate"``,
round-robin), or the same update goes to all of them at once (``"both"``, to test that a
doubled delivery is handled once).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any, Literal

import aiohttp

from .models import PendingUpdate, WebhookConfig
from .params import Params
from .server import execute
from .state import EmulatorState

logger = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
SpreadMode = Literal["alternate", "both"]


@dataclass
class DeliveryAttempt:
    update_id: int
    url: str
    time: float
    status: int | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.error is None


class WebhookDeliverer:
    def __init__(
        self,
        state: EmulatorState,
        *,
        timeout: float = 5.0,
        retry_delay: float = 0.05,
        max_retry_delay: float = 1.0,
    ) -> None:
        self.state = state
        self.timeout = timeout
        self.retry_delay = retry_delay
        self.max_retry_delay = max_retry_delay
        self.attempts: list[DeliveryAttempt] = []
        #: Replica URLs used instead of the registered one (empty: the registered URL).
        self.targets: list[str] = []
        self.mode: SpreadMode = "alternate"
        self._turn = 0
        self._session: aiohttp.ClientSession | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._session = aiohttp.ClientSession()
        self._task = asyncio.create_task(self._run(), name="telegram-emulator-webhook")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def _run(self) -> None:
        failures = 0
        while True:
            config = self.state.webhook
            pending = self.state.updates.pending
            if config is None or not pending:
                failures = 0
                await self.state.updates.changed.wait(None)
                continue
            try:
                delivered = await self._spread(config, pending[0])
            except Exception:  # keep delivering even if one attempt hits a bug
                logger.exception("webhook delivery failed unexpectedly")
                delivered = False
            if delivered:
                failures = 0
                continue
            failures += 1
            delay = min(self.retry_delay * 2 ** (failures - 1), self.max_retry_delay)
            await self.state.webhook_changed.wait(delay)

    async def _spread(self, config: WebhookConfig, update: PendingUpdate) -> bool:
        """Deliver to the registered URL, the next replica, or every replica at once."""
        if not self.targets:
            return await self._deliver(config, update, config.url)
        if self.mode == "both":
            results = await asyncio.gather(
                *(self._deliver(config, update, url) for url in self.targets)
            )
            return any(results)
        url = self.targets[self._turn % len(self.targets)]
        self._turn += 1
        return await self._deliver(config, update, url)

    async def _deliver(self, config: WebhookConfig, update: PendingUpdate, url: str) -> bool:
        assert self._session is not None
        headers = {SECRET_HEADER: config.secret_token} if config.secret_token else {}
        update.delivered += 1
        status: int | None = None
        error: str | None = None
        reply: tuple[str, Params] | None = None
        try:
            async with self._session.post(
                url,
                json=update.to_json(),
                headers=headers,
                timeout=aiohttp.ClientTimeout(total=self.timeout),
            ) as response:
                status = response.status
                if 200 <= status < 300:
                    reply = await _read_reply(response)
                else:
                    error = f"Wrong response from the webhook: {status} {response.reason}"
        except TimeoutError:
            error = "Read timeout expired"
        except aiohttp.ClientConnectorError:
            error = "Connection refused"
        except aiohttp.ClientError as exc:
            error = f"Connection error: {type(exc).__name__}"
        self.attempts.append(DeliveryAttempt(update.update_id, url, time.time(), status, error))
        if error is not None:
            config.last_error_date = int(time.time())
            config.last_error_message = error
            self.state.changed.notify()
            return False
        self.state.updates.remove(update)
        if reply is not None:
            method, params = reply
            await execute(self.state, method, params, source="webhook_reply")
        self.state.changed.notify()
        return True


async def _read_reply(response: aiohttp.ClientResponse) -> tuple[str, Params] | None:
    """Parse a method call returned in a webhook response, if any."""
    raw: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    if response.content_type == "application/json":
        try:
            body = await response.json()
        except ValueError:
            return None
        if isinstance(body, dict):
            raw = dict(body)
    elif response.content_type.startswith("multipart/"):
        reader = aiohttp.MultipartReader.from_response(response)
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, aiohttp.BodyPartReader) or part.name is None:
                continue
            if part.filename:
                files[part.name] = await part.read()
            else:
                raw[part.name] = await part.text()
    method = raw.pop("method", None)
    if not isinstance(method, str) or not method:
        return None
    return method, Params(raw, files)
