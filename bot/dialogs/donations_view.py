"""What the donations dialog shows: coins carried, prices, what may be donated, the prizes."""

from __future__ import annotations

from typing import Any

from aiogram_dialog.api.protocols import DialogManager

from bot.dialogs.inventory_view import actor_of
from bot.dialogs.widgets import l10n_of
from bot.i18n import Html, L10n
from bot.services.errors import ServiceError
from bot.services.world_play import peek
from bot.views.refusals import private_refusal_text
from bot.views.world_items import carried_stacks, inventory_lines, item_name, items_text, place_name
from rules.pool.donations import (
    FACT_PRICE,
    PRIZE_PRICE,
    WINNING_DONATION,
    Fact,
    HallFact,
    HealthFact,
    coins_held,
)
from rules.pool.model import Item, PoolCharacter


async def _me(manager: DialogManager) -> PoolCharacter:
    actor = await actor_of(manager)
    return (await peek(actor.game)).character(actor.number)


async def donations_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    """Every window: the body (coins and prices, or why nothing can be done), the notice,
    the donatable stacks and the prizes."""
    l10n = l10n_of(dialog_manager)
    data = dialog_manager.dialog_data
    base: dict[str, Any] = {"notice": str(data.get("notice") or ""), "number": 0}
    try:
        me = await _me(dialog_manager)
    except ServiceError as error:
        body = private_refusal_text(l10n, error)
        return {**base, "body": body, "stacks": [], "prizes": [], "ok": False}
    coins = coins_held(me.inventory)
    stacks = [
        {
            "id": s.key,
            "label": l10n.text(
                "inventory-stack",
                place=place_name(l10n, s.place),
                items=items_text(l10n, s.item, s.count),
            ),
        }
        for s in carried_stacks(me.inventory)
        if s.item != Item.COIN
    ]
    prizes = [{"id": item.value, "label": str(item_name(l10n, item))} for item in Item]
    body = l10n.text(
        "donate-title",
        name=me.name,
        coins=coins,
        prize=PRIZE_PRICE,
        fact=FACT_PRICE,
        win=WINNING_DONATION,
    )
    return {
        **base,
        "body": body,
        "stacks": stacks,
        "prizes": prizes,
        "ok": True,
        "coins": coins,
        "number": int(data.get("about", 0)),
        "win": WINNING_DONATION,
    }


def fact_text(l10n: L10n, fact: Fact, name: str) -> str:
    """The private answer to a paid question."""
    if isinstance(fact, HallFact):
        return l10n.text(
            "donate-fact-hall-answer", number=fact.character, name=name, hall=fact.hall
        )
    if isinstance(fact, HealthFact):
        if not fact.alive:
            return l10n.text("donate-fact-dead-answer", number=fact.character, name=name)
        return l10n.text(
            "donate-fact-health-answer", number=fact.character, name=name, health=fact.health
        )
    lines = inventory_lines(l10n, fact.inventory)
    return l10n.text(
        "donate-fact-items-answer", number=fact.character, name=name, items=Html("\n".join(lines))
    )
