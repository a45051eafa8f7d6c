"""Pool group fights (rulebook: pool / Group fight) in a group: the challenge, and the fight as
a kind of encounter (:data:`FIGHTS`): every later move goes the one way
(:func:`encounters.move`), the game master's too (``master``: start, move on, stop).

Its rules are :mod:`rules.pool.encounter`; here is what only the store knows. A fight is an
``Encounter`` row whose JSON state is the rules' table without the world's part (:func:`kept`),
which is read again from the characters' rows before every move and every view (:func:`laid`):
the fighters' characters as stored now. Here too: what a round wrote back (the fighters,
swords and belongings on the hall's floor), whom a step asks privately, and whether the bot can
reach them there (:func:`set_reachable`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tortoise.expressions import Q

from bot.db.models import (
    Character,
    CharacterStatus,
    Encounter,
    Game,
    GameStatus,
    GameSystem,
    LiveMessage,
)
from bot.services import encounter_store, encounters, inventory, timers
from bot.services.characters import FIGHT_OPEN, busy_numbers, living_character, open_fights
from bot.services.codec import load, load_stored
from bot.services.encounters import Clock, Kind
from bot.services.errors import BadNumber, Refusal, ServiceError, StaleAction
from bot.services.fight_checks import Prospect, checked, prospect_of
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.topics import topic_of_hall
from bot.services.world import save_fighters, save_world, world_part
from bot.services.world_play import Actor
from rules.encounter import Refused, Seat, Step, Why
from rules.errors import Code, RuleError
from rules.pool.encounter import (
    CHOOSE,
    JOIN,
    PICK,
    POOL,
    ROUND,
    Happened,
    Move,
    PoolEvent,
    PoolMove,
    PoolStage,
    PoolTable,
    open_fight,
)
from rules.pool.fight_table import ACTS
from rules.pool.fight_table import KIND as KIND
from rules.pool.fight_view import FightView, RoundReport, report_of
from rules.pool.fight_view import view_of as fight_view
from rules.pool.model import Item, PoolCharacter
from rules.pool.places import Place
from rules.pool.world import with_floor
from rules.pool.world_events import Spilled

JOIN_TIMER = "pool_fight_join"
CHOICE_TIMER = "pool_fight_choice"
ROUND_TIMER = "pool_fight_round"
TIMER_KINDS = (JOIN_TIMER, CHOICE_TIMER, ROUND_TIMER)
REMINDER_KINDS = (timers.reminded(CHOICE_TIMER), timers.reminded(ROUND_TIMER))
ASKING = {Happened.STARTED, Happened.CHOSE, Happened.DEFAULTED, Happened.OPENED, Happened.FOUGHT}
JOINING, CHOOSING, FIGHTING, FINISHED = (stage.value for stage in PoolStage)
OPEN = FIGHT_OPEN


@dataclass(frozen=True)
class Outcome:
    """What a step owes the chats: the game and the fight's row (its chat, its topic), the
    fight now, whom to ask privately, a resolved round if any; ``opened``: the first round
    opened (after the join window or the choosing), which the group sees in a new message, so
    that the fighters it waits for are notified; ``anew``: a new live message for another
    reason (a new fight, a fighter to notify)."""

    game: Game
    record: Encounter
    view: FightView
    prompts: tuple[int, ...] = ()
    report: RoundReport | None = None
    opened: bool = False
    anew: bool = False


def live_key(fight_id: int) -> str:
    """The fight's live message, for the outbox (:mod:`bot.services.outbox`)."""
    return encounter_store.live_key(KIND, fight_id)


def kept(table: PoolTable) -> PoolTable:
    """What is stored of a table: not the world's part (:func:`laid` reads it again)."""
    return replace(table, seated=(), characters=(), gone=frozenset(), busy=frozenset())


async def laid(game: Game, record: Encounter, table: PoolTable) -> PoolTable:
    """The stored table with the row's stage and hall and the world's part as stored now: every
    fighter's character (and the guarded sleeper's), who plays it, who has left the game; while
    joining, every living character of the game too (who may join, who is busy elsewhere)."""
    numbers = (*table.joined, *([] if table.sleeper is None else [table.sleeper]))
    wanted = Q(number__in=numbers)
    joining = record.stage == JOINING
    if joining:
        wanted |= Q(status=CharacterStatus.ACTIVE)
    rows = await Character.filter(Q(game_id=game.id) & wanted).values_list(
        "number", "user_id", "status", "state"
    )
    characters, owners, gone = [], {}, set()
    for number, user_id, status, state in rows:
        characters.append(load_stored(PoolCharacter, state))
        owners[number] = user_id
        if status != CharacterStatus.ACTIVE:
            gone.add(number)
    busy: frozenset[int] = frozenset()
    if joining:
        busy = frozenset(await busy_numbers(game, but=record.id))
    return replace(
        table,
        stage=PoolStage(record.stage),
        hall=record.hall or 0,
        seated=tuple(Seat(n, owners.get(n)) for n in table.joined),
        characters=tuple(characters),
        gone=frozenset(gone),  # joined or the sleeper: every other row read is active
        busy=busy,
    )


