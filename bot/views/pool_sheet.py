"""The full sheet of a ``pool`` character: everything its owner (or an admin) may see."""

from __future__ import annotations

from bot.i18n import Html, L10n
from bot.views.marks import health_bar
from bot.views.world_needs import needs_lines
from rules.pool.build import appearance
from rules.pool.health import cycles_left_at_zero, is_bleeding
from rules.pool.model import BACKPACK_BULK, Inventory, Item, PocketContent, PoolCharacter
from rules.pool.penalty import penalty
from rules.pool.roll import POOL_DIE, threshold

# Counted items, in the order a sheet lists them.
_PACK_ORDER = (Item.RATION, Item.JACKET, Item.TROUSERS, Item.PILL, Item.COIN)


def count_text(l10n: L10n, item: Item, count: int) -> str:
    return l10n.text("sheet-count", item=item.value, count=count)


def _list(l10n: L10n, parts: list[str]) -> str:
    return ", ".join(parts) if parts else l10n.text("sheet-empty")


def _pocket(l10n: L10n, content: PocketContent) -> str:
    if content.kind is None or content.count <= 0:
        return l10n.text("sheet-empty")
    return count_text(l10n, content.kind, content.count)


def _hand(l10n: L10n, item: Item | None) -> str:
    return l10n.text("sheet-hand", item=item.value if item else "none")


def item_lines(l10n: L10n, inventory: Inventory) -> list[str]:
    """Hands, worn clothes, pockets and the backpack's content, one line each."""
    worn = [
        l10n.text("sheet-worn", item=item.value)
        for item, on in (
            (Item.JACKET, inventory.jacket),
            (Item.TROUSERS, inventory.trousers),
            (Item.BACKPACK, inventory.backpack),
        )
        if on
    ]
    lines = [
        l10n.text("sheet-pool-items"),
        l10n.text(
            "sheet-pool-hands",
            left=_hand(l10n, inventory.left_hand),
            right=_hand(l10n, inventory.right_hand),
        ),
        l10n.text("sheet-pool-worn", items=_list(l10n, worn)),
    ]
    if inventory.jacket:
        lines.append(
            l10n.text(
                "sheet-pool-pockets",
                left=_pocket(l10n, inventory.left_pocket),
                right=_pocket(l10n, inventory.right_pocket),
            )
        )
    else:
        lines.append(l10n.text("sheet-pool-no-jacket"))
    if inventory.backpack:
        pack = inventory.pack
        counts = {
            Item.RATION: pack.rations,
            Item.JACKET: pack.jackets,
            Item.TROUSERS: pack.trousers,
            Item.PILL: pack.pills,
            Item.COIN: pack.coins,
        }
        content = [count_text(l10n, item, counts[item]) for item in _PACK_ORDER if counts[item]]
        lines.append(
            l10n.text(
                "sheet-pool-backpack",
                content=_list(l10n, content),
                bulk=pack.bulk,
                limit=BACKPACK_BULK,
            )
        )
    else:
        lines.append(l10n.text("sheet-pool-no-backpack"))
    return lines


def state_words(l10n: L10n, character: PoolCharacter) -> list[str]:
    """Dead, asleep, fallen, at 0, bleeding, guarding, moving: whatever applies now."""
    gender = character.gender.value
    if not character.alive:
        return [l10n.text("sheet-pool-dead", gender=gender)]
    words: list[str] = []
    if character.asleep:
        # how long it has slept is on the sleep line below (each fact once)
        words.append(l10n.text("sheet-pool-asleep", gender=gender))
    if character.fallen:
        words.append(l10n.text("sheet-pool-fallen", gender=gender))
    if character.health == 0:
        # out of a fight the cycle decides, as the zero message says (rulebook: pool / Health)
        words.append(l10n.text("sheet-pool-at-zero", cycles=cycles_left_at_zero(character)))
    elif is_bleeding(character.health):
        words.append(l10n.text("sheet-pool-bleeding"))
    if character.guarding is not None:
        words.append(l10n.text("sheet-pool-guarding", number=character.guarding))
    if character.move_to is not None:
        words.append(l10n.text("sheet-pool-moving", hall=character.move_to))
    return words or [l10n.text("sheet-pool-fine")]


def penalty_lines(l10n: L10n, character: PoolCharacter) -> list[str]:
    breakdown = penalty(character)
    if not breakdown.total:
        return [l10n.text("sheet-pool-penalty-none", threshold=threshold(0))]
    lines = [
        l10n.text("sheet-pool-penalty", total=breakdown.total, threshold=threshold(breakdown.total))
    ]
    lines.extend(
        l10n.text("sheet-pool-cause", cause=part.cause.value, amount=part.amount)
        for part in breakdown.parts
    )
    if threshold(breakdown.total) > POOL_DIE:
        lines.append(l10n.text("sheet-pool-hopeless"))
    return lines


def pool_sheet(l10n: L10n, character: PoolCharacter, *, items: bool = True) -> str:
    """The whole sheet; ``items=False`` leaves the things out (the Mini App shows them as its
    place cards)."""
    stats = character.stats
    look = appearance(character)
    lines = [
        l10n.text(
            "sheet-pool-head",
            number=character.number,
            name=character.name,
            gender=character.gender.value,
        ),
        l10n.text("sheet-state", words=Html("; ".join(state_words(l10n, character)))),
        l10n.text(
            "sheet-health",
            bar=health_bar(character.health, character.max_health),
            hp=max(character.health, 0),  # below 0 is death, which the state says
            max=character.max_health,
        ),
        l10n.text(
            "sheet-pool-stats",
            initiative=stats.initiative,
            attack=stats.attack,
            defense=stats.defense,
            vitality=stats.vitality,
            charisma=stats.charisma,
        ),
        # the build in the creation preview's words; Charisma is on the line above
        l10n.text("sheet-pool-look", build=look.build.value, sum=stats.attack + stats.defense),
        *penalty_lines(l10n, character),
        *(item_lines(l10n, character.inventory) if items else ()),
        *needs_lines(l10n, character),  # hunger and sleep: counters, penalties, next growth
        l10n.text("sheet-pool-hall", hall=character.hall),
    ]
    return "\n".join(lines)
