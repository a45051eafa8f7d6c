"""A game master's interventions: give an item, revive, place in a hall, pause and resume.

Each one takes a short reason and is written to the game's GM log (:mod:`bot.services.gm_log`)
in the same transaction as the change. They run under the game's lock like every action, and
they are the ones allowed while the game is paused (a pause is when a game master fixes things).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.timezone import now
from tortoise.transactions import in_transaction

from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services import cycles, gm_log, pause
from bot.services.battles import open_battle_in
from bot.services.characters import busy_numbers, character_by_number, living_character, rule_state
from bot.services.codec import dump
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.game_timers import pending_of
from bot.services.gm_log import REASON_MAX, Actor
from bot.services.gm_news import GaveItem, Given, PauseSet, Placed, Revived
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.world import load_world, save_world
from rules.errors import RuleError
from rules.pool.carrying import place_prize
from rules.pool.model import Item, PoolCharacter
from rules.pool.places import Place
from rules.pool.world import World, with_character, with_floor

GIVE_MAX = 1000
T = TypeVar("T")
N = TypeVar("N")


def clean_reason(reason: str) -> str:
    """The reason as logged; none, or a longer one than the log keeps, is refused."""
    text = " ".join(reason.split())
    if not text:
        raise ServiceError(Refusal.GM_NO_REASON)
    if len(text) > REASON_MAX:
        raise ServiceError(Refusal.GM_REASON_LONG, limit=REASON_MAX, length=len(text))
    return text


def _pool(game: Game) -> None:
    if game.system != GameSystem.POOL:
        raise ServiceError(Refusal.WRONG_SYSTEM)


async def _world_edit(
    game: Game,
    runtime: Runtime,
    compose: Compose[N],
    actor: Actor,
    reason: str,
    change: Callable[[World], tuple[World, T]],
    entry: Callable[[T], tuple[str, int, dict[str, Any]]],
    news: Callable[[Game, T], N],
) -> T:
    """Change the pool world and log ``entry(outcome)`` (action, target, details) with it;
    ``news(game, outcome)`` is what the group is owed, worded by ``compose``."""
    _pool(game)
    reason = clean_reason(reason)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        world, rows = await load_world(game)
        try:
            after, outcome = change(world)
        except RuleError as error:
            raise ServiceError.of(error) from None
        action, target, details = entry(outcome)
        async with in_transaction() as connection:
            await save_world(game, world, after, rows)
            await gm_log.record(
                game,
                actor,
                action,
                reason,
                target_number=target,
                details=details,
                connection=connection,
            )
        await announce(compose, news(game, outcome))
    return outcome


async def give_item(
    game: Game,
    number: int,
    item: Item,
    count: int,
    actor: Actor,
    reason: str,
    runtime: Runtime,
    compose: Compose[GaveItem],
) -> Given:
    """Give a living pool character ``count`` of ``item``, placed as a found prize is."""
    if not 1 <= count <= GIVE_MAX:
        raise ServiceError(Refusal.GM_COUNT, high=GIVE_MAX)
    _pool(game)
    row = await character_by_number(game, number)
    if row.status != CharacterStatus.ACTIVE:
        raise ServiceError(Refusal.GM_NOT_LIVING, number=number, name=row.name)

    def change(world: World) -> tuple[World, Given]:
        character = world.character(number)
        floor = world.floor(character.hall)
        places: Counter[Place] = Counter()
        for _ in range(count):
            character, floor, where = place_prize(character, item, floor)
            places[where] += 1
        after = with_floor(with_character(world, character), character.hall, floor)
        return after, Given(character, item, count, tuple(places.items()))

    def entry(given: Given) -> tuple[str, int, dict[str, Any]]:
        spread = {place.value: n for place, n in given.places}
        return "give", number, {"item": item.value, "count": count, "places": spread}

    return await _world_edit(game, runtime, compose, actor, reason, change, entry, GaveItem)


async def place(
    game: Game,
    number: int,
    hall: int,
    actor: Actor,
    reason: str,
    runtime: Runtime,
    compose: Compose[Placed],
) -> PoolCharacter:
    """Put pool character ``number`` into ``hall`` at once (no portal needed)."""

    def change(world: World) -> tuple[World, tuple[int, PoolCharacter]]:
        world.check_hall(hall)
        character = world.character(number)
        moved = replace(character, hall=hall, move_to=None, guarding=None)
        return with_character(world, moved), (character.hall, moved)

    def entry(outcome: tuple[int, PoolCharacter]) -> tuple[str, int, dict[str, Any]]:
        return "place", number, {"from": outcome[0], "to": hall}

    def news(game: Game, outcome: tuple[int, PoolCharacter]) -> Placed:
        return Placed(game, outcome[1])

    _, moved = await _world_edit(game, runtime, compose, actor, reason, change, entry, news)
    return moved


def _revived(game: Game, character: Character) -> tuple[Any, dict[str, Any]]:
    """The rule state brought back to life, and what changed, per system.

    pool: health 1 ("barely alive": bleeding, pills needed within two cycles, as the rules
    would have it), awake, standing, in the hall where they died; the cycle counts as begun
    at that 1, as for a new character, so a wound taken before the next tick gets the rest of
    the cycle. duel and d20: full HP, since
    neither system heals by itself (a d20 character at 1 HP would stay there for good).
    """
    state = rule_state(game, character)
    if game.system == GameSystem.POOL:
        alive = replace(
            state,
            alive=True,
            health=1,
            fallen=False,
            asleep=False,
            cycles_slept=0,
            guarding=None,
            move_to=None,
            health_at_cycle_start=1,
        )
        return alive, {"health": 1, "hall": alive.hall}
    alive = replace(state, hp=state.max_hp, dead=False)
    return alive, {"hp": alive.hp}


async def _check_not_fighting(game: Game, number: int, name: str) -> None:
    """A character still counted in an open pool fight or d20 battle is left alone: the
    fight would overwrite the revival with its own record of them."""
    if game.system == GameSystem.POOL:
        fighting = number in await busy_numbers(game)
    elif game.system == GameSystem.D20:
        battle = await open_battle_in(game)
        fighting = battle is not None and any(f.number == number for f in battle.state.fighters)
    else:
        fighting = False
    if fighting:
        raise ServiceError(Refusal.GM_REVIVE_FIGHTING, number=number, name=name)


async def revive(
    game: Game, number: int, actor: Actor, reason: str, runtime: Runtime, compose: Compose[Revived]
) -> Character:
    """A dead character lives again (see :func:`_revived` for how much life); the group is
    owed it."""
    reason = clean_reason(reason)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        row = await revive_held(game, number, actor, reason)
        await announce(compose, Revived(game, row))
    return row


async def revive_held(game: Game, number: int, actor: Actor, reason: str) -> Character:
    """:func:`revive` without its notice (call it holding the game's lock)."""
    reason = clean_reason(reason)
    row = await character_by_number(game, number)
    if row.status == CharacterStatus.ACTIVE:
        raise ServiceError(Refusal.GM_ALIVE, number=number, name=row.name)
    if row.status == CharacterStatus.KICKED:
        raise ServiceError(Refusal.GM_KICKED, number=number, name=row.name)
    other = await living_character(game, row.user_id)
    if other is not None:
        raise ServiceError(Refusal.GM_HAS_LIVING, number=number, name=row.name, other=other.name)
    await _check_not_fighting(game, number, row.name)
    state, details = _revived(game, row)
    changes: dict[str, Any] = {
        "status": CharacterStatus.ACTIVE,
        "active_key": f"{game.id}:{row.user_id}",
        "state": dump(state),
    }
    try:
        async with in_transaction() as connection:
            updated = await Character.filter(
                id=row.id, version=row.version, status=CharacterStatus.DEAD
            ).update(**changes, version=F("version") + 1)
            if not updated:
                raise StaleAction()
            await gm_log.record(
                game,
                actor,
                "revive",
                reason,
                target_number=number,
                details=details,
                connection=connection,
            )
    except IntegrityError:  # another character of the user came to life meanwhile
        other = await living_character(game, row.user_id)
        name = other.name if other is not None else row.name
        raise ServiceError(
            Refusal.GM_HAS_LIVING, number=number, name=row.name, other=name
        ) from None
    await row.refresh_from_db()
    return row


async def set_paused(
    game: Game,
    paused: bool,
    actor: Actor,
    reason: str,
    runtime: Runtime,
    compose: Compose[PauseSet],
) -> Game:
    """Pause (timers frozen, every action refused) or resume (timers keep the time they had
    left when the pause began)."""
    reason = clean_reason(reason)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        was = game.paused_at
        if paused and was is not None:
            raise ServiceError(Refusal.GM_ALREADY_PAUSED)
        if not paused and was is None:
            raise ServiceError(Refusal.GM_NOT_PAUSED)
        moment = now()
        async with in_transaction() as connection:
            updated = await Game.filter(id=game.id, version=game.version).update(
                paused_at=moment if paused else None, version=F("version") + 1
            )
            if not updated:
                raise StaleAction()
            pending = await pending_of(game)
            if was is None:
                details: dict[str, Any] = {"timers": await pause.freeze(pending)}
            else:
                thawed = await pause.thaw(pending, was, moment)
                details = {"timers": thawed, "seconds": int((moment - was).total_seconds())}
            await gm_log.record(
                game,
                actor,
                "pause" if paused else "resume",
                reason,
                details=details,
                connection=connection,
            )
        await game.refresh_from_db()
        if not paused and not any(t.kind == cycles.AUTO_TICK for t in pending):
            await cycles.arm_auto_tick(game)  # a tick refused during the pause is not lost
        await announce(compose, PauseSet(game, paused, reason))
    return game
