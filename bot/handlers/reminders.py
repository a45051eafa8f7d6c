"""Reminders at half a wait's time: one new group message mentioning whoever is still awaited
(a new message is what Telegram notifies a mention in), as a reply to the prompt."""

from __future__ import annotations

from typing import Any

from aiogram import Bot
from aiogram.types import ReplyParameters

from bot.db.models import Timer
from bot.handlers.delivery import send_or_log
from bot.scheduler import Scheduler
from bot.services import reminders
from bot.services.timers import REMINDERS
from bot.views.waits import reminder_text


def register_timers(scheduler: Scheduler) -> None:
    for kind in reminders.FINDERS:
        scheduler.on(REMINDERS[kind], on_reminder)


async def on_reminder(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    reminder = await reminders.due(timer, data["runtime"])
    if reminder is None:
        return
    waiting = reminder.waiting
    l10n = data["translator"].for_locale(reminder.locale)
    reply = None
    if waiting.message_id is not None:
        reply = ReplyParameters(message_id=waiting.message_id, allow_sending_without_reply=True)
    await send_or_log(
        bot,
        waiting.chat_id,
        reminder_text(l10n, reminder),
        thread_id=waiting.thread_id,
        reply_parameters=reply,
    )
