"""Routers, assembled in one deliberate order."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import errors, help, roll, start


def build_root_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        start.build_router(),
        help.build_router(),
        roll.build_router(),
        errors.build_router(),
    )
    return root
