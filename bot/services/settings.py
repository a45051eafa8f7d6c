"""A game's settings: limits and timers, stored as JSON on the game row."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from bot.services.codec import dump, load


@dataclass(frozen=True, slots=True)
class GameSettings:
    """Defaults are what a Russian role-play group expects out of the box: players write a
    paragraph of role-play between their moves, so every wait for a player lasts minutes."""

    round_timeout: int = 600  # seconds for a pool round, a d20 turn, a duel's go on / stop
    join_window: int = 900  # seconds to join a fight or a d20 battle, or to accept a duel
    choice_timeout: int = 300  # seconds for a private opponent choice
    narration_timeout: int = 900  # seconds for a d20 description
    halls: int = 5
    duel_skills: tuple[str, ...] = ()
    skill_min: int = 1
    skill_max: int = 10
    agility_min: int = 0
    agility_max: int = 50
    duel_hp: int = 30
    duel_to_death: bool = False
    allow_new_after_death: bool = True
    auto_tick_minutes: int = 0  # 0: cycles only by /tick
    d20_any_action: bool = False  # every d20 class may strike, harm and help (homebrew)


MINUTE, DAY = 60, 24 * 3600
# The timers (in seconds), which /game shows and edits in minutes.
TIMERS = ("round_timeout", "join_window", "choice_timeout", "narration_timeout")
# Bounds an admin may set, per numeric setting: (minimum, maximum).
BOUNDS: dict[str, tuple[int, int]] = {
    "round_timeout": (MINUTE, DAY),
    "join_window": (MINUTE, DAY),
    "choice_timeout": (MINUTE, DAY),
    "narration_timeout": (MINUTE, DAY),
    "halls": (1, 20),
    "skill_min": (1, 100),
    "skill_max": (1, 100),
    "agility_min": (0, 100),
    "agility_max": (0, 100),
    "duel_hp": (1, 1000),
    "auto_tick_minutes": (0, 1440),
}


class SettingOutOfRange(ValueError):
    def __init__(self, name: str, value: int, low: int, high: int) -> None:
        super().__init__(name, value)
        self.name, self.value, self.low, self.high = name, value, low, high


_KNOWN = frozenset(f.name for f in fields(GameSettings))
_DEFAULTS = dump(GameSettings())
_READ_KEPT = 1024  # settings read lately, by their stored JSON (a press reads them 2-3 times)
_read: dict[str, GameSettings] = {}


def read_settings(data: dict[str, Any]) -> GameSettings:
    """Settings from the stored JSON; keys added later fall back to their defaults. The same
    JSON gives the same (frozen) settings, remembered: rendering a fight step reads them often."""
    key = repr(sorted(data.items()))  # 1, True and "1" differ in their repr
    found = _read.get(key)
    if found is None:
        found = load(GameSettings, {**_DEFAULTS, **{k: v for k, v in data.items() if k in _KNOWN}})
        if len(_read) >= _READ_KEPT:
            del _read[next(iter(_read))]
        _read[key] = found
    return found


def change_setting(settings: GameSettings, name: str, value: Any) -> GameSettings:
    """A copy with one setting changed, checked against :data:`BOUNDS` and the min/max pairs."""
    if name in BOUNDS:
        low, high = BOUNDS[name]
        if not isinstance(value, int) or not low <= value <= high:
            raise SettingOutOfRange(name, value, low, high)
    changed = replace(settings, **{name: value})
    for low_name, high_name in (("skill_min", "skill_max"), ("agility_min", "agility_max")):
        if getattr(changed, low_name) > getattr(changed, high_name):
            raise SettingOutOfRange(name, value, *BOUNDS[name])
    return changed
