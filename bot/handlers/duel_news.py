"""A duel's news in the group: each round (or the end) as one new message that becomes the
duel's live message. A send Telegram refuses loses nothing: the state is saved, the pressed
message stays live, and the next press there sends the news again (``duels.lost_news``)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import DuelAction, DuelCallback
from bot.db.models import Game
from bot.handlers.delivery import send_or_log
from bot.i18n import L10n
from bot.services import duels
from bot.services.games import settings_of
from bot.views.duel import end_text, genders_of, round_text
from rules.duel import Choice, EndReason, Side


def buttons(
    l10n: L10n, duel_id: int, rows: list[tuple[str, DuelAction]], rnd: int = 0
) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(
                    text=l10n.text(msg_id),
                    callback_data=DuelCallback(duel_id=duel_id, action=action, round=rnd).pack(),
                )
                for msg_id, action in rows
            ]
        ]
    )


def _news(
    l10n: L10n, snap: duels.DuelSnapshot, seconds: int
) -> tuple[str, InlineKeyboardMarkup | None]:
    """What the duel's live message should say now: the last round, or who stopped it."""
    duel = snap.duel
    genders = genders_of(snap)
    if duel.end_reason is EndReason.STOPPED:
        stopper = next(
            (s for s in (Side.CHALLENGER, Side.OPPONENT) if duel.choice(s) is Choice.STOP), None
        )
        return end_text(l10n, duel, stopped_by=stopper, genders=genders), None
    result = duel.last_round
    assert result is not None
    number = len(duel.rounds)
    markup = None
    if not duel.finished:
        markup = buttons(
            l10n,
            snap.record.id,
            [("duel-button-go-on", DuelAction.GO_ON), ("duel-button-stop", DuelAction.STOP)],
            number,
        )
    owners = {Side.CHALLENGER: snap.challenger_user, Side.OPPONENT: snap.opponent_user}
    return round_text(l10n, duel, result, number, owners, seconds, genders), markup


async def publish(
    bot: Bot, snap: duels.DuelSnapshot, l10n: L10n, pressed_id: int, game: Game
) -> bool:
    """Send the news (a new message: it notifies the players it mentions); it becomes the live
    message. False when Telegram refused it."""
    text, markup = _news(l10n, snap, settings_of(game).round_timeout)
    record = snap.record
    sent = await send_or_log(
        bot, record.chat_id, text, thread_id=record.thread_id, reply_markup=markup
    )
    if sent is None:
        await duels.restore_message(record, pressed_id)
        return False
    await duels.set_message(record, sent.message_id)
    return True
