"""Duel messages: the challenge, each round with every die, the end.

Names stay in the nominative by construction; words that agree with a fighter take the
fighter's gender (``genders``: by side, as :func:`bot.views.grammar.gender_of` gives it).
"""

from __future__ import annotations

from collections.abc import Mapping

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import EncounterCallback
from bot.i18n import Html, L10n
from bot.services.reminders import Wait
from bot.views.grammar import MASCULINE, gender_of
from bot.views.marks import collapsed, for_roller, health_bar, mention
from bot.views.waits import timeout_line
from rules.duel import Choice, Duel, DuelCharacter, EndReason, Side
from rules.duel.encounter import KIND, Move
from rules.duel.round import RoundResult
from rules.gender import Gender

Genders = Mapping[Side, str]
UNKNOWN: Genders = {Side.CHALLENGER: MASCULINE, Side.OPPONENT: MASCULINE}


def genders_of(challenger: Gender | None, opponent: Gender | None) -> dict[Side, str]:
    """Each side's grammatical gender (None: not set yet)."""
    return {Side.CHALLENGER: gender_of(challenger), Side.OPPONENT: gender_of(opponent)}


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


def round_dice(
    l10n: L10n,
    duel: Duel,
    result: RoundResult,
    number: int,
    owners: dict[Side, int | None],
    genders: Genders = UNKNOWN,
) -> str:
    """Everything the seed shows, outcome first: the header (when the duel goes on, both
    players are mentioned: each must go on or stop), the score and the damage in one line, the
    dice in a collapsed quote (each side's successes: their count and every die, all bold, as
    each counts for its side; the dodges, a dodge bold), HP (never below 0: 0 and the state);
    when it ends here, the end."""
    challenger, opponent = result.challenger, result.opponent
    names = {Side.CHALLENGER: challenger.name, Side.OPPONENT: opponent.name}
    going_on = not duel.finished
    header_names = {
        side: mention(owner, name) if going_on and (owner := owners[side]) is not None else name
        for side, name in names.items()
    }
    winner, loser = result.winner, result.winner.other
    rolls = {
        side: side_rolls(l10n, names[side], [r.value for r in result.rolls if r.success_of is side])
        for side in Side
    }
    score = (
        (result.challenger_successes, result.opponent_successes)
        if winner is Side.CHALLENGER
        else (result.opponent_successes, result.challenger_successes)
    )
    dodges = Html(
        " ".join(for_roller(d.value) if d.dodged else str(d.value) for d in result.dodges)
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
        " ".join(
            [
                l10n.text(
                    "duel-round-score",
                    wins=score[0],
                    losses=score[1],
                    winner=names[winner],
                    gender=genders[winner],
                ),
                l10n.text(
                    "duel-round-damage",
                    successes=result.remaining_successes,
                    skill=winner_skill,
                    damage=result.damage,
                    loser=names[loser],
                    gender=genders[loser],
                ),
            ]
        ),
        collapsed(
            l10n.text(
                "duel-round-rolls",
                sides=result.sides,
                challenger=rolls[Side.CHALLENGER],
                opponent=rolls[Side.OPPONENT],
            ),
            l10n.text(
                "duel-round-dodges",
                loser=names[loser],
                agility=loser_fighter.agility,
                dodges=dodges,
                dodged=sum(1 for d in result.dodges if d.dodged),
                count=len(result.dodges),
            ),
        ),
        *(
            hp_line(l10n, fighter, genders[side], duel.end_reason is EndReason.KILLED)
            for side, fighter in ((Side.CHALLENGER, challenger), (Side.OPPONENT, opponent))
        ),
    ]
    if duel.finished and duel.end_reason is not EndReason.STOPPED:
        lines.append(end_text(l10n, duel, genders=genders))
    return "\n".join(lines)


