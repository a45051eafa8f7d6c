"""Routers, assembled in one deliberate order."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import errors, help, roll, start


def build_root_router() -> Router:
    root = Router(name="root")
    root.include_routers(start.router, help.router, roll.router, errors.router)
    return root
