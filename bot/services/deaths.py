"""When and how a character died, kept for their owner's /me (which otherwise would say
"you have no character"). A death note is written into the dead character's stored state
under :data:`KEY`, in the save that kills them (the codec ignores unknown keys on load, and
a revival writes a fresh state, so the note goes with the death).

The cause is read from the state itself where the rules leave it plain (pool: health below 0
is a mortal wound, asleep is killed in sleep, 0 is nobody raised them in time; duel: a duel to
the death; d20: finished off after falling); the note says when (a cycle, a fight, a duel, a
battle) and whether a game master's edit did it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.db.models import Character, CharacterStatus, Game, GameStatus, GameSystem

KEY = "death"


def noted(state: Any, note: Mapping[str, Any]) -> Any:
    """A dumped state with its death note (``state`` is the dict :func:`codec.dump` gave)."""
    return {**state, KEY: dict(note)} if isinstance(state, dict) else state


@dataclass(frozen=True, slots=True)
class Death:
    """What /me tells about a dead character. ``where``: tick (the end of cycle ``cycle``),
    fight (pool fight ``ref``), duel (duel ``ref`` against ``by``), battle (d20 battle ``ref``),
    cycle (during cycle ``cycle``) or unknown; ``cause``: wounds, asleep, at_zero, duel,
    finished, gm or unknown."""

    game: Game
    row: Character
    where: str
    cause: str
    cycle: int = 0
    ref: int = 0
    by: str = ""


def death_of(game: Game, row: Character) -> Death:
    note: dict[str, Any] = dict(row.state.get(KEY) or {})
    if note.get("gm"):
        cause = "gm"
    elif game.system == GameSystem.DUEL:
        cause = "duel"
    elif game.system == GameSystem.D20:
        cause = "finished"
    else:
        health, asleep = int(row.state.get("health", 0)), bool(row.state.get("asleep"))
        cause = "wounds" if health < 0 else "asleep" if asleep else "at_zero"
    where, ref = "unknown", 0
    for kind in ("fight", "duel", "battle"):
        if note.get(kind):
            where, ref = kind, int(note[kind])
            break
    else:
        if "cycle" in note:
            where = "tick" if note.get("tick") else "cycle"
    return Death(game, row, where, cause, int(note.get("cycle", 0)), ref, str(note.get("by", "")))


async def own_deaths(user_id: int, game: Game | None = None) -> list[Death]:
    """The user's latest dead character in each running game (or in ``game``) where they have
    no living one, oldest game first."""
    query = Character.filter(user_id=user_id, game__status=GameStatus.ACTIVE)
    if game is not None:
        query = query.filter(game_id=game.id)
    rows = await query.select_related("game").order_by("game_id", "-id")
    living = {row.game.id for row in rows if row.status == CharacterStatus.ACTIVE}
    latest: dict[int, Character] = {}
    for row in rows:
        if row.status == CharacterStatus.DEAD and row.game.id not in living:
            latest.setdefault(row.game.id, row)
    return [death_of(row.game, row) for row in latest.values()]
