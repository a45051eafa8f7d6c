"""Giving items: the receiver's private messages (an offer with «Взять» / «Отказаться», what
was put into their hands or mouth) and the giver's answer, owed with the giving
(:mod:`bot.services.giving`); and the press on an offer's buttons."""

from __future__ import annotations

from functools import partial
from typing import Any

from aiogram import Bot, Router
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import GiftCallback, markup_data
from bot.handlers.world_common import user_l10n
from bot.i18n import Html, L10n, Translator
from bot.services import giving
from bot.services.codec import load
from bot.services.errors import ServiceError
from bot.services.giving import Gift, Step
from bot.services.outbox import Action, Outgoing
from bot.services.runtime import Runtime
from bot.views.refusals import refusal_text
from bot.views.world_items import items_text, listing, place_to
from rules.errors import Code
from rules.pool.giving import GiveProblem, Handed
from rules.pool.model import PoolCharacter

PRESSED = {
    Step.ACCEPTED: "gift-pressed-taken",
    Step.DECLINED: "gift-pressed-declined",
    Step.FAILED: "gift-pressed-failed",
    Step.EXPIRED: "gift-pressed-expired",
}


def register_buttons(buttons: Router) -> None:
    buttons.callback_query.register(press_answer, GiftCallback.filter())


async def press_answer(
    query: CallbackQuery,
    callback_data: GiftCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    told = partial(compose, bot, translator)
    game_id, offer, take = callback_data.game_id, callback_data.offer, callback_data.take
    news = await giving.answer(game_id, offer, query.from_user.id, take, runtime, told)
    await query.answer(l10n.text(PRESSED.get(news.step, "gift-pressed-taken")))


def _keyboard(l10n: L10n, game_id: int, offer_id: int) -> dict[str, Any] | None:
    def button(key: str, take: bool) -> InlineKeyboardButton:
        data = GiftCallback(game_id=game_id, offer=offer_id, take=take).pack()
        return InlineKeyboardButton(text=l10n.text(key), callback_data=data)

    markup = InlineKeyboardMarkup(
        inline_keyboard=[[button("gift-button-take", True), button("gift-button-decline", False)]]
    )
    return markup_data(markup)


def _placed(l10n: L10n, handed: Handed) -> Html:
    return listing(
        l10n,
        [
            Html(
                l10n.text(
                    "gift-placed", items=items_text(l10n, handed.item, n), where=place_to(l10n, p)
                )
            )
            for p, n in handed.places
        ],
    )


def _why(error: object) -> str:
    """The receiver's side of a failed acceptance, in a word."""
    if not isinstance(error, ServiceError):
        return "other"
    if error.code is Code.NO_ROOM_FOR_GIFT:
        return "no_room"
    if error.code is Code.NOT_HERE:
        return "other_hall"
    if error.details.get("reason") == GiveProblem.RECEIVER_FIGHTING:
        return "fighting"
    return "other"


async def compose(bot: Bot, translator: Translator, news: Gift) -> list[Outgoing]:
    """The receiver is told in private (an offer as a live message its answer edits); the
    giver is told an offer's answer. Nothing goes to the group: items are a secret."""
    game, offer = news.game, news.offer
    to = await user_l10n(translator, news.receiver.user_id, game.locale)
    names = {"giver": news.giver.name, "receiver": news.receiver.name}
    items = items_text(to, offer.item, offer.count)
    handed = news.handed
    if news.step is Step.GIVEN:
        assert handed is not None
        if handed.swallowed:
            most = load(PoolCharacter, news.receiver.state).max_health
            text = to.text(
                "gift-given-pills", count=handed.count, health=handed.health, max=most, **names
            )
        else:
            text = to.text("gift-given", items=items, places=_placed(to, handed), **names)
        return [Outgoing(news.receiver.user_id, text)]
    live = f"{giving.KIND}:{news.offer_id}"
    if news.step is Step.OFFERED:
        assert news.offer_id is not None
        head = to.text("gift-offer", items=items, **names)
        markup = _keyboard(to, game.id, news.offer_id)
        return [
            Outgoing(
                news.receiver.user_id,
                to.text("gift-offer-ask"),
                live=live,
                head=head,
                markup=markup,
            )
        ]
    if news.step is Step.EXPIRED:
        return [Outgoing(news.receiver.user_id, to.text("gift-expired"), Action.EDIT, live=live)]
    by = await user_l10n(translator, news.giver.user_id, game.locale)
    given = items_text(by, offer.item, offer.count)
    if news.step is Step.ACCEPTED:
        assert handed is not None
        mine = to.text("gift-taken", places=_placed(to, handed))
        theirs = by.text("gift-giver-taken", items=given, **names)
    elif news.step is Step.DECLINED:
        mine = to.text("gift-declined")
        theirs = by.text("gift-giver-declined", items=given, **names)
    else:
        mine = to.text("gift-failed", why=_why(news.refusal), **names)
        reason = refusal_text(by, news.refusal) if news.refusal else by.text("error-refused")
        theirs = by.text("gift-giver-failed", items=given, reason=reason, **names)
    return [
        Outgoing(news.receiver.user_id, mine, Action.EDIT, live=live),
        Outgoing(news.giver.user_id, theirs),
    ]
