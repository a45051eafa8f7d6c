"""Page "Roll log and verification": a game's every die with its purpose, the commitment, and
after the end the revealed seed, so the page recomputes every roll in the browser
(rulebook: Common / Checking the dice in your browser).

Only a player of the game (any character of theirs, alive or not) or its creator sees it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from tortoise.expressions import Q

from bot.db.models import Character, Game, GameStatus, GameSystem, RollLog
from bot.i18n import Html, L10n, user_text
from bot.services.errors import Refusal, ServiceError
from bot.services.games import character_names
from bot.services.permissions import is_game_admin
from bot.views.roll_log import actor_text, owner_text, purpose_text
from bot.webapp import views
from bot.webapp.auth import Caller
from bot.webapp.server import BadRequest, Deps, deps_of, game_id_query

GAMES_SHOWN = 20


async def _visible_games(user_id: int) -> list[Game]:
    played = await Character.filter(user_id=user_id).values_list("game_id", flat=True)
    mine = Q(created_by=user_id) | Q(id__in=list(played)) if played else Q(created_by=user_id)
    return await Game.filter(mine).order_by("-id").limit(GAMES_SHOWN)


def _safe(text: str) -> str:
    """Locale words are safe HTML already; a name as stored is escaped here."""
    return text if isinstance(text, Html) else user_text(text)


async def games(request: web.Request, caller: Caller, l10n: L10n) -> dict[str, Any]:
    """The caller's games, newest first, for the roll log's choice."""
    deps = deps_of(request)

    async def entry(game: Game) -> dict[str, Any]:
        return {
            "game_id": game.id,
            "title": await views.game_title(deps.bot, l10n, game),
            "ended": game.status == GameStatus.ENDED,
            "world": await _runs(deps, game, caller.id),
        }

    # Each game asks Telegram for its group's title (and its admins): all at once, not in turn.
    found = await _visible_games(caller.id)
    return {"games": list(await asyncio.gather(*(entry(game) for game in found)))}


async def _runs(deps: Deps, game: Game, user_id: int) -> bool:
    """Whether the caller may open the game's world page (a running pool game they admin)."""
    if game.system != GameSystem.POOL or game.status == GameStatus.ENDED:
        return False
    return await is_game_admin(deps.bot, game.chat_id, user_id, deps.admin_ids)


async def sees_log(game: Game, user_id: int) -> bool:
    """A player of the game (any character of theirs, alive or not) or its creator."""
    return game.created_by == user_id or await Character.exists(game_id=game.id, user_id=user_id)


async def rolls(request: web.Request, caller: Caller, l10n: L10n) -> dict[str, Any]:
    """``?game_id=``: the log (index, sides, value, purpose, who), the commitment, and the
    seed once the game has ended."""
    game = await Game.get_or_none(id=game_id_query(request))
    if game is None:
        raise BadRequest("no-such-game", 404)
    if not await sees_log(game, caller.id):
        raise ServiceError(Refusal.NOT_IN_WORLD)
    ended = game.status == GameStatus.ENDED
    rows = await RollLog.filter(game_id=game.id).order_by("index")
    names = await character_names(game)
    return {
        "game_id": game.id,
        "ended": ended,
        "commitment": game.commitment,
        "seed": game.seed_hex if ended else None,
        "rolls": [
            {
                "index": r.index,
                "sides": r.sides,
                "value": r.value,
                "purpose": _safe(purpose_text(l10n, r.purpose)),
                "actor": _safe(actor_text(l10n, r.actor)),
                "owner": owner_text(l10n, r.owner or "", names),
            }
            for r in rows
        ],
    }
