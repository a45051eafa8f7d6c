"""Dice sources: scripted for tests, verifiable (HMAC commitment) for games."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rules.dice import (
    RollRecord,
    ScriptedDice,
    SystemDice,
    VerifiableDice,
    commitment,
    draw,
    new_seed,
    roll_many,
    verify,
)
from rules.errors import Code
from tests.refusals import refused

SEED = bytes(range(32))


def test_scripted_dice_replay_values_per_size_in_order() -> None:
    dice = ScriptedDice({10: [4, 6, 7], 100: [5]})
    assert roll_many(dice, 3, 10) == (4, 6, 7)
    assert dice.roll(100) == 5
    assert dice.rolled == [(10, 4), (10, 6), (10, 7), (100, 5)]
    assert dice.remaining(10) == 0


def test_scripted_dice_raise_when_exhausted() -> None:
    dice = ScriptedDice({10: [1]})
    dice.roll(10)
    with refused(Code.SCRIPT_EXHAUSTED) as error:
        dice.roll(10)
    assert error.value.details["sides"] == 10
    with refused(Code.SCRIPT_EXHAUSTED):
        dice.roll(6)


def test_scripted_dice_reject_values_out_of_range() -> None:
    dice = ScriptedDice({6: [7]}).add(20, 0)
    with refused(Code.SCRIPTED_VALUE_OUT_OF_RANGE) as error:
        dice.roll(6)
    assert error.value.details == {"sides": 6, "value": 7}
    with refused(Code.SCRIPTED_VALUE_OUT_OF_RANGE):
        dice.roll(20)


def test_verifiable_dice_are_deterministic_per_seed_and_index() -> None:
    first, second = VerifiableDice(SEED), VerifiableDice(SEED)
    assert roll_many(first, 50, 10) == roll_many(second, 50, 10)
    resumed = VerifiableDice(SEED, next_index=20)
    assert resumed.roll(10) == first.history[20].value


def test_verifiable_dice_record_every_roll_with_its_index() -> None:
    dice = VerifiableDice(SEED)
    dice.roll(10)
    dice.roll(100)
    taken = dice.take_history()
    assert [(r.index, r.sides) for r in taken] == [(0, 10), (1, 100)]
    assert dice.take_history() == []
    assert dice.next_index == 2


def test_commitment_is_sha256_of_the_seed() -> None:
    import hashlib

    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert VerifiableDice(SEED).commitment == commitment(SEED)


def test_verify_accepts_an_honest_log_and_names_the_first_forged_roll() -> None:
    dice = VerifiableDice(SEED)
    roll_many(dice, 30, 10)
    log = dice.take_history()
    assert verify(SEED, log, published=commitment(SEED)).ok
    forged = list(log)
    bad = RollRecord(7, 10, log[7].value % 10 + 1)
    forged[7] = bad
    report = verify(SEED, forged)
    assert not report.ok
    assert report.first_mismatch == bad


def test_verify_rejects_a_seed_that_does_not_match_the_commitment() -> None:
    report = verify(new_seed(), [], published=commitment(SEED))
    assert not report.commitment_ok
    assert not report.ok


def test_draw_is_uniform_enough_over_many_indices() -> None:
    counts = Counter(draw(SEED, index, 6) for index in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_draw_rejection_sampling_handles_sizes_that_do_not_divide_two_to_the_64() -> None:
    assert all(1 <= draw(SEED, i, 3) <= 3 for i in range(300))
    assert all(draw(SEED, i, 1) == 1 for i in range(10))


@given(st.binary(min_size=16, max_size=64), st.integers(0, 10**6), st.integers(1, 1000))
def test_draw_stays_on_the_die(seed: bytes, index: int, sides: int) -> None:
    assert 1 <= draw(seed, index, sides) <= sides


def test_bad_dice_requests_raise_rule_errors() -> None:
    with refused(Code.NO_SIDES) as caught:
        draw(SEED, 0, 0)
    assert caught.value.details == {"sides": 0}
    with refused(Code.SHORT_SEED) as short:
        VerifiableDice(b"short")
    assert short.value.details == {"length": 5}
    with refused(Code.NO_SIDES):
        SystemDice().roll(0)


def test_system_dice_roll_on_the_die() -> None:
    dice = SystemDice()
    assert all(1 <= dice.roll(20) <= 20 for _ in range(200))


def test_recording_dice_number_and_record_any_source() -> None:
    from rules.dice import RecordingDice

    dice = RecordingDice(ScriptedDice({10: [3, 9]}), next_index=5)
    assert roll_many(dice, 2, 10) == (3, 9)
    assert dice.take_history() == [RollRecord(5, 10, 3), RollRecord(6, 10, 9)]
    assert dice.next_index == 7 and dice.take_history() == []