async def view_of(game: Game, record: Encounter) -> FightView:
    """The fight as its texts show it, with its fighters as stored now."""
    return fight_view(record.id, await laid(game, record, load(PoolTable, record.state)))


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
    compose: Compose[Outcome | SleeperKilled],
    *,
    kill_confirmed: bool = True,
) -> FightView | SleeperKilled | Prospect:
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
        thread = topic_of_hall(game, me.hall) or thread_id
        if sizing.killed is not None:
            if not kill_confirmed:
                return prospect_of(sizing, target_number)
            await save_world(game, sizing.world, sizing.killed, rows)
            killed = SleeperKilled(
                me.name, them.name, thread, chat_id, game.locale, them, sizing.spilled
            )
            return await announce(compose, killed)
        seats = (Seat(me.number, user_id), Seat(them.number, rows[them.number].user_id))
        fighters = [me, them]
        if sizing.sleeper is not None:
            fighters.append(sizing.world.character(sizing.sleeper))
        step = open_fight(*seats, me.hall, fighters, sleeper=sizing.sleeper)
        opened = await encounters.begin(game, FIGHTS, step, (chat_id, thread), compose, me.hall)
        return fight_view(opened.record.id, opened.step.state)


async def master_move(
    game: Game, fight_id: int, user_id: int, move: Move, runtime: Runtime, compose: Compose[Outcome]
) -> FightView:
    """The game master moves the fight on (``Move.CLOCK``: starts it, takes the chooser's
    default, or plays the round) or stops it (``Move.STOP``): the caller checked that
    ``user_id`` is one."""
    master = PoolMove(move, master=True)
    moved = await encounters.move(game, FIGHTS, fight_id, user_id, master, runtime, compose)
    return fight_view(moved.record.id, moved.step.state)


async def set_reachable(
    game: Game,
    fight_id: int,
    fighter: int,
    reachable: bool,
    runtime: Runtime,
    compose: Compose[Outcome],
) -> Outcome | None:
    """Remember whether the bot could write to a fighter privately (shown in the group: in a
    new message when they cannot be reached, which mentions them)."""
    async with runtime.locks.game(game.id) as game:
        try:
            record = await encounter_store.load(game, fight_id, KIND, OPEN)
        except StaleAction:
            return None
        view = await view_of(game, record)
        others = tuple(n for n in view.fight.unreachable if n != fighter)
        marked = (*others, fighter) if not reachable else others
        if marked == view.fight.unreachable:
            return None
        table = replace(view.fight, unreachable=marked)
        await encounter_store.save(record, kept(table), record.stage)
        outcome = Outcome(game, record, fight_view(record.id, table), anew=not reachable)
        return await announce(compose, outcome)


async def open_choice_of(game: Game, fight_id: int, user_id: int) -> tuple[FightView, int]:
    """The user's fighter with a private choice open now (to send it again), or a refusal."""
    record = await encounter_store.load(game, fight_id, KIND, (CHOOSING, FIGHTING))
    view = await view_of(game, record)
    mine = [s.number for s in view.fight.seated if s.user == user_id]
    if not mine:
        raise ServiceError(Refusal.FIGHT_NOT_IN)
    waiting = [w.seat.number for w in POOL.awaiting(view.fight) if w.what in (CHOOSE, PICK)]
    fighter = next((n for n in mine if n in waiting), None)
    if fighter is None:
        raise ServiceError(Refusal.FIGHT_NOT_YOUR_TURN)
    return view, fighter


async def game_of(fight_id: int) -> Game:
    """The running game of a fight (a private button carries only the fight's id)."""
    return await encounter_store.game_of(fight_id, KIND)


async def pick_open(game: Game, number: int | None, reply_to: int | None) -> Encounter:
    """The open fight a GM command means: by number, by a reply to its live message, or the
    only one. Several and no hint: :class:`BadNumber` (the handler lists them)."""
    found = await open_fights(game)
    if number is not None:
        found = [r for r in found if r.id == number]
    elif reply_to is not None:
        by_key = {live_key(r.id): r for r in found}
        shown = await LiveMessage.filter(key__in=list(by_key), message_id=reply_to).values_list(
            "key", flat=True
        )
        found = [by_key[str(key)] for key in shown] or found
    if not found:
        raise ServiceError(Refusal.FIGHT_NONE)
    if len(found) > 1:
        raise BadNumber(fights=", ".join(str(r.id) for r in found))
    return found[0]


@dataclass(frozen=True, slots=True)
class Swallowed:
    """``character``: after the pill (outside a fight); None: the pill is this round's action."""

    character: PoolCharacter | None


