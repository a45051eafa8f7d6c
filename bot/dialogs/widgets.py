"""Localised widgets for aiogram-dialog: text from the user's Fluent locale."""

from __future__ import annotations

from typing import Any

from aiogram_dialog.api.protocols import DialogManager
from aiogram_dialog.widgets.common import WhenCondition
from aiogram_dialog.widgets.text import Text

from bot.i18n import L10n


def l10n_of(manager: DialogManager) -> L10n:
    l10n: L10n = manager.middleware_data["l10n"]
    return l10n


class I18NFormat(Text):
    """``I18NFormat("msg-id")``: the message formatted with the window's data as arguments."""

    def __init__(self, msg_id: str, when: WhenCondition = None) -> None:
        super().__init__(when=when)
        self.msg_id = msg_id

    async def _render_text(self, data: dict[str, Any], manager: DialogManager) -> str:
        args = {key: value for key, value in data.items() if isinstance(value, (str, int, float))}
        return l10n_of(manager).text(self.msg_id, **args)
