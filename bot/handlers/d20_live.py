"""The d20 battle's waits that end without a button: the narration message, and the timers
(the join window, a turn's time, a description's time). What they change is owed to the group
with it (:mod:`bot.handlers.d20_publish`)."""

from __future__ import annotations

from typing import Any

from aiogram import Bot
from aiogram.filters import Filter
from aiogram.types import Message

from bot.db.models import Encounter, Game, GameStatus, Timer
from bot.services import battle_waits, battles
from bot.services.runtime import Runtime


class NarrationDue(Filter):
    """Only the message a battle waits for: its narrator's next non-command text in the chat.

    Everything else goes on to the other handlers untouched.
    """

    async def __call__(self, message: Message) -> bool | dict[str, Any]:
        text = message.text or message.caption
        if message.from_user is None or not text or text.startswith("/"):
            return False
        record = await battle_waits.narration_waiting(message.chat.id, message.from_user.id)
        return False if record is None else {"battle_record": record}


async def on_narration(message: Message, battle_record: Encounter, runtime: Runtime) -> None:
    assert message.from_user is not None
    game = await Game.get(id=battle_record.game_id)  # type: ignore[attr-defined]
    if game.status != GameStatus.ACTIVE:
        return
    await battle_waits.narrated(game, battle_record.id, message.from_user.id, runtime)


async def _timer_record(timer: Timer) -> tuple[Encounter, Game] | None:
    record = await Encounter.get_or_none(id=timer.ref).prefetch_related("game")
    if record is None or record.game.status != GameStatus.ACTIVE:
        return None
    return record, record.game


async def on_join_timer(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    found = await _timer_record(timer)
    if found is not None:
        record, game = found
        await battles.joining_ended(game, record.id, timer.id, data["runtime"])


async def on_turn_timer(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    found = await _timer_record(timer)
    if found is not None:
        record, game = found
        await battle_waits.turn_timed_out(game, record.id, timer.id, data["runtime"])


async def on_narration_timer(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    found = await _timer_record(timer)
    if found is not None:
        record, game = found
        await battle_waits.narration_timed_out(game, record.id, timer.id, data["runtime"])
