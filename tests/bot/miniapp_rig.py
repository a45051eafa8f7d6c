"""The Mini App's server under test: the real aiohttp app on loopback beside the real
dispatcher, and ``initData`` signed exactly as Telegram signs it."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlencode

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.webapp.server import build_webapp
from bot.webapp.serving import deps_from
from tests.bot.conftest import TOKEN, Harness
from tests.telegram_emulator import EmuUser

PREFIX = "/app"


def sign_init_data(token: str, fields: dict[str, str]) -> str:
    """Telegram's signature: HMAC-SHA256 under HMAC-SHA256("WebAppData", token) of the sorted
    ``key=value`` lines, appended as ``hash``."""
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    digest = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest})


def init_data(
    user: EmuUser, *, age: float = 5, token: str = TOKEN, language: str | None = None
) -> str:
    who = {"id": user.id, "first_name": user.first_name, "language_code": language or "ru"}
    return sign_init_data(
        token,
        {
            "query_id": "AAH-test",
            "user": json.dumps(who, separators=(",", ":"), ensure_ascii=False),
            "auth_date": str(int(time.time() - age)),
        },
    )


def auth(user: EmuUser, **kwargs: Any) -> dict[str, str]:
    return {"Authorization": f"tma {init_data(user, **kwargs)}"}


@asynccontextmanager
async def miniapp_client(gm: Harness) -> AsyncIterator[TestClient[web.Request, web.Application]]:
    root = web.Application()
    root.add_subapp(PREFIX, build_webapp(deps_from(gm.dp, gm.bot, TOKEN)))
    async with TestClient(TestServer(root)) as client:
        yield client
