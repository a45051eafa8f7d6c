"""Forum supergroups: the topic a message belongs to, and ``/halls N`` binding a hall to a topic
(the /halls command itself lives with the portals in :mod:`bot.handlers.world_tick`)."""

from __future__ import annotations

import contextlib

from aiogram.types import Message

from bot.db.models import Game
from bot.i18n import L10n
from bot.services import games, outbox
from bot.services.errors import BadNumber
from bot.services.topics import bind_hall, hall_topics


def topic_of(message: Message) -> int | None:
    """The forum topic of ``message``; None in the general chat and in groups without topics
    (where ``message_thread_id`` only marks a reply thread)."""
    return message.message_thread_id if message.is_topic_message else None


async def bind_topic(message: Message, game: Game, hall: int, l10n: L10n) -> None:
    """``/halls N`` (admins; the caller checked): in a topic, hall N's news goes there; in the
    general chat, hall N is unbound."""
    thread = topic_of(message)
    try:
        await bind_hall(game, hall, thread)
    except BadNumber:
        await message.reply(l10n.text("halls-bad-hall", high=games.settings_of(game).halls))
        return
    text = "halls-bound" if thread is not None else "halls-unbound"
    await message.reply(l10n.text(text, hall=hall))


def topic_lines(l10n: L10n, game: Game) -> list[str]:
    """The halls' topics, for /halls in a forum supergroup."""
    bound = hall_topics(game)
    lines = [l10n.text("halls-title")]
    for hall in range(1, games.settings_of(game).halls + 1):
        thread = bound.get(hall)
        if thread is None:
            lines.append(l10n.text("halls-line-free", hall=hall))
        else:
            lines.append(l10n.text("halls-line-bound", hall=hall, topic=thread))
    lines.append(l10n.text("halls-usage"))
    return lines


def answering_to(message: Message) -> contextlib.AbstractContextManager[None]:
    """Notices the service owes in ``message``'s chat reply to it, in its topic."""
    return outbox.answering(message.chat.id, message.message_id, topic_of(message))