async def swallow_one(
    game_id: int, user_id: int, number: int, runtime: Runtime, compose: Compose[Outcome]
) -> Swallowed:
    """The pill button of the private message at health 0: one pill from the jacket's left
    pocket, as this round's action while the character fights, else swallowed at once."""
    game = await Game.get_or_none(id=game_id)
    if game is None or game.status != GameStatus.ACTIVE:
        raise StaleAction()
    row = await living_character(game, user_id)
    if row is None or row.number != number:
        theirs = await Character.exists(game_id=game.id, number=number, user_id=user_id)
        if theirs:
            raise StaleAction()  # their character died since
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    for record in await open_fights(game):
        fight = load(PoolTable, record.state)
        if number not in fight.joined:
            continue
        if record.stage != FIGHTING or fight.state is None:
            raise ServiceError(Refusal.PILLS_IN_FIGHT)
        pill = PoolMove(Move.PILLS, fight.state.round, count=1)
        await encounters.move(game, FIGHTS, record.id, user_id, pill, runtime, compose)
        return Swallowed(None)
    after = await inventory.swallow(Actor(game, row), 1, Place.LEFT_POCKET, runtime)
    return Swallowed(after)


async def _write_back(
    game: Game, record: Encounter, before: PoolTable, step: Step[PoolTable, PoolEvent]
) -> None:
    """The fighters a step changed (a round, or the fallen standing up when a fight ends
    without one; a dead one leaves play) and the hall's floor when swords or the belongings of
    the dead fell on it; the rest of the world is not read."""
    old = before.roster
    changed = [
        c for c in step.state.characters if old.get(c.number) != c and c.number not in before.gone
    ]
    part = None
    for event in step.events:
        result = event.result
        if result is None or not (result.dropped_swords or result.spilled):
            continue
        part = world_part(game, before.hall)
        for _ in result.dropped_swords:
            part = with_floor(part, before.hall, part.floor(before.hall).add(Item.SWORD))
        for spilled in result.spilled:
            part = with_floor(part, spilled.hall, spilled.onto(part.floor(spilled.hall)))
    if not changed and part is None:
        return
    rows = await Character.filter(
        game_id=game.id, number__in=[c.number for c in changed], status=CharacterStatus.ACTIVE
    ).only("id", "number", "version")
    living = {row.number: row for row in rows}
    after = [c for c in changed if c.number in living]
    await save_fighters(game, living, before.characters, after, part, fight=record.id)


async def _news(game: Game, record: Encounter, step: Step[PoolTable, PoolEvent]) -> Outcome:
    """A step as the chats hear it: a round's report, whom to ask privately (a new chooser, or
    the private choices a new round opens), and whether the group gets a new message."""
    table = step.state
    happened = {event.happened for event in step.events}
    report = None
    for event in step.events:
        if event.result is not None:
            report = report_of(event.result, event.before)
    prompts: tuple[int, ...] = ()
    if happened & ASKING:
        waits = POOL.awaiting(table)
        prompts = tuple(w.seat.number for w in waits if w.what in (CHOOSE, PICK))
    return Outcome(
        game,
        record,
        fight_view(record.id, table),
        prompts,
        report,
        opened=Happened.OPENED in happened,
        anew=Happened.CHALLENGED in happened,
    )


def _refuse(
    table: PoolTable, seat: Seat | None, action: PoolMove, error: Exception
) -> ServiceError | None:
    """The pool's own words for a refused move."""
    if isinstance(error, RuleError):
        if error.code is Code.INVALID_ACTION:
            return ServiceError(Refusal.FIGHT_ACTION, problem=error.details["problem"])
        if error.code is Code.NOT_YOUR_CHOICE:
            return ServiceError(Refusal.FIGHT_NOT_YOUR_TURN)
        if error.code is Code.FIGHTER_UNAVAILABLE:
            return ServiceError(Refusal.FIGHT_CANNOT_JOIN, reason=error.details["reason"])
        if action.move in (Move.CHOOSE, Move.PICK):
            return ServiceError(Refusal.FIGHT_TARGET)
        return None
    assert isinstance(error, Refused)
    if error.why is Why.NOT_YOURS and action.move not in (Move.JOIN, Move.START):
        return ServiceError(Refusal.FIGHT_NOT_IN)
    acted = seat is not None and table.action_of(seat.number) is not None
    fighting = table.stage is PoolStage.FIGHTING and table.fight.round == action.at
    if action.move in ACTS and fighting and acted:
        return ServiceError(Refusal.FIGHT_ALREADY_ACTED)
    return None


def _rolls(fight_id: int, table: PoolTable) -> tuple[str, str]:
    """Initiative when the join window closes, else a round's rolls."""
    purpose = "pool_initiative" if table.stage is PoolStage.JOINING else "pool_round"
    return purpose, f"fight {fight_id}"


FIGHTS = Kind(
    rules=POOL,
    state=PoolTable,
    rolls=_rolls,
    clocks={
        JOIN: Clock(JOIN_TIMER, lambda settings: settings.join_window),
        CHOOSE: Clock(CHOICE_TIMER, lambda settings: settings.choice_timeout),
        ROUND: Clock(ROUND_TIMER, lambda settings: settings.round_timeout),
    },
    write_back=_write_back,
    news=_news,
    sync=laid,
    stored=kept,
    refuse=_refuse,
)
