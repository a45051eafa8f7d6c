"""Routers, assembled in one deliberate order."""

from __future__ import annotations

from aiogram import Router

from bot.handlers import (
    character_edit,
    d20,
    d20_npc,
    duels,
    encounters,
    errors,
    fight_view,
    game_admin,
    games,
    gm,
    gm_roster,
    help,
    join,
    membership,
    pool_fight,
    reminders,
    roll,
    sheet_gender,
    sheets,
    start,
    tools,
    world,
    world_giving,
)
from bot.scheduler import Scheduler


def build_root_router() -> Router:
    root = Router(name="root")
    root.include_routers(
        membership.build_router(),
        join.build_router(),
        character_edit.build_router(),
        fight_view.build_router(),
        start.build_router(),
        games.build_router(),
        game_admin.build_router(),
        gm.build_router(),
        gm_roster.build_router(),
        duels.build_router(),
        d20.build_router(),
        d20_npc.build_router(),
        pool_fight.build_router(),
        world.build_router(),
        sheets.build_router(),
        sheet_gender.build_router(),
        tools.build_router(),
        help.build_router(),
        roll.build_router(),
        errors.build_router(),
    )
    return root


def register_buttons(dp: Router) -> None:
    """The in-game buttons of the group (pool fights, duels, d20 battles), on the dispatcher
    itself: its own handlers come before every router it includes, so a press never reaches
    the dialogs' router. It never needs a dialog: it skips aiogram-dialog's stack lock, load and
    save (4 Redis round trips) and every other router's filters. Their callback prefixes are
    their own, so the order among them does not matter for what a press does, only for its
    cost: no router at all on a press's way (each is a propagation more), the pool fight's
    handlers first, the most pressed."""
    pool_fight.register_buttons(dp)
    d20.register_buttons(dp)  # the battle's menus, before the encounters' moves
    d20_npc.register_buttons(dp)  # the NPCs dialog's button, no move either
    encounters.register_buttons(dp)
    world_giving.register_buttons(dp)


def register_timers(scheduler: Scheduler) -> None:
    """Every module's timer kinds, fired by the scheduler in whichever replica claims them."""
    for module in (encounters, reminders, world):
        module.register_timers(scheduler)
