"""Duels (rulebook: duel) in a group: challenge, accept or decline, rounds, go on or stop, expiry.

Every step owes the group its news (:class:`DuelNews`), saved in the step's transaction
(:meth:`bot.services.runtime.Runtime.announce`) and delivered by :mod:`bot.courier`.
"""

from __future__ import annotations

from bot.db.models import Character, CharacterStatus, Game, GameStatus, GameSystem
from bot.services import encounter_store, timers
from bot.services.characters import living_character, rule_state
from bot.services.downed import cannot_fight
from bot.services.duel_store import DuelNews, DuelSnapshot, busy_numbers, load_open, save
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import rolls_kept, settings_of
from bot.services.runtime import Runtime
from rules.duel import DuelCharacter
from rules.duel.encounter import ANSWER, DUEL, KIND, DuelMove, DuelTable, Move, open_duel
from rules.encounter import Deadline, Refused, Seat, Why
from rules.errors import RuleError

EXPIRE = "duel_expire"
CHOICE_TIMEOUT = "duel_choices"
REMINDER_KINDS = (timers.reminded(EXPIRE), timers.reminded(CHOICE_TIMEOUT))


def _duel_game(game: Game) -> None:
    if game.system != GameSystem.DUEL:
        raise ServiceError(Refusal.WRONG_SYSTEM)


def _match_skill(game: Game, raw: str) -> str:
    wanted = raw.strip().casefold()
    for skill in settings_of(game).duel_skills:
        if skill.casefold() == wanted:
            return skill
    raise ServiceError(Refusal.DUEL_SKILL, skills=", ".join(settings_of(game).duel_skills))


async def challenge(
    game: Game,
    user_id: int,
    target: Character,
    raw_skill: str,
    chat_id: int,
    thread_id: int | None,
    runtime: Runtime,
) -> DuelSnapshot:
    """Open a challenge; it expires after the game's join window."""
    _duel_game(game)
    async with runtime.locks.game(game.id) as game:
        mine = await living_character(game, user_id)
        if mine is None:
            raise ServiceError(Refusal.NO_OWN_CHARACTER)
        if target.id == mine.id or target.user_id == user_id:
            raise ServiceError(Refusal.DUEL_SELF)
        target = await Character.get(id=target.id)  # as stored now, inside the lock
        if target.status != CharacterStatus.ACTIVE:
            raise cannot_fight(game, target, None)
        skill = _match_skill(game, raw_skill)
        challenger: DuelCharacter = rule_state(game, mine)
        opponent: DuelCharacter = rule_state(game, target)
        if await _busy(game, mine.number, target.number):
            raise ServiceError(Refusal.DUEL_BUSY)
        seats = (
            (Seat(mine.number, mine.user_id), challenger),
            (Seat(target.number, target.user_id), opponent),
        )
        try:
            step = open_duel(*seats, skill, to_the_death=settings_of(game).duel_to_death)
        except RuleError:
            if challenger.can_fight:
                raise cannot_fight(game, target, opponent) from None
            raise cannot_fight(game, mine, challenger) from None
        record = await encounter_store.create(
            game, KIND, step.state.stage.value, step.state, chat_id, thread_id
        )
        await _clock_for(game, record.id, step.deadline)
        snap = DuelSnapshot(record, step.state, mine.gender, target.gender)
        [event] = step.events
        await runtime.announce(DuelNews(snap, game, event.happened))
        return snap


async def _busy(game: Game, *numbers: int) -> bool:
    """Either character is in an open duel already."""
    return not (await busy_numbers(game)).isdisjoint(numbers)


async def move(
    game: Game, duel_id: int, user_id: int, move: DuelMove, runtime: Runtime
) -> DuelSnapshot:
    """A fighter's move: the challenged accepts (round 1 is fought at once) or declines; after
    a round each goes on or stops, and both going on fights the next round."""
    return await _move(game, duel_id, user_id, move, runtime)


async def clock(game: Game, duel_id: int, runtime: Runtime) -> DuelSnapshot | None:
    """The duel's deadline passed: an unanswered challenge lapses; a missing choice is a stop,
    so nobody is kept waiting. A late timer (the duel moved on, the game ended) does nothing."""
    if game.status != GameStatus.ACTIVE:  # an ended game sends nothing more to its chat
        return None
    try:
        return await _move(game, duel_id, None, DuelMove(Move.CLOCK), runtime)
    except StaleAction:
        return None


async def _move(
    game: Game, duel_id: int, user_id: int | None, move: DuelMove, runtime: Runtime
) -> DuelSnapshot:
    """One move through the rules' stage machine: lock, load, apply, save with the rolls,
    the deadline that counts now, the news."""
    async with runtime.locks.game(game.id) as game:
        snap = await load_open(game, duel_id)
        table = snap.table
        seat = None if user_id is None else (table_seat(table, user_id) or Seat(0, user_id))
        dice = runtime.dice_factory(game)
        try:
            step = DUEL.apply(table, seat, move, dice)
        except Refused as refused:
            if refused.why is Why.NOT_YOURS:
                raise ServiceError(Refusal.NOT_YOUR_BUTTON) from None
            raise StaleAction() from None
        async with rolls_kept(game, dice, "duel_round", f"duel {duel_id}"):
            saved = await save(game, snap, step.state)
        if step.deadline != DUEL.deadline(table):
            await _clock_for(game, duel_id, step.deadline)
        [event] = step.events
        await runtime.announce(DuelNews(saved, game, event.happened, event.side))
        return saved


def table_seat(table: DuelTable, user_id: int) -> Seat | None:
    return next((s for s in (table.challenger, table.opponent) if s.held_by(user_id)), None)


async def _clock_for(game: Game, duel_id: int, deadline: Deadline | None) -> None:
    """The duel's one clock: the challenge's answer or the round's choices (or none)."""
    await timers.cancel((EXPIRE, CHOICE_TIMEOUT), duel_id)
    if deadline is None:
        return
    settings = settings_of(game)
    if deadline.what == ANSWER:
        await timers.schedule(EXPIRE, duel_id, settings.join_window)
    else:
        await timers.schedule(CHOICE_TIMEOUT, duel_id, settings.round_timeout)
