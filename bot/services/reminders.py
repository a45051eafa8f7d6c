"""Reminders at half time: who a wait still waits for, and how long they have left.

A reminder is a timer scheduled with its deadline (:func:`bot.services.timers.reminded`). When
it fires, the game's lock is taken (a paused game holds it, an ended one drops it), and the
wait is read as it stands now: its deadline must still be pending and still be the one the
wait counts on, and only the players who have not answered yet are named. Nobody left: no
reminder. The reminder is owed in that lock's transaction (:mod:`bot.services.outbox`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import cast

from tortoise.timezone import now

from bot.db.models import Encounter, Game, Timer
from bot.services import battles, duels, encounter_store, fights
from bot.services.fights import KIND, view_of
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.timers import deadline_of
from rules.d20.encounter import D20, NARRATE
from rules.d20.encounter import KIND as D20_KIND
from rules.duel.encounter import ANSWER, DUEL
from rules.duel.encounter import KIND as DUEL_KIND
from rules.pool.encounter import CHOOSE, POOL


class Wait(StrEnum):
    """What the players are awaited for (the reminder's wording)."""

    ROUND = "round"  # a pool round's action
    CHOICE = "choice"  # a pool fight's private opponent choice
    TURN = "turn"  # a d20 turn
    NARRATION = "narration"  # a d20 description
    CHALLENGE = "challenge"  # a duel challenge's answer
    DUEL = "duel"  # a duel's go on / stop


@dataclass(frozen=True, slots=True)
class Awaited:
    user_id: int
    name: str  # their character's


@dataclass(frozen=True, slots=True)
class Waiting:
    """A wait as its reminder finds it: who is awaited, where its prompt is."""

    wait: Wait
    awaited: tuple[Awaited, ...]
    chat_id: int
    thread_id: int | None
    message_id: int | None


@dataclass(frozen=True, slots=True)
class Reminder:
    waiting: Waiting
    left: float  # seconds until the deadline
    locale: str


Finder = Callable[[Game, int, Timer], Awaitable[Waiting | None]]


def _unique(found: list[Awaited]) -> tuple[Awaited, ...]:
    """One mention per player, in order."""
    by_user: dict[int, Awaited] = {}
    for awaited in found:
        by_user.setdefault(awaited.user_id, awaited)
    return tuple(by_user.values())


async def _pool(game: Game, ref: int, deadline: Timer) -> Waiting | None:
    record = await Encounter.get_or_none(id=ref, game_id=game.id, kind=KIND)
    if record is None:
        return None
    view = await view_of(game, record)
    waits = POOL.awaiting(view.fight)
    choosing = deadline.kind == fights.CHOICE_TIMER
    if not waits or (waits[0].what == CHOOSE) != choosing:
        return None
    awaited = _unique(
        [Awaited(view.owners[w.seat.number], view.names[w.seat.number]) for w in waits]
    )
    message_id = await encounter_store.shown_message(KIND, record.id)
    kind = Wait.CHOICE if choosing else Wait.ROUND
    return Waiting(kind, awaited, record.chat_id, record.thread_id, message_id)


async def _d20(game: Game, ref: int, deadline: Timer) -> Waiting | None:
    record = await Encounter.get_or_none(id=ref, game_id=game.id, kind=D20_KIND)
    if record is None:
        return None
    table = battles.snapshot(record).state
    waits = D20.awaiting(table)
    narrating = deadline.kind == battles.NARRATION_TIMER
    if not waits or (waits[0].what == NARRATE) != narrating:
        return None
    fighter = next(f for f in table.fighters if f.seat == waits[0].seat)
    if fighter.user_id is None:  # an NPC's turn: no player to remind (the game master acts)
        return None
    awaited = Awaited(fighter.user_id, fighter.name)
    wait = Wait.NARRATION if narrating else Wait.TURN
    shown = await encounter_store.shown_message(D20_KIND, record.id)
    return Waiting(wait, (awaited,), record.chat_id, record.thread_id, shown)


async def _duel(game: Game, ref: int, deadline: Timer) -> Waiting | None:
    record = await Encounter.get_or_none(id=ref, game_id=game.id, kind=DUEL_KIND)
    if record is None:
        return None
    snap = await duels.snapshot(record)
    waits = DUEL.awaiting(snap.table)
    answering = deadline.kind == duels.EXPIRE
    if not waits or (waits[0].what == ANSWER) != answering:
        return None
    awaited = []
    for wait in waits:
        side = snap.table.side_of(wait.seat)
        assert side is not None
        user = snap.user(side)
        if user is not None:  # an NPC chooses at once: no one to remind
            awaited.append(Awaited(user, snap.duel.fighter(side).name))
    message_id = await encounter_store.shown_message(DUEL_KIND, record.id)
    kind = Wait.CHALLENGE if answering else Wait.DUEL
    return Waiting(kind, _unique(awaited), record.chat_id, record.thread_id, message_id)


FINDERS: dict[str, Finder] = {
    fights.ROUND_TIMER: _pool,
    fights.CHOICE_TIMER: _pool,
    battles.TURN_TIMER: _d20,
    battles.NARRATION_TIMER: _d20,
    duels.EXPIRE: _duel,
    duels.CHOICE_TIMEOUT: _duel,
}


async def due(reminder: Timer, runtime: Runtime, compose: Compose[Reminder]) -> Reminder | None:
    """The reminder owed now, if its wait still waits for someone; read and owed in the game's
    lock (:class:`~bot.services.errors.GamePaused` while the game is paused)."""
    kind = deadline_of(reminder.kind)
    finder = FINDERS[kind]
    game_ids = await Encounter.filter(id=reminder.ref).values_list("game_id", flat=True)
    if not game_ids:
        return None
    async with runtime.locks.game(cast(int, game_ids[0])) as game:
        deadline = await Timer.filter(kind=kind, ref=reminder.ref, fired_at__isnull=True).first()
        if deadline is None:
            return None
        left = (deadline.due_at - now()).total_seconds()
        waiting = await finder(game, reminder.ref, deadline)
        if waiting is None or not waiting.awaited or left <= 0:
            return None
        return await announce(compose, Reminder(waiting, left, game.locale))
