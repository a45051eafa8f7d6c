"""The pool world: cycles (/tick, /halls, the automatic tick), sleep, halls and portals,
the inventory and donations dialogs. One router including each part's own."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import (
    world_donations,
    world_hall,
    world_inventory,
    world_sleep,
    world_theft,
    world_tick,
)
from bot.scheduler import Scheduler


def build_router() -> Router:
    router = Router(name="world")
    router.include_routers(
        world_tick.build_router(),
        world_sleep.build_router(),
        world_theft.build_router(),
        world_hall.build_router(),
        world_inventory.build_router(),
        world_donations.build_router(),
    )
    return router


def register_timers(scheduler: Scheduler) -> None:
    """The automatic cycle tick."""
    world_tick.register_timers(scheduler)
