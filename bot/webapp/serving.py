"""Where the Mini App runs: mounted on the webhook's server, or on a server of its own beside
polling (both at ``WEBAPP_HOST:WEBAPP_PORT``); and the bot's menu button that opens it."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator

from aiogram import Bot, Dispatcher
from aiogram.types import MenuButtonDefault, MenuButtonWebApp, WebAppInfo
from aiohttp import web

from bot.config import Settings
from bot.i18n import Translator
from bot.services.permissions import admin_ids_of
from bot.webapp.server import Deps, build_webapp

logger = logging.getLogger(__name__)


def deps_from(dp: Dispatcher, bot: Bot, token: str) -> Deps:
    """The services the dispatcher's handlers get, for the Mini App's handlers."""
    return Deps(
        bot=bot,
        token=token,
        translator=dp["translator"],
        runtime=dp["runtime"],
        courier=dp["courier"],
        admin_ids=admin_ids_of(dp.get("settings")),
    )


def mount(root: web.Application, settings: Settings, deps: Deps) -> None:
    """Serve the Mini App under its URL's path on ``root`` (when ``MINIAPP_URL`` is set)."""
    if settings.miniapp_enabled:
        root.add_subapp(settings.miniapp_path.rstrip("/"), build_webapp(deps))


@contextlib.asynccontextmanager
async def beside_polling(settings: Settings, deps: Deps) -> AsyncIterator[None]:
    """A web server for the Mini App alone while the bot polls; nothing when it is off."""
    if not settings.miniapp_enabled:
        yield
        return
    root = web.Application()
    mount(root, settings, deps)
    runner = web.AppRunner(root)
    await runner.setup()
    try:
        await web.TCPSite(runner, settings.webapp_host, settings.webapp_port).start()
        logger.info("Mini App on %s:%s", settings.webapp_host, settings.webapp_port)
        yield
    finally:
        await runner.cleanup()


async def set_menu_button(bot: Bot, translator: Translator, settings: Settings) -> None:
    """The menu button opens the Mini App in private chats; with it off, a Mini App button
    left from an earlier run goes back to the default (other buttons are left alone)."""
    if settings.miniapp_url is not None:
        text = translator.for_locale(None).text("miniapp-menu-button")
        button = MenuButtonWebApp(text=text, web_app=WebAppInfo(url=settings.miniapp_url))
        await bot.set_chat_menu_button(menu_button=button)
    elif isinstance(await bot.get_chat_menu_button(), MenuButtonWebApp):
        await bot.set_chat_menu_button(menu_button=MenuButtonDefault())
