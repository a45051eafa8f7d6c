"""A cycle tick in words: each player's private report (every die, every prize and where it
went) and the group's short summary, which tells nothing secret (no dice, prizes or halls)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Html, L10n, user_text
from bot.services.cycles import TickReport
from bot.views.loot import spilled_line
from bot.views.world_items import item_name, items_text
from bot.views.world_needs import needs_lines
from rules.pool.health import Bled, Died
from rules.pool.world_events import (
    Healed,
    MoveBlocked,
    Moved,
    MoveWaits,
    PickedUp,
    PickUpMissed,
    PrizeWon,
    Slept,
    Spilled,
    Woke,
)


def _contest_lines(l10n: L10n, report: TickReport, number: int) -> list[str]:
    lines = []
    for contest in report.result.contests:
        if number not in contest.order:
            continue
        mine = [roll for roll in contest.rolls if roll.character == number]
        rolls = ", ".join(f"{r.die} + {r.bonus} = {r.total}" for r in mine)
        lines.append(
            l10n.text(
                "world-tick-contest",
                item=item_name(l10n, contest.item),
                rolls=rolls,
                rank=contest.order.index(number) + 1,
                of=len(contest.order),
            )
        )
    return lines


def _charisma_lines(l10n: L10n, report: TickReport, number: int) -> list[str]:
    roll = next((r for r in report.result.charisma if r.character == number), None)
    if roll is None:
        return []
    if not roll.dice:
        return [l10n.text("world-tick-charisma-none")]
    lines = [
        l10n.text(
            "world-tick-charisma",
            count=len(roll.dice),
            dice=", ".join(str(d) for d in roll.dice),
        )
    ]
    for event in report.result.events:
        if isinstance(event, PrizeWon) and event.character == number:
            lines.append(
                l10n.text(
                    "world-tick-prize",
                    die=event.die,
                    item=item_name(l10n, event.item),
                    place=event.place.value,
                )
            )
    return lines


def _event_line(l10n: L10n, event: object) -> str | None:
    """The private line of one event (prizes are listed with their dice instead)."""
    if isinstance(event, Slept):
        return l10n.text("world-tick-slept", cycles=event.cycles)
    if isinstance(event, Healed):
        return l10n.text("world-tick-healed", health=event.health)
    if isinstance(event, PickedUp):
        items = items_text(l10n, event.item, event.count)
        return l10n.text("world-tick-picked", items=items, place=event.place.value)
    if isinstance(event, PickUpMissed):
        return l10n.text("world-tick-missed", items=items_text(l10n, event.item, event.count))
    if isinstance(event, Bled):
        return l10n.text("world-tick-bled", health=event.health)
    if isinstance(event, Died):
        return l10n.text("world-tick-died", cause=event.cause)
    if isinstance(event, Woke):
        return l10n.text("world-tick-woke")
    if isinstance(event, Moved):
        return l10n.text("world-tick-moved", here=event.from_hall, there=event.to_hall)
    if isinstance(event, MoveWaits):
        return l10n.text("world-tick-move-waits", there=event.to_hall)
    if isinstance(event, MoveBlocked):
        reason = event.reason.value if event.reason is not None else "closed"
        return l10n.text("world-tick-blocked", there=event.to_hall, reason=reason)
    return None


def _mine(report: TickReport, number: int, kinds: tuple[type, ...]) -> list[object]:
    return [
        e
        for e in report.result.events
        if isinstance(e, kinds) and getattr(e, "character", None) == number
    ]


def private_report(l10n: L10n, report: TickReport, number: int) -> str:
    """Everything the tick did to character ``number``, in the order it happened."""
    after = report.result.world.character(number)
    lines = [l10n.text("world-tick-head", cycle=report.cycle, name=report.names[number])]
    for event in _mine(report, number, (Slept, Healed)):
        lines.append(_event_line(l10n, event) or "")
    lines.extend(_contest_lines(l10n, report, number))
    for event in _mine(report, number, (PickedUp, PickUpMissed)):
        lines.append(_event_line(l10n, event) or "")
    lines.extend(_charisma_lines(l10n, report, number))
    for event in _mine(report, number, (Bled, Died, Woke, Moved, MoveBlocked, MoveWaits)):
        lines.append(_event_line(l10n, event) or "")
    if after.alive:
        lines.append(l10n.text("world-tick-health", health=after.health, max=after.max_health))
        lines.extend(needs_lines(l10n, after))
    return "\n".join(lines)


def _names(names: Sequence[str]) -> Html:
    return Html(", ".join(user_text(name) for name in names))  # each isolated on its own


def group_summary(l10n: L10n, report: TickReport) -> str:
    """Cycle number, who woke, who died and what they left on the floor (public once they are
    dead), that the portals opened; nothing secret."""
    events = report.result.events
    woke = [report.names[e.character] for e in events if isinstance(e, Woke)]
    died = [report.names[e.character] for e in events if isinstance(e, Died)]
    lines = [l10n.text("world-tick-group", cycle=report.cycle)]
    if woke:
        lines.append(l10n.text("world-tick-group-woke", names=_names(woke)))
    if died:
        lines.append(l10n.text("world-tick-group-died", names=_names(died)))
    for event in events:
        if isinstance(event, Spilled):
            lines.append(spilled_line(l10n, event, report.before.character(event.character)))
    lines.append(l10n.text("world-tick-group-portals"))
    return "\n".join(lines)


def reports_line(l10n: L10n, unreached: Sequence[str] = ()) -> str:
    """The summary's last part: private reports sent, and whose could not be delivered."""
    lines = [l10n.text("world-tick-group-private")]
    if unreached:
        lines.append(l10n.text("world-tick-group-unreached", names=_names(unreached)))
    return "\n".join(lines)
