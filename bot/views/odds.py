"""/odds answers: compact lines with bars, percentages with one decimal."""

from __future__ import annotations

from fractions import Fraction

from bot.db.models import GameSystem
from bot.i18n import Html, L10n
from bot.services.odds import (
    MAX_DICE,
    MAX_HP,
    MAX_PENALTY,
    MAX_SKILL,
    D20Answer,
    DuelAnswer,
    DuelQuestion,
    PoolQuestion,
)
from bot.views.marks import chance_bar, percent
from rules.d20.table import AttackKind, Outcome, attack_effect
from rules.odds.pool import AttackOdds

USAGE = {
    GameSystem.POOL: "odds-usage-pool",
    GameSystem.DUEL: "odds-usage-duel",
    None: "odds-usage",
}


def usage_text(l10n: L10n, system: GameSystem | None) -> str:
    return l10n.text(
        USAGE[system], dice=MAX_DICE, penalty=MAX_PENALTY, skill=MAX_SKILL, hp=str(MAX_HP)
    )


def _chance(l10n: L10n, msg_id: str, chance: Fraction | float, **args: object) -> str:
    shown = Html(percent_text(l10n, chance))
    return l10n.text(msg_id, bar=chance_bar(chance), chance=shown, **args)


def percent_text(l10n: L10n, chance: Fraction | float) -> str:
    """The chance with one decimal; a possible chance that rounds to 0 (or an uncertain one
    that rounds to 100) says so instead of looking impossible (or certain)."""
    shown = percent(chance)
    if chance > 0 and shown == 0:
        return l10n.text("odds-percent-below", value=0.1)
    if chance < 1 and shown == 100:
        return l10n.text("odds-percent-above", value=99.9)
    return l10n.text("odds-percent", value=shown)


def _average(l10n: L10n, value: Fraction | float) -> Html:
    return Html(l10n.text("odds-average", value=round(float(value), 2)))


def pool_head(l10n: L10n, q: PoolQuestion) -> str:
    """The question's line, in the chat and on the Mini App's Odds tab."""
    return l10n.text(
        "odds-pool-head",
        attack=q.attack,
        defense=q.defense,
        apen=q.attack_penalty,
        dpen=q.defense_penalty,
    )


def duel_head(l10n: L10n, q: DuelQuestion) -> str:
    return l10n.text(
        "odds-duel-head",
        a=q.skill_a,
        b=q.skill_b,
        agility_a=q.agility_a,
        agility_b=q.agility_b,
        hp_a=q.hp_a,
        hp_b=q.hp_b,
    )


def pool_text(l10n: L10n, q: PoolQuestion, odds: AttackOdds) -> str:
    lines = [
        pool_head(l10n, q),
        _chance(l10n, "odds-pool-hit", odds.hit_chance),
        l10n.text("odds-pool-expected", damage=_average(l10n, odds.expected_damage)),
        l10n.text("odds-pool-damage-head"),
    ]
    hidden = False
    for damage, chance in odds.damage.items():
        if percent(chance) == 0:
            hidden = True
            continue
        lines.append(_chance(l10n, "odds-pool-damage", chance, damage=damage))
    if hidden:
        lines.append(l10n.text("odds-pool-damage-rare"))
    lines.append(_chance(l10n, "odds-pool-attacker-drops", odds.attacker_drops))
    lines.append(_chance(l10n, "odds-pool-defender-drops", odds.defender_drops))
    return "\n".join(lines)


def duel_text(l10n: L10n, q: DuelQuestion, answer: DuelAnswer) -> str:
    rounds = answer.round
    lines = [
        duel_head(l10n, q),
        _chance(l10n, "odds-duel-round-a", rounds.challenger_wins),
        _chance(l10n, "odds-duel-round-b", 1 - rounds.challenger_wins),
        l10n.text(
            "odds-duel-damage",
            to_a=_average(l10n, rounds.expected_damage_to_challenger),
            to_b=_average(l10n, rounds.expected_damage_to_opponent),
        ),
    ]
    if answer.endless:
        lines.append(l10n.text("odds-duel-endless"))
    else:
        lines.append(_chance(l10n, "odds-duel-win-a", answer.a_wins))
        lines.append(_chance(l10n, "odds-duel-win-b", answer.b_wins))
    return "\n".join(lines)


def _face_list(kind: AttackKind, outcome: Outcome) -> list[int]:
    return [d for d in range(1, 21) if attack_effect(d, kind, has_ally=True).outcome is outcome]


def outcome_faces(kind: AttackKind, outcome: Outcome) -> str:
    """The d20 faces giving ``outcome``: one face, or a range (``1–2``)."""
    faces = _face_list(kind, outcome)
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}–{faces[-1]}"


def d20_order(kind: AttackKind, chances: dict[Outcome, Fraction]) -> list[Outcome]:
    """The outcomes from the lowest faces up."""
    return sorted(chances, key=lambda outcome: _face_list(kind, outcome))


def _outcome_lines(l10n: L10n, kind: AttackKind, chances: dict[Outcome, Fraction]) -> list[str]:
    lines = []
    for outcome in d20_order(kind, chances):
        shown = outcome_faces(kind, outcome)
        lines.append(
            _chance(l10n, "odds-d20-outcome", chances[outcome], faces=shown, outcome=outcome.value)
        )
    return lines


def d20_text(l10n: L10n, answer: D20Answer) -> str:
    physical = answer.outcomes[AttackKind.PHYSICAL]
    magic = answer.outcomes[AttackKind.MAGIC]
    if physical == magic:
        lines = [
            l10n.text("odds-d20-head-both"),
            *_outcome_lines(l10n, AttackKind.PHYSICAL, physical),
        ]
    else:
        lines = [
            l10n.text("odds-d20-head-physical"),
            *_outcome_lines(l10n, AttackKind.PHYSICAL, physical),
            l10n.text("odds-d20-head-magic"),
            *_outcome_lines(l10n, AttackKind.MAGIC, magic),
        ]
    lines.append(l10n.text("odds-d20-checks-head"))
    lines.extend(
        _chance(l10n, "odds-d20-check", chance, dc=dc) for dc, chance in answer.checks.items()
    )
    return "\n".join(lines)
