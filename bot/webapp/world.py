"""Page "The world", for the GM (``pool``): halls and portals, who is where and how they are
(asleep, bleeding, at 0), the floors' things, open fights and the time left on each timer.

Served only to the game's admins (the check of the chat's GM commands); anyone else gets a
JSON refusal (403) and sees nothing. The page draws the map from this data; the GM's actions
stay in chat: each character and fight carries a ``link`` that opens the GM's private dialog
for it (``/start e<game>_<number>``: the /edit dialog; ``/start v<game>_<fight>``: the fight as
the GM sees it), and those handlers check the admin again.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from aiohttp import web
from tortoise.timezone import now

from bot.db.models import Game
from bot.handlers.character_edit import EDIT_PAYLOAD
from bot.handlers.fight_view import FIGHT_VIEW_PAYLOAD
from bot.i18n import L10n, user_text
from bot.services.world_map import WorldMap, world_map
from bot.views.world_items import items_text
from bot.webapp.auth import Caller
from bot.webapp.links import start_link
from bot.webapp.server import BadRequest, deps_of, game_id_query
from rules.pool.health import is_bleeding
from rules.pool.model import PoolCharacter


async def world(request: web.Request, caller: Caller, l10n: L10n) -> dict[str, Any]:
    """``?game_id=``: the world of a pool game the caller administers."""
    game_id = game_id_query(request)
    if not await Game.exists(id=game_id):
        raise BadRequest("no-such-game", 404)
    deps = deps_of(request)
    found = await world_map(deps.bot, game_id, caller.id, deps.admin_ids)
    me = await deps.bot.me()  # cached by aiogram after the first call
    return render(l10n, found, now(), me.username or "")


def render(l10n: L10n, found: WorldMap, moment: datetime, username: str) -> dict[str, Any]:
    w = found.world
    game_id = found.game.id

    def link(payload: str) -> str | None:
        return start_link(username, payload) if username else None

    halls = range(1, w.halls + 1)
    return {
        "game_id": game_id,
        "cycle": w.cycle,
        "halls": [
            {
                "number": hall,
                "characters": [c.number for c in w.characters if c.hall == hall],
                "floor": [items_text(l10n, item, count) for item, count in w.floor(hall).items],
            }
            for hall in halls
        ],
        "portals": [[a, b] for a in halls for b in halls if a < b and w.connected(a, b)],
        "characters": [
            {
                **_character(c),
                "link": link(EDIT_PAYLOAD.format(game_id=game_id, number=c.number)),
            }
            for c in w.characters
        ],
        "fights": [
            {
                "id": f.id,
                "hall": f.hall,
                "stage": f.stage,
                "fighters": list(f.fighters),
                "seconds_left": _left(f.due_at, moment),
                "link": link(FIGHT_VIEW_PAYLOAD.format(game_id=game_id, fight_id=f.id)),
            }
            for f in found.fights
        ],
        "next_cycle_in": _left(found.next_cycle_at, moment),
    }


def _character(c: PoolCharacter) -> dict[str, Any]:
    return {
        "number": c.number,
        "name": user_text(c.name),
        "hall": c.hall,
        "health": c.health,
        "max_health": c.max_health,
        "asleep": c.asleep,
        "fallen": c.fallen,
        "bleeding": 0 < c.health < c.max_health and is_bleeding(c.health),
        "at_zero": c.health == 0,
    }


def _left(due: datetime | None, moment: datetime) -> int | None:
    return None if due is None else max(0, round((due - moment).total_seconds()))
