"""A hall as a character sees it (/look), and the portal map as admins set it (/halls)."""

from __future__ import annotations

from bot.i18n import Html, L10n
from bot.services.world_actions import HallView
from bot.views.world_items import floor_text
from rules.pool.build import Gear
from rules.pool.world import World


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def gear_text(l10n: L10n, gear: Gear) -> Html:
    """What one sees another wear and hold: clothes, backpack, swords in hand."""
    return Html(
        l10n.text(
            "world-look-gear",
            jacket=_yes(gear.jacket),
            trousers=_yes(gear.trousers),
            backpack=_yes(gear.backpack),
            swords=gear.swords.value,
        )
    )


def look_text(l10n: L10n, view: HallView) -> str:
    lines = [l10n.text("world-look-head", hall=view.hall)]
    if view.others:
        lines.append(l10n.text("world-look-people"))
        for look, gear, asleep in view.others:
            msg_id = "world-look-person-asleep" if asleep else "world-look-person"
            worn = gear_text(l10n, gear)
            lines.append(
                l10n.text(msg_id, charisma=look.charisma, build=look.build.value, gear=worn)
            )
    else:
        lines.append(l10n.text("world-look-nobody"))
    lines.append(l10n.text("world-look-floor", items=floor_text(l10n, view.floor)))
    if view.exits:
        exits = ", ".join(str(h) for h in view.exits)
        lines.append(l10n.text("world-look-exits", halls=exits))
    else:
        lines.append(l10n.text("world-look-no-exits"))
    if view.me.move_to is not None:
        lines.append(l10n.text("world-look-moving", hall=view.me.move_to))
    return "\n".join(lines)


def portals_text(l10n: L10n, world: World) -> str:
    """The number of halls and which connect."""
    if world.connections is None:
        pairs = l10n.text("world-halls-every")
    elif not world.connections:
        pairs = l10n.text("world-halls-none")
    else:
        pairs = " ".join(f"{a}-{b}" for a, b in sorted(world.connections))
    return l10n.text("world-halls-show", halls=world.halls, pairs=Html(pairs))