def side_rolls(l10n: L10n, name: str, values: list[int]) -> Html:
    """One side's successes: their count, then each die in order. Every die of the round is a
    success of one side, so each is bold (it counts for that side) on both sides alike."""
    if not values:
        return Html(l10n.text("duel-round-side-none", name=name))
    rolls = Html(", ".join(for_roller(v) for v in values))
    return Html(l10n.text("duel-round-side", name=name, count=len(values), rolls=rolls))


def hp_line(l10n: L10n, fighter: DuelCharacter, gender: str, killed: bool = False) -> str:
    """A fighter's HP bar: never below 0; at 0 or less, 0 and whether they are down or dead."""
    bar = health_bar(fighter.hp, fighter.max_hp)
    if fighter.hp > 0:
        return l10n.text(
            "duel-round-hp", name=fighter.name, bar=bar, hp=fighter.hp, max=fighter.max_hp
        )
    dead = "yes" if fighter.dead or killed else "no"
    return l10n.text(
        "duel-round-hp-down",
        name=fighter.name,
        bar=bar,
        max=fighter.max_hp,
        dead=dead,
        gender=gender,
    )


def choice_text(l10n: L10n, duel: Duel, seconds: int, genders: Genders = UNKNOWN) -> str:
    """Under a round's dice while the fighters choose: the question, the clock, and who has
    chosen to go on already."""
    chosen = [
        l10n.text(
            "duel-chose-go-on", name=duel.fighter(side).name, other=duel.fighter(side.other).name
        )
        for side in Side
        if duel.choice(side) is Choice.GO_ON
    ]  # once someone has chosen, that line replaces the question (the round stays 10 lines)
    return "\n".join(
        [*(chosen or [l10n.text("duel-ask-choice")]), timeout_line(l10n, Wait.DUEL, seconds)]
    )


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
    if duel.end_reason is EndReason.FORFEIT:  # the loser did not answer, the winner went on
        return l10n.text(
            "duel-end-forfeit",
            who=loser,
            winner=winner,
            gender=genders[loser_side],
            winner_gender=genders[duel.winner],
        )
    if duel.end_reason is EndReason.UNANSWERED:
        return l10n.text(
            "duel-end-unanswered",
            challenger=duel.challenger.name,
            opponent=duel.opponent.name,
            winner=winner,
            gender=genders[duel.winner],
        )
    who = loser_side if stopped_by is None else stopped_by
    return l10n.text(
        "duel-end-stopped", who=duel.fighter(who).name, winner=winner, gender=genders[who]
    )


ANSWERS = [("duel-button-accept", Move.ACCEPT), ("duel-button-decline", Move.DECLINE)]
CHOICES = [("duel-button-go-on", Move.GO_ON), ("duel-button-stop", Move.STOP)]


def keyboard(
    l10n: L10n, duel_id: int, row: list[tuple[str, Move]], rnd: int = 0
) -> InlineKeyboardMarkup:
    """One row of the duel's buttons: the challenge's answers, or a round's (``rnd``) choices."""
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(
                    text=l10n.text(msg_id),
                    callback_data=EncounterCallback(
                        kind=KIND, id=duel_id, move=move, at=rnd
                    ).pack(),
                )
                for msg_id, move in row
            ]
        ]
    )


def _names(duel: Duel) -> dict[str, str]:
    return {"challenger": duel.challenger.name, "opponent": duel.opponent.name}


def declined_text(l10n: L10n, duel: Duel) -> str:
    return l10n.text("duel-declined", **_names(duel))


def expired_text(l10n: L10n, duel: Duel, opponent: Gender | None) -> str:
    """Nobody answered the challenge in time."""
    return l10n.text("duel-expired", **_names(duel), gender=gender_of(opponent))


def closed_text(l10n: L10n, duel: Duel, number: int) -> str:
    """What a round's message says once its buttons go: the challenge accepted (round 1), the
    next round ``number`` below, or (0) the duel's end below."""
    if number == 1:
        return l10n.text("duel-accepted", **_names(duel))
    return l10n.text("duel-round-closed", next=number)
