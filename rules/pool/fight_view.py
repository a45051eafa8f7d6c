"""A pool fight as its texts show it, plain data computed once from the table by the rules:
who is called what and played by whom, whom the step waits for and who has acted, who chooses,
who still stands, and each fighter's penalty; a round's report with the penalties the fighters
rolled with. The views only word it; they compute no rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.pool.encounter import POOL
from rules.pool.fight_flow import expected
from rules.pool.fight_round import RoundResult, TakePills, swallow
from rules.pool.fight_setup import current_chooser
from rules.pool.fight_table import PoolStage, PoolTable
from rules.pool.fight_targets import able_fighters
from rules.pool.model import PoolCharacter
from rules.pool.penalty import Penalty, penalty


@dataclass(frozen=True, slots=True)
class FightView:
    """``id``: the fight's (the store's); ``fight``: its table; ``characters``, ``owners`` and
    ``names`` by fighter; ``acting``: who acts this round (in initiative order), ``acted``: who
    has chosen the round's action, ``waiting``: whom the fight waits for now (mentioned);
    ``chooser``: who chooses an opponent before round 1; ``standing``: who can still fight;
    ``fighting``: who is still in the fight (not out); ``targets``: whom each goes for;
    ``penalties``: each fighter's now (a fighter without one has none)."""

    id: int
    fight: PoolTable
    characters: Mapping[int, PoolCharacter]
    owners: Mapping[int, int]
    names: Mapping[int, str]
    acting: tuple[int, ...] = ()
    acted: frozenset[int] = frozenset()
    waiting: frozenset[int] = frozenset()
    chooser: int | None = None
    standing: tuple[int, ...] = ()
    fighting: frozenset[int] = frozenset()
    targets: Mapping[int, int] = field(default_factory=dict)
    penalties: Mapping[int, Penalty] = field(default_factory=dict)


def view_of(fight_id: int, table: PoolTable) -> FightView:
    """The fight ``table`` (with its fighters' characters laid over it) as the texts show it."""
    characters = table.roster
    owners = {seat.number: seat.user for seat in table.seated if seat.user is not None}
    names = {number: character.name for number, character in characters.items()}
    state = table.state
    if state is None:  # joining (or called off before the start)
        return FightView(fight_id, table, characters, owners, names)
    listed = [characters[n] for n in state.initiative if n in characters]
    chooser = current_chooser(state) if table.stage is PoolStage.CHOOSING else None
    return FightView(
        fight_id,
        table,
        characters,
        owners,
        names,
        acting=expected(state, listed) if table.stage is PoolStage.FIGHTING else (),
        acted=frozenset(a.fighter for a in table.actions),
        waiting=frozenset(wait.seat.number for wait in POOL.awaiting(table)),
        chooser=chooser,
        standing=able_fighters(state, listed),
        fighting=frozenset(n for n in state.initiative if state.in_fight(n)),
        targets={n: t for n in state.initiative if (t := state.target_of(n)) is not None},
        penalties={c.number: penalty(c) for c in listed},
    )


@dataclass(frozen=True, slots=True)
class RoundReport:
    """A resolved round; ``before``: the fighters as it found them; ``rolled``: as they rolled
    (after this round's pills, which act first), and ``penalties``: their penalties then;
    ``at_zero``: those the round took from above 0 to exactly 0 (alive: their fate is open)."""

    result: RoundResult
    before: Mapping[int, PoolCharacter]
    rolled: Mapping[int, PoolCharacter]
    penalties: Mapping[int, Penalty]
    at_zero: tuple[PoolCharacter, ...] = ()


def report_of(result: RoundResult, before: tuple[PoolCharacter, ...]) -> RoundReport:
    found = {c.number: c for c in before}
    rolling = dict(found)
    for number, action in result.actions:
        if isinstance(action, TakePills):
            rolling[number] = swallow(rolling[number], action.count)
    penalties = {n: penalty(c) for n, c in rolling.items()}
    at_zero = tuple(
        c
        for c in result.characters
        if c.alive and c.health == 0 and c.number in found and found[c.number].health > 0
    )
    return RoundReport(result, found, rolling, penalties, at_zero)
