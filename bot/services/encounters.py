"""The one way an encounter moves, whatever its kind (:mod:`rules.encounter`):

lock the game → load the encounter → find the presser's seat → apply the move (the rules,
with the game's dice) → save the state with its rolls and what it did to the characters →
set the clock that counts now → owe the news, worded by the caller's composer (the handler's,
handed down: :func:`bot.services.outbox.announce`), in the same transaction. A kind brings its
rules and a :class:`Kind`: how its characters are written back, which timers its clocks are,
and what its news is.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.db.models import Encounter, Game, GameStatus, Timer
from bot.services import encounter_store, timers
from bot.services.codec import load
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import rolls_kept, settings_of
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.settings import GameSettings
from rules.encounter import Deadline, Refused, Rules, Seat, Step, Why
from rules.errors import RuleError

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")


@dataclass(frozen=True)
class Clock:
    """The timer a deadline is, and its time in the game's settings."""

    timer: str
    seconds: Callable[[GameSettings], float]


@dataclass(frozen=True)
class Kind(Generic[S, A, E]):
    """The shell's side of a kind of encounter. ``rolls``: its rolls' purpose and actor in the
    log, for the encounter's id and its state before the move; ``clocks``: by the deadline's
    ``what``; ``write_back``: what the step did to the world (the state before, the step), in
    the step's transaction; ``news``: what the step owes the chats; ``sync``: the state with
    what the store knows now and the rules need (the game's settings, the characters), before
    a move is applied; ``stored``: the part of the state that is saved (what ``sync`` lays
    over it again is left out); ``refuse``: a refusal in the kind's own words (None: the
    usual ones)."""

    rules: Rules[S, A, E]
    state: type[S]
    rolls: Callable[[int, S], tuple[str, str]]
    clocks: Mapping[str, Clock]
    write_back: Callable[[Game, Encounter, S, Step[S, E]], Awaitable[None]]
    news: Callable[[Game, Encounter, Step[S, E]], Awaitable[Any]]
    sync: Callable[[Game, Encounter, S], Awaitable[S]] | None = None
    stored: Callable[[S], S] | None = None
    refuse: Callable[[S, Seat | None, A, Exception], ServiceError | None] | None = None

    def kept(self, state: S) -> S:
        """What is saved of ``state`` (:attr:`stored`)."""
        return state if self.stored is None else self.stored(state)

    @property
    def timers(self) -> tuple[str, ...]:
        return tuple(clock.timer for clock in self.clocks.values())


@dataclass(frozen=True, slots=True)
class Moved(Generic[S, E]):
    """A move made: the encounter's row and the step."""

    record: Encounter
    step: Step[S, E]


def seat_of(
    kind: Kind[S, A, E], state: S, user_id: int, number: int = 0, *, master: bool = False
) -> Seat:
    """The seat ``user_id`` acts for: seat ``number`` (0: their own); ``master``: the user is
    the game master, who may act for an NPC's seat named by its number. A user without one gets
    a seat of their own that no move belongs to."""
    for seat in kind.rules.seats(state):
        if number == 0 and seat.user == user_id:
            return seat
        if number == seat.number and seat.held_by(user_id, game_master=master):
            return seat
    return Seat(0, user_id)


async def move(
    game: Game,
    kind: Kind[S, A, E],
    encounter_id: int,
    user_id: int | None,
    action: A,
    runtime: Runtime,
    compose: Compose[Any],
    *,
    seat: int = 0,
    master: bool = False,
) -> Moved[S, E]:
    """``user_id`` (None: the clock) makes ``action`` for their seat (``seat``: its number,
    0: their own; ``master``: the user is the game master, who acts for NPCs' seats); the news
    is worded by ``compose``. A refused move is :class:`StaleAction` or a «not your button»."""
    async with runtime.locks.game(game.id) as game:
        stages = kind.rules.open_stages
        record = await encounter_store.load(game, encounter_id, kind.rules.kind, stages)
        before = load(kind.state, record.state)
        if kind.sync is not None:
            before = await kind.sync(game, record, before)
        acting = None if user_id is None else seat_of(kind, before, user_id, seat, master=master)
        dice = runtime.dice_factory(game)
        try:
            step = kind.rules.apply(before, acting, action, dice)
        except (Refused, RuleError) as error:
            raise _refusal(kind, before, acting, action, error) from None
        async with rolls_kept(game, dice, *kind.rolls(encounter_id, before)):
            await encounter_store.save(record, kind.kept(step.state), kind.rules.stage(step.state))
            await kind.write_back(game, record, before, step)
        was = kind.rules.deadline(before)
        if step.deadline != was:
            await set_clock(game, kind, encounter_id, step.deadline, was)
        await announce(compose, await kind.news(game, record, step))
        return Moved(record, step)


async def begin(
    game: Game,
    kind: Kind[S, A, E],
    step: Step[S, E],
    where: tuple[int, int | None],
    compose: Compose[Any],
    hall: int | None = None,
) -> Moved[S, E]:
    """A new encounter, opened by ``step`` (the rules' opening) in the chat and topic ``where``
    (``hall``: a pool fight's), with its first clock and news: call under the game's lock."""
    stage = kind.rules.stage(step.state)
    kept = kind.kept(step.state)
    record = await encounter_store.create(game, kind.rules.kind, stage, kept, *where, hall)
    await set_clock(game, kind, record.id, step.deadline)
    await announce(compose, await kind.news(game, record, step))
    return Moved(record, step)


def _refusal(
    kind: Kind[S, A, E], state: S, seat: Seat | None, action: A, error: Refused | RuleError
) -> ServiceError:
    told = None if kind.refuse is None else kind.refuse(state, seat, action, error)
    if told is not None:
        return told
    if isinstance(error, RuleError):
        return ServiceError.of(error)
    return ServiceError(Refusal.NOT_YOUR_BUTTON) if error.why is Why.NOT_YOURS else StaleAction()


async def clock(
    game: Game, kind: Kind[S, A, E], timer: Timer, runtime: Runtime, compose: Compose[Any]
) -> Moved[S, E] | None:
    """The encounter's deadline (``timer``) passed. A late timer does nothing: the game ended,
    or the encounter moved on to another clock after this one was claimed (a press that came
    first took the game's lock), which made a newer timer."""
    if game.status != GameStatus.ACTIVE:  # an ended game sends nothing more to its chat
        return None
    newest = await Timer.filter(ref=timer.ref, kind__in=kind.timers).order_by("-id").first()
    if newest is None or newest.id != timer.id:
        return None
    try:
        return await move(game, kind, timer.ref, None, kind.rules.clock, runtime, compose)
    except StaleAction:
        return None


async def set_clock(
    game: Game,
    kind: Kind[S, A, E],
    encounter_id: int,
    deadline: Deadline | None,
    was: Deadline | None = None,
) -> None:
    """The encounter's one clock from now on (with its reminder): ``deadline``'s, or none.
    The same clock as the one that ran (``was``: a new round, a new turn) is moved in place."""
    if deadline is None:
        await timers.cancel(kind.timers, encounter_id)
        return
    clock = kind.clocks[deadline.what]
    seconds = clock.seconds(settings_of(game))
    if was is not None and was.what == deadline.what:
        await timers.reschedule(clock.timer, encounter_id, seconds)
        return
    await timers.cancel(kind.timers, encounter_id)
    await timers.schedule(clock.timer, encounter_id, seconds)
