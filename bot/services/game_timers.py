"""Which pending timers belong to a game: its automatic tick, its encounters' (fights,
battles and duels, with their reminders).

A timer knows only its kind and the id it refers to; the kind says which table that id is in.
"""

from __future__ import annotations

from bot.db.models import Encounter, Game, Timer
from bot.services import battles, cycles, duels, fights

GAME_KINDS = (cycles.AUTO_TICK,)
ENCOUNTER_KINDS = (
    *fights.TIMER_KINDS,
    *fights.REMINDER_KINDS,
    battles.JOIN_TIMER,
    battles.TURN_TIMER,
    battles.NARRATION_TIMER,
    *battles.REMINDER_KINDS,
    duels.EXPIRE,
    duels.CHOICE_TIMEOUT,
    *duels.REMINDER_KINDS,
)


async def pending_of(game: Game) -> list[Timer]:
    """The game's timers that have not fired yet."""
    pending = await Timer.filter(fired_at__isnull=True, kind__in=(*GAME_KINDS, *ENCOUNTER_KINDS))
    encounter_refs = {t.ref for t in pending if t.kind in ENCOUNTER_KINDS}
    encounters = (
        {r.id for r in await Encounter.filter(id__in=encounter_refs, game_id=game.id).only("id")}
        if encounter_refs
        else set()
    )
    return [
        t
        for t in pending
        if (t.kind in GAME_KINDS and t.ref == game.id)
        or (t.kind in ENCOUNTER_KINDS and t.ref in encounters)
    ]
