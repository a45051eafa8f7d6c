"""Placeholder: replaced by the real handlers."""

from __future__ import annotations

from aiogram import Router


def build_router() -> Router:
    return Router(name="tools")
