"""The d20 battle's live message: sending each turn, clearing old buttons; the waits that end
without a button (the narration message, its timeout, the turn and join timeouts)."""

from __future__ import annotations

import contextlib
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Filter
from aiogram.types import Message

from bot.db.models import Encounter, Game, GameStatus, Timer
from bot.i18n import L10n, Translator
from bot.services import battle_waits, battles
from bot.services.battle_store import BattleSnapshot, BattleStage, set_message
from bot.services.battle_turns import TurnResult
from bot.services.games import settings_of
from bot.services.runtime import Runtime
from bot.views.d20 import join_closed_text, start_text
from bot.views.d20_keyboards import keyboard_for
from bot.views.d20_turns import turn_text


async def clear_buttons(bot: Bot, chat_id: int, message_id: int | None) -> None:
    # The turn is saved and announced in the next message; a lost edit changes nothing.
    if message_id is None:
        return
    with contextlib.suppress(TelegramAPIError):
        await bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id)


async def send_live(
    bot: Bot, snap: BattleSnapshot, l10n: L10n, text: str, reply_to: int | None = None
) -> None:
    """The battle's one new message for this turn, with the buttons of its stage."""
    sent = await bot.send_message(
        snap.record.chat_id,
        text,
        reply_markup=keyboard_for(l10n, snap),
        message_thread_id=snap.record.thread_id,
        reply_to_message_id=reply_to,
    )
    await set_message(snap, sent.message_id)


async def announce_turn(
    bot: Bot,
    game: Game,
    result: TurnResult,
    l10n: L10n,
    header_id: str | None = None,
    reply_to: int | None = None,
) -> None:
    """Clear the previous live message's buttons, then send the turn's message."""
    record = result.snap.record
    await clear_buttons(bot, record.chat_id, record.message_id)
    text = turn_text(l10n, result, settings_of(game), header_id)
    await send_live(bot, result.snap, l10n, text, reply_to)


async def announce_start(bot: Bot, game: Game, snap: BattleSnapshot, l10n: L10n) -> None:
    """The call to battle is closed (started or lapsed); a started battle gets its first turn."""
    record = snap.record
    if record.message_id is not None:
        with contextlib.suppress(TelegramAPIError):
            await bot.edit_message_text(
                join_closed_text(l10n, snap),
                chat_id=record.chat_id,
                message_id=record.message_id,
                reply_markup=None,
            )
    if snap.stage is BattleStage.FIGHTING:
        await send_live(bot, snap, l10n, start_text(l10n, snap, settings_of(game)))


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


async def on_narration(
    message: Message, battle_record: Encounter, bot: Bot, translator: Translator, runtime: Runtime
) -> None:
    assert message.from_user is not None
    game = await Game.get(id=battle_record.game_id)  # type: ignore[attr-defined]
    if game.status != GameStatus.ACTIVE:
        return
    result = await battle_waits.narrated(game, battle_record.id, message.from_user.id, runtime)
    if result is None:
        return
    group = translator.for_locale(game.locale)
    await announce_turn(bot, game, result, group, "d20-narration-done", message.message_id)


async def _timer_record(timer: Timer) -> tuple[Encounter, Game] | None:
    record = await Encounter.get_or_none(id=timer.ref).prefetch_related("game")
    if record is None or record.game.status != GameStatus.ACTIVE:
        return None
    return record, record.game


async def on_join_timer(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    found = await _timer_record(timer)
    if found is None:
        return
    record, game = found
    snap = await battles.joining_ended(game, record.id, timer.id, data["runtime"])
    if snap is not None:
        await announce_start(bot, game, snap, data["translator"].for_locale(game.locale))


async def on_turn_timer(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    found = await _timer_record(timer)
    if found is None:
        return
    record, game = found
    result = await battle_waits.turn_timed_out(game, record.id, timer.id, data["runtime"])
    if result is not None:
        group = data["translator"].for_locale(game.locale)
        await announce_turn(bot, game, result, group, "d20-turn-timeout")


async def on_narration_timer(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    found = await _timer_record(timer)
    if found is None:
        return
    record, game = found
    result = await battle_waits.narration_timed_out(game, record.id, timer.id, data["runtime"])
    if result is not None:
        group = data["translator"].for_locale(game.locale)
        await announce_turn(bot, game, result, group, "d20-narration-timeout")
