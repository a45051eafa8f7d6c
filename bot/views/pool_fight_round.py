"""A resolved round of a pool fight, in the order it happened, one line each, outcome first:
pills, every attack with its own defense (who hits whom and the result, with a dropped sword or
a fall in words), then deaths, bleeding, standing up; what the dead left on the floor. Every
die follows in a collapsed quote (``<blockquote expandable>``), one line an exchange: each die
marked, the threshold and why, successes."""

from __future__ import annotations

from bot.i18n import Html, L10n
from bot.views.loot import spilled_line
from bot.views.marks import collapsed, pool_dice, signed
from bot.views.pool_fight import threshold_text
from rules.pool.exchange import Exchange, Fell, Mishap, WeaponDropped
from rules.pool.fight_round import PillsTaken, RoundEvent, StoodUp
from rules.pool.fight_view import RoundReport
from rules.pool.health import Bled, Died
from rules.pool.penalty import Penalty
from rules.pool.roll import PoolRoll
from rules.pool.world_events import Spilled

DEATHS = {
    "wounds": "pool-fight-died-wounds",
    "unattended": "pool-fight-died-unattended",
}


def results_text(l10n: L10n, fight_id: int, report: RoundReport) -> str:
    result = report.result
    lines = [l10n.text("pool-fight-results-title", id=fight_id, round=result.round)]
    names = {number: c.name for number, c in report.before.items()}
    lines += [_event(l10n, names, e) for e in result.events if isinstance(e, PillsTaken)]
    mishaps = [e for e in result.events if isinstance(e, WeaponDropped | Fell)]
    dice = []
    for exchange in result.exchanges:
        head, rolls = _exchange(l10n, names, report, exchange, _mishaps_of(exchange, mishaps))
        lines.append(head)
        dice.append(rolls)
    lines += [
        _event(l10n, names, e)
        for e in result.events
        if not isinstance(e, PillsTaken | WeaponDropped | Fell | Spilled)
    ]
    lines += [spilled_line(l10n, e, report.before[e.character]) for e in result.spilled]
    if len(lines) == 1:
        lines.append(l10n.text("pool-fight-quiet-round"))
    if dice:
        lines.append(collapsed(*dice))
    return "\n".join(lines)


def _mishaps_of(exchange: Exchange, mishaps: list[Mishap]) -> list[Mishap]:
    """What this exchange's negative rolls cost (taken from ``mishaps``, which lists them in
    roll order: a negative roll costs a sword, or a fall, or nothing once fallen)."""
    found: list[Mishap] = []
    for number in exchange.negatives:
        mine = next((m for m in mishaps if m.character == number), None)
        if mine is not None:
            mishaps.remove(mine)
            found.append(mine)
    return found


def _roll(l10n: L10n, kind: str, roll: PoolRoll, found: Penalty) -> Html:
    return Html(
        l10n.text(
            kind,
            dice=pool_dice(roll),
            threshold=threshold_text(l10n, roll.threshold, found),
            result=Html(signed(roll.raw)),
        )
    )


def _exchange(
    l10n: L10n,
    names: dict[int, str],
    report: RoundReport,
    exchange: Exchange,
    mishaps: list[Mishap],
) -> tuple[str, str]:
    """The exchange's line (who hits whom, the outcome) and its dice's."""
    penalties, defender = report.penalties, report.rolled[exchange.defender]
    attack = _roll(l10n, "pool-fight-attack-roll", exchange.attack, penalties[exchange.attacker])
    if exchange.defense is None:
        reason = "fallen" if defender.fallen and defender.health > 0 else "zero"
        defense = Html(l10n.text("pool-fight-no-defense", reason=reason))
    else:
        found = penalties[exchange.defender]
        defense = _roll(l10n, "pool-fight-defense-roll", exchange.defense, found)
    outcome = [
        l10n.text("pool-fight-damage", damage=exchange.damage)
        if exchange.hit
        else l10n.text("pool-fight-miss")
    ]
    outcome += [_event(l10n, names, m) for m in mishaps]
    head = l10n.text(
        "pool-fight-exchange",
        attacker=names[exchange.attacker],
        defender=names[exchange.defender],
        outcome=Html(" · ".join(outcome)),
    )
    names_of = {"attacker": names[exchange.attacker], "defender": names[exchange.defender]}
    rolls = l10n.text("pool-fight-exchange-dice", attack=attack, defense=defense, **names_of)
    return head, rolls


def _event(l10n: L10n, names: dict[int, str], event: RoundEvent) -> str:
    if isinstance(event, PillsTaken):
        return l10n.text(
            "pool-fight-pills", name=names[event.character], count=event.count, health=event.health
        )
    if isinstance(event, WeaponDropped):
        return l10n.text("pool-fight-dropped", name=names[event.character])
    if isinstance(event, Fell):
        return l10n.text("pool-fight-fell", name=names[event.character])
    if isinstance(event, Bled):
        return l10n.text("pool-fight-bled", name=names[event.character], health=event.health)
    if isinstance(event, Died):
        key = DEATHS.get(event.cause, "pool-fight-died-wounds")
        return l10n.text(key, name=names[event.character])
    assert isinstance(event, StoodUp)
    return l10n.text("pool-fight-stood-up", name=names[event.character])
