"""What a duel step owes the group (saved with the step, delivered by :mod:`bot.courier`).

The duel has one live message (:func:`~bot.services.duels.live_key`): the challenge,
then each round, then the end. The challenge's answer edits it; each round, a stop and a
timeout are a new message (a new message notifies the fighters it mentions), and the one before
loses its buttons as the new one comes. A round's dice are the new message's head: the edit
that shows who has chosen keeps them (a round that ends the duel is one text with no edit to
come).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import EncounterCallback
from bot.i18n import L10n, Translator
from bot.services.duels import DuelNews, live_key
from bot.services.games import settings_of
from bot.services.outbox import Action, Outgoing
from bot.views.duel import challenge_text, choice_text, end_text, genders_of, round_dice
from bot.views.grammar import gender_of
from rules.duel import Choice, EndReason, Side
from rules.duel.encounter import KIND, Happened, Move

ANSWERS = [("duel-button-accept", Move.ACCEPT), ("duel-button-decline", Move.DECLINE)]
CHOICES = [("duel-button-go-on", Move.GO_ON), ("duel-button-stop", Move.STOP)]


def buttons(l10n: L10n, duel_id: int, rows: list[tuple[str, Move]], rnd: int = 0) -> dict[str, Any]:
    """One row of the duel's buttons, as Telegram's JSON (for an owed message)."""
    markup = InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(
                    text=l10n.text(msg_id),
                    callback_data=EncounterCallback(
                        kind=KIND, id=duel_id, move=move, at=rnd
                    ).pack(),
                )
                for msg_id, move in rows
            ]
        ]
    )
    return markup.model_dump(mode="json", exclude_none=True)


async def compose(bot: Bot, translator: Translator, news: DuelNews) -> list[Outgoing]:
    snap, step = news.snap, news.step
    record, duel = snap.record, snap.duel
    l10n = translator.for_locale(news.game.locale)
    settings = settings_of(news.game)
    genders = genders_of(snap.challenger_gender, snap.opponent_gender)
    names = {"challenger": duel.challenger.name, "opponent": duel.opponent.name}
    live = Outgoing(record.chat_id, "", thread_id=record.thread_id, live=live_key(record.id))

    def owed(text: str, **changes: Any) -> list[Outgoing]:
        return [replace(live, text=text, **changes)]

    if step is Happened.CHALLENGED:
        text = challenge_text(l10n, duel, snap.opponent_user, settings.join_window)
        return owed(text, markup=buttons(l10n, record.id, ANSWERS))
    if step is Happened.DECLINED:
        return owed(l10n.text("duel-declined", **names), action=Action.EDIT)
    if step is Happened.EXPIRED:
        gender = gender_of(snap.opponent_gender)
        return owed(l10n.text("duel-expired", **names, gender=gender), action=Action.EDIT)
    # A round's message, once answered, is closed with a last edit as its buttons go: the
    # duel's end, or (with the number) the next round, is below it.
    decided = l10n.text("duel-round-closed", next=0)
    if step is Happened.STOPPED:
        stopper = next(s for s in Side if duel.choice(s) is Choice.STOP)
        return owed(end_text(l10n, duel, stopped_by=stopper, genders=genders), retire=decided)
    if step is Happened.TIMED_OUT:  # who did not answer, and how the winner was decided
        return owed(end_text(l10n, duel, genders=genders), retire=decided)
    result, number = duel.last_round, len(duel.rounds)
    assert result is not None
    choosing = buttons(l10n, record.id, CHOICES, number)
    status = choice_text(l10n, duel, settings.round_timeout, genders)
    if step is Happened.CHOSE:  # the dice stay: the courier keeps the message's head
        return owed(status, action=Action.EDIT, markup=choosing)
    owners = {Side.CHALLENGER: snap.challenger_user, Side.OPPONENT: snap.opponent_user}
    dice = round_dice(l10n, duel, result, number, owners, genders)
    retire = (
        l10n.text("duel-accepted", **names)
        if number == 1
        else l10n.text("duel-round-closed", next=number)
    )
    if duel.finished:
        assert duel.end_reason is not EndReason.STOPPED
        return owed(dice, retire=retire)
    return owed(status, head=dice, markup=choosing, retire=retire)
