"""Where a character keeps things, and the carrying limits (rulebook: pool / Items and carrying).

* hands: a sword or a ration, one item a hand;
* worn: one jacket, one pair of trousers, one backpack;
* jacket pockets (only with a jacket worn): one kind each, up to 10 pills or up to 100 coins;
* backpack (only while worn): rations, jackets and trousers, at most 10 together;
  pills and coins without limit;
* the hall floor: anything (handled by the callers, not by an :class:`Inventory`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from enum import StrEnum

from rules.errors import Code, RuleError
from rules.pool.model import (
    BACKPACK_BULK,
    POCKET_COINS,
    POCKET_PILLS,
    BackpackContent,
    Inventory,
    Item,
    PocketContent,
)


class Place(StrEnum):
    LEFT_HAND = "left_hand"
    RIGHT_HAND = "right_hand"
    WORN = "worn"
    LEFT_POCKET = "left_pocket"
    RIGHT_POCKET = "right_pocket"
    BACKPACK = "backpack"
    FLOOR = "floor"


CARRIED_PLACES = (
    Place.LEFT_HAND,
    Place.RIGHT_HAND,
    Place.WORN,
    Place.LEFT_POCKET,
    Place.RIGHT_POCKET,
    Place.BACKPACK,
)
HANDS = (Place.LEFT_HAND, Place.RIGHT_HAND)
POCKETS = (Place.LEFT_POCKET, Place.RIGHT_POCKET)
HAND_ITEMS = frozenset({Item.SWORD, Item.RATION})
WEARABLE = frozenset({Item.JACKET, Item.TROUSERS, Item.BACKPACK})
POCKET_LIMITS = {Item.PILL: POCKET_PILLS, Item.COIN: POCKET_COINS}
_PACK_FIELDS = {
    Item.RATION: "rations",
    Item.JACKET: "jackets",
    Item.TROUSERS: "trousers",
    Item.PILL: "pills",
    Item.COIN: "coins",
}
UNLIMITED = 1 << 62
BULKY = frozenset({Item.RATION, Item.JACKET, Item.TROUSERS})
_ALLOWED = {
    Place.LEFT_HAND: HAND_ITEMS,
    Place.RIGHT_HAND: HAND_ITEMS,
    Place.WORN: WEARABLE,
    Place.LEFT_POCKET: frozenset(POCKET_LIMITS),
    Place.RIGHT_POCKET: frozenset(POCKET_LIMITS),
    Place.BACKPACK: frozenset(_PACK_FIELDS),
}


def _pocket(inv: Inventory, place: Place) -> PocketContent:
    return inv.left_pocket if place == Place.LEFT_POCKET else inv.right_pocket


def _hand(inv: Inventory, place: Place) -> Item | None:
    return inv.left_hand if place == Place.LEFT_HAND else inv.right_hand


def _set_hand(inv: Inventory, place: Place, item: Item | None) -> Inventory:
    if place == Place.LEFT_HAND:
        return replace(inv, left_hand=item)
    return replace(inv, right_hand=item)


def _set_worn(inv: Inventory, item: Item, worn: bool) -> Inventory:
    if item == Item.JACKET:
        return replace(inv, jacket=worn)
    if item == Item.TROUSERS:
        return replace(inv, trousers=worn)
    return replace(inv, backpack=worn)


def _set_pocket(inv: Inventory, place: Place, content: PocketContent) -> Inventory:
    if place == Place.LEFT_POCKET:
        return replace(inv, left_pocket=content)
    return replace(inv, right_pocket=content)


def _set_pack(inv: Inventory, item: Item, count: int) -> Inventory:
    pack = inv.pack
    return replace(inv, pack=replace(pack, **{_PACK_FIELDS[item]: count}))


def container_present(inv: Inventory, place: Place) -> bool:
    """Whether ``place`` exists now (pockets need a worn jacket, the backpack must be worn)."""
    if place in POCKETS:
        return inv.jacket
    if place == Place.BACKPACK:
        return inv.backpack
    return True


def held(inv: Inventory, item: Item, place: Place) -> int:
    """How many ``item`` are at ``place`` (0 for the floor: an inventory has no floor)."""
    if place in HANDS:
        return int(_hand(inv, place) == item)
    if place == Place.WORN:
        return int(item in WEARABLE and bool(getattr(inv, item.value)))
    if place in POCKETS:
        pocket = _pocket(inv, place)
        return pocket.count if pocket.kind == item else 0
    if place == Place.BACKPACK and item in _PACK_FIELDS:
        return int(getattr(inv.pack, _PACK_FIELDS[item]))
    return 0


def room(inv: Inventory, item: Item, place: Place) -> int:
    """How many more ``item`` fit at ``place`` now (0 where it can never go; not for the floor)."""
    if place == Place.FLOOR or item not in _ALLOWED[place] or not container_present(inv, place):
        return 0
    if place in HANDS:
        return int(_hand(inv, place) is None)
    if place == Place.WORN:
        return int(not getattr(inv, item.value))
    if place in POCKETS:
        pocket = _pocket(inv, place)
        if pocket.kind not in (None, item):
            return 0
        return POCKET_LIMITS[item] - pocket.count
    if item in BULKY:
        return BACKPACK_BULK - inv.pack.bulk
    return UNLIMITED  # pills and coins in the backpack


def put(inv: Inventory, item: Item, place: Place, count: int = 1) -> Inventory:
    """``inv`` with ``count`` more ``item`` at ``place``; raises if it does not fit there."""
    if place == Place.FLOOR or item not in _ALLOWED[place]:
        raise RuleError(Code.WRONG_PLACE, item=item, place=place)
    if not container_present(inv, place):
        raise RuleError(Code.NO_CONTAINER, place=place)
    space = room(inv, item, place)
    if count > space:
        raise RuleError(Code.DOES_NOT_FIT, item=item, place=place, count=count, room=space)
    if place in HANDS:
        return _set_hand(inv, place, item)
    if place == Place.WORN:
        return _set_worn(inv, item, True)
    if place in POCKETS:
        return _set_pocket(inv, place, PocketContent(item, _pocket(inv, place).count + count))
    return _set_pack(inv, item, held(inv, item, place) + count)


def take(inv: Inventory, item: Item, place: Place, count: int = 1) -> Inventory:
    """``inv`` with ``count`` fewer ``item`` at ``place``.

    A worn jacket leaves the body only with both pockets empty, a worn backpack only empty:
    nothing silently spills (the player empties them first, or donates/drops the content).
    """
    have = held(inv, item, place)
    if count > have:
        raise RuleError(Code.NOT_THERE, item=item, place=place, count=count, have=have)
    if place in HANDS:
        return _set_hand(inv, place, None)
    if place == Place.WORN:
        if item == Item.JACKET and (inv.left_pocket.count or inv.right_pocket.count):
            raise RuleError(Code.NOT_EMPTY, item=item)
        if item == Item.BACKPACK and inv.pack != BackpackContent():
            raise RuleError(Code.NOT_EMPTY, item=item)
        return _set_worn(inv, item, False)
    if place in POCKETS:
        left = have - count
        return _set_pocket(inv, place, PocketContent(item, left) if left else PocketContent())
    return _set_pack(inv, item, have - count)


def inventory_counts(inv: Inventory) -> Counter[Item]:
    """Every item the inventory holds, by kind, wherever it is."""
    counts: Counter[Item] = Counter()
    for place in CARRIED_PLACES:
        for item in Item:
            counts[item] += held(inv, item, place)
    return +counts


def within_limits(inv: Inventory) -> bool:
    """Whether ``inv`` obeys every carrying limit (an invariant of all operations)."""
    hands_ok = all(_hand(inv, h) in (None, *HAND_ITEMS) for h in HANDS)
    pockets_ok = all(
        (p.kind is None and p.count == 0)
        or (p.kind in POCKET_LIMITS and 0 < p.count <= POCKET_LIMITS[p.kind] and inv.jacket)
        for p in (inv.left_pocket, inv.right_pocket)
    )
    pack = inv.pack
    pack_ok = (inv.backpack or pack == BackpackContent()) and pack.bulk <= BACKPACK_BULK
    non_negative = min(pack.rations, pack.jackets, pack.trousers, pack.pills, pack.coins) >= 0
    return hands_ok and pockets_ok and pack_ok and non_negative
