"""What the donations dialog's buttons and typed answers do. A refusal changes nothing and
shows as a notice; a paid fact is answered in a message of its own, to keep (owed with the
coin: :func:`bot.handlers.world_donations.compose_fact`)."""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery, Message
from aiogram_dialog import DialogManager
from aiogram_dialog.widgets.kbd import Button

from bot.dialogs.inventory_view import actor_of
from bot.dialogs.states import DonationsDialog
from bot.dialogs.widgets import l10n_of, told_by
from bot.handlers import world_donations
from bot.services.errors import ServiceError
from bot.services.numbers import parse_ordinal
from bot.services.runtime import Runtime
from bot.services.world_donations import buy, donate, fact, win
from bot.views.refusals import private_refusal_text
from bot.views.world_items import item_name, parse_key, place_to
from rules.pool.donations import Question
from rules.pool.model import Item

QUESTIONS = {"q_hall": Question.HALL, "q_items": Question.ITEMS, "q_health": Question.HEALTH}


def _notice(manager: DialogManager, text: str | None) -> None:
    manager.dialog_data["notice"] = text


def _runtime(manager: DialogManager) -> Runtime:
    runtime: Runtime = manager.middleware_data["runtime"]
    return runtime


async def clear_notice(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    _notice(manager, None)


async def on_donate(_: CallbackQuery, __: Any, manager: DialogManager, key: str) -> None:
    l10n = l10n_of(manager)
    parsed = parse_key(key)
    try:
        if parsed is None:
            raise ServiceError()
        source, item = parsed
        places = await donate(await actor_of(manager), item, source, _runtime(manager))
    except ServiceError as error:
        _notice(manager, private_refusal_text(l10n, error))
        return
    where = place_to(l10n, places[0])
    _notice(manager, l10n.text("donate-done-item", item=item_name(l10n, item), where=where))


async def on_prize(_: CallbackQuery, __: Any, manager: DialogManager, value: str) -> None:
    l10n = l10n_of(manager)
    try:
        item = Item(value)
        place = await buy(await actor_of(manager), item, _runtime(manager))
    except ServiceError as error:
        _notice(manager, private_refusal_text(l10n, error))
        return
    except ValueError:
        _notice(manager, l10n.text("error-refused"))
        return
    text = l10n.text("donate-done-prize", item=item_name(l10n, item), where=place_to(l10n, place))
    _notice(manager, text)


async def on_number(message: Message, _: Any, manager: DialogManager) -> None:
    number = parse_ordinal(message.text)
    if number is None:
        _notice(manager, l10n_of(manager).text("donate-fact-usage"))
        return
    manager.dialog_data["about"] = number
    _notice(manager, None)
    await manager.switch_to(DonationsDialog.fact_question)


async def on_question(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    l10n = l10n_of(manager)
    question = QUESTIONS[button.widget_id or ""]
    about = int(manager.dialog_data.get("about", 0))
    try:
        actor = await actor_of(manager)
        told = told_by(manager, world_donations.compose_fact)  # owes the answer in private
        await fact(actor, about, question, _runtime(manager), told)
    except ServiceError as error:
        _notice(manager, private_refusal_text(l10n, error))
        return
    _notice(manager, l10n.text("donate-done-fact"))
    await manager.switch_to(DonationsDialog.main)


async def on_win(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    l10n = l10n_of(manager)
    try:
        actor = await actor_of(manager)
        victory = await win(
            actor, _runtime(manager), told_by(manager, world_donations.compose_victory)
        )
    except ServiceError as error:
        _notice(manager, private_refusal_text(l10n, error))
        return
    _notice(manager, l10n.text("donate-done-win", rank=victory.won.rank))
    await manager.switch_to(DonationsDialog.main)
