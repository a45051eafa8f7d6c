"""The command menus and the menu button, set up beside start-up rather than inside it.

Both are cosmetic: the bot answers every command without them. A Bot API server that fails
one of these calls (a 500, a blip of the network, a 404 from a server that lacks the method)
must not keep the bot from polling, so :func:`set_up_menus` runs as a background task: each
set-up that fails is logged in one line and tried again later (:func:`delay_after`), until it
succeeds or the bot stops (``bot.app.run`` cancels it with :func:`bot.tasks.stop`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable

from aiogram import Bot
from aiogram.exceptions import (
    AiogramError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)

from bot.commands import register_commands
from bot.config import Settings
from bot.i18n import Translator
from bot.webapp.serving import set_menu_button

logger = logging.getLogger(__name__)

FIRST_DELAY = 1.0  # then 2, 4, 8 ... seconds
# Telegram's trouble (5xx, 429) and the network's pass by themselves: tried again every five
# minutes at most, the menus are back soon after.
MAX_DELAY = 300.0
# A refusal (4xx: 404 from a Bot API server without the method, 400 for a menu it rejects)
# passes only with another server or another release: hourly, one warning an hour in the log.
MAX_DELAY_REFUSED = 3600.0
_PASSING = (TelegramServerError, TelegramNetworkError, TelegramRetryAfter)


def delay_after(failures: int, error: AiogramError) -> float:
    """Seconds to wait after the ``failures``-th failure in a row: doubling from
    :data:`FIRST_DELAY` up to the cap for ``error``'s kind, never shorter than a 429's
    ``retry_after`` (the session already waited out the short ones)."""
    cap = MAX_DELAY if isinstance(error, _PASSING) else MAX_DELAY_REFUSED
    delay = min(FIRST_DELAY * 2.0 ** min(failures - 1, 32), cap)
    return max(delay, float(getattr(error, "retry_after", 0)))


def _failure(error: AiogramError) -> str:
    """One line: the Bot API method and Telegram's (or the HTTP client's) words."""
    method = getattr(error, "method", None)
    name = getattr(method, "__api_method__", "a Bot API call")
    message = " ".join(str(getattr(error, "message", error)).split())
    return f"{name} failed ({type(error).__name__}: {message})"


async def _until_done(what: str, set_up: Callable[[], Awaitable[None]]) -> None:
    """``set_up()`` again after each failure; an error that is no Bot API trouble (a bug) ends
    the task, to be logged with its traceback when it is stopped."""
    failures = 0
    while True:
        try:
            await set_up()
        except AiogramError as error:  # every Bot API error, network and undecodable answer
            failures += 1
            delay = delay_after(failures, error)
            logger.warning("%s not set: %s; trying again in %gs", what, _failure(error), delay)
            await asyncio.sleep(delay)
        else:
            if failures:
                logger.info("%s set at attempt %d", what, failures + 1)
            return


async def set_up_menus(bot: Bot, translator: Translator, settings: Settings) -> None:
    """The command menus and the menu button, each until it succeeds: one failing does not
    hold the other back."""
    commands = functools.partial(register_commands, bot, translator)
    button = functools.partial(set_menu_button, bot, translator, settings)
    async with asyncio.TaskGroup() as group:  # cancelling the task cancels both
        group.create_task(_until_done("command menus", commands))
        group.create_task(_until_done("menu button", button))
