"""rulebook: pool / Health: bleeding and dying at the end of a round or cycle."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.pool.health import Bled, Died, end_of_round, health_penalty, kill_if_below_zero
from rules.pool.model import Gender, PoolCharacter, Stats

HERO = PoolCharacter(1, "Вася", Gender.MALE, Stats(2, 3, 2, 5, 0), health=5)


@pytest.mark.parametrize(("health", "penalty"), [(9, 0), (5, 0), (4, 1), (3, 2), (2, 3), (1, 4)])
def test_ruling_health_penalty_by_wounds(health: int, penalty: int) -> None:
    assert health_penalty(health) == penalty


def test_ruling_health_below_zero_is_death_at_once() -> None:
    dead, events = kill_if_below_zero(replace(HERO, health=-1))
    assert not dead.alive
    assert events == (Died(1, "wounds"),)
    alive, none = kill_if_below_zero(replace(HERO, health=0))
    assert alive.alive and none == ()


def test_ruling_zero_at_start_and_end_of_round_dies() -> None:
    dead, events = end_of_round(replace(HERO, health=0), health_at_start=0)
    assert not dead.alive
    assert events == (Died(1, "unattended"),)


def test_ruling_zero_raised_by_pills_survives() -> None:
    saved, events = end_of_round(replace(HERO, health=1), health_at_start=0)
    assert saved.alive and saved.health == 1 and events == ()


@pytest.mark.parametrize(("start", "end", "after"), [(2, 2, 1), (2, 1, 0), (1, 1, 0)])
def test_ruling_bleeding_loses_one_unless_raised_to_three(start: int, end: int, after: int) -> None:
    bled, events = end_of_round(replace(HERO, health=end), health_at_start=start)
    assert bled.health == after
    assert events == (Bled(1, after),)


def test_ruling_bleeding_stops_when_raised_to_three() -> None:
    same, events = end_of_round(replace(HERO, health=3), health_at_start=2)
    assert same.health == 3 and events == ()


def test_ruling_every_wound_gives_one_round_to_react_knocked_to_zero_does_not_bleed_out() -> None:
    """From 2 down to 0 in one round: no bleeding below 0; next round at 0 decides."""
    down, events = end_of_round(replace(HERO, health=0), health_at_start=2)
    assert down.alive and down.health == 0 and events == ()


def test_dead_characters_do_not_bleed() -> None:
    corpse = replace(HERO, health=1, alive=False)
    assert end_of_round(corpse, health_at_start=1) == (corpse, ())


def test_ruling_full_health_is_not_a_wound_low_vitality_does_not_bleed() -> None:
    """Живучесть 2 at health 2 is unhurt; wounded to 1, pills back to 2 (full) stop the bleeding."""
    frail = replace(HERO, stats=Stats(2, 3, 4, 2, 1), health=2)
    assert end_of_round(frail, health_at_start=2) == (frail, ())
    wounded = replace(frail, health=1)
    bled, events = end_of_round(wounded, health_at_start=1)
    assert bled.health == 0 and events == (Bled(1, 0),)
    healed = replace(frail, health=2)
    assert end_of_round(healed, health_at_start=1) == (healed, ())
