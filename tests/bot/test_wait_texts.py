"""The pieces of waiting prompts: a mention renders safely whatever the name, a duration reads
one way in every timer text, and a deadline's reminder is scheduled, moved, cancelled and
dropped with it (bot/services/timers.py)."""

from __future__ import annotations

import pytest
from tortoise.timezone import now

from bot.db.models import Timer
from bot.i18n import Translator
from bot.services import timers
from bot.views.marks import duration, mention
from tests.telegram_emulator.formatting import parse_html

RU = Translator("ru").for_locale("ru")
EN = Translator("ru").for_locale("en")


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Аня Ветер", "Аня Ветер"),
        ("<b>Бронн</b> & Co", "<b>Бронн</b> & Co"),  # HTML stays text
        ("Лис 🦊", "Лис 🦊"),
        ("\u202eнилрА", "нилрА"),  # an RTL override cannot flip the text after the link
        ("\u2066\u202e\u2069", "👤"),  # nothing left to show: still a visible link
        ("Я" * 64, "Я" * 64),
    ],
)
def test_a_mention_renders_safely_whatever_the_name(name: str, shown: str) -> None:
    text, entities = parse_html(f"⏳ {mention(424242, name)}: ход ждёт вас.")
    assert text == f"⏳ {shown}: ход ждёт вас."
    [entity] = entities
    assert entity["type"] == "text_mention" and entity["user"]["id"] == 424242


@pytest.mark.parametrize(
    ("seconds", "ru", "en"),
    [
        (45, "45\u00a0с", "45\u00a0s"),
        (60, "1\u00a0мин", "1\u00a0min"),
        (299.6, "5\u00a0мин", "5\u00a0min"),  # time left, to the nearest minute
        (600, "10\u00a0мин", "10\u00a0min"),
        (3600, "1\u00a0ч", "1\u00a0h"),
        (5400, "1\u00a0ч 30\u00a0мин", "1\u00a0h 30\u00a0min"),
        (86400, "24\u00a0ч", "24\u00a0h"),
        (-3, "0\u00a0с", "0\u00a0s"),
    ],
)
def test_a_duration_reads_one_way(seconds: float, ru: str, en: str) -> None:
    assert (duration(RU, seconds), duration(EN, seconds)) == (ru, en)


def _near(timer: Timer, seconds: float) -> bool:
    return abs((timer.due_at - now()).total_seconds() - seconds) < 5


async def test_a_reminded_deadline_brings_its_reminder_at_half_time(database: str) -> None:
    kind = "test_wait"
    reminder = timers.reminded(kind)
    try:
        deadline = await timers.schedule(kind, 7, 600)
        [half] = await Timer.filter(kind=reminder, ref=7)
        assert _near(deadline, 600) and _near(half, 300)
        await timers.reschedule(kind, 7, 1200)
        assert [t.id for t in await Timer.filter(kind=kind, ref=7)] == [deadline.id]
        [half] = await Timer.filter(kind=reminder, ref=7)  # moved in place, not doubled
        assert _near(half, 600)
        await Timer.filter(id=half.id).update(fired_at=now())  # the reminder fired
        await timers.reschedule(kind, 7, 600)  # the next wait: a new reminder
        assert await Timer.filter(kind=reminder, ref=7, fired_at__isnull=True).count() == 1
        await timers.cancel(kind, 7)  # answered: the deadline and its reminder go
        assert await Timer.filter(ref=7, fired_at__isnull=True).count() == 0
        deadline = await timers.schedule(kind, 8, 600)
        await timers.drop_reminder(deadline)  # the deadline fires first: nothing to remind
        assert await Timer.filter(kind=reminder, ref=8, fired_at__isnull=True).count() == 0
        assert timers.deadline_of(reminder) == kind
    finally:
        timers.REMINDERS.pop(kind)


async def test_an_unreminded_deadline_schedules_only_itself(database: str) -> None:
    await timers.schedule("test_plain", 9, 60)
    assert [t.kind for t in await Timer.filter(ref=9)] == ["test_plain"]
    assert timers.REMINDERS.get("test_plain") is None
