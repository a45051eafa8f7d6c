"""rulebook: duel / Round: 5 rolls of 1..(A+B), d100 dodges, damage = successes x skill."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import ScriptedDice
from rules.duel import DuelCharacter, Side, duel_round, new_character
from rules.errors import Code
from tests.refusals import refused


def sandor_and_bronn() -> tuple[DuelCharacter, DuelCharacter]:
    sandor = new_character("Сандор", {"пеший": 9})
    bronn = new_character("Бронн", {"пеший": 8}, agility=20)
    return sandor, bronn


def test_seed_duel_example_sandor_beats_bronn_3_2_for_18() -> None:
    sandor, bronn = sandor_and_bronn()
    dice = ScriptedDice({17: [1, 15, 11, 3, 10], 100: [5, 56, 92]})

    result = duel_round(sandor, bronn, "пеший", dice)

    assert result.sides == 17
    assert result.opponent_range == (1, 8)
    assert result.challenger_range == (9, 17)
    assert [(r.value, r.success_of) for r in result.rolls] == [
        (1, Side.OPPONENT),
        (15, Side.CHALLENGER),
        (11, Side.CHALLENGER),
        (3, Side.OPPONENT),
        (10, Side.CHALLENGER),
    ]
    assert (result.challenger_successes, result.opponent_successes) == (3, 2)
    assert result.winner is Side.CHALLENGER
    assert result.loser is Side.OPPONENT
    assert result.damage_before_dodges == 27
    assert [(d.value, d.dodged) for d in result.dodges] == [(5, True), (56, False), (92, False)]
    assert result.remaining_successes == 2
    assert result.damage == 18
    assert (result.loser_hp_before, result.loser_hp_after) == (30, 12)
    assert result.opponent.hp == 12
    assert result.challenger == sandor
    assert not result.loser_down
    assert dice.remaining(17) == dice.remaining(100) == 0


def test_ruling_duel_round_is_five_rolls_of_a_die_with_a_plus_b_sides() -> None:
    sandor, bronn = sandor_and_bronn()
    dice = ScriptedDice({17: [9] * 5, 100: [100] * 5})
    duel_round(sandor, bronn, "пеший", dice)
    assert [sides for sides, _ in dice.rolled] == [17] * 5 + [100] * 5


@pytest.mark.parametrize(
    ("value", "side"),
    [(1, Side.OPPONENT), (8, Side.OPPONENT), (9, Side.CHALLENGER), (17, Side.CHALLENGER)],
)
def test_ruling_duel_one_to_b_is_the_opponents_success(value: int, side: Side) -> None:
    sandor, bronn = sandor_and_bronn()
    dice = ScriptedDice({17: [value] * 5, 100: [100] * 5})
    result = duel_round(sandor, bronn, "пеший", dice)
    assert all(r.success_of is side for r in result.rolls)
    assert result.winner is side


def test_ruling_duel_opponent_wins_and_the_challenger_dodges() -> None:
    sandor = new_character("Сандор", {"пеший": 9}, agility=30)
    bronn = new_character("Бронн", {"пеший": 8})
    dice = ScriptedDice({17: [1, 2, 3, 4, 17], 100: [30, 31, 1, 100]})
    result = duel_round(sandor, bronn, "пеший", dice)
    assert (result.challenger_successes, result.opponent_successes) == (1, 4)
    assert result.winner is Side.OPPONENT
    assert [d.dodged for d in result.dodges] == [True, False, True, False]
    assert result.damage == 2 * 8
    assert result.challenger.hp == 30 - 16
    assert result.opponent == bronn
    assert result.winner_skill == 8


def test_ruling_duel_dodge_on_agility_or_below() -> None:
    sandor, bronn = sandor_and_bronn()
    dice = ScriptedDice({17: [17] * 5, 100: [20, 21, 1, 100, 20]})
    result = duel_round(sandor, bronn, "пеший", dice)
    assert [d.dodged for d in result.dodges] == [True, False, True, False, True]
    assert result.damage == 2 * 9


def test_ruling_duel_agility_0_never_dodges_and_100_always_dodges() -> None:
    never = new_character("A", {"s": 1}, agility=0)
    always = new_character("B", {"s": 1}, agility=100)
    low = duel_round(always, never, "s", ScriptedDice({2: [2] * 5, 100: [1] * 5}))
    assert low.damage == 5 and low.opponent.hp == 25
    high = duel_round(never, always, "s", ScriptedDice({2: [2] * 5, 100: [100] * 5}))
    assert high.damage == 0 and high.opponent.hp == 30


def test_ruling_duel_loser_can_drop_below_zero_and_is_down() -> None:
    strong = new_character("A", {"s": 10})
    weak = new_character("B", {"s": 1}, hp=12)
    result = duel_round(strong, weak, "s", ScriptedDice({11: [11] * 5, 100: [100] * 5}))
    assert result.damage == 50
    assert (result.loser_hp_before, result.loser_hp_after) == (12, -38)
    assert result.loser_down


def test_duel_round_refuses_the_same_fighter_a_fighter_down_and_a_missing_skill() -> None:
    sandor, bronn = sandor_and_bronn()
    dice = ScriptedDice()
    with refused(Code.SAME_FIGHTER):
        duel_round(sandor, sandor, "пеший", dice)
    with refused(Code.UNKNOWN_SKILL):
        duel_round(sandor, bronn, "конный", dice)
    down = DuelCharacter("Бронн", (("пеший", 8),), hp=0)
    with refused(Code.FIGHTER_DOWN) as caught:
        duel_round(sandor, down, "пеший", dice)
    assert caught.value.details == {"name": "Бронн", "hp": 0, "dead": False}
    assert dice.rolled == []


@st.composite
def rounds(draw: st.DrawFn) -> tuple[DuelCharacter, DuelCharacter, list[int], list[int]]:
    a = draw(st.integers(1, 20))
    b = draw(st.integers(1, 20))
    challenger = new_character(
        "A", {"s": a}, hp=draw(st.integers(1, 200)), agility=draw(st.integers(0, 100))
    )
    opponent = new_character(
        "B", {"s": b}, hp=draw(st.integers(1, 200)), agility=draw(st.integers(0, 100))
    )
    actions = draw(st.lists(st.integers(1, a + b), min_size=5, max_size=5))
    dodges = draw(st.lists(st.integers(1, 100), min_size=5, max_size=5))
    return challenger, opponent, actions, dodges


@given(rounds())
def test_property_duel_damage_is_remaining_successes_times_winner_skill(
    case: tuple[DuelCharacter, DuelCharacter, list[int], list[int]],
) -> None:
    challenger, opponent, actions, dodges = case
    a, b = challenger.skill("s"), opponent.skill("s")
    result = duel_round(challenger, opponent, "s", ScriptedDice({a + b: actions, 100: dodges}))

    mine = sum(v > b for v in actions)
    winner_successes = max(mine, 5 - mine)
    loser = opponent if mine >= 3 else challenger
    remaining = winner_successes - sum(v <= loser.agility for v in dodges[:winner_successes])
    assert result.challenger_successes + result.opponent_successes == 5
    assert result.winner is (Side.CHALLENGER if mine >= 3 else Side.OPPONENT)
    assert len(result.dodges) == winner_successes
    assert result.remaining_successes == remaining
    assert result.damage == remaining * result.winner_skill
    assert result.loser_hp_after == loser.hp - result.damage
    # The winner takes no damage.
    winner_after = result.challenger if result.winner is Side.CHALLENGER else result.opponent
    assert winner_after == (challenger if result.winner is Side.CHALLENGER else opponent)


@pytest.mark.parametrize("mine", [0, 1, 2, 3, 4, 5])
def test_ruling_duel_more_successes_wins_the_round_and_the_winner_takes_no_damage(
    mine: int,
) -> None:
    sandor, bronn = sandor_and_bronn()
    actions = [17] * mine + [1] * (5 - mine)
    result = duel_round(sandor, bronn, "пеший", ScriptedDice({17: actions, 100: [100] * 5}))
    assert result.winner is (Side.CHALLENGER if mine >= 3 else Side.OPPONENT)
    assert len(result.dodges) == max(mine, 5 - mine)
    if result.winner is Side.CHALLENGER:
        assert result.challenger == sandor
        assert result.opponent.hp == 30 - mine * 9
    else:
        assert result.opponent == bronn
        assert result.challenger.hp == 30 - (5 - mine) * 8
