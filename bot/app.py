"""Building the dispatcher (shared by the bot and the tests) and running it."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import hashlib
import logging
import signal

from aiogram import Bot, Router
from aiogram.exceptions import TelegramNetworkError, TelegramUnauthorizedError
from aiogram.fsm.storage.base import BaseEventIsolation, BaseStorage
from aiogram.fsm.storage.memory import DisabledEventIsolation
from aiogram.webhook.aiohttp_server import setup_application
from aiogram_dialog import setup_dialogs
from aiogram_dialog.api.protocols import MessageManagerProtocol
from aiohttp import web
from redis.asyncio import Redis
from tortoise.exceptions import OperationalError

from bot import tasks
from bot.config import Settings
from bot.courier import Courier
from bot.db.setup import close_database, init_database
from bot.dialogs.registry import build_dialogs
from bot.graceful import Dispatcher
from bot.handlers import (
    build_root_router,
    fallback,
    register_buttons,
    register_timers,
    unhandled,
)
from bot.handlers.errors import register_refusals
from bot.handlers.hooks import register_hooks
from bot.health import InfraHealth
from bot.i18n import Translator
from bot.menus import set_up_menus
from bot.middlewares import L10nMiddleware, OutboxMiddleware
from bot.outage import HealthyRequestHandler, PollingGate
from bot.pacing import OFF, Limits, Pacer
from bot.retries import SERVER_TROUBLE, until_done
from bot.scheduler import Scheduler
from bot.services.locks import GameLocks
from bot.services.runtime import DiceFactory, Runtime, verifiable_dice
from bot.session import make_bot
from bot.startup import StartupError
from bot.storage import open_storage
from bot.throttle import ThrottleMiddleware
from bot.webapp.server import Deps
from bot.webapp.serving import beside_polling, deps_from, mount
from rules.dice import Dice, SystemDice

logger = logging.getLogger(__name__)
DEFAULT_CONCURRENCY = 100  # as MAX_CONCURRENT_UPDATES


def build_dispatcher(
    *,
    storage: BaseStorage,
    isolation: BaseEventIsolation,
    translator: Translator,
    settings: Settings | None = None,
    table_dice: Dice | None = None,
    message_manager: MessageManagerProtocol | None = None,
    redis: Redis | None = None,
    dice_factory: DiceFactory | None = None,
    limits: Limits | None = None,
    miniapp_url: str | None = None,
) -> Dispatcher:
    """The whole dispatcher: routers, middlewares, dialogs; services passed by name.
    ``redis``: the storage's client, for the game locks and the throttle (else in memory);
    ``limits``: the sending pace (Telegram's with settings, none without: tests);
    ``miniapp_url``: the Mini App's address for its buttons (settings' when given)."""
    # ``isolation`` guards aiogram-dialog's stacks (setup_dialogs below), the only state kept in
    # the FSM storage. The dispatcher itself isolates nothing (aiogram's default): an update
    # that changes a game holds the game's lock, so a lease per user and chat around every
    # update would only add two Redis round trips to each.
    dp = Dispatcher(
        storage=storage,
        events_isolation=DisabledEventIsolation(),
        concurrency=settings.max_concurrent_updates if settings else DEFAULT_CONCURRENCY,
        health=InfraHealth(redis),
    )
    dp["translator"] = translator
    dp["settings"] = settings
    dp["miniapp_url"] = settings.miniapp_url if settings is not None else miniapp_url
    dp["table_dice"] = table_dice or SystemDice()
    runtime = Runtime(GameLocks(redis), dice_factory or verifiable_dice)
    dp["runtime"] = runtime
    # Without settings (tests), owed messages go out unpaced.
    if limits is None:
        limits = Limits() if settings is not None else OFF
    courier = Courier(Pacer(limits), redis)
    register_hooks(courier, runtime, translator)
    dp["courier"] = courier
    dp.startup.register(courier.start)  # what is owed goes out before new updates come
    dp.shutdown.register(courier.stop)  # after the updates in flight (bot.graceful)
    # Inner: around the routing of every update, inside the error handling and any outer
    # middleware (a test's counters see the delivery as part of the update).
    dp.update.middleware(OutboxMiddleware(courier))
    scheduler = Scheduler()
    register_timers(scheduler)
    scheduler.install(dp)
    dp["scheduler"] = scheduler
    dp.update.outer_middleware(L10nMiddleware(translator))
    if settings is not None and settings.throttle_rate:
        dp.update.outer_middleware(ThrottleMiddleware(settings.throttle_rate, redis))
    register_refusals(dp)  # the polite answer to every refusal, whoever raised it
    register_buttons(dp)  # in-game buttons, before every router: no dialog machinery
    dialogs = Router(name="with_dialogs")  # commands and dialogs: aiogram-dialog's middlewares
    dialogs.include_router(build_root_router())
    dialogs.include_routers(*build_dialogs())
    dialogs.include_router(unhandled.build_router())  # after the dialogs: commands nobody took
    dp["dialog_bg"] = setup_dialogs(  # for a dialog a group's button opens in private
        dialogs, events_isolation=isolation, message_manager=message_manager
    )
    dp.include_router(dialogs)
    dp.include_router(fallback.build_router())  # after the dialogs: presses nobody took
    return dp


YOUNG_OBJECTS = 20_000  # allocations between two young-generation collections (Python: 700)


def settle_heap() -> None:
    """Collect once, then freeze what start-up built (aiogram's and pydantic's models, the
    dispatcher, the locales) so the garbage collector never walks it again: each full
    collection walked ~300,000 such objects, a 250-300 ms pause under load (bench/).

    Then collect the young generation after :data:`YOUNG_OBJECTS` allocations instead of 700:
    an update allocates thousands of short-lived objects (parsed updates, API objects, rows),
    and at 700 the collector ran several times per update and moved live ones into the older
    generations, to be walked again there. Memory grows by at most that many young objects."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, old)


