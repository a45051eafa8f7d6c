"""rulebook: duel / The duel: go on only if both go on; HP <= 0 ends it; HP carries over."""

from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.duel import (
    Choice,
    Duel,
    DuelStatus,
    EndReason,
    Side,
    choose,
    new_character,
    play_round,
    restore_hp,
    start_duel,
)
from rules.errors import Code
from tests.refusals import refused


def seed_duel(*, to_the_death: bool = False) -> Duel:
    sandor = new_character("Сандор", {"пеший": 9})
    bronn = new_character("Бронн", {"пеший": 8}, agility=20)
    return start_duel(sandor, bronn, "пеший", to_the_death=to_the_death)


def seed_round(duel: Duel) -> Duel:
    return play_round(duel, ScriptedDice({17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}))


def test_seed_duel_round_then_choices_are_due() -> None:
    duel = seed_round(seed_duel())
    assert duel.status is DuelStatus.AWAITING_CHOICES
    assert duel.opponent.hp == 12
    assert duel.challenger.hp == 30
    assert duel.last_round is not None and duel.last_round.damage == 18
    assert not duel.finished


def test_ruling_duel_goes_on_only_if_both_go_on() -> None:
    duel = seed_round(seed_duel())
    duel = choose(duel, Side.OPPONENT, Choice.GO_ON)
    assert duel.status is DuelStatus.AWAITING_CHOICES
    assert duel.choice(Side.OPPONENT) is Choice.GO_ON
    duel = choose(duel, Side.CHALLENGER, Choice.GO_ON)
    assert duel.status is DuelStatus.AWAITING_ROUND
    assert duel.challenger_choice is None and duel.opponent_choice is None
    # The seed: the next round is fought with Bronn at 12 HP, not 30.
    duel = play_round(duel, ScriptedDice({17: [1, 2, 3, 4, 17], 100: [100] * 4}))
    assert duel.challenger.hp == 30 - 4 * 8
    assert duel.opponent.hp == 12
    assert len(duel.rounds) == 2


@pytest.mark.parametrize("stopper", [Side.CHALLENGER, Side.OPPONENT])
def test_ruling_duel_a_stop_ends_it_with_the_last_rounds_winner(stopper: Side) -> None:
    duel = seed_round(seed_duel())
    duel = choose(duel, stopper.other, Choice.GO_ON)
    duel = choose(duel, stopper, Choice.STOP)
    assert duel.status is DuelStatus.FINISHED and duel.finished
    assert duel.winner is Side.CHALLENGER
    assert duel.end_reason is EndReason.STOPPED
    assert duel.opponent.hp == 12


def test_ruling_duel_one_stop_is_enough_without_waiting_for_the_other() -> None:
    duel = choose(seed_round(seed_duel()), Side.OPPONENT, Choice.STOP)
    assert duel.finished and duel.winner is Side.CHALLENGER
    with refused(Code.WRONG_DUEL_STAGE):
        choose(duel, Side.CHALLENGER, Choice.GO_ON)


def test_ruling_duel_hp_zero_ends_it_and_the_loser_is_out() -> None:
    a = new_character("A", {"s": 5})
    b = new_character("B", {"s": 5}, hp=25)
    duel = play_round(start_duel(a, b, "s"), ScriptedDice({10: [10] * 5, 100: [100] * 5}))
    assert duel.opponent.hp == 0
    assert duel.status is DuelStatus.FINISHED
    assert duel.winner is Side.CHALLENGER
    assert duel.end_reason is EndReason.KNOCKED_OUT
    assert not duel.opponent.dead
    assert not duel.opponent.can_fight


def test_ruling_duel_to_the_death_the_loser_dies() -> None:
    a = new_character("A", {"s": 5}, hp=10)
    b = new_character("B", {"s": 5})
    duel = start_duel(a, b, "s", to_the_death=True)
    duel = play_round(duel, ScriptedDice({10: [1] * 5, 100: [100] * 5}))
    assert duel.challenger.hp == -15
    assert duel.challenger.dead
    assert duel.winner is Side.OPPONENT
    assert duel.end_reason is EndReason.KILLED
    assert not duel.opponent.dead


def test_ruling_duel_hp_carries_over_between_duels_until_restored() -> None:
    first = choose(seed_round(seed_duel()), Side.OPPONENT, Choice.STOP)
    bronn = first.opponent
    second = start_duel(bronn, first.challenger, "пеший")
    assert second.challenger.hp == 12
    assert restore_hp(bronn).hp == 30


def test_ruling_duel_fighters_down_cannot_start_a_new_duel() -> None:
    a = new_character("A", {"s": 5})
    b = new_character("B", {"s": 5}, hp=25)
    duel = play_round(start_duel(a, b, "s"), ScriptedDice({10: [10] * 5, 100: [100] * 5}))
    with refused(Code.FIGHTER_DOWN):
        start_duel(duel.challenger, duel.opponent, "s")
    with refused(Code.UNKNOWN_SKILL):
        start_duel(a, new_character("C", {"t": 1}), "s")


def test_duel_stages_are_enforced() -> None:
    duel = seed_duel()
    with refused(Code.WRONG_DUEL_STAGE) as caught:
        choose(duel, Side.CHALLENGER, Choice.GO_ON)
    assert caught.value.details["status"] == "awaiting_round"
    after = seed_round(duel)
    with refused(Code.WRONG_DUEL_STAGE):
        seed_round(after)
    chosen = choose(after, Side.CHALLENGER, Choice.GO_ON)
    with refused(Code.CHOICE_ALREADY_MADE) as again:
        choose(chosen, Side.CHALLENGER, Choice.STOP)
    assert again.value.details["side"] == "challenger"


def test_duel_fighter_by_side() -> None:
    duel = seed_duel()
    assert duel.fighter(Side.CHALLENGER).name == "Сандор"
    assert duel.fighter(Side.OPPONENT).name == "Бронн"
    assert duel.last_round is None


def test_ruling_duel_to_the_death_the_opponent_dies_too() -> None:
    duel = seed_round(seed_duel(to_the_death=True))
    duel = choose(choose(duel, Side.CHALLENGER, Choice.GO_ON), Side.OPPONENT, Choice.GO_ON)
    duel = play_round(duel, ScriptedDice({17: [17] * 5, 100: [100] * 5}))
    assert duel.opponent.hp == 12 - 45
    assert duel.opponent.dead and not duel.challenger.dead
    assert duel.end_reason is EndReason.KILLED
