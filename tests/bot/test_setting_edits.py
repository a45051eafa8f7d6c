"""The pure edits behind the settings dialog: ranges, steps, toggles, the duel skill list."""

from __future__ import annotations

import pytest

from bot.services.errors import Refusal, SettingOutOfBounds, SkillProblem
from bot.services.setting_edits import (
    add_skill,
    allowed_range,
    remove_skill,
    set_number,
    skill_key,
    step_number,
    toggle,
)
from bot.services.settings import GameSettings
from tests.refusals import refused

SKILLS = GameSettings(duel_skills=("пеший", "конный"))


def test_pairs_narrow_each_others_range() -> None:
    settings = GameSettings(skill_min=3, skill_max=7, agility_min=10, agility_max=40)
    assert allowed_range(settings, "skill_min") == (1, 7)
    assert allowed_range(settings, "skill_max") == (3, 100)
    assert allowed_range(settings, "agility_max") == (10, 100)
    assert allowed_range(settings, "round_timeout") == (60, 24 * 3600)  # 1 min to 24 h
    with pytest.raises(SettingOutOfBounds) as caught:
        set_number(settings, "skill_min", 8)
    assert caught.value.details == {"low": 1, "high": 7}
    assert settings.skill_min == 3


def test_steps_stop_at_the_edge_and_are_refused_there() -> None:
    settings = GameSettings(round_timeout=240)
    assert step_number(settings, "round_timeout", -300).round_timeout == 60
    with pytest.raises(SettingOutOfBounds):
        step_number(GameSettings(round_timeout=60), "round_timeout", -300)
    assert step_number(GameSettings(halls=19), "halls", 1).halls == 20
    with pytest.raises(SettingOutOfBounds):
        step_number(GameSettings(halls=20), "halls", 1)


def test_toggles_flip_only_the_two_switches() -> None:
    assert toggle(GameSettings(), "duel_to_death").duel_to_death is True
    assert toggle(GameSettings(), "allow_new_after_death").allow_new_after_death is False
    with pytest.raises(ValueError):
        toggle(GameSettings(), "halls")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("я", SkillProblem.LENGTH),
        ("а" * 25, SkillProblem.LENGTH),
        ("меч2", SkillProblem.CHARACTERS),
        ("<b>", SkillProblem.CHARACTERS),
        ("--", SkillProblem.CHARACTERS),
        ("КОННЫЙ", SkillProblem.DUPLICATE),
    ],
)
def test_bad_skill_names_are_refused(text: str, problem: SkillProblem) -> None:
    with refused(Refusal.BAD_SKILL) as caught:
        add_skill(SKILLS, text)
    assert caught.value.details["problem"] is problem


def test_skills_are_added_squeezed_and_capped_at_ten() -> None:
    settings = add_skill(SKILLS, "  рукопашный   бой ")
    assert settings.duel_skills == ("пеший", "конный", "рукопашный бой")
    full = GameSettings(duel_skills=tuple(f"навык-{'а' * n}" for n in range(1, 11)))
    with refused(Refusal.BAD_SKILL) as caught:
        add_skill(full, "ещё один")
    assert caught.value.details["problem"] is SkillProblem.TOO_MANY


def test_skills_are_removed_by_key_and_one_stays() -> None:
    settings = remove_skill(SKILLS, skill_key("пеший"))
    assert settings.duel_skills == ("конный",)
    with refused(Refusal.BAD_SKILL) as caught:
        remove_skill(settings, skill_key("конный"))
    assert caught.value.details["problem"] is SkillProblem.LAST
    with refused(Refusal.BAD_SKILL) as caught:
        remove_skill(settings, skill_key("пеший"))
    assert caught.value.details["problem"] is SkillProblem.GONE
