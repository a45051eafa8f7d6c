"""What the game does when an owed message is delivered or given up (:mod:`bot.courier`)."""

from __future__ import annotations

from aiogram import Bot

from bot.courier import Courier
from bot.db.models import OwedMessage
from bot.handlers import membership, pool_fight_publish, world_tick_publish
from bot.i18n import Translator
from bot.services import cycles
from bot.services.runtime import Runtime


def register_hooks(courier: Courier, runtime: Runtime, translator: Translator) -> None:
    async def pool_prompt(bot: Bot, row: OwedMessage, delivered: bool) -> None:
        assert row.hook is not None
        await pool_fight_publish.on_prompt(bot, translator, runtime, row.hook, delivered)

    courier.on(pool_fight_publish.PROMPT_HOOK, pool_prompt)

    async def tick_report(bot: Bot, row: OwedMessage, delivered: bool) -> None:
        assert row.hook is not None
        await world_tick_publish.on_report(bot, translator, runtime, row.hook, delivered)

    courier.on(cycles.REPORT_HOOK, tick_report)

    async def move(bot: Bot, old: int, new: int) -> None:
        await membership.move_chat(bot, translator, old, new)

    courier.mover = move
