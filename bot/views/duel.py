"""Duel messages: the challenge, each round with every die, the end.

Names stay in the nominative by construction; words that agree with a fighter take the
fighter's gender (``genders``: by side, as :func:`bot.views.grammar.gender_of` gives it).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Html, L10n, user_text
from bot.services.duels import DuelSnapshot
from bot.services.reminders import Wait
from bot.views.bars import health_bar, signed
from bot.views.grammar import MASCULINE, gender_of
from bot.views.mention import mention
from bot.views.waits import timeout_line
from rules.duel import Duel, DuelCharacter, EndReason, Side
from rules.duel.round import RoundResult

Genders = Mapping[Side, str]
UNKNOWN: Genders = {Side.CHALLENGER: MASCULINE, Side.OPPONENT: MASCULINE}


def genders_of(snap: DuelSnapshot) -> dict[Side, str]:
    return {side: gender_of(snap.gender(side)) for side in Side}


def _name(fighter: DuelCharacter) -> str:
    return user_text(fighter.name)


def challenge_text(l10n: L10n, duel: Duel, opponent_user: int, seconds: int) -> str:
    """The challenge: the challenged player is mentioned (they alone answer)."""
    text = l10n.text(
        "duel-challenge",
        challenger=duel.challenger.name,
        opponent=duel.opponent.name,
        answerer=mention(opponent_user, duel.opponent.name),
        skill=duel.skill,
        cskill=duel.challenger.skill(duel.skill),
        oskill=duel.opponent.skill(duel.skill),
    )
    return "\n".join([text, timeout_line(l10n, Wait.CHALLENGE, seconds)])


def round_text(
    l10n: L10n,
    duel: Duel,
    result: RoundResult,
    number: int,
    owners: dict[Side, int],
    seconds: int,
    genders: Genders = UNKNOWN,
) -> str:
    """Everything the seed shows: the split, the 5 rolls, the score, dodges, damage, HP; when
    the duel goes on, both players are mentioned (each must go on or stop within ``seconds``)."""
    challenger, opponent = result.challenger, result.opponent
    names = {Side.CHALLENGER: challenger.name, Side.OPPONENT: opponent.name}
    going_on = not duel.finished
    header_names = {
        side: mention(owners[side], name) if going_on else name for side, name in names.items()
    }
    escaped = {Side.CHALLENGER: _name(challenger), Side.OPPONENT: _name(opponent)}
    rolls = ", ".join(f"{r.value} ({escaped[r.success_of]})" for r in result.rolls)
    winner, loser = result.winner, result.winner.other
    score = (
        (result.challenger_successes, result.opponent_successes)
        if winner is Side.CHALLENGER
        else (result.opponent_successes, result.challenger_successes)
    )
    dodge_words = ", ".join(
        l10n.text("duel-dodge-yes" if d.dodged else "duel-dodge-no", value=d.value)
        for d in result.dodges
    )
    loser_fighter = opponent if loser is Side.OPPONENT else challenger
    winner_skill = result.challenger_skill if winner is Side.CHALLENGER else result.opponent_skill
    lines = [
        l10n.text(
            "duel-round-header",
            round=number,
            challenger=header_names[Side.CHALLENGER],
            opponent=header_names[Side.OPPONENT],
            cskill=result.challenger_skill,
            oskill=result.opponent_skill,
            skill=duel.skill,
        ),
        l10n.text(
            "duel-round-range",
            sides=result.sides,
            b=result.opponent_range[1],
            b1=result.challenger_range[0],
            challenger=challenger.name,
            opponent=opponent.name,
        ),
        l10n.text("duel-round-rolls", rolls=Html(rolls)),
        l10n.text(
            "duel-round-score",
            wins=score[0],
            losses=score[1],
            winner=names[winner],
            gender=genders[winner],
        ),
        l10n.text(
            "duel-round-dodges",
            loser=names[loser],
            agility=loser_fighter.agility,
            dodges=Html(dodge_words),
        ),
        l10n.text(
            "duel-round-damage",
            successes=result.remaining_successes,
            skill=winner_skill,
            damage=result.damage,
            loser=names[loser],
            gender=genders[loser],
        ),
        *(
            l10n.text(
                "duel-round-hp",
                name=f.name,
                bar=health_bar(f.hp, f.max_hp),
                hp=signed(f.hp),
                max=f.max_hp,
            )
            for f in (challenger, opponent)
        ),
    ]
    if duel.finished and duel.end_reason is not EndReason.STOPPED:
        lines.append(end_text(l10n, duel, genders=genders))
    else:
        lines.append(l10n.text("duel-ask-choice"))
        lines.append(timeout_line(l10n, Wait.DUEL, seconds))
    return "\n".join(lines)


def end_text(
    l10n: L10n, duel: Duel, stopped_by: Side | None = None, genders: Genders = UNKNOWN
) -> str:
    assert duel.winner is not None
    winner = duel.fighter(duel.winner).name
    loser_side = duel.winner.other
    loser = duel.fighter(loser_side).name
    if duel.end_reason is EndReason.KILLED:
        return l10n.text("duel-end-killed", winner=winner, loser=loser, gender=genders[loser_side])
    if duel.end_reason is EndReason.KNOCKED_OUT:
        return l10n.text(
            "duel-end-knockout", winner=winner, loser=loser, gender=genders[loser_side]
        )
    who = loser_side if stopped_by is None else stopped_by
    return l10n.text(
        "duel-end-stopped", who=duel.fighter(who).name, winner=winner, gender=genders[who]
    )
