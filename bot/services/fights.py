"""Pool group fights (rulebook: pool): the challenge, the join window, initiative, the GM's stop.

The choosing of opponents is in :mod:`bot.services.fight_choice`, rounds in
:mod:`bot.services.fight_rounds`. Every step runs inside the game's lock and saves with a
conditional update before anything is sent.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.db.models import Encounter, Game, GameSystem
from bot.services import timers
from bot.services.characters import living_character
from bot.services.codec import dump, load
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.fight_checks import Prospect, checked, prospect_of
from bot.services.fight_flow import (
    JOIN_TIMER,
    cancel_timers,
    fighters,
    open_choosing,
    stand_up_fallen,
)
from bot.services.fight_store import (
    FIGHTING,
    FINISHED,
    JOINING,
    KIND,
    Outcome,
    PoolFight,
    busy_numbers,
    load_open,
    save,
    view_of,
)
from bot.services.games import game_dice, settings_of
from bot.services.runtime import Runtime
from bot.services.topics import topic_of_hall
from bot.services.world import load_world, save_world
from rules.pool.fight_setup import MIN_FIGHTERS, can_fight, start_fight
from rules.pool.model import PoolCharacter
from rules.pool.world_events import Spilled


@dataclass(frozen=True, slots=True)
class SleeperKilled:
    """The target slept unguarded: killed without rolls; ``spilled``: what they left on the
    floor (``body``: the sleeper as they were)."""

    attacker: str
    sleeper: str
    thread_id: int | None  # the hall's topic, else the command's
    chat_id: int
    locale: str  # the game's
    body: PoolCharacter | None = None
    spilled: Spilled | None = None


def pool_game(game: Game) -> None:
    if game.system != GameSystem.POOL:
        raise ServiceError(Refusal.WRONG_SYSTEM)


async def challenge(
    game: Game,
    user_id: int,
    target_number: int,
    chat_id: int,
    thread_id: int | None,
    runtime: Runtime,
    *,
    kill_confirmed: bool = True,
) -> Outcome | SleeperKilled | Prospect:
    """Open a fight against a character in the same hall (a guarded sleeper: their guard).

    An unguarded sleeper is killed without a fight, but only when ``kill_confirmed`` (the
    player was told it kills): otherwise nothing changes and the :class:`Prospect` comes back,
    for the question. Its messages go to the hall's forum topic when /halls bound one, else to
    ``thread_id``.
    """
    pool_game(game)
    async with runtime.locks.game(game.id) as game:
        sizing = await checked(game, user_id, target_number)
        me, them, rows = sizing.me, sizing.them, sizing.rows
        if sizing.killed is not None:
            if not kill_confirmed:
                return prospect_of(sizing, target_number)
            await save_world(game, sizing.world, sizing.killed, rows)
            thread = topic_of_hall(game, me.hall) or thread_id
            killed = SleeperKilled(
                me.name, them.name, thread, chat_id, game.locale, them, sizing.spilled
            )
            return await runtime.announce(killed)
        sleeper = sizing.sleeper
        fight = PoolFight(challenger=me.number, joined=(me.number, them.number), sleeper=sleeper)
        record = await Encounter.create(
            game_id=game.id,
            kind=KIND,
            stage=JOINING,
            state=dump(fight),
            chat_id=chat_id,
            thread_id=topic_of_hall(game, me.hall) or thread_id,
            hall=me.hall,
        )
        timer = await timers.schedule(JOIN_TIMER, record.id, settings_of(game).join_window)
        view = await save(await view_of(game, record), replace(fight, timer_id=timer.id))
        return await runtime.announce(Outcome(view, anew=True))


async def join(game: Game, fight_id: int, user_id: int, runtime: Runtime) -> Outcome:
    """Another character of the hall joins during the join window."""
    async with runtime.locks.game(game.id) as game:
        view = await load_open(game, fight_id, JOINING)
        mine = await living_character(game, user_id)
        if mine is None:
            raise ServiceError(Refusal.NO_OWN_CHARACTER)
        if mine.number in view.fight.joined:
            raise ServiceError(Refusal.FIGHT_CANNOT_JOIN, reason="already")
        me = load(PoolCharacter, mine.state)
        for reason, refused in (
            ("hall", me.hall != view.record.hall),
            ("asleep", me.asleep),
            ("health", me.health <= 0),
            ("busy", mine.number in await busy_numbers(game)),
        ):
            if refused:
                raise ServiceError(Refusal.FIGHT_CANNOT_JOIN, reason=reason)
        fight = replace(view.fight, joined=(*view.fight.joined, mine.number))
        saved = await save(view, fight)
        return await runtime.announce(Outcome(await view_of(game, saved.record)))


async def begin(
    game: Game,
    fight_id: int,
    runtime: Runtime,
    *,
    user_id: int | None = None,
    admin: bool = False,
    timer_id: int | None = None,
) -> Outcome | None:
    """End the join window: initiative for everyone still able here, then the choosing.

    By the challenger's owner or an admin (``user_id``), or by the join timer (``timer_id``:
    ``None`` back when that timer no longer counts). Fewer than two able: the fight is off.
    """
    async with runtime.locks.game(game.id) as game:
        try:
            view = await load_open(game, fight_id, JOINING)
        except StaleAction:
            if timer_id is not None:
                return None
            raise
        if timer_id is not None and view.fight.timer_id != timer_id:
            return None
        if user_id is not None and not admin and view.owners[view.fight.challenger] != user_id:
            raise ServiceError(Refusal.NOT_YOUR_BUTTON)
        await timers.cancel(JOIN_TIMER, fight_id)
        world, _ = await load_world(game)
        here = {c.number: c for c in world.characters if c.hall == view.record.hall}
        ready = [n for n in view.fight.joined if n in here and can_fight(here[n])]
        if len(ready) < MIN_FIGHTERS:
            off = await save(view, replace(view.fight, timer_id=None), FINISHED)
            return await runtime.announce(Outcome(off))
        actor = f"fight {fight_id}"
        async with game_dice(game, "pool_initiative", actor, runtime.dice_factory) as dice:
            state, initiative = start_fight(world.characters, ready, dice)
            fight = replace(view.fight, state=state, initiative=initiative)
            started = replace(view, fight=fight)
            characters, _ = fighters(started)
            fight, stage, prompts = await open_choosing(started, fight, characters)
            view = await save(view, fight, stage)
        return await runtime.announce(Outcome(view, prompts, opened=stage == FIGHTING))


async def stop(game: Game, fight_id: int, runtime: Runtime) -> Outcome:
    """The GM ends the fight where it stands."""
    async with runtime.locks.game(game.id) as game:
        view = await load_open(game, fight_id)
        await cancel_timers(fight_id)
        view = await stand_up_fallen(view)
        fight = replace(view.fight, actions=(), awaiting=(), timer_id=None, stopped=True)
        return await runtime.announce(Outcome(await save(view, fight, FINISHED)))
