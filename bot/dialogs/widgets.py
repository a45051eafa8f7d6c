"""Localised widgets for aiogram-dialog: text from the user's Fluent locale."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from aiogram import Bot
from aiogram_dialog.api.protocols import DialogManager
from aiogram_dialog.widgets.common import WhenCondition
from aiogram_dialog.widgets.text import Text

from bot.i18n import L10n, Translator
from bot.services.outbox import Compose, Outgoing

N = TypeVar("N")


def l10n_of(manager: DialogManager) -> L10n:
    l10n: L10n = manager.middleware_data["l10n"]
    return l10n


def told_by(
    manager: DialogManager, compose: Callable[[Bot, Translator, N], Awaitable[Sequence[Outgoing]]]
) -> Compose[N]:
    """A handler's composer bound as a handler binds it (the bot, the translator), handed
    down to the service a dialog calls."""
    data = manager.middleware_data
    return partial(compose, data["bot"], data["translator"])


class I18NFormat(Text):
    """``I18NFormat("msg-id")``: the message formatted with the window's data as arguments."""

    def __init__(self, msg_id: str, when: WhenCondition = None) -> None:
        super().__init__(when=when)
        self.msg_id = msg_id

    async def _render_text(self, data: dict[str, Any], manager: DialogManager) -> str:
        args = {key: value for key, value in data.items() if isinstance(value, (str, int, float))}
        return l10n_of(manager).text(self.msg_id, **args)
