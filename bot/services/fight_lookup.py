"""Finding a pool fight: the game of a private button, the fight a GM command means."""

from __future__ import annotations

from bot.db.models import Encounter, Game, LiveMessage
from bot.services import encounter_store
from bot.services.errors import BadNumber, Refusal, ServiceError
from bot.services.fight_store import KIND, live_key, open_fights


async def game_of(fight_id: int) -> Game:
    """The running game of a fight (a private button carries only the fight's id)."""
    return await encounter_store.game_of(fight_id, KIND)


async def pick_open(game: Game, number: int | None, reply_to: int | None) -> Encounter:
    """The open fight a GM command means: by number, by a reply to its live message, or the
    only one. Several and no hint: :class:`BadNumber` (the handler lists them)."""
    found = await open_fights(game)
    if number is not None:
        found = [r for r in found if r.id == number]
    elif reply_to is not None:
        by_key = {live_key(r.id): r for r in found}
        shown = await LiveMessage.filter(key__in=list(by_key), message_id=reply_to).values_list(
            "key", flat=True
        )
        found = [by_key[str(key)] for key in shown] or found
    if not found:
        raise ServiceError(Refusal.FIGHT_NONE)
    if len(found) > 1:
        raise BadNumber(fights=", ".join(str(r.id) for r in found))
    return found[0]
