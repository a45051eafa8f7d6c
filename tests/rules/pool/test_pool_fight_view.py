"""A pool fight as its texts show it (rules/pool/fight_view.py): computed once by the rules,
so that the views word it without computing a rule."""

from __future__ import annotations

from dataclasses import replace

from pool_helpers import make

from rules.dice import ScriptedDice
from rules.pool.encounter import POOL, Move, PoolEvent, PoolMove, PoolStage, PoolTable
from rules.pool.fight_round import TakePills
from rules.pool.fight_view import report_of, view_of
from rules.pool.model import Item, PocketContent
from rules.pool.penalty import PenaltyCause, penalty
from tests.rules.pool.test_pool_encounter import (
    ONE,
    QUIET,
    THREE,
    TWO,
    choosing,
    duo,
    fighting,
    joining,
    last_to_act,
)


def test_while_joining_the_view_names_the_fighters_and_who_plays_them() -> None:
    view = view_of(7, joining())
    assert view.id == 7 and view.fight.stage is PoolStage.JOINING
    assert view.names[1] == "c1" and view.owners == {1: 501, 2: 502}
    assert view.acting == () and view.waiting == frozenset() and view.chooser is None


def test_the_chooser_is_named_before_round_one() -> None:
    view = view_of(1, choosing())
    assert view.chooser == 3 and view.waiting == {3} and view.acting == ()


def test_a_round_shows_who_acts_who_has_acted_and_whom_it_waits_for() -> None:
    view = view_of(1, fighting())
    assert view.acting == (1, 2, 3) and view.acted == frozenset()
    assert view.waiting == {1, 2, 3}  # 1 also picks an opponent
    assert view.fighting == {1, 2, 3} and view.standing == (1, 2, 3)
    assert view.targets[2] == view.targets[3] == 1  # both chose 1; 1 picks between them
    later = view_of(1, last_to_act())
    assert later.acted == {1, 2} and later.waiting == {3} and later.targets[1] == 2


def test_each_fighter_penalty_is_the_rules_own() -> None:
    hurt = make(2, health=1, inventory=replace(make(2).inventory, right_hand=None))
    view = view_of(1, fighting().with_characters([hurt]))
    assert view.penalties[2] == penalty(hurt)
    assert view.penalties[2].amount(PenaltyCause.NO_SWORD) > 0
    assert view.penalties[2].total == sum(p.amount for p in view.penalties[2].parts)
    assert view.penalties[1].total == 0


def test_a_round_is_reported_with_the_penalties_it_was_rolled_with() -> None:
    """Pills act first: a wounded fighter who swallows rolls with the wounds the pills left."""
    pocket = PocketContent(Item.PILL, 3)
    low = make(1, health=1, inventory=replace(make(1).inventory, left_pocket=pocket))
    table = last_to_act().with_characters([low])
    table = replace(table, actions=())  # the round's actions again, 1 takes pills
    for seat, move in (
        (ONE, PoolMove(Move.PILLS, 0, count=3)),
        (TWO, PoolMove(Move.ATTACK, 0)),
    ):
        table = POOL.apply(table, seat, move, ScriptedDice()).state
    step = POOL.apply(table, THREE, PoolMove(Move.ATTACK, 0), ScriptedDice(QUIET))
    (event,) = [e for e in step.events if e.result is not None]
    assert event.result is not None
    assert (1, TakePills(3)) in event.result.actions
    report = report_of(event.result, event.before)
    assert report.before[1].health == 1
    assert report.rolled[1].health > 1  # as they rolled: after the pills
    assert report.penalties[1] == penalty(report.rolled[1])
    assert report.penalties[1] != penalty(report.before[1])
    assert report.rolled[2] == report.before[2]


def test_a_round_reports_who_it_took_to_zero_and_nobody_else() -> None:
    """2 at 2 HP takes 3 from 1's strike: dead, not at 0; 2 at 3 HP taking 3: at 0, alive."""
    strike = {10: [10, 10, 10, 5, 5, 5] + [5] * 6}  # 1 hits 2 for 3, 2 misses
    (event,) = [e for e in round_events(duo(), strike) if e.result is not None]
    assert event.result is not None
    assert report_of(event.result, event.before).at_zero == ()  # 2 died: not "at 0"
    sturdy = duo().with_characters([make(2, health=3)])
    (event,) = [e for e in round_events(sturdy, strike) if e.result is not None]
    assert event.result is not None
    (fell,) = report_of(event.result, event.before).at_zero
    assert fell.number == 2 and fell.health == 0 and fell.alive


def round_events(table: PoolTable, dice: dict[int, list[int]]) -> list[PoolEvent]:
    """The events of the round both fighters of ``table`` attack in."""
    table = POOL.apply(table, ONE, PoolMove(Move.ATTACK, 0), ScriptedDice()).state
    return list(POOL.apply(table, TWO, PoolMove(Move.ATTACK, 0), ScriptedDice(dice)).events)
