"""Reminders at half a wait's time: one new group message mentioning whoever is still awaited
(a new message is what Telegram notifies a mention in), as a reply to the prompt. The service
owes it (:func:`compose`, handed down) with the wait read in the game's lock."""

from __future__ import annotations

from functools import partial
from typing import Any

from aiogram import Bot

from bot.db.models import Timer
from bot.i18n import Translator
from bot.scheduler import Scheduler
from bot.services import reminders
from bot.services.outbox import Outgoing
from bot.services.reminders import Reminder
from bot.services.timers import REMINDERS
from bot.views.waits import reminder_text


def register_timers(scheduler: Scheduler) -> None:
    for kind in reminders.FINDERS:
        scheduler.on(REMINDERS[kind], on_reminder)


async def on_reminder(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    await reminders.due(timer, data["runtime"], partial(compose, bot, data["translator"]))


async def compose(bot: Bot, translator: Translator, reminder: Reminder) -> list[Outgoing]:
    waiting = reminder.waiting
    text = reminder_text(translator.for_locale(reminder.locale), reminder)
    return [
        Outgoing(waiting.chat_id, text, thread_id=waiting.thread_id, reply_to=waiting.message_id)
    ]
