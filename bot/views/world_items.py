"""Items and places of the pool world in words: names, counts, an inventory by place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.i18n import Html, L10n
from rules.pool.model import BACKPACK_BULK, HallFloor, Inventory, Item
from rules.pool.places import CARRIED_PLACES, Place, held


@dataclass(frozen=True, slots=True)
class Stack:
    """``count`` of ``item`` at ``place`` (the floor included)."""

    place: Place
    item: Item
    count: int

    @property
    def key(self) -> str:
        return f"{self.place.value}.{self.item.value}"


def parse_key(key: str) -> tuple[Place, Item] | None:
    place, _, item = key.partition(".")
    try:
        return Place(place), Item(item)
    except ValueError:
        return None


# Rendered locale text is safe HTML already: it goes into other messages as Html.
def item_name(l10n: L10n, item: Item) -> Html:
    return Html(l10n.text("world-item", item=item.value))


def items_text(l10n: L10n, item: Item, count: int) -> Html:
    return Html(l10n.text("world-items", item=item.value, count=count))


def place_name(l10n: L10n, place: Place) -> Html:
    return Html(l10n.text("world-place", place=place.value))


def place_to(l10n: L10n, place: Place) -> Html:
    return Html(l10n.text("world-place-to", place=place.value))


def listing(l10n: L10n, parts: list[Html]) -> Html:
    return Html(", ".join(parts) if parts else l10n.text("world-nothing"))


def stock_text(l10n: L10n, stacks: Iterable[tuple[Item, int]]) -> Html:
    """What lies somewhere, as one reads it aloud: a single thing without its «1», the last
    joined by «и» («куртка, брюки, меч, 5 рационов и 5 таблеток»)."""
    parts = [
        Html(l10n.text("world-item-one", item=item.value)) if n == 1 else items_text(l10n, item, n)
        for item, n in stacks
    ]
    if len(parts) < 2:
        return listing(l10n, parts)
    head = Html(", ".join(parts[:-1]))
    return Html(l10n.text("world-list-last", head=head, last=parts[-1]))


def carried_stacks(inventory: Inventory) -> list[Stack]:
    """Everything carried, place by place (hands, worn, pockets, backpack), by kind."""
    return [
        Stack(place, item, n)
        for place in CARRIED_PLACES
        for item in Item
        if (n := held(inventory, item, place)) > 0
    ]


def floor_stacks(floor: HallFloor) -> list[Stack]:
    return [Stack(Place.FLOOR, item, n) for item, n in floor.items]


def floor_text(l10n: L10n, floor: HallFloor) -> Html:
    return stock_text(l10n, floor.items)


def _at(l10n: L10n, inventory: Inventory, place: Place) -> Html:
    parts = [items_text(l10n, item, n) for item in Item if (n := held(inventory, item, place))]
    return listing(l10n, parts)


def inventory_lines(l10n: L10n, inventory: Inventory) -> list[str]:
    """Hands, worn things, pockets and the backpack, one line each."""
    lines = [
        l10n.text(
            "world-inv-hands",
            left=_at(l10n, inventory, Place.LEFT_HAND),
            right=_at(l10n, inventory, Place.RIGHT_HAND),
        ),
        l10n.text("world-inv-worn", items=_at(l10n, inventory, Place.WORN)),
    ]
    if inventory.jacket:
        lines.append(
            l10n.text(
                "world-inv-pockets",
                left=_at(l10n, inventory, Place.LEFT_POCKET),
                right=_at(l10n, inventory, Place.RIGHT_POCKET),
            )
        )
    else:
        lines.append(l10n.text("world-inv-no-jacket"))
    if inventory.backpack:
        lines.append(
            l10n.text(
                "world-inv-backpack",
                items=_at(l10n, inventory, Place.BACKPACK),
                bulk=inventory.pack.bulk,
                limit=BACKPACK_BULK,
            )
        )
    else:
        lines.append(l10n.text("world-inv-no-backpack"))
    return lines
