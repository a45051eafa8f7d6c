"""Routers, assembled in one deliberate order."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import (
    character_edit,
    d20,
    duels,
    errors,
    game_admin,
    games,
    gm,
    gm_roster,
    help,
    join,
    membership,
    pool_fight,
    roll,
    sheets,
    start,
    tools,
    world,
)
from bot.scheduler import Scheduler


def build_root_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        membership.build_router(),
        join.build_router(),
        character_edit.build_router(),
        start.build_router(),
        games.build_router(),
        game_admin.build_router(),
        gm.build_router(),
        gm_roster.build_router(),
        duels.build_router(),
        d20.build_router(),
        pool_fight.build_router(),
        world.build_router(),
        sheets.build_router(),
        tools.build_router(),
        help.build_router(),
        roll.build_router(),
        errors.build_router(),
    )
    return root


def register_timers(scheduler: Scheduler) -> None:
    """Every module's timer kinds, fired by the scheduler in whichever replica claims them."""
    for module in (duels, d20, pool_fight, world):
        module.register_timers(scheduler)
