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
from bot.views.pool_sheet import pool_sheet
from bot.views.sheets import full_sheet
from bot.views.world_items import Stack, carried_stacks, floor_stacks, items_text, place_name
from rules.errors import RuleError
from rules.pool.carrying import move
from rules.pool.fight_round import left_pocket_pills
from rules.pool.model import PoolCharacter
from rules.pool.places import CARRIED_PLACES, Place

PLACES = (*CARRIED_PLACES, Place.FLOOR)


async def game_title(bot: Bot, l10n: L10n, game: Game) -> str:
    """The group's title (asked from Telegram) and the system, as /me heads a sheet."""
    return game_name(l10n, game, await group_title(bot, game.chat_id))


def _room(things: Belongings, stack: Stack, dest: Place) -> int:
    """How many of the stack the rules would move to ``dest`` now: the largest count the move's
    own check (:func:`rules.pool.carrying.move`, which the chat's and the page's moves apply)
    accepts, 0 when none. A count that fits is never more than one that does not."""
    low, high = 0, stack.count
    while low < high:
        count = (low + high + 1) // 2
        try:
            move(things.character, things.floor, stack.item, stack.place, dest, count)
        except RuleError:
            high = count - 1
        else:
            low = count
    return low


def _destinations(l10n: L10n, things: Belongings, stack: Stack) -> dict[str, int]:
    """Where the dialog would let this stack go and the rules take it now, with how many fit
    there (place ids; ``any`` for a pick-up wherever it fits, the whole stack)."""
    found = {}
    for option in options(l10n, stack, 1):
        kind, _, where = option["id"].partition(".")
        if option["id"] == PICK_ANY:
            found["any"] = stack.count
        elif kind in ("to", "pick"):
            room = _room(things, stack, Place(where))
            if room:
                found[where] = room
    return found


def _stack(l10n: L10n, things: Belongings, stack: Stack) -> dict[str, Any]:
    room = _destinations(l10n, things, stack)
    return {
        "key": stack.key,
        "count": stack.count,
        "label": items_text(l10n, stack.item, stack.count),
        "to": list(room),
        "room": room,
    }


def inventory(l10n: L10n, things: Belongings) -> dict[str, Any]:
    """The places with their stacks, each listed once (the sheet leaves its items out), and
    the hints the dialog gives besides."""
    me = things.character
    stacks = carried_stacks(me.inventory) + floor_stacks(things.floor)
    places = [
        {
            "id": place.value,
            "name": place_name(l10n, place),
            "stacks": [_stack(l10n, things, s) for s in stacks if s.place == place],
        }
        for place in PLACES
    ]
    summary = [l10n.text("inventory-pills-hint", count=left_pocket_pills(me))]
    if things.pick_ups:
        wanted = ", ".join(items_text(l10n, r.item, r.count) for r in things.pick_ups)
        summary.append(l10n.text("inventory-requests", items=Html(wanted)))
    return {"hall": me.hall, "places": places, "summary": summary}


def sheet(l10n: L10n, entry: SheetEntry, title: str) -> dict[str, Any]:
    state = entry.state
    if isinstance(state, PoolCharacter):  # its things are the place cards, listed once there
        facts = pool_sheet(l10n, state, items=False)
    else:
        facts = full_sheet(l10n, entry.character, state)
    return {
        "game_id": entry.game.id,
        "system": str(entry.game.system),
        "title": title,
        "sheet": facts,
        "inventory": None,
    }
