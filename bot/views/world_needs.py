"""Hunger and sleeplessness on the private sheet: counters, penalties, and when they grow.

Both penalties grow by 1 for each awake cycle past the 4th (rulebook: pool / Cycles), so the
next growth is ``max(1, 5 - counter)`` awake cycles away. Sleep cycles do not count for hunger;
a full sleep resets sleeplessness.
"""

from __future__ import annotations

from bot.i18n import L10n
from rules.pool.model import PoolCharacter
from rules.pool.needs import SLEEP_CYCLES
from rules.pool.penalty import (
    HUNGER_GRACE_CYCLES,
    SLEEPLESSNESS_GRACE_CYCLES,
    hunger_penalty,
    sleeplessness_penalty,
)


def cycles_until_growth(counter: int, grace: int) -> int:
    """Awake cycles until the penalty of ``counter`` next grows by 1."""
    return max(1, grace + 1 - counter)


def needs_lines(l10n: L10n, character: PoolCharacter) -> list[str]:
    """Two lines for the sheet (and the tick's private message)."""
    food = character.cycles_without_food
    awake = character.cycles_without_sleep
    hunger = l10n.text(
        "world-needs-hunger",
        cycles=food,
        penalty=hunger_penalty(food),
        next=cycles_until_growth(food, HUNGER_GRACE_CYCLES),
    )
    if character.asleep:
        sleep = l10n.text(
            "world-needs-sleeping",
            slept=character.cycles_slept,
            full=SLEEP_CYCLES,
            cycles=awake,
            penalty=sleeplessness_penalty(awake),
        )
        return [hunger + l10n.text("world-needs-paused"), sleep]
    sleep = l10n.text(
        "world-needs-sleepless",
        cycles=awake,
        penalty=sleeplessness_penalty(awake),
        next=cycles_until_growth(awake, SLEEPLESSNESS_GRACE_CYCLES),
    )
    return [hunger, sleep]
