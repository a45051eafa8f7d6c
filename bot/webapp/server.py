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

from bot.courier import Courier
from bot.handlers.herald import Herald
from bot.i18n import L10n, Translator
from bot.services.errors import Refusal, ServiceError
from bot.services.runtime import Runtime
from bot.views.refusals import private_refusal_text
from bot.webapp.auth import MAX_AGE, AuthError, Caller, authenticate

logger = logging.getLogger(__name__)
STATIC_DIR = Path(__file__).resolve().parent / "static"
MAX_BODY = 4096  # bytes: a move is a few dozen
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
    herald: Herald
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
    """The body as a JSON object, at most :data:`MAX_BODY` bytes, else :class:`BadRequest`."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise BadRequest("too-large", 413)
    body = await request.content.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        raise BadRequest("too-large", 413)
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("malformed") from None
    if not isinstance(data, dict):
        raise BadRequest("malformed")
    return data


def whole(data: dict[str, Any], name: str, low: int = 0, high: int = 2**53) -> int:
    """A whole number field (not a boolean, not a string) within ``low..high``."""
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest("malformed")
    return value


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
