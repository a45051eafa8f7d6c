"""A game master adds, removes or moves a ``pool`` character's items.

The carrying rules decide (:mod:`rules.pool.places`). Only capacity may be exceeded, after an
explicit confirmation: more than 10 pills or 100 coins in a pocket, more than 10 bulky things in
the backpack. What cannot exist is refused outright: a sword in a pocket, a pocket without a
jacket, two things in one hand, two kinds in one pocket, taking what is not there.
"""

from __future__ import annotations

from dataclasses import replace

from bot.services.character_edit_model import (
    COUNTER_MAX,
    Break,
    Change,
    Edit,
    broken,
    need_values,
    out_of_range,
)
from bot.services.errors import Refusal, ServiceError
from rules.errors import Code, RuleError
from rules.pool.model import BACKPACK_BULK, Inventory, Item, PocketContent
from rules.pool.places import (
    BULKY,
    CARRIED_PLACES,
    HANDS,
    POCKET_LIMITS,
    POCKETS,
    Place,
    held,
    put,
    take,
)

PACK_FIELDS = {
    Item.RATION: "rations",
    Item.JACKET: "jackets",
    Item.TROUSERS: "trousers",
    Item.PILL: "pills",
    Item.COIN: "coins",
}


def _place(name: str) -> Place | None:
    if not name:
        return None
    place = Place(name)
    if place not in CARRIED_PLACES:
        raise ServiceError(Refusal.EDIT_PLACE)
    return place


def _overfill(inv: Inventory, item: Item, place: Place, count: int) -> tuple[Inventory, Break]:
    """``count`` more ``item`` at ``place`` beyond its capacity, or a refusal when the place
    could not hold it even so."""
    if place in POCKETS:
        pocket = _pocket(inv, place)
        if pocket.kind not in (None, item):
            raise ServiceError(Refusal.EDIT_POCKET_KIND)
        content = PocketContent(item, pocket.count + count)
        if place == Place.LEFT_POCKET:
            filled = replace(inv, left_pocket=content)
        else:
            filled = replace(inv, right_pocket=content)
        limit = POCKET_LIMITS[item]
        return filled, broken(
            "edit-limit-pocket", item=item.value, limit=limit, count=content.count
        )
    if place == Place.BACKPACK and item in BULKY:
        name = PACK_FIELDS[item]
        pack = replace(inv.pack, **{name: getattr(inv.pack, name) + count})
        return replace(inv, pack=pack), broken(
            "edit-limit-backpack", bulk=pack.bulk, limit=BACKPACK_BULK
        )
    raise ServiceError(Refusal.EDIT_OCCUPIED)  # a hand or a worn item holds one thing only


def _pocket(inv: Inventory, place: Place) -> PocketContent:
    return inv.left_pocket if place == Place.LEFT_POCKET else inv.right_pocket


def _put(inv: Inventory, item: Item, place: Place, count: int) -> tuple[Inventory, list[Break]]:
    try:
        return put(inv, item, place, count), []
    except RuleError as error:
        if error.code is not Code.DOES_NOT_FIT:
            raise ServiceError.of(error) from None
        if place in HANDS or place == Place.WORN or count > COUNTER_MAX:
            raise ServiceError(Refusal.EDIT_OCCUPIED) from None
    changed, limit = _overfill(inv, item, place, count)
    return changed, [limit]


def edit_items(inv: Inventory, edit: Edit) -> tuple[Inventory, tuple[Change, ...], list[Break]]:
    """``inv`` after the edit, what changed at each place, and the limits it breaks."""
    (count,) = need_values(edit)
    out_of_range(count, 1, COUNTER_MAX)
    try:
        item = Item(edit.key)
    except ValueError:
        raise ServiceError(Refusal.EDIT_ITEM) from None
    source, dest = _place(edit.source), _place(edit.dest)
    if source is None and dest is None:
        raise ServiceError(Refusal.EDIT_PLACE)
    if source == dest:
        raise ServiceError(Code.SAME_PLACE)
    if dest in (*HANDS, Place.WORN) and count != 1:
        raise ServiceError(Refusal.EDIT_ONE)
    after, breaks = inv, list[Break]()
    if source is not None:
        try:
            after = take(after, item, source, count)
        except RuleError as error:
            raise ServiceError.of(error) from None
    if dest is not None:
        after, breaks = _put(after, item, dest, count)
    changes = tuple(
        Change("item", str(held(inv, item, place)), str(held(after, item, place)), item, place)
        for place in (source, dest)
        if place is not None
    )
    return after, changes, breaks
