"""An offer of items from one character to another who must accept it (rulebook: pool / Items
and carrying). It lasts within the cycle it was made in: the next tick ends it."""

from __future__ import annotations

from dataclasses import dataclass

from rules.pool.model import Item
from rules.pool.places import Place


@dataclass(frozen=True, slots=True)
class GiftOffer:
    """``giver`` offers ``count`` ``item`` from their ``source`` to ``receiver`` during
    ``cycle`` (the world's cycle number when it was made)."""

    cycle: int
    giver: int
    receiver: int
    item: Item
    source: Place
    count: int
