"""Group fight setup, choosing and retargeting (rulebook: pool / Group fight)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pool_helpers import make

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.exchange import Unable
from rules.pool.fight_setup import (
    Choice,
    FightState,
    TargetProblem,
    choose,
    current_chooser,
    default_target,
    pick_opponent,
    start_fight,
)
from rules.pool.fight_targets import (
    able_fighters,
    default_new_target,
    fight_over,
    flee,
    needs_new_target,
    retarget,
    with_default_targets,
)
from tests.refusals import refused

PEOPLE = [make(1, initiative=0), make(2, initiative=1), make(3, initiative=2), make(4)]


def four() -> FightState:
    # totals: 1: 9, 2: 4+1=5, 3: 5+2=7, 4: 1+2=3 -> initiative (1, 3, 2, 4)
    state, initiative = start_fight(PEOPLE, [1, 2, 3, 4], ScriptedDice({10: [9, 4, 5, 1]}))
    assert initiative.order == (1, 3, 2, 4)
    return state


def test_ruling_initiative_rolled_before_group_fight() -> None:
    state, initiative = start_fight(PEOPLE, [2, 1], ScriptedDice({10: [3, 3]}))
    assert state == FightState(hall=1, initiative=(2, 1))
    assert [r.total for r in initiative.rolls[0]] == [4, 3]


def test_ruling_choosing_in_initiative_order_lowest_first() -> None:
    state = four()
    assert state.choosing_order == (4, 2, 3, 1)
    assert current_chooser(state) == 4


def test_ruling_chosen_loses_right_to_choose_and_is_bound() -> None:
    state = choose(four(), 4, 2)  # 2 is chosen: skips their turn
    assert not state.has_right(2) and state.bound(2)
    assert current_chooser(state) == 3
    state = choose(state, 3, 1)  # 1 is chosen too: nobody left to choose
    assert current_chooser(state) is None
    assert state.target_of(4) == 2 and state.target_of(3) == 1
    assert state.target_of(2) == 4 and state.target_of(1) == 3


def test_chose_before_being_chosen_keeps_own_choice() -> None:
    state = choose(four(), 4, 2)
    state = choose(state, 3, 4)  # 4 already chose 2
    assert state.chosen_by(4) == (3,)
    assert state.target_of(4) == 2
    assert not state.bound(4)
    assert current_chooser(state) == 1
    state = choose(state, 1, 3)
    assert current_chooser(state) is None


def test_ruling_bound_attacks_first_chooser_by_default_or_picks() -> None:
    state = choose(four(), 4, 1)
    state = choose(state, 2, 1)
    state = choose(state, 3, 1)
    assert state.chosen_by(1) == (4, 2, 3)
    assert state.target_of(1) == 4
    picked = pick_opponent(state, 1, 3)
    assert picked.target_of(1) == 3
    assert pick_opponent(picked, 1, 2).target_of(1) == 2


def test_pick_opponent_rules() -> None:
    early = choose(four(), 4, 1)
    with refused(Code.CHOOSING_NOT_OVER) as pending:
        pick_opponent(early, 1, 4)
    assert pending.value.details["chooser"] == 2
    state = choose(choose(early, 2, 1), 3, 4)
    assert current_chooser(state) is None
    with refused(Code.NOT_BOUND) as not_bound:
        pick_opponent(state, 4, 3)
    assert not_bound.value.details["fighter"] == 4
    with refused(Code.INVALID_OPPONENT) as stranger:
        pick_opponent(state, 1, 3)
    assert stranger.value.details["problem"] == TargetProblem.NOT_A_CHOOSER


def test_choose_only_in_turn() -> None:
    with refused(Code.NOT_YOUR_CHOICE) as error:
        choose(four(), 1, 2)
    assert error.value.details == {"chooser": 1, "expected": 4}
    done = choose(choose(four(), 4, 1), 2, 3)
    with refused(Code.NOT_YOUR_CHOICE) as over:
        choose(done, 1, 2)
    assert over.value.details["expected"] is None


@pytest.mark.parametrize(
    ("target", "problem"),
    [(4, TargetProblem.SELF), (9, TargetProblem.NOT_IN_FIGHT), (3, TargetProblem.OUT)],
)
def test_choose_valid_target(target: int, problem: TargetProblem) -> None:
    state = flee(four(), 3)
    with refused(Code.INVALID_OPPONENT) as error:
        choose(state, 4, target)
    assert error.value.details == {"chooser": 4, "target": target, "problem": problem}


def test_default_target_is_lowest_other_fighter_still_in() -> None:
    state = four()
    assert default_target(state, 4) == 1
    assert default_target(state, 1) == 2
    assert default_target(flee(state, 1), 4) == 2


def test_start_fight_checks() -> None:
    dice = ScriptedDice()
    with refused(Code.NOT_ENOUGH_FIGHTERS) as few:
        start_fight(PEOPLE, [1], dice)
    assert few.value.details["count"] == 1
    with refused(Code.DUPLICATE_FIGHTER):
        start_fight(PEOPLE, [1, 1], dice)
    with refused(Code.UNKNOWN_CHARACTER):
        start_fight(PEOPLE, [1, 7], dice)
    away = [*PEOPLE[:3], replace(PEOPLE[3], hall=2)]
    with refused(Code.FIGHTERS_APART) as apart:
        start_fight(away, [1, 4], dice)
    assert apart.value.details["halls"] == (1, 2)
    for change, reason in [
        ({"alive": False}, Unable.DEAD),
        ({"health": 0}, Unable.NO_HEALTH),
        ({"asleep": True}, Unable.ASLEEP),
    ]:
        people = [replace(PEOPLE[0], **change), PEOPLE[1]]  # type: ignore[arg-type]
        with refused(Code.FIGHTER_UNAVAILABLE) as error:
            start_fight(people, [1, 2], dice)
        assert error.value.details == {"character": 1, "reason": reason}


def ready() -> FightState:
    # 4 -> 1, 2 -> 1, 3 -> 1; 1 bound, attacks 4 by default
    return choose(choose(choose(four(), 4, 1), 2, 1), 3, 1)


def test_ruling_fight_over_when_at_most_one_can_fight() -> None:
    state = ready()
    assert able_fighters(state, PEOPLE) == (1, 3, 2, 4)
    assert not fight_over(state, PEOPLE)
    out = [PEOPLE[0], replace(PEOPLE[1], alive=False), replace(PEOPLE[2], health=0), PEOPLE[3]]
    assert able_fighters(state, out) == (1, 4)
    assert not fight_over(state, out)
    assert fight_over(flee(state, 4), out)


def test_ruling_retarget_when_opponent_out_default_attacker_else_lowest() -> None:
    state = ready()
    people = [PEOPLE[0], PEOPLE[1], PEOPLE[2], replace(PEOPLE[3], alive=False)]
    # 1's opponent (4) died; 2 and 3 attack 1 -> default the lowest of them
    assert needs_new_target(state, people) == (1,)
    assert default_new_target(state, people, 1) == 2
    # 1 dies: 2 and 3 need someone; nobody attacks them, so the lowest number
    people[0] = replace(PEOPLE[0], health=0)
    assert needs_new_target(state, people) == (2, 3)
    assert default_new_target(state, people, 2) == 3
    assert default_new_target(state, people, 3) == 2
    filled = with_default_targets(state, people)
    assert (filled.target_of(2), filled.target_of(3)) == (3, 2)
    assert needs_new_target(filled, people) == ()


def test_retarget_choice_and_rules() -> None:
    state = ready()
    people = [PEOPLE[0], PEOPLE[1], PEOPLE[2], replace(PEOPLE[3], health=0)]
    new = retarget(state, people, 1, 3)
    assert new.picks == (Choice(1, 3),) and new.target_of(1) == 3
    with refused(Code.RETARGET_NOT_ALLOWED) as not_needed:
        retarget(state, people, 2, 3)
    assert not_needed.value.details == {"fighter": 2, "current": 1}
    with refused(Code.INVALID_OPPONENT) as at_zero:
        retarget(state, people, 1, 4)
    assert at_zero.value.details["problem"] == TargetProblem.OUT
    with refused(Code.INVALID_OPPONENT) as own:
        retarget(state, people, 1, 1)
    assert own.value.details["problem"] == TargetProblem.SELF


def test_ruling_fled_opponent_is_out() -> None:
    state = flee(ready(), 4)
    assert state.fled == frozenset({4})
    assert not state.in_fight(4)
    assert needs_new_target(state, PEOPLE) == (1,)
    with refused(Code.UNKNOWN_CHARACTER):
        flee(state, 9)


def test_nobody_left_means_no_default() -> None:
    state = ready()
    people = [PEOPLE[0], *(replace(p, alive=False) for p in PEOPLE[1:])]
    assert default_new_target(state, people, 1) is None
    assert with_default_targets(state, people) == state


def test_missing_fighter_in_characters_is_reported() -> None:
    with refused(Code.UNKNOWN_CHARACTER) as error:
        able_fighters(ready(), PEOPLE[:3])
    assert error.value.details == {"number": 4}
