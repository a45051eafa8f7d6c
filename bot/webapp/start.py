"""Where the page opens: the game and the tab named by the start parameter of a group's direct
link (``g<game>-me``, ``g<game>-rolls`` or ``g<game>-odds``, :mod:`bot.webapp.links`).

The parameter is read from the signed initData only (never from the page's URL), and a game
the caller is not in is refused with a JSON error: the page then opens as usual, on the
caller's own games. Each page checks the caller again on every request anyway.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.db.models import Game
from bot.i18n import L10n
from bot.services.sheets import own_characters
from bot.webapp.auth import Caller
from bot.webapp.links import parse_start_param
from bot.webapp.rolls import sees_log
from bot.webapp.server import BadRequest


async def start(_: web.Request, caller: Caller, l10n: L10n) -> dict[str, Any]:
    """``{"game_id", "tab"}`` from the signed start parameter; nulls without one."""
    if caller.start_param is None:
        return {"game_id": None, "tab": None}
    parsed = parse_start_param(caller.start_param)
    if parsed is None:
        raise BadRequest("malformed")
    game_id, tab = parsed
    if not await _may_open(game_id, tab, caller.id):
        raise BadRequest("not-in-game", 403)
    return {"game_id": game_id, "tab": tab}


async def _may_open(game_id: int, tab: str, user_id: int) -> bool:
    if tab == "character":  # the caller's own character in that game
        return any(entry.game.id == game_id for entry in await own_characters(user_id))
    game = await Game.get_or_none(id=game_id)
    if tab == "odds":  # anyone: the page shows nothing but the caller's own numbers
        return game is not None
    return game is not None and await sees_log(game, user_id)
