"""Sleep of one character (rulebook: pool / Cycles).

The counters live on the character: the tick adds 1 to ``cycles_without_food`` and
``cycles_without_sleep`` for everyone awake, :func:`rules.pool.carrying.eat` resets the first;
the penalties themselves are :mod:`rules.pool.penalty`'s ``hunger_penalty`` and
``sleeplessness_penalty`` (``max(0, cycles - 4)``).

* sleep lasts 2 cycles and resets sleeplessness; woken after only 1 cycle, the penalty is
  halved rounded up and keeps growing from there.
"""

from __future__ import annotations

from dataclasses import replace

from rules.errors import Code, RuleError
from rules.pool.carrying import require_able
from rules.pool.model import PoolCharacter

FREE_CYCLES = 4
SLEEP_CYCLES = 2


def halved_sleeplessness(cycles_without_sleep: int) -> int:
    """Cycles without sleep after waking from 1 cycle: with penalty ``P = C - 4 > 0`` the
    count becomes ``4 + ceil(P / 2)``; with no penalty yet it stays."""
    penalty = cycles_without_sleep - FREE_CYCLES
    if penalty <= 0:
        return cycles_without_sleep
    return FREE_CYCLES + (penalty + 1) // 2


def fall_asleep(character: PoolCharacter) -> PoolCharacter:
    """Go to sleep for 2 cycles: stops guarding. A portal request is kept: sleepers wake "a
    minute before the portals open" (seed 000), so they go through on the tick they wake."""
    require_able(character)
    return replace(character, asleep=True, cycles_slept=0, guarding=None)


def wake(sleeper: PoolCharacter) -> PoolCharacter:
    """Wake a sleeper (by anyone, or at the end of a full sleep).

    * 2 cycles slept: sleeplessness resets to 0;
    * 1 cycle slept: sleeplessness halved, rounded up (:func:`halved_sleeplessness`);
    * woken before a whole cycle passed: no sleep counted, nothing changes.
    """
    if not sleeper.asleep or not sleeper.alive:
        raise RuleError(Code.NOT_ASLEEP, character=sleeper.number)
    cycles = sleeper.cycles_without_sleep
    if sleeper.cycles_slept >= SLEEP_CYCLES:
        cycles = 0
    elif sleeper.cycles_slept == 1:
        cycles = halved_sleeplessness(cycles)
    return replace(sleeper, asleep=False, cycles_slept=0, cycles_without_sleep=cycles)
