"""The Mini App's aiohttp application: the page, its static files and the JSON API.

API handlers are wrapped by :func:`api`: it authenticates the caller (:mod:`bot.webapp.auth`),
picks their language, and turns every refusal into a JSON error with an HTTP status, so bad
input always gets a clear answer and changes nothing.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiohttp import web
from aiohttp.http import HttpProcessingError

from bot.courier import Courier
from bot.i18n import L10n, Translator
from bot.services.errors import Refusal, ServiceError
from bot.services.numbers import ID_MAX, parse_int
from bot.services.runtime import Runtime
from bot.views.refusals import private_refusal_text
from bot.webapp.auth import MAX_AGE, AuthError, Caller, authenticate

logger = logging.getLogger(__name__)
STATIC_DIR = Path(__file__).resolve().parent / "static"
MAX_BODY = 4096  # bytes: a move is a few dozen
MAX_DEPTH = 4  # JSON nesting: a move is one flat object
# The page, its script and its styles come from here only; server texts shown as HTML can
# never load or run anything else.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'"
)
AUTH_TEXTS = {
    "missing": "miniapp-error-auth-missing",
    "forged": "miniapp-error-auth-forged",
    "expired": "miniapp-error-auth-expired",
}
BAD_TEXTS = {
    "malformed": "miniapp-error-malformed",
    "too-large": "miniapp-error-too-large",
    "not-in-game": "miniapp-error-not-in-game",
    "no-such-game": "miniapp-error-no-such-game",
}
FOREIGN = frozenset({Refusal.NOT_IN_WORLD, Refusal.NO_OWN_CHARACTER, Refusal.NOT_ADMIN})


@dataclass(frozen=True)
class Deps:
    """What the API needs from the bot: the same services the dispatcher's handlers get."""

    bot: Bot
    token: str
    translator: Translator
    runtime: Runtime
    courier: Courier
    max_age: int = MAX_AGE
    admin_ids: frozenset[int] = frozenset()  # ADMIN_IDS: admins of every game


DEPS = web.AppKey("deps", Deps)


class BadRequest(Exception):
    """Malformed input: ``reason`` names the locale's explanation (``miniapp-error-<reason>``)."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


class Refused(Exception):
    """A refusal already in words (``message``): nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def deps_of(request: web.Request) -> Deps:
    return request.app[DEPS]


def error(status: int, code: str, message: str) -> web.Response:
    return web.json_response({"error": code, "message": message}, status=status)


Handler = Callable[[web.Request, Caller, L10n], Awaitable[dict[str, Any]]]


def api(handler: Handler) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def wrapped(request: web.Request) -> web.Response:
        deps = deps_of(request)
        l10n = deps.translator.for_locale(None)
        try:
            caller = authenticate(
                request.headers.get("Authorization"), deps.token, max_age=deps.max_age
            )
            l10n = deps.translator.for_locale(caller.user.language_code)
            return web.json_response(await handler(request, caller, l10n))
        except AuthError as refused:
            text = l10n.text(AUTH_TEXTS[refused.reason])
            return error(401, f"auth_{refused.reason}", text)
        except BadRequest as bad:
            return error(bad.status, bad.reason, l10n.text(BAD_TEXTS[bad.reason]))
        except ServiceError as refusal:
            status = 403 if refusal.code in FOREIGN else 409
            return error(status, "refused", private_refusal_text(l10n, refusal))
        except Refused as refused:
            return error(409, "refused", refused.message)

    return wrapped


async def read_json(request: web.Request) -> dict[str, Any]:
    """The whole body as a JSON object, at most :data:`MAX_BODY` bytes and :data:`MAX_DEPTH`
    levels deep, else :class:`BadRequest`.

    The body is read to its end however it arrives (in pieces, chunked): ``request.read()``
    under a ``client_max_size`` of :data:`MAX_BODY`, so a longer one is refused as soon as it
    passes the limit. A body cut off before its end cannot be answered (the client is gone):
    it is dropped as malformed, quietly."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise BadRequest("too-large", 413)
    try:
        body = await request.clone(client_max_size=MAX_BODY).read()
    except web.HTTPRequestEntityTooLarge:
        raise BadRequest("too-large", 413) from None
    except (ConnectionError, HttpProcessingError):  # cut off, or a broken chunk
        raise BadRequest("malformed") from None
    try:
        text = body.decode("utf-8")
        if _depth(text) > MAX_DEPTH:
            raise BadRequest("malformed")
        data = json.loads(text)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError included
        raise BadRequest("malformed") from None
    if not isinstance(data, dict):
        raise BadRequest("malformed")
    return data


def _depth(text: str) -> int:
    """How deep JSON's brackets nest in ``text`` (those inside strings not counted), read
    before parsing so that no input can make the parser recurse deep."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


def whole(data: dict[str, Any], name: str, low: int = 0, high: int = 2**53) -> int:
    """A whole number field (not a boolean, not a string) within ``low..high``."""
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest("malformed")
    return value


def game_id_field(data: dict[str, Any]) -> int:
    """The body's ``game_id``: a JSON number read as the chat reads an id
    (:func:`bot.services.numbers.parse_int`, within a database id's range)."""
    value = data.get("game_id")
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest("malformed")
    return _id(str(value))


def game_id_query(request: web.Request) -> int:
    """``?game_id=``, read as the chat reads an id; anything else (missing, «+7», «٣»,
    beyond a database id) is malformed."""
    return _id(request.query.get("game_id"))


def _id(text: str | None) -> int:
    found = parse_int(text, low=1, high=ID_MAX)
    if found is None:
        raise BadRequest("malformed")
    return found


async def index(_: web.Request) -> web.FileResponse:
    return _static_file(STATIC_DIR / "index.html")


def _static_file(path: Path) -> web.FileResponse:
    return web.FileResponse(
        path, headers={"Cache-Control": "no-cache", "Content-Security-Policy": CSP}
    )


async def static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    path = STATIC_DIR / name
    if "/" in name or name.startswith(".") or not path.is_file():
        raise web.HTTPNotFound()
    return _static_file(path)


def build_webapp(deps: Deps) -> web.Application:
    """The Mini App, to mount under its path (:func:`bot.webapp.serving.mount`)."""
    from bot.webapp import character, odds, rolls, start, world  # they import this module's helpers

    app = web.Application()
    app[DEPS] = deps
    app.router.add_get("/", index)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/api/texts", character.texts)
    app.router.add_get("/api/start", api(start.start))
    app.router.add_get("/api/me", api(character.me))
    app.router.add_post("/api/move", api(character.move))
    app.router.add_get("/api/games", api(rolls.games))
    app.router.add_get("/api/rolls", api(rolls.rolls))
    app.router.add_get("/api/world", api(world.world))
    app.router.add_get("/api/odds", api(odds.odds))
    return app
