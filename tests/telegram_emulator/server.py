"""The HTTP side: aiohttp routes speaking the Bot API wire format."""

from __future__ import annotations

import json
import logging
from typing import Any, Literal

from aiohttp import web

from .errors import ApiError
from .methods import HANDLERS, Reply
from .params import Params
from .state import EmulatorState

logger = logging.getLogger(__name__)

UNAUTHORIZED = {"ok": False, "error_code": 401, "description": "Unauthorized"}
NOT_FOUND = {"ok": False, "error_code": 404, "description": "Not Found"}


async def execute(
    state: EmulatorState,
    method: str,
    params: Params,
    *,
    source: Literal["http", "webhook_reply"] = "http",
) -> tuple[int, dict[str, Any]]:
    """Run one Bot API method, log it, and return ``(http status, response body)``."""
    handler = HANDLERS.get(method.lower())
    await state.holds.pass_through(method, params.for_log())
    injected = state.failures.take(method, params.for_log())
    try:
        if injected is not None:
            raise injected
        result: Any = True if handler is None else await handler(state, params)
        body: dict[str, Any] = {"ok": True}
        if isinstance(result, Reply):
            body["result"] = result.result
            if result.description:
                body["description"] = result.description
        else:
            body["result"] = result
        status = 200
    except ApiError as error:
        body, status = error.to_json(), error.error_code
    except Exception as error:  # an emulator bug: make it visible to the test
        logger.exception("emulator failed to handle %s", method)
        description = f"Internal Server Error: emulator bug: {type(error).__name__}: {error}"
        body, status = {"ok": False, "error_code": 500, "description": description}, 500
    state.record_call(method, params, status, body, emulated=handler is not None, source=source)
    return status, body


async def read_params(request: web.Request) -> Params:
    """Collect query-string, JSON, urlencoded or multipart parameters."""
    raw: dict[str, Any] = dict(request.query)
    files: dict[str, bytes] = {}
    if request.method == "POST" and request.can_read_body:
        if request.content_type == "application/json":
            try:
                body = await request.json()
            except ValueError:
                raise ApiError(400, "Bad Request: can't parse JSON request body") from None
            if not isinstance(body, dict):
                raise ApiError(400, "Bad Request: JSON request body must be an object")
            raw.update(body)
        else:
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, web.FileField):
                    files[key] = value.file.read()
                else:
                    raw[key] = value
            referenced = {
                v for v in raw.values() if isinstance(v, str) and v.startswith("attach://")
            }
            for key in files:
                if f"attach://{key}" not in referenced:
                    raw[key] = f"attach://{key}"  # uploaded directly as the parameter
    return Params(raw, files)


def _response(status: int, body: dict[str, Any]) -> web.Response:
    return web.Response(
        status=status,
        text=json.dumps(body, ensure_ascii=False),
        content_type="application/json",
    )


def create_app(state: EmulatorState) -> web.Application:
    async def handle_method(request: web.Request) -> web.Response:
        if request.match_info["token"] != state.token:
            return _response(401, UNAUTHORIZED)
        try:
            params = await read_params(request)
        except ApiError as error:
            return _response(error.error_code, error.to_json())
        status, body = await execute(state, request.match_info["method"], params)
        return _response(status, body)

    async def handle_not_found(request: web.Request) -> web.Response:
        return _response(404, NOT_FOUND)

    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.router.add_route("*", "/bot{token}/{method}", handle_method)
    app.router.add_route("*", "/{tail:.*}", handle_not_found)
    return app
