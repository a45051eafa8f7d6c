"""A resolved round of a pool fight, in the order it happened: pills, every attack with its own
defense (each die, the threshold and why, successes), damage, drops, falls, deaths, bleeding."""

from __future__ import annotations

from bot.i18n import L10n
from bot.services.fight_store import RoundReport
from bot.views.pool_fight_parts import threshold_text
from rules.pool.exchange import Exchange, Fell, WeaponDropped
from rules.pool.fight_round import PillsTaken, RoundEvent, StoodUp, TakePills, swallow
from rules.pool.health import Bled, Died
from rules.pool.model import PoolCharacter
from rules.pool.roll import PoolRoll

DEATHS = {
    "wounds": "pool-fight-died-wounds",
    "unattended": "pool-fight-died-unattended",
}


def results_text(l10n: L10n, fight_id: int, report: RoundReport) -> str:
    result = report.result
    rolled = _as_rolled(report)
    lines = [l10n.text("pool-fight-results-title", id=fight_id, round=result.round)]
    names = {number: c.name for number, c in report.before.items()}
    lines += [_event(l10n, names, e) for e in result.events if isinstance(e, PillsTaken)]
    for exchange in result.exchanges:
        lines += _exchange(l10n, names, rolled, exchange)
    lines += [_event(l10n, names, e) for e in result.events if not isinstance(e, PillsTaken)]
    if len(lines) == 1:
        lines.append(l10n.text("pool-fight-quiet-round"))
    return "\n".join(lines)


def _as_rolled(report: RoundReport) -> dict[int, PoolCharacter]:
    """Fighters as they rolled: after this round's pills (they act first)."""
    rolled = dict(report.before)
    for number, action in report.result.actions:
        if isinstance(action, TakePills):
            rolled[number] = swallow(rolled[number], action.count)
    return rolled


def _roll(l10n: L10n, kind: str, roll: PoolRoll, who: PoolCharacter) -> str:
    dice = ", ".join(str(d) for d in roll.dice) or "—"
    threshold = threshold_text(l10n, roll.threshold, who)
    if roll.negative:
        return l10n.text(
            "pool-fight-roll-negative",
            kind=kind,
            dice=dice,
            threshold=threshold,
            shortfall=-roll.raw,
        )
    return l10n.text(
        "pool-fight-roll", kind=kind, dice=dice, threshold=threshold, successes=roll.successes
    )


def _exchange(
    l10n: L10n, names: dict[int, str], rolled: dict[int, PoolCharacter], exchange: Exchange
) -> list[str]:
    attacker, defender = rolled[exchange.attacker], rolled[exchange.defender]
    lines = [
        l10n.text(
            "pool-fight-exchange",
            attacker=names[exchange.attacker],
            defender=names[exchange.defender],
        ),
        _roll(l10n, l10n.text("pool-fight-kind-attack"), exchange.attack, attacker),
    ]
    if exchange.defense is None:
        reason = "fallen" if defender.fallen and defender.health > 0 else "zero"
        lines.append(l10n.text("pool-fight-no-defense", reason=reason))
    else:
        lines.append(_roll(l10n, l10n.text("pool-fight-kind-defense"), exchange.defense, defender))
    if exchange.hit:
        lines.append(l10n.text("pool-fight-damage", damage=exchange.damage))
    else:
        lines.append(l10n.text("pool-fight-miss"))
    return lines


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
