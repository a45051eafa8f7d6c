"""Page "My character": the caller's own sheets, and pool things moved by tap.

A move calls exactly what the /inventory dialog calls (:mod:`bot.services.inventory`: ``move``
for carried things, ``pick_up`` from the floor), under the same lock and rules, and answers
with the same words; a refusal changes nothing and comes back as a JSON error.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from aiohttp import web

from bot.db.models import Game, GameSystem
from bot.handlers import world_inventory
from bot.i18n import L10n
from bot.services import inventory as service
from bot.services import outbox
from bot.services.errors import ServiceError
from bot.services.sheets import SheetEntry, own_characters
from bot.services.world_play import Actor, actor_in_game
from bot.views.world_items import items_text, parse_key, place_to
from bot.webapp import views
from bot.webapp.auth import Caller
from bot.webapp.server import (
    BadRequest,
    Deps,
    Refused,
    deps_of,
    game_id_field,
    read_json,
    whole,
)
from rules.errors import Code
from rules.pool.model import Item
from rules.pool.places import Place

# The page's own words (everything else it shows comes rendered with the data).
PAGE_TEXTS = (
    "miniapp-title",
    "miniapp-tab-character",
    "miniapp-tab-rolls",
    "miniapp-loading",
    "miniapp-no-characters",
    "miniapp-no-telegram",
    "miniapp-pick-stack",
    "miniapp-pick-place",
    "miniapp-pick-any",
    "miniapp-count",
    "miniapp-cancel",
    "miniapp-no-games",
    "miniapp-rolls-commitment",
    "miniapp-rolls-seed-hidden",
    "miniapp-rolls-seed",
    "miniapp-rolls-checking",
    "miniapp-rolls-all-ok",
    "miniapp-rolls-some-bad",
    "miniapp-rolls-seed-ok",
    "miniapp-rolls-seed-bad",
    "miniapp-rolls-none",
    "miniapp-rolls-no-webcrypto",
    "miniapp-rolls-seed-hash",
    "miniapp-rolls-own",
    "miniapp-rolls-own-hint",
    "miniapp-rolls-own-bad",
    "miniapp-tab-world",
    "miniapp-world-cycle",
    "miniapp-world-hall",
    "miniapp-world-floor",
    "miniapp-world-nobody",
    "miniapp-world-asleep",
    "miniapp-world-bleeding",
    "miniapp-world-at-zero",
    "miniapp-world-fights",
    "miniapp-world-no-fights",
    "miniapp-world-fight",
    "miniapp-world-left",
    "miniapp-world-next-cycle",
    "miniapp-world-none",
    "miniapp-tab-odds",
    "miniapp-world-edit",
    "miniapp-world-open-fight",
)


async def texts(request: web.Request) -> web.Response:
    """The page's words in ``?lang=`` (public: nothing private in them)."""
    l10n = deps_of(request).translator.for_locale(request.query.get("lang"))
    return web.json_response({"locale": l10n.locale, "texts": page_texts(l10n)})


def page_texts(l10n: L10n) -> dict[str, str]:
    return {key: l10n.text(key) for key in PAGE_TEXTS}


async def _entry_json(deps: Deps, l10n: L10n, entry: SheetEntry, user_id: int) -> dict[str, Any]:
    found = views.sheet(l10n, entry, await views.game_title(deps.bot, l10n, entry.game))
    if entry.game.system == GameSystem.POOL:
        try:
            things = await service.belongings(await actor_in_game(entry.game.id, user_id))
        except ServiceError:
            return found  # gone from the world meanwhile: the sheet only
        found["inventory"] = views.inventory(l10n, things)
    return found


async def characters_json(deps: Deps, l10n: L10n, user_id: int) -> list[dict[str, Any]]:
    return [
        await _entry_json(deps, l10n, entry, user_id) for entry in await own_characters(user_id)
    ]


async def me(request: web.Request, caller: Caller, l10n: L10n) -> dict[str, Any]:
    deps = deps_of(request)
    characters = await characters_json(deps, l10n, caller.id)
    return {"locale": l10n.locale, "characters": characters}


async def move(request: web.Request, caller: Caller, l10n: L10n) -> dict[str, Any]:
    """``{"game_id", "stack": "<place>.<item>", "to": "<place>"|"any", "count"}``."""
    data = await read_json(request)
    game_id = game_id_field(data)
    count = whole(data, "count", 1, 10_000)
    parsed = parse_key(str(data.get("stack", "")))
    to = data.get("to")
    if parsed is None or not isinstance(to, str):
        raise BadRequest("malformed")
    source, item = parsed
    try:
        dest = None if to == "any" and source == Place.FLOOR else Place(to)
    except ValueError:
        raise BadRequest("malformed") from None
    if not await Game.exists(id=game_id):
        raise BadRequest("no-such-game", 404)
    deps = deps_of(request)
    actor = await actor_in_game(game_id, caller.id)  # only ever the caller's own character
    deps.courier.bind(deps.bot)
    items = items_text(l10n, item, count)
    with outbox.collecting() as chats:
        try:
            if source == Place.FLOOR:
                taken = await _pick_up(deps, l10n, actor, item, count, dest)
                done = "inventory-done-requested" if taken is None else "inventory-done-picked"
                notice = l10n.text(done, items=items)
            else:
                assert dest is not None
                await service.move(actor, item, source, dest, count, deps.runtime)
                notice = l10n.text("inventory-done-moved", items=items, where=place_to(l10n, dest))
        finally:
            if chats:
                await deps.courier.deliver(chats)
    return {"notice": notice, "characters": await characters_json(deps, l10n, caller.id)}


async def _pick_up(
    deps: Deps, l10n: L10n, actor: Actor, item: Item, count: int, dest: Place | None
) -> service.PickedUpNow | None:
    try:
        told = partial(world_inventory.compose_picked, deps.bot, deps.translator)
        return await service.pick_up(actor, item, count, dest, deps.runtime, told)
    except ServiceError as error:
        if error.code is Code.NOT_THERE and error.details.get("have") == 0:
            # someone took it first: the dialog's words
            gone = l10n.text("inventory-pick-gone", items=items_text(l10n, item, count))
            raise Refused(gone) from None
        raise
