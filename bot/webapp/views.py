"""What the page shows, as JSON: a character's sheet, and for pool its things by place with the
places each stack may go to (the same choices the chat's /inventory dialog offers)."""

from __future__ import annotations

from typing import Any

from aiogram import Bot

from bot.db.models import Game
from bot.dialogs.inventory_view import PICK_ANY, options
from bot.handlers.sheets import game_name, group_title
from bot.i18n import Html, L10n
from bot.services.inventory import Belongings
from bot.services.sheets import SheetEntry
from bot.views.sheets import full_sheet
from bot.views.world_items import (
    Stack,
    carried_stacks,
    floor_stacks,
    floor_text,
    inventory_lines,
    items_text,
    place_name,
)
from rules.pool.fight_round import left_pocket_pills
from rules.pool.places import CARRIED_PLACES, Place

PLACES = (*CARRIED_PLACES, Place.FLOOR)


async def game_title(bot: Bot, l10n: L10n, game: Game) -> str:
    """The group's title (asked from Telegram) and the system, as /me heads a sheet."""
    return game_name(l10n, game, await group_title(bot, game.chat_id))


def _destinations(l10n: L10n, stack: Stack) -> list[str]:
    """Where the dialog would let this stack go: place ids, and ``any`` for a pick-up."""
    found = []
    for option in options(l10n, stack, 1):
        kind, _, where = option["id"].partition(".")
        if option["id"] == PICK_ANY:
            found.append("any")
        elif kind in ("to", "pick"):
            found.append(where)
    return found


def _stack(l10n: L10n, stack: Stack) -> dict[str, Any]:
    return {
        "key": stack.key,
        "count": stack.count,
        "label": items_text(l10n, stack.item, stack.count),
        "to": _destinations(l10n, stack),
    }


def inventory(l10n: L10n, things: Belongings) -> dict[str, Any]:
    me = things.character
    stacks = carried_stacks(me.inventory) + floor_stacks(things.floor)
    places = [
        {
            "id": place.value,
            "name": place_name(l10n, place),
            "stacks": [_stack(l10n, s) for s in stacks if s.place == place],
        }
        for place in PLACES
    ]
    summary = [
        *inventory_lines(l10n, me.inventory),
        l10n.text("inventory-floor", items=floor_text(l10n, things.floor)),
        l10n.text("inventory-pills-hint", count=left_pocket_pills(me)),
    ]
    if things.pick_ups:
        wanted = ", ".join(items_text(l10n, r.item, r.count) for r in things.pick_ups)
        summary.append(l10n.text("inventory-requests", items=Html(wanted)))
    return {"hall": me.hall, "places": places, "summary": summary}


def sheet(l10n: L10n, entry: SheetEntry, title: str) -> dict[str, Any]:
    return {
        "game_id": entry.game.id,
        "system": str(entry.game.system),
        "title": title,
        "sheet": full_sheet(l10n, entry.character, entry.state),
        "inventory": None,
    }
