"""A Bot API call tried again, with a growing wait, until it is answered.

Start-up makes calls that a Bot API server may fail for a while: a 500 or a 429 while Telegram
(or a self-hosted server) has trouble, a blip of the network, a 404 from a server without the
method. None of those is the bot's fault, so none of them may end it: :func:`until_done` logs
each failure in one line and tries again after :func:`delay_after` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from aiogram.exceptions import (
    AiogramError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)

logger = logging.getLogger(__name__)
T = TypeVar("T")

FIRST_DELAY = 1.0  # then 2, 4, 8 ... seconds
# Telegram's trouble (5xx, 429) and the network's pass by themselves: tried again every five
# minutes at most, the call goes through soon after.
MAX_DELAY = 300.0
# A refusal (4xx: 404 from a Bot API server without the method, 400 for a menu it rejects)
# passes only with another server or another release: hourly, one warning an hour in the log.
MAX_DELAY_REFUSED = 3600.0
PASSING = (TelegramServerError, TelegramNetworkError, TelegramRetryAfter)
SERVER_TROUBLE = (TelegramServerError, TelegramRetryAfter)  # the server answers, not yet well


def delay_after(failures: int, error: AiogramError) -> float:
    """Seconds to wait after the ``failures``-th failure in a row: doubling from
    :data:`FIRST_DELAY` up to the cap for ``error``'s kind, never shorter than a 429's
    ``retry_after`` (the session already waited out the short ones)."""
    cap = MAX_DELAY if isinstance(error, PASSING) else MAX_DELAY_REFUSED
    delay = min(FIRST_DELAY * 2.0 ** min(failures - 1, 32), cap)
    return max(delay, float(getattr(error, "retry_after", 0)))


def describe(error: AiogramError) -> str:
    """One line: the Bot API method and Telegram's (or the HTTP client's) words."""
    method = getattr(error, "method", None)
    name = getattr(method, "__api_method__", "a Bot API call")
    message = " ".join(str(getattr(error, "message", error)).split())
    return f"{name} failed ({type(error).__name__}: {message})"


async def until_done(
    what: str,
    call: Callable[[], Awaitable[T]],
    retry: tuple[type[AiogramError], ...] = (AiogramError,),
) -> T:
    """``call()`` again after each failure of the ``retry`` kinds; anything else (a bug, or a
    failure the caller must report itself, such as a rejected token) is raised."""
    failures = 0
    while True:
        try:
            result = await call()
        except retry as error:
            failures += 1
            delay = delay_after(failures, error)
            logger.warning("%s: %s; trying again in %gs", what, describe(error), delay)
            await asyncio.sleep(delay)
        else:
            if failures:
                logger.info("%s: done at attempt %d", what, failures + 1)
            return result
