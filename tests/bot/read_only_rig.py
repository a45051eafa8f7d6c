"""The database refusing writes, as on a full disk or a read-only file, and what the tests look
at meanwhile: the booted bot's health and its updates in flight, and the health's warnings.

Writes are refused with SQLite's ``query_only`` on the bot's one connection: every write then
fails with «attempt to write a readonly database», as on a read-only file (and it stops root
too, where chmod does not)."""

from __future__ import annotations

import logging

import pytest
from tortoise import Tortoise

from bot.graceful import Dispatcher
from bot.health import InfraHealth
from tests.bot.conftest import Harness

REFUSED = "Временно недоступно: игра сейчас не может сохранить ход"  # error-read-only


async def allow_writes(allowed: bool) -> None:
    """The database's writes refused, or allowed again."""
    connection = Tortoise.get_connection("default")
    await connection.execute_script(f"PRAGMA query_only = {0 if allowed else 1}")


def bots(gm: Harness) -> Dispatcher:
    """The harness's dispatcher, the bot's own: it knows its health and its updates in flight."""
    assert isinstance(gm.dp, Dispatcher)
    return gm.dp


def health(gm: Harness) -> InfraHealth:
    return bots(gm).health


def health_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The warnings :mod:`bot.health` logged: one as a state begins, one as it ends."""
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "bot.health" and r.levelno >= logging.WARNING
    ]
