"""A group that becomes a supergroup gets a new chat id.

Telegram upgrades a group by itself (its history made visible to newcomers, a public link,
200 members...). The old id then answers every call with "group chat was upgraded", and the
players write in the new one. The games, fights and owed messages of the old id move with
the group, once, whoever sees the move first: the service messages of the upgrade
(:mod:`bot.handlers.membership`) or the courier's failed send (:mod:`bot.courier`).

The old group's messages stay behind, read-only: the live messages that still waited for a
press are sent again in the new group (their last text, under the same head), so a fight goes
on where it stood.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from tortoise.transactions import in_transaction

from bot.db.models import Encounter, Game, GameStatus, LiveMessage, OwedMessage
from bot.services import battles, outbox
from bot.services.outbox import Compose, announce
from rules.d20.encounter import KIND, BattleStage


@dataclass(frozen=True, slots=True)
class ChatMoved:
    """The running ``game`` moved to a new chat id: the group is owed a word of it, then the
    live messages that waited for a press (``again``)."""

    game: Game
    again: list[outbox.Outgoing]


async def move_chat(old: int, new: int, compose: Compose[ChatMoved]) -> None:
    """Move everything of chat ``old`` to ``new`` (and tell the running game's group).

    Idempotent: the second caller finds nothing left under ``old`` but straggling owed
    messages (owed by a timer that read the old id just before), and moves only those.
    """
    async with in_transaction():
        moved = await Game.filter(chat_id=old).update(chat_id=new)
        await Game.filter(active_chat_id=old).update(active_chat_id=new)
        await Encounter.filter(chat_id=old).update(chat_id=new)
        # The old messages they answer are not in the new group: sent as plain messages.
        await OwedMessage.filter(chat_id=old, done=False).update(chat_id=new, reply_to=None)
        if not moved:
            return
        again = await _live_again(old, new)
        game = await Game.filter(active_chat_id=new, status=GameStatus.ACTIVE).first()
        if game is None:
            await outbox.owe(again)
        else:
            await announce(compose, ChatMoved(game, again))


async def _live_again(old: int, new: int) -> list[outbox.Outgoing]:
    """The live messages of ``old`` whose last word waited for a press (or a battle's
    description), sent anew in ``new``.

    One whose last word is still owed needs nothing: it moved with the chat, and the courier
    sends a live message shown in another chat anew.
    """
    narrating = await Encounter.filter(
        chat_id=new, kind=KIND, stage=BattleStage.NARRATION
    ).values_list("id", flat=True)
    # A battle waiting for a description waits for a reply to its message, not a press.
    replied_to = {battles.live_key(battle) for battle in cast(list[int], narrating)}
    shown_all = await LiveMessage.filter(chat_id=old).order_by("message_id")
    # Each live message's last word, read in one statement (rows are kept a day, so few).
    rows = await OwedMessage.filter(live__in=[shown.key for shown in shown_all]).order_by("id")
    last_of = {row.live: row for row in rows}
    again = []
    for shown in shown_all:
        last = last_of.get(shown.key)
        if last is None or not last.done or last.failed:
            continue
        if not _awaits_press(last.markup) and shown.key not in replied_to:
            continue
        head = last.head if last.action == outbox.Action.SEND else shown.head
        again.append(
            outbox.Outgoing(new, last.text, live=shown.key, head=head or None, markup=last.markup)
        )
    return again


def _awaits_press(markup: dict[str, Any] | None) -> bool:
    """Has the keyboard a button the game answers (not only links, such as «join»)?"""
    rows = (markup or {}).get("inline_keyboard", [])
    return any("callback_data" in button for row in rows for button in row)
