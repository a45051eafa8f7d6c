"""The pool fight's pure rules (:mod:`rules.pool.encounter`) shadow today's shell: every step
the pool fight scenarios make through the real bot is made again by ``POOL``, from the fight
and the characters as the shell had them, with the dice the shell rolled (from the roll log),
and must leave the same fight (stage, state, actions, choices), the same characters and the
same kind of clock, every die used; a refusal of the shell must be one of the rules'. The
shell is not switched over: this proves the switch changes nothing the players see."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

import pytest

from bot.db.models import Character, CharacterStatus, Encounter, Game, RollLog, Timer
from bot.services import fight_choice, fight_rounds, fights
from bot.services.codec import load
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.fight_flow import CHOICE_TIMER, JOIN_TIMER, ROUND_TIMER
from bot.services.fight_store import Outcome
from rules.dice import ScriptedDice
from rules.encounter import Refused, Seat, Step, Why
from rules.errors import Code, RuleError
from rules.pool.encounter import POOL, Move, PoolEvent, PoolMove, PoolStage, PoolTable, open_fight
from rules.pool.model import PoolCharacter
from tests.bot import (
    test_pool_falls_end,
    test_pool_fights,
    test_pool_fights_choice,
    test_pool_fights_rounds,
    test_pool_fights_start,
    test_pool_round_screen,
)
from tests.bot.conftest import Harness

CLOCKS = {JOIN_TIMER: "join", CHOICE_TIMER: "choose", ROUND_TIMER: "round"}
FIGHT_FIELDS = ("challenger", "joined", "sleeper", "state", "initiative", "actions", "awaiting")
# The shell's refusal of a move, as the rules refuse it (None: the shell's own check).
REFUSALS: dict[object, tuple[Why | Code | None, ...]] = {
    None: (Why.STALE,),  # StaleAction
    Refusal.FIGHT_NOT_IN: (Why.NOT_YOURS,),
    Refusal.NOT_YOUR_BUTTON: (Why.NOT_YOURS,),
    Refusal.FIGHT_ALREADY_ACTED: (Why.STALE,),
    Refusal.FIGHT_ACTION: (Code.INVALID_ACTION,),
    Refusal.FIGHT_NOT_YOUR_TURN: (Code.NOT_YOUR_CHOICE,),
    Refusal.FIGHT_TARGET: (
        Code.INVALID_OPPONENT,
        Code.NOT_BOUND,
        Code.RETARGET_NOT_ALLOWED,
        Code.CHOOSING_NOT_OVER,
    ),
    Refusal.FIGHT_CANNOT_JOIN: (Why.STALE, Code.FIGHTER_UNAVAILABLE, None),  # None: busy
    Refusal.NO_OWN_CHARACTER: (Why.NOT_YOURS,),  # no living character: no seat
}


@dataclass
class Shadow:
    steps: int = 0
    wrong: list[str] = field(default_factory=list)


async def game_of(fight_id: int) -> int:
    game = await Game.filter(encounters__id=fight_id).first()  # ended games too
    assert game is not None
    return game.id


async def table_of(fight_id: int) -> PoolTable:
    """The fight as the shell stores it, with the row's columns and the game's characters."""
    record = await Encounter.get(id=fight_id)
    fight = load(PoolTable, record.state)
    rows = await Character.filter(game_id=await game_of(fight_id))
    owners = {row.number: row.user_id for row in rows}
    return replace(
        fight,
        stage=PoolStage(record.stage),
        hall=record.hall or 0,
        seated=tuple(Seat(n, owners[n]) for n in fight.joined),
        characters=tuple(load(PoolCharacter, row.state) for row in rows),
        gone=frozenset(row.number for row in rows if row.status != CharacterStatus.ACTIVE),
    )


async def rolls_after(game_id: int, last: int) -> dict[int, list[int]]:
    rolls = await RollLog.filter(game_id=game_id, id__gt=last).order_by("index")
    script: dict[int, list[int]] = {}
    for roll in rolls:
        script.setdefault(roll.sides, []).append(roll.value)
    return script


async def last_roll(game_id: int) -> int:
    newest = await RollLog.filter(game_id=game_id).order_by("-id").first()
    return 0 if newest is None else newest.id


async def clock_of(fight_id: int) -> str | None:
    pending = (
        await Timer.filter(ref=fight_id, kind__in=tuple(CLOCKS), fired_at__isnull=True)
        .order_by("-id")
        .first()
    )
    return None if pending is None else CLOCKS[pending.kind]


def seat_of(table: PoolTable, user_id: int) -> Seat:
    """The shell's ``fighter_of``: the user's character in the fight (a living one first)."""
    mine = [s for s in (table.seat(n) for n in table.joined) if s.user == user_id]
    living = [s for s in mine if s.number not in table.gone]
    return (living or mine or [Seat(0, user_id)])[0]


def compare(shadow: Shadow, what: str, step: Step[PoolTable, PoolEvent], after: PoolTable) -> None:
    mine = step.state
    for name in (*FIGHT_FIELDS, "stopped", "stage"):
        if getattr(mine, name) != getattr(after, name):
            shadow.wrong.append(
                f"{what}: {name} {getattr(mine, name)!r} != {getattr(after, name)!r}"
            )
    theirs = after.roster
    for character in mine.characters:
        if theirs[character.number] != character:  # the dead too: stripped, written once
            shadow.wrong.append(f"{what}: character {character.number} differs")


def refusal_matches(error: Exception, refused: Exception | None) -> bool:
    code = None if isinstance(error, StaleAction) else getattr(error, "code", None)
    allowed = REFUSALS.get(code, ())
    if refused is None:
        return None in allowed
    if isinstance(refused, Refused):
        return refused.why in allowed
    return isinstance(refused, RuleError) and refused.code in allowed


Resolve = Callable[..., Awaitable[tuple[int, Seat | None, PoolMove] | None]]


def shadowed(
    monkeypatch: pytest.MonkeyPatch, shadow: Shadow, module: ModuleType, name: str, resolve: Resolve
) -> None:
    real = getattr(module, name)

    async def run(*args: Any, **kwargs: Any) -> Any:
        bound = inspect.signature(real).bind(*args, **kwargs)
        found = await resolve(**bound.arguments)
        if found is None:
            return await real(*args, **kwargs)
        fight_id, seat, move = found
        before = await table_of(fight_id)
        game_id = await game_of(fight_id)
        last = await last_roll(game_id)
        try:
            result = await real(*args, **kwargs)
        except (ServiceError, StaleAction) as error:
            try:
                POOL.apply(before, seat, move, ScriptedDice())
                refused: Exception | None = None
            except (Refused, RuleError) as ruled:
                refused = ruled
            if not refusal_matches(error, refused):
                shadow.wrong.append(
                    f"{name} {move}: the shell refused {error!r}, the rules {refused!r}"
                )
            shadow.steps += 1
            raise
        if result is None:  # a late timer: the rules' engine never fires it
            return result
        script = await rolls_after(game_id, last)
        dice = ScriptedDice(script)
        what = f"{name} {seat} {move}"
        try:
            step = POOL.apply(before, seat, move, dice)
        except (Refused, RuleError) as error:
            shadow.wrong.append(f"{what}: the shell moved, the rules refused {error!r}")
            return result
        compare(shadow, what, step, await table_of(fight_id))
        if any(dice.remaining(sides) for sides in script):
            shadow.wrong.append(f"{what}: dice left over")
        deadline = step.deadline.what if step.deadline else None
        if deadline != await clock_of(fight_id):
            shadow.wrong.append(f"{what}: clock {deadline} != {await clock_of(fight_id)}")
        shadow.steps += 1
        return result

    monkeypatch.setattr(module, name, run)


def install(monkeypatch: pytest.MonkeyPatch, shadow: Shadow) -> None:
    real_challenge = fights.challenge

    async def challenge(
        game: Any, user_id: int, target_number: int, *args: Any, **kwargs: Any
    ) -> Any:
        result = await real_challenge(game, user_id, target_number, *args, **kwargs)
        if isinstance(result, Outcome):
            after = await table_of(result.view.id)
            me = after.seat(after.challenger)
            them = after.seat(after.joined[1])
            step = open_fight(me, them, after.hall, after.characters, sleeper=after.sleeper)
            step = replace(step, state=replace(step.state, gone=after.gone))
            compare(shadow, "challenge", step, after)
            if (step.deadline.what if step.deadline else None) != await clock_of(result.view.id):
                shadow.wrong.append("challenge: clock")
            shadow.steps += 1
        return result

    monkeypatch.setattr(fights, "challenge", challenge)

    async def join(game: Any, fight_id: int, user_id: int, runtime: Any) -> Any:
        row = await Character.get_or_none(game_id=game.id, user_id=user_id, status="active")
        seat = Seat(0, user_id) if row is None else Seat(row.number, user_id)
        return fight_id, seat, PoolMove(Move.JOIN)

    async def begin(
        game: Any,
        fight_id: int,
        runtime: Any,
        user_id: int | None = None,
        admin: bool = False,
        timer_id: int | None = None,
    ) -> Any:
        table = await table_of(fight_id)
        if user_id is None:
            return fight_id, None, POOL.clock
        seat = seat_of(table, user_id)
        if admin and seat.number != table.challenger:
            return fight_id, None, POOL.clock
        return fight_id, seat, PoolMove(Move.START)

    async def stop(game: Any, fight_id: int, runtime: Any) -> Any:
        return fight_id, None, PoolMove(Move.STOP)

    async def clock(game: Any, fight_id: int, runtime: Any, timer_id: int | None = None) -> Any:
        return fight_id, None, POOL.clock

    async def choose(
        game: Any, fight_id: int, user_id: int, target: int, setup: bool, turn: int, runtime: Any
    ) -> Any:
        seat = seat_of(await table_of(fight_id), user_id)
        return fight_id, seat, PoolMove(Move.CHOOSE if setup else Move.PICK, turn, target)

    async def act(
        chat_id: int,
        fight_id: int,
        user_id: int,
        round_number: int,
        move: Any,
        count: int,
        runtime: Any,
    ) -> Any:
        seat = seat_of(await table_of(fight_id), user_id)
        return fight_id, seat, PoolMove(Move(move.value), round_number, count=count)

    for module, name, resolve in (
        (fights, "join", join),
        (fights, "begin", begin),
        (fights, "stop", stop),
        (fight_choice, "choose_target", choose),
        (fight_choice, "choice_timed_out", clock),
        (fight_rounds, "resolve_now", clock),
        (fight_rounds, "act", act),
    ):
        shadowed(monkeypatch, shadow, module, name, resolve)


SCENARIOS = {
    f"{module.__name__.rsplit('.', 1)[-1]}.{name}": test
    for module in (
        test_pool_fights,
        test_pool_fights_choice,
        test_pool_fights_rounds,
        test_pool_fights_start,
        test_pool_falls_end,
        test_pool_round_screen,
    )
    for name, test in vars(module).items()
    if name.startswith("test_") and list(inspect.signature(test).parameters) == ["gm"]
}


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
async def test_the_rules_make_every_step_of_the_shell(
    scenario: str, gm: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    shadow = Shadow()
    install(monkeypatch, shadow)
    await SCENARIOS[scenario](gm)
    assert shadow.wrong == []
    assert shadow.steps or not await Encounter.exists()  # a fight: its steps were shadowed
