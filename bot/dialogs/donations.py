"""The donations dialog (private): an item for a coin, a prize for 5 coins, a fact for 1 coin,
100 coins at once to win. Started by ``/donate`` with ``{"game_id": int}``."""

from __future__ import annotations

from aiogram.enums import ContentType
from aiogram.fsm.state import State
from aiogram_dialog import Dialog, Window
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Button, Cancel, Column, Group, Row, Select, SwitchTo
from aiogram_dialog.widgets.text import Format

from bot.dialogs import donations_actions as act
from bot.dialogs.donations_view import donations_getter
from bot.dialogs.states import DonationsDialog
from bot.dialogs.widgets import I18NFormat


def _notice() -> Format:
    return Format("\n{notice}", when="notice")


def _back() -> SwitchTo:
    return SwitchTo(
        I18NFormat("donate-back"), id="back", state=DonationsDialog.main, on_click=act.clear_notice
    )


def _to(msg_id: str, widget_id: str, state: State) -> SwitchTo:
    return SwitchTo(I18NFormat(msg_id), id=widget_id, state=state, on_click=act.clear_notice)


def _main_window() -> Window:
    return Window(
        Format("{body}"),
        _notice(),
        Column(
            _to("donate-item-button", "to_item", DonationsDialog.item),
            _to("donate-prize-button", "to_prize", DonationsDialog.prize),
            _to("donate-fact-button", "to_fact", DonationsDialog.fact_number),
            _to("donate-win-button", "to_win", DonationsDialog.win),
            when="ok",
        ),
        Cancel(I18NFormat("donate-close")),
        state=DonationsDialog.main,
    )


def _item_window() -> Window:
    return Window(
        I18NFormat("donate-item-pick"),
        _notice(),
        Column(
            Select(
                Format("{item[label]}"),
                id="give",
                item_id_getter=lambda item: item["id"],
                items="stacks",
                on_click=act.on_donate,
            )
        ),
        _back(),
        state=DonationsDialog.item,
    )


def _prize_window() -> Window:
    return Window(
        I18NFormat("donate-prize-pick"),
        _notice(),
        Group(
            Select(
                Format("{item[label]}"),
                id="prize",
                item_id_getter=lambda item: item["id"],
                items="prizes",
                on_click=act.on_prize,
            ),
            width=2,
        ),
        _back(),
        state=DonationsDialog.prize,
    )


def _fact_number_window() -> Window:
    return Window(
        I18NFormat("donate-fact-ask"),
        _notice(),
        MessageInput(act.on_number, content_types=ContentType.TEXT),
        _back(),
        state=DonationsDialog.fact_number,
    )


def _fact_question_window() -> Window:
    return Window(
        I18NFormat("donate-fact-pick"),
        _notice(),
        Column(
            Button(I18NFormat("donate-q-hall"), id="q_hall", on_click=act.on_question),
            Button(I18NFormat("donate-q-items"), id="q_items", on_click=act.on_question),
            Button(I18NFormat("donate-q-health"), id="q_health", on_click=act.on_question),
        ),
        _back(),
        state=DonationsDialog.fact_question,
    )


def _win_window() -> Window:
    return Window(
        I18NFormat("donate-win-confirm"),
        _notice(),
        Row(Button(I18NFormat("donate-win-yes"), id="win_yes", on_click=act.on_win), _back()),
        state=DonationsDialog.win,
    )


def build_dialog() -> Dialog:
    return Dialog(
        _main_window(),
        _item_window(),
        _prize_window(),
        _fact_number_window(),
        _fact_question_window(),
        _win_window(),
        getter=donations_getter,
    )
