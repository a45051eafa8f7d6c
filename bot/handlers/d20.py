"""Placeholder: replaced by the real handlers."""

from __future__ import annotations

from aiogram import Router

from bot.scheduler import Scheduler


def build_router() -> Router:
    return Router(name="d20")


def register_timers(scheduler: Scheduler) -> None:
    """Timer kinds of this module (none yet)."""
