"""Page "Odds": a /odds answer as the page's bar chart, in the chat's words and rounding.

Each row has its label, the exact chance (``"p/q"``; ``None`` where the service computes in
floating point: a long duel's win chance), its share (0..1) for the bar, and the percentage
exactly as the chat writes it (one decimal, «меньше 0,1 %»). Like the chat, damage rows that
round to 0 % are left out with a line saying so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bot.i18n import Html, L10n
from bot.services.odds import D20Answer, DuelAnswer, DuelQuestion, PoolQuestion
from bot.views.marks import percent
from bot.views.odds import d20_order, duel_head, outcome_faces, percent_text, pool_head
from rules.d20.table import AttackKind, Outcome
from rules.odds.pool import AttackOdds

Json = dict[str, Any]


def row(l10n: L10n, label: str, chance: Fraction | float) -> Json:
    return {
        "label": label,
        "exact": str(chance) if isinstance(chance, Fraction) else None,
        "share": float(chance),
        "percent": percent_text(l10n, chance),
    }


def section(title: str | None, rows: list[Json], notes: list[str] | None = None) -> Json:
    return {"title": title, "rows": rows, "notes": notes or []}


def _average(l10n: L10n, value: Fraction | float) -> Html:
    return Html(l10n.text("odds-average", value=round(float(value), 2)))


def pool_chart(l10n: L10n, q: PoolQuestion, odds: AttackOdds) -> Json:
    damage = [
        row(l10n, l10n.text("odds-pool-damage-label", damage=hit), chance)
        for hit, chance in odds.damage.items()
        if percent(chance) != 0
    ]
    rare = [l10n.text("odds-pool-damage-rare")] if len(damage) < len(odds.damage) else []
    head = pool_head(l10n, q)
    expected = l10n.text("odds-pool-expected", damage=_average(l10n, odds.expected_damage))
    hit = row(l10n, l10n.text("odds-pool-hit-label"), odds.hit_chance)
    return {
        "head": head,
        "sections": [
            section(None, [hit], [expected]),
            section(l10n.text("odds-pool-damage-head"), damage, rare),
            section(
                None,
                [
                    row(l10n, l10n.text("odds-pool-attacker-drops-label"), odds.attacker_drops),
                    row(l10n, l10n.text("odds-pool-defender-drops-label"), odds.defender_drops),
                ],
            ),
        ],
    }


def duel_chart(l10n: L10n, q: DuelQuestion, answer: DuelAnswer) -> Json:
    rounds = answer.round
    head = duel_head(l10n, q)
    damage = l10n.text(
        "odds-duel-damage",
        to_a=_average(l10n, rounds.expected_damage_to_challenger),
        to_b=_average(l10n, rounds.expected_damage_to_opponent),
    )
    round_rows = [
        row(l10n, l10n.text("odds-duel-round-a-label"), rounds.challenger_wins),
        row(l10n, l10n.text("odds-duel-round-b-label"), 1 - rounds.challenger_wins),
    ]
    if answer.endless:
        whole = section(None, [], [l10n.text("odds-duel-endless")])
    else:
        whole = section(
            None,
            [
                row(l10n, l10n.text("odds-duel-win-a-label"), answer.a_wins),
                row(l10n, l10n.text("odds-duel-win-b-label"), answer.b_wins),
            ],
        )
    return {"head": head, "sections": [section(None, round_rows, [damage]), whole]}


def _outcomes(l10n: L10n, kind: AttackKind, chances: dict[Outcome, Fraction]) -> list[Json]:
    return [
        row(
            l10n,
            f"{outcome_faces(kind, outcome)} "
            + l10n.text("odds-d20-outcome-label", outcome=outcome.value),
            chances[outcome],
        )
        for outcome in d20_order(kind, chances)
    ]


def d20_chart(l10n: L10n, answer: D20Answer) -> Json:
    physical = answer.outcomes[AttackKind.PHYSICAL]
    magic = answer.outcomes[AttackKind.MAGIC]
    if physical == magic:
        attacks = [
            section(l10n.text("odds-d20-head-both"), _outcomes(l10n, AttackKind.PHYSICAL, physical))
        ]
    else:
        attacks = [
            section(
                l10n.text("odds-d20-head-physical"),
                _outcomes(l10n, AttackKind.PHYSICAL, physical),
            ),
            section(l10n.text("odds-d20-head-magic"), _outcomes(l10n, AttackKind.MAGIC, magic)),
        ]
    checks = [
        row(l10n, l10n.text("odds-d20-check-label", dc=dc), chance)
        for dc, chance in answer.checks.items()
    ]
    return {
        "head": l10n.text("miniapp-odds-d20-none"),
        "sections": [*attacks, section(l10n.text("odds-d20-checks-head"), checks)],
    }
