"""The command menus and the menu button, set up beside start-up rather than inside it.

Both are cosmetic: the bot answers every command without them. A Bot API server that fails
one of these calls (a 500, a blip of the network, a 404 from a server that lacks the method)
must not keep the bot from polling, so :func:`set_up_menus` runs as a background task: each
set-up that fails is logged in one line and tried again later (:mod:`bot.retries`), until it
succeeds or the bot stops (``bot.app.run`` cancels it with :func:`bot.tasks.stop`).
"""

from __future__ import annotations

import asyncio
import functools

from aiogram import Bot

from bot.commands import register_commands
from bot.config import Settings
from bot.i18n import Translator
from bot.retries import until_done
from bot.webapp.serving import set_menu_button


async def set_up_menus(bot: Bot, translator: Translator, settings: Settings) -> None:
    """The command menus and the menu button, each until it succeeds: one failing does not
    hold the other back. An error that is no Bot API trouble (a bug) ends the task, to be
    logged with its traceback when it is stopped."""
    commands = functools.partial(register_commands, bot, translator)
    button = functools.partial(set_menu_button, bot, translator, settings)
    async with asyncio.TaskGroup() as group:  # cancelling the task cancels both
        group.create_task(until_done("command menus", commands))
        group.create_task(until_done("menu button", button))
