"""What the inventory dialog shows: things by place, the chosen stack and what can be done.

Every window re-reads the world (a tick or a fight may have changed it since the last press).
"""

from __future__ import annotations

from typing import Any

from aiogram_dialog.api.protocols import DialogManager

from bot.dialogs.widgets import l10n_of
from bot.handlers.miniapp_buttons import miniapp_link
from bot.i18n import Html, L10n
from bot.services.errors import ServiceError
from bot.services.inventory import Belongings, belongings
from bot.services.world_play import Actor, actor_in_game
from bot.views.refusals import private_refusal_text
from bot.views.world_items import (
    Stack,
    carried_stacks,
    floor_stacks,
    floor_text,
    inventory_lines,
    items_text,
    place_name,
    place_to,
)
from rules.pool.fight_round import left_pocket_pills
from rules.pool.model import Item
from rules.pool.places import (
    BULKY,
    CARRIED_PLACES,
    HAND_ITEMS,
    HANDS,
    POCKET_LIMITS,
    POCKETS,
    WEARABLE,
    Place,
)

EAT = "eat"
PILLS = "pills"
PICK_ANY = "pick.any"
GIVE = "give"


def game_id_of(manager: DialogManager) -> int:
    start_data = manager.start_data
    assert isinstance(start_data, dict)
    return int(start_data["game_id"])


async def actor_of(manager: DialogManager) -> Actor:
    user = manager.middleware_data["event_from_user"]
    return await actor_in_game(game_id_of(manager), user.id)


def can_hold(item: Item, place: Place) -> bool:
    """Whether ``item`` may ever be at ``place`` (room is the rules' business)."""
    if place in HANDS:
        return item in HAND_ITEMS
    if place == Place.WORN:
        return item in WEARABLE
    if place in POCKETS:
        return item in POCKET_LIMITS
    if place == Place.BACKPACK:
        return item in BULKY or item in (Item.PILL, Item.COIN)
    return True


def options(l10n: L10n, stack: Stack, count: int) -> list[dict[str, str]]:
    """The actions for ``stack`` as Select items: ``to.<place>``, eat, pills, give, pick-ups."""
    found: list[dict[str, str]] = []
    if stack.place == Place.FLOOR:
        found.append({"id": PICK_ANY, "label": l10n.text("inventory-pickup-any")})
        for place in CARRIED_PLACES:
            if can_hold(stack.item, place):
                label = l10n.text("inventory-pickup-to", where=place_to(l10n, place))
                found.append({"id": f"pick.{place.value}", "label": label})
        return found
    if stack.item == Item.RATION and stack.place in (*HANDS, Place.BACKPACK):
        found.append({"id": EAT, "label": l10n.text("inventory-eat")})
    if stack.item == Item.PILL and stack.place in (*POCKETS, Place.BACKPACK):
        found.append({"id": PILLS, "label": l10n.text("inventory-pills", count=count)})
    found.append({"id": GIVE, "label": l10n.text("inventory-give", count=count)})
    for place in (*CARRIED_PLACES, Place.FLOOR):
        if place != stack.place and can_hold(stack.item, place):
            label = l10n.text("inventory-to", where=place_to(l10n, place))
            found.append({"id": f"to.{place.value}", "label": label})
    return found


def _stack_label(l10n: L10n, stack: Stack) -> str:
    return l10n.text(
        "inventory-stack",
        place=place_name(l10n, stack.place),
        items=items_text(l10n, stack.item, stack.count),
    )


def _body(l10n: L10n, things: Belongings) -> str:
    me = things.character
    lines = [
        l10n.text("inventory-title", name=me.name, hall=me.hall),
        *inventory_lines(l10n, me.inventory),
        l10n.text("inventory-floor", items=floor_text(l10n, things.floor)),
        l10n.text("inventory-pills-hint", count=left_pocket_pills(me)),
    ]
    if things.pick_ups:
        wanted = ", ".join(items_text(l10n, r.item, r.count) for r in things.pick_ups)
        lines.append(l10n.text("inventory-requests", items=Html(wanted)))
    return "\n".join(lines)


def all_stacks(things: Belongings) -> list[Stack]:
    return carried_stacks(things.character.inventory) + floor_stacks(things.floor)


async def main_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    notice = str(dialog_manager.dialog_data.get("notice") or "")
    url = dialog_manager.middleware_data.get("miniapp_url")
    miniapp = miniapp_link(url, game_id_of(dialog_manager)) if url else ""
    try:
        things = await belongings(await actor_of(dialog_manager))
    except ServiceError as error:
        body = private_refusal_text(l10n, error)
        return {"body": body, "stacks": [], "notice": notice, "miniapp": ""}
    stacks = [{"id": s.key, "label": _stack_label(l10n, s)} for s in all_stacks(things)]
    return {"body": _body(l10n, things), "stacks": stacks, "notice": notice, "miniapp": miniapp}


def chosen(things: Belongings, key: str) -> Stack | None:
    return next((s for s in all_stacks(things) if s.key == key), None)


async def stack_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    data = dialog_manager.dialog_data
    notice = str(data.get("notice") or "")
    try:
        things = await belongings(await actor_of(dialog_manager))
    except ServiceError as error:
        body = private_refusal_text(l10n, error)
        return {"body": body, "options": [], "notice": notice, "many": False}
    stack = chosen(things, str(data.get("key", "")))
    if stack is None:
        body = l10n.text("inventory-gone")
        return {"body": body, "options": [], "notice": notice, "many": False}
    count = max(1, min(int(data.get("count", 1)), stack.count))
    data["count"] = count
    body = l10n.text(
        "inventory-selected",
        place=place_name(l10n, stack.place),
        items=items_text(l10n, stack.item, stack.count),
        count=count,
    )
    return {
        "body": body,
        "options": options(l10n, stack, count),
        "notice": notice,
        "many": stack.count > 1,
        "count": count,
    }
