"""Routers, assembled in one deliberate order."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import errors, game_admin, games, help, join, roll, sheets, start, tools


def build_root_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        join.build_router(),
        start.build_router(),
        games.build_router(),
        game_admin.build_router(),
        sheets.build_router(),
        tools.build_router(),
        help.build_router(),
        roll.build_router(),
        errors.build_router(),
    )
    return root
