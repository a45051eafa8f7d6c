"""Routers, assembled in one deliberate order."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import errors, games, help, join, roll, start


def build_root_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        join.build_router(),
        start.build_router(),
        games.build_router(),
        help.build_router(),
        roll.build_router(),
        errors.build_router(),
    )
    return root
