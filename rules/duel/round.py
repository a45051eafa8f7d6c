"""One duel round (rulebook: duel): 5 rolls of 1..(A+B), d100 dodges, damage = successes x skill."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Dice, owned
from rules.duel.character import DuelCharacter
from rules.errors import Code, RuleError

ROLLS_PER_ROUND = 5
DODGE_DIE = 100


class Side(StrEnum):
    """Which fighter of a duel: the one who challenged or the one challenged."""

    CHALLENGER = "challenger"
    OPPONENT = "opponent"

    @property
    def other(self) -> Side:
        return Side.OPPONENT if self is Side.CHALLENGER else Side.CHALLENGER


@dataclass(frozen=True, slots=True)
class ActionRoll:
    """One of the 5 rolls: its ``value`` on the 1..(A+B) die and whose success it is."""

    value: int
    success_of: Side


@dataclass(frozen=True, slots=True)
class DodgeRoll:
    """One d100 of the loser against one winning success; dodged when ``value <= agility``."""

    value: int
    dodged: bool


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Everything a round decided, for the log and for narration.

    ``opponent_range`` is 1..B and ``challenger_range`` B+1..A+B (inclusive pairs).
    ``challenger`` and ``opponent`` are the fighters after the round.
    """

    skill: str
    challenger_skill: int
    opponent_skill: int
    opponent_range: tuple[int, int]
    challenger_range: tuple[int, int]
    rolls: tuple[ActionRoll, ...]
    challenger_successes: int
    opponent_successes: int
    winner: Side
    damage_before_dodges: int
    dodges: tuple[DodgeRoll, ...]
    remaining_successes: int
    damage: int
    loser_hp_before: int
    loser_hp_after: int
    challenger: DuelCharacter
    opponent: DuelCharacter

    @property
    def loser(self) -> Side:
        return self.winner.other

    @property
    def sides(self) -> int:
        """Faces of the action die: A + B."""
        return self.challenger_skill + self.opponent_skill

    @property
    def winner_skill(self) -> int:
        return self.challenger_skill if self.winner is Side.CHALLENGER else self.opponent_skill

    @property
    def loser_down(self) -> bool:
        """The loser ended the round at HP <= 0."""
        return self.loser_hp_after <= 0


def check_fighters(challenger: DuelCharacter, opponent: DuelCharacter, skill: str) -> None:
    """Raise if these two cannot duel in ``skill``: same name, someone down, skill missing."""
    if challenger.name == opponent.name:
        raise RuleError(Code.SAME_FIGHTER, name=challenger.name)
    for fighter in (challenger, opponent):
        if not fighter.can_fight:
            raise RuleError(Code.FIGHTER_DOWN, name=fighter.name, hp=fighter.hp, dead=fighter.dead)
        fighter.skill(skill)


def duel_round(
    challenger: DuelCharacter, opponent: DuelCharacter, skill: str, dice: Dice
) -> RoundResult:
    """Fight one round in ``skill``.

    Rolls 5 times a die of A+B faces (1..B: the opponent's success, B+1..A+B: the
    challenger's); more successes wins. The loser rolls d100 once per winning success and
    dodges it on ``<= agility``. Damage = remaining successes x the winner's skill, taken
    from the loser's HP; the winner takes none.
    """
    check_fighters(challenger, opponent, skill)
    a, b = challenger.skill(skill), opponent.skill(skill)
    with owned(dice, "contest"):  # each roll is a success of one side: the die is both's
        values = [dice.roll(a + b) for _ in range(ROLLS_PER_ROUND)]
    rolls = tuple(ActionRoll(v, Side.OPPONENT if v <= b else Side.CHALLENGER) for v in values)
    challenger_successes = sum(r.success_of is Side.CHALLENGER for r in rolls)
    opponent_successes = ROLLS_PER_ROUND - challenger_successes
    if challenger_successes > opponent_successes:
        winner, successes, winner_skill, loser = Side.CHALLENGER, challenger_successes, a, opponent
    else:
        winner, successes, winner_skill, loser = Side.OPPONENT, opponent_successes, b, challenger
    with owned(dice, f"dodge {loser.name}"):  # the loser's own dice
        dodged = [dice.roll(DODGE_DIE) for _ in range(successes)]
    dodges = tuple(DodgeRoll(v, v <= loser.agility) for v in dodged)
    remaining = successes - sum(d.dodged for d in dodges)
    damage = remaining * winner_skill
    hit = replace(loser, hp=loser.hp - damage)
    return RoundResult(
        skill=skill,
        challenger_skill=a,
        opponent_skill=b,
        opponent_range=(1, b),
        challenger_range=(b + 1, a + b),
        rolls=rolls,
        challenger_successes=challenger_successes,
        opponent_successes=opponent_successes,
        winner=winner,
        damage_before_dodges=successes * winner_skill,
        dodges=dodges,
        remaining_successes=remaining,
        damage=damage,
        loser_hp_before=loser.hp,
        loser_hp_after=hit.hp,
        challenger=hit if winner is Side.OPPONENT else challenger,
        opponent=hit if winner is Side.CHALLENGER else opponent,
    )
