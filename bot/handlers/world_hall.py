"""Halls: /move H (at the next opening of the portals; /move 0 stays) and /look.

A character's hall is a secret (others pay a coin to learn it), so both answer in private;
in the group they only say that the answer went there.
"""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.handlers.world_common import actor_of, answer_privately
from bot.i18n import L10n
from bot.services import world_actions
from bot.services.errors import ServiceError
from bot.services.numbers import parse_int
from bot.services.runtime import Runtime
from bot.views.refusals import refusal_text
from bot.views.world_hall import look_text

STAY = 0
HALL_MAX = 999  # as typed; the rules refuse a hall the game does not have


def build_router() -> Router:
    router = Router(name="world_hall")
    router.message.register(move, Command("move"))
    router.message.register(look, Command("look"))
    return router


async def move(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    sender_l10n: L10n,
    runtime: Runtime,
) -> None:
    """The answer goes to the sender's private chat, in their language; the group's line
    where it went, in the group's (:func:`answer_privately`)."""
    mine = sender_l10n
    hall = parse_int((command.args or "").strip(), high=HALL_MAX)
    if hall is None:
        await answer_privately(message, bot, l10n, mine.text("world-move-usage"))
        return
    try:
        actor = await actor_of(message)
        me = await world_actions.move_to(actor, None if hall == STAY else hall, runtime)
    except ServiceError as error:  # a refusal may name the hall: private too
        await answer_privately(message, bot, l10n, refusal_text(mine, error))
        return
    if me.move_to is None:
        text = mine.text("world-move-cancelled", hall=me.hall)
    else:
        done = "world-move-done-asleep" if me.asleep else "world-move-done"
        text = mine.text(done, hall=me.move_to, here=me.hall)
    await answer_privately(message, bot, l10n, text)


async def look(message: Message, bot: Bot, l10n: L10n, sender_l10n: L10n) -> None:
    actor = await actor_of(message)
    view = await world_actions.look(actor)
    await answer_privately(message, bot, l10n, look_text(sender_l10n, view))
