"""The game master's log: every intervention with who did it, why and what changed.

Write the entry in the same transaction as the change it describes (pass ``connection``), so
a change never happens without its entry and an entry never describes a change that was
rolled back. /log shows the entries next to the rolls (``roll_index`` places them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient

from bot.db.models import Game, GmAction

REASON_MAX = 200
# Entries that are the players' secrets, not interventions shown in the group's /log: a theft
# (the victim is not even told it succeeded). Kept in the log for the game master's audit.
HIDDEN = ("theft",)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who intervened: the Telegram user id and the name shown in /log."""

    telegram_id: int
    name: str


@dataclass(frozen=True, slots=True)
class GmEntry:
    action: str
    actor_name: str
    reason: str
    roll_index: int
    target_number: int | None = None
    details: dict[str, Any] = field(default_factory=dict)


async def record(
    game: Game,
    actor: Actor,
    action: str,
    reason: str,
    *,
    target_number: int | None = None,
    details: dict[str, Any] | None = None,
    connection: BaseDBAsyncClient | None = None,
) -> GmAction:
    """Write one intervention; ``reason`` is cut to REASON_MAX characters."""
    return await GmAction.create(
        game_id=game.id,
        actor_id=actor.telegram_id,
        actor_name=actor.name[:128],
        action=action,
        target_number=target_number,
        details=details or {},
        reason=reason.strip()[:REASON_MAX],
        roll_index=game.next_roll_index,
        using_db=connection,
    )


async def latest(game: Game, limit: int = 10) -> list[GmEntry]:
    """The game's latest interventions, oldest first (none of the :data:`HIDDEN`)."""
    mine = GmAction.filter(game_id=game.id).exclude(action__in=HIDDEN)
    rows = await mine.order_by("-id").limit(limit)
    return [
        GmEntry(r.action, r.actor_name, r.reason, r.roll_index, r.target_number, r.details)
        for r in reversed(rows)
    ]
