"""What a waiting prompt says about its clock: what happens when the time runs out (one line
under the prompt), and the reminder at half time, which mentions whoever is still awaited."""

from __future__ import annotations

from bot.i18n import Html, L10n
from bot.services.reminders import Reminder, Wait
from bot.views.marks import duration, mention

TIMEOUTS = {
    Wait.ROUND: "wait-timeout-round",
    Wait.CHOICE: "wait-timeout-choice",
    Wait.TURN: "wait-timeout-turn",
    Wait.NARRATION: "wait-timeout-narration",
    Wait.CHALLENGE: "wait-timeout-challenge",
    Wait.DUEL: "wait-timeout-duel",
}
REMINDERS = {
    Wait.ROUND: "wait-reminder-round",
    Wait.CHOICE: "wait-reminder-choice",
    Wait.TURN: "wait-reminder-turn",
    Wait.NARRATION: "wait-reminder-narration",
    Wait.CHALLENGE: "wait-reminder-challenge",
    Wait.DUEL: "wait-reminder-duel",
}


def timeout_line(l10n: L10n, wait: Wait, seconds: int) -> str:
    """The line under a waiting prompt: what happens when ``seconds`` pass without an answer."""
    return l10n.text(TIMEOUTS[wait], time=duration(l10n, seconds))


def reminder_text(l10n: L10n, reminder: Reminder) -> str:
    """The half-time reminder: each awaited player mentioned once, and the time left."""
    waiting = reminder.waiting
    names = Html(", ".join(mention(a.user_id, a.name) for a in waiting.awaited))
    return l10n.text(REMINDERS[waiting.wait], names=names, left=duration(l10n, reminder.left))
