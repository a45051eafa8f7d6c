"""The private message to a pool character's owner the moment it drops to health 0: what will
happen and when, and what can still save it (rulebook: pool / Health)."""

from __future__ import annotations

from bot.i18n import L10n
from rules.pool.fight_round import left_pocket_pills
from rules.pool.health import cycles_left_at_zero
from rules.pool.model import Item, PoolCharacter
from rules.pool.places import Place, held

OUT_OF_REACH = (Place.RIGHT_POCKET, Place.BACKPACK)


def pills_out_of_reach(character: PoolCharacter) -> int:
    """Pills the character carries that cannot be swallowed at 0 (only the worn jacket's left
    pocket is in reach then)."""
    inventory = character.inventory
    count = sum(held(inventory, Item.PILL, place) for place in OUT_OF_REACH)
    return count + inventory.pills_in_left_pocket - left_pocket_pills(character)


def zero_text(
    l10n: L10n, character: PoolCharacter, *, fight: int | None = None, dies_after: int | None = None
) -> str:
    """``fight`` and ``dies_after``: the fight goes on, and the end of round ``dies_after``
    decides; else the cycle rules do."""
    name = character.name
    if fight is not None and dies_after is not None:
        head = l10n.text("zero-head-fight", id=fight, name=name)
        when = l10n.text("zero-when-round", name=name, round=dies_after)
    else:
        head = l10n.text("zero-head", name=name)
        when = l10n.text("zero-when-cycle", name=name, cycles=cycles_left_at_zero(character))
    reach = left_pocket_pills(character)
    if reach:
        pills = l10n.text("zero-pills", count=reach, fight="yes" if dies_after else "no")
    elif pills_out_of_reach(character):
        pills = l10n.text("zero-pills-elsewhere")
    else:
        pills = l10n.text("zero-pills-none")
    return "\n".join([head, when, pills, l10n.text("zero-others")])
