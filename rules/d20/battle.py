"""A ``d20`` battle as a state machine: sides, turn order, turns, narration, the fallen.

``start_battle`` rolls the turn order; then the combatant whose turn it is calls ``attack``,
``finish`` or ``end_turn``. After a 1 (the attacker) or a 19 (the target) the affected player
owes a description of their state: nothing happens until ``narrate`` (or its timeout, which the
bot reports through ``narrate`` too). The battle ends when fewer than two sides stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.d20.character import D20Character
from rules.d20.checks import D20
from rules.dice import Dice
from rules.errors import Code, RuleError


class BattleStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Combatant:
    """A character in a battle: their side, joining index, initiative d20 and skip flag."""

    character: D20Character
    side: str
    joined: int
    initiative: int
    loses_next_turn: bool = False

    @property
    def name(self) -> str:
        return self.character.name


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle's state. ``combatants`` are in turn order; ``turn`` indexes the current one."""

    combatants: tuple[Combatant, ...]
    turn: int = 0
    round: int = 1
    narration_due: str | None = None
    status: BattleStatus = BattleStatus.ACTIVE
    winner: str | None = None

    def index(self, name: str) -> int:
        for i, combatant in enumerate(self.combatants):
            if combatant.name == name:
                return i
        raise RuleError(Code.UNKNOWN_COMBATANT, name=name)

    def combatant(self, name: str) -> Combatant:
        return self.combatants[self.index(name)]

    @property
    def current(self) -> Combatant:
        """Whose turn it is."""
        return self.combatants[self.turn]

    @property
    def standing_sides(self) -> tuple[str, ...]:
        """Sides with at least one standing character, in turn order of first appearance."""
        sides = (c.side for c in self.combatants if c.character.standing)
        return tuple(dict.fromkeys(sides))

    def next_ally(self, name: str) -> Combatant | None:
        """The first standing ally after ``name`` in turn order (cycling), if any."""
        start = self.index(name)
        side = self.combatants[start].side
        count = len(self.combatants)
        for step in range(1, count):
            other = self.combatants[(start + step) % count]
            if other.side == side and other.character.standing:
                return other
        return None


def start_battle(fighters: Sequence[tuple[D20Character, str]], dice: Dice) -> Battle:
    """Open a battle with ``(character, side)`` pairs in joining order.

    Each rolls a d20 in joining order; the turn order is highest first, ties in joining order.
    """
    names = [character.name for character, _ in fighters]
    for name in names:
        if names.count(name) > 1:
            raise RuleError(Code.INVALID_NAME, name=name)
    sides = tuple(dict.fromkeys(side for _, side in fighters))
    if len(sides) < 2:
        raise RuleError(Code.NOT_ENOUGH_SIDES, sides=sides)
    for character, _ in fighters:
        if not character.standing:
            raise RuleError(Code.NOT_STANDING, name=character.name)
    rolled = [
        Combatant(character, side, joined, dice.roll(D20))
        for joined, (character, side) in enumerate(fighters)
    ]
    rolled.sort(key=lambda c: (-c.initiative, c.joined))
    return Battle(tuple(rolled))


def _with(battle: Battle, combatant: Combatant) -> Battle:
    """The battle with ``combatant`` replacing the one of the same name."""
    combatants = list(battle.combatants)
    combatants[battle.index(combatant.name)] = combatant
    return replace(battle, combatants=tuple(combatants))


def set_character(battle: Battle, character: D20Character) -> Battle:
    """Replace a combatant's character (matched by name)."""
    return _with(battle, replace(battle.combatant(character.name), character=character))


def set_loses_next_turn(battle: Battle, name: str) -> Battle:
    """Mark ``name`` to lose their next turn (after a 1, or a 19 against them)."""
    return _with(battle, replace(battle.combatant(name), loses_next_turn=True))


def require_turn(battle: Battle, name: str) -> Combatant:
    """Check that ``name`` may act now: battle active, no description owed, their turn."""
    if battle.status is BattleStatus.FINISHED:
        raise RuleError(Code.BATTLE_OVER)
    if battle.narration_due is not None:
        raise RuleError(Code.NARRATION_PENDING, pending=battle.narration_due)
    actor = battle.combatant(name)
    if battle.current.name != name:
        raise RuleError(Code.NOT_YOUR_TURN, name=name, current=battle.current.name)
    return actor


def close_turn(battle: Battle) -> tuple[Battle, tuple[str, ...]]:
    """End the current turn: the battle may end; else the turn passes on.

    Fallen combatants are passed over; one who lost their next turn is skipped once (named
    in the returned tuple). Wrapping past the end of the order starts a new round.
    """
    if len(battle.standing_sides) < 2:
        winner = battle.standing_sides[0] if battle.standing_sides else None
        return replace(battle, status=BattleStatus.FINISHED, winner=winner), ()
    combatants = list(battle.combatants)
    turn, round_, skipped = battle.turn, battle.round, []
    while True:
        turn += 1
        if turn == len(combatants):
            turn, round_ = 0, round_ + 1
        candidate = combatants[turn]
        if not candidate.character.standing:
            continue
        if candidate.loses_next_turn:
            combatants[turn] = replace(candidate, loses_next_turn=False)
            skipped.append(candidate.name)
            continue
        break
    advanced = replace(battle, combatants=tuple(combatants), turn=turn, round=round_)
    return advanced, tuple(skipped)


def end_turn(battle: Battle, name: str) -> tuple[Battle, tuple[str, ...]]:
    """``name`` ends their turn without a roll (another action, or their time ran out).

    Returns the battle and who lost their turn on the way to the next combatant.
    """
    require_turn(battle, name)
    return close_turn(battle)


def narrate(battle: Battle, name: str) -> Battle:
    """``name`` has described their state (or their time for it ran out): the fight goes on."""
    if battle.narration_due != name:
        raise RuleError(Code.NO_NARRATION_DUE, name=name)
    return replace(battle, narration_due=None)


def check_target(actor: Combatant, target: Combatant, *, ally: bool) -> None:
    """A target must exist and not be dead; ``ally`` says whether it must share the actor's
    side. An enemy must stand; an ally may have fallen (a healing spell raises them)."""
    if target.character.dead:
        raise RuleError(Code.INVALID_TARGET, name=target.name, reason="dead")
    if not ally and not target.character.standing:
        raise RuleError(Code.INVALID_TARGET, name=target.name, reason="fallen")
    if not ally and target.side == actor.side:
        raise RuleError(
            Code.INVALID_TARGET, name=target.name, reason="self" if target is actor else "ally"
        )
    if ally and target.side != actor.side:
        raise RuleError(Code.INVALID_TARGET, name=target.name, reason="enemy")
