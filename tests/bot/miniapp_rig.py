"""The Mini App's server under test: the real aiohttp app on loopback beside the real
dispatcher, and ``initData`` signed exactly as Telegram signs it."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.webapp.server import build_webapp
from bot.webapp.serving import deps_from
from rules.pool.model import BackpackContent, HallFloor, Item, start_kit
from rules.pool.world import with_floor
from tests.bot.conftest import TOKEN, Harness
from tests.bot.world_table import QUIET, Table, pool_table
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
    user: EmuUser,
    *,
    age: float = 5,
    token: str = TOKEN,
    language: str | None = None,
    start_param: str | None = None,
) -> str:
    """``start_param``: as Telegram adds it when a direct link (``?startapp=``) opened the app."""
    who = {"id": user.id, "first_name": user.first_name, "language_code": language or "ru"}
    fields = {
        "query_id": "AAH-test",
        "user": json.dumps(who, separators=(",", ":"), ensure_ascii=False),
        "auth_date": str(int(time.time() - age)),
    }
    if start_param is not None:
        fields["start_param"] = start_param
    return sign_init_data(token, fields)


def auth(user: EmuUser, **kwargs: Any) -> dict[str, str]:
    return {"Authorization": f"tma {init_data(user, **kwargs)}"}


@asynccontextmanager
async def miniapp_client(gm: Harness) -> AsyncIterator[TestClient[web.Request, web.Application]]:
    root = web.Application()
    root.add_subapp(PREFIX, build_webapp(deps_from(gm.dp, gm.bot, TOKEN)))
    async with TestClient(TestServer(root)) as client:
        yield client


async def twin_tables(gm: Harness) -> tuple[Table, Table]:
    """Two identical pool games of one character (12 pills in the backpack, a sword on the
    floor): one to move things through the chat's /inventory, one through the page."""
    chat_table = await pool_table(gm, ("Аня", QUIET))
    page_table = await pool_table(gm, ("Аня", QUIET))
    kit = replace(start_kit(), pack=BackpackContent(rations=2, pills=12, coins=3))
    for table in (chat_table, page_table):
        await table.edit(1, inventory=kit)
        await table.edit_world(lambda w: with_floor(w, 1, HallFloor().add(Item.SWORD)))
    return chat_table, page_table
