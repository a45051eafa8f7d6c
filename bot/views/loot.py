"""What the dead leave on the floor, in words (rulebook: pool / Items and carrying): a public
line, for after a death the floor is anyone's to see."""

from __future__ import annotations

from typing import Any

from bot.i18n import L10n
from bot.views.grammar import gender_of
from bot.views.world_items import stock_text
from rules.pool.world_events import Spilled


def spilled_line(l10n: L10n, spilled: Spilled, dead: Any) -> str:
    """«Всё, что нёс Бран, осталось на полу зала 2: …»; ``dead``: anything with the dead
    character's ``name`` and ``gender`` (their pool character as it was, their row)."""
    items = stock_text(l10n, spilled.items)
    return l10n.text(
        "world-loot-spilled",
        name=dead.name,
        gender=gender_of(dead),
        hall=spilled.hall,
        items=items,
    )
