"""What a cycle tick owes the chats (saved with the tick, delivered by :mod:`bot.courier`).

The group gets one summary (nothing secret), a live message of its own: the cycle's events on
top (the head) and, under them, the line about the private reports. Each player gets their
report in private; a report that cannot be delivered (the player never opened the private chat,
or blocked the bot) is given up by the courier, whose hook (:func:`on_report`) has the summary's
last line edited to name them.
"""

from __future__ import annotations

from functools import partial

from aiogram import Bot

from bot.handlers import zero_health
from bot.handlers.world_common import user_l10n
from bot.i18n import Translator
from bot.services import cycles
from bot.services.cycles import ReportsUnreached, TickReport
from bot.services.outbox import Action, Outgoing
from bot.services.runtime import Runtime
from bot.views.world import group_summary, private_report, reports_line


def summary_key(game_id: int, cycle: int) -> str:
    return f"tick:{game_id}:{cycle}"


async def compose(bot: Bot, translator: Translator, report: TickReport) -> list[Outgoing]:
    game = report.game
    group = translator.for_locale(game.locale)
    owed = [
        Outgoing(
            game.chat_id,
            reports_line(group),
            thread_id=report.thread_id,
            live=summary_key(game.id, report.cycle),
            head=group_summary(group, report),
        )
    ]
    for character in report.before.characters:
        number = character.number
        user_id = report.owners[number]
        l10n = await user_l10n(translator, user_id, game.locale)
        owed.append(
            Outgoing(
                user_id,
                private_report(l10n, report, number),
                hook=cycles.report_hook(game.id, report.cycle, number),
            )
        )
    return owed + await zero_health.after_tick(translator, report)


async def compose_unreached(
    bot: Bot, translator: Translator, unreached: ReportsUnreached
) -> list[Outgoing]:
    game = unreached.game
    text = reports_line(translator.for_locale(game.locale), unreached.names)
    return [
        Outgoing(
            game.chat_id,
            text,
            action=Action.EDIT,
            live=summary_key(game.id, unreached.cycle),
        )
    ]


async def on_report(
    bot: Bot, translator: Translator, runtime: Runtime, hook: str, delivered: bool
) -> None:
    """A private report was delivered (nothing to do) or given up (the summary names it)."""
    if not delivered:
        await cycles.reports_unreached(hook, runtime, partial(compose_unreached, bot, translator))