def webhook_secret(settings: Settings) -> str:
    """The configured secret, else one derived from the token: the same on every replica."""
    if settings.webhook_secret is not None:
        return settings.webhook_secret.get_secret_value()
    token = settings.bot_token.get_secret_value().encode()
    return hashlib.sha256(b"webhook:" + token).hexdigest()[:48]


async def run(settings: Settings) -> None:
    """Open storage and database, then poll or serve the webhook until stopped."""
    async with contextlib.AsyncExitStack() as stack:
        storage = await open_storage(settings.redis_url, settings.redis_max_connections)
        stack.push_async_callback(storage.close)
        stack.push_async_callback(close_database)
        try:
            await init_database(settings.database_url)
        except (OSError, ValueError, ConnectionError, OperationalError) as error:
            raise StartupError(
                "DATABASE_URL",
                f"cannot open the database ({type(error).__name__}: {error})",
                "use sqlite:///path/to/file.sqlite3 or postgres://user:pass@host:5432/db",
            ) from None
        translator = Translator(settings.default_locale)
        bot = make_bot(settings.bot_token.get_secret_value(), settings.telegram_api_url)
        stack.push_async_callback(bot.session.close)
        dp = build_dispatcher(
            storage=storage.fsm,
            isolation=storage.isolation,
            translator=translator,
            settings=settings,
            redis=storage.redis,
        )
        bot.session.middleware(PollingGate(dp.health))
        try:  # a Bot API server in trouble (5xx, 429) is waited for; a wrong address is not
            me = await until_done("startup", bot.get_me, SERVER_TROUBLE)
        except TelegramUnauthorizedError:
            raise StartupError(
                "BOT_TOKEN", "was rejected by Telegram", "copy the current token from @BotFather"
            ) from None
        except TelegramNetworkError as error:
            raise StartupError(
                "TELEGRAM_API_URL",
                f"cannot reach the Bot API ({error.message})",
                "check the network, or point it at a reachable Bot API server",
            ) from None
        logger.info("running as @%s", me.username)
        # Cosmetic, so not awaited: set up beside polling and tried again until done. The exit
        # stack holds the task and stops it before the bot's session closes.
        menus = asyncio.create_task(set_up_menus(bot, translator, settings), name="menus")
        stack.push_async_callback(tasks.stop, menus)
        settle_heap()
        miniapp = deps_from(dp, bot, settings.bot_token.get_secret_value())
        if settings.webhook_enabled:
            await _serve_webhook(bot, dp, settings, miniapp)
        else:
            drop = functools.partial(bot.delete_webhook, drop_pending_updates=False)
            await until_done("startup", drop, SERVER_TROUBLE)
            async with beside_polling(settings, miniapp):
                await dp.start_polling(
                    bot,
                    allowed_updates=dp.resolve_used_update_types(),
                    tasks_concurrency_limit=settings.max_concurrent_updates,
                    close_bot_session=False,
                )


async def _serve_webhook(bot: Bot, dp: Dispatcher, settings: Settings, miniapp: Deps) -> None:
    secret = webhook_secret(settings)
    app = web.Application()
    # On stop aiohttp runs the shutdown hooks in this order: the dispatcher's first (it finishes
    # the updates in flight, then closes the storage), then the request handler's, which closes
    # the bot's session: the other way round, the updates in flight would lose the Bot API.
    setup_application(app, dp, bot=bot)
    HealthyRequestHandler(dispatcher=dp, bot=bot, secret_token=secret, health=dp.health).register(
        app, path=settings.webhook_path
    )
    mount(app, settings, miniapp)
    url = f"{settings.webhook_url}".rstrip("/")
    set_webhook = functools.partial(
        bot.set_webhook,
        url=url,
        secret_token=secret,
        allowed_updates=dp.resolve_used_update_types(),
    )
    await until_done("startup", set_webhook, SERVER_TROUBLE)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, settings.webapp_host, settings.webapp_port)
    await site.start()
    logger.info("webhook server on %s:%s", settings.webapp_host, settings.webapp_port)
    try:
        await _wait_forever()
    finally:
        await runner.cleanup()


async def _wait_forever() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
