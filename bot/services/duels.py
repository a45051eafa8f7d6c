"""Duels (rulebook: duel) in a group: challenge, accept or decline, rounds, go on or stop, expiry.

Every step owes the group its news (:class:`DuelNews`), saved in the step's transaction
(:meth:`bot.services.runtime.Runtime.announce`) and delivered by :mod:`bot.courier`.
"""

from __future__ import annotations

from bot.db.models import Character, CharacterStatus, DuelRecord, Game, GameStatus, GameSystem
from bot.services import timers
from bot.services.characters import living_character, rule_state
from bot.services.codec import dump
from bot.services.downed import cannot_fight
from bot.services.duel_store import OPEN_STAGES, DuelNews, DuelSnapshot, load_open, save, table_of
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import rolls_kept, settings_of
from bot.services.runtime import Runtime
from rules.duel import DuelCharacter
from rules.duel.encounter import ANSWER, DUEL, DuelMove, DuelTable, Move, open_duel
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
        record = await DuelRecord.create(
            game_id=game.id,
            challenger_number=mine.number,
            opponent_number=target.number,
            skill=skill,
            state=dump(step.state.duel),
            chat_id=chat_id,
            thread_id=thread_id,
        )
        await _clock_for(game, record.id, step.deadline)
        snap = DuelSnapshot(
            record, step.state.duel, mine.user_id, target.user_id, mine.gender, target.gender
        )
        [event] = step.events
        await runtime.announce(DuelNews(snap, game, event.happened))
        return snap


async def _busy(game: Game, *numbers: int) -> bool:
    """Either character is in an open duel already."""
    duels = DuelRecord.filter(game_id=game.id, stage__in=OPEN_STAGES)
    return (
        await duels.filter(challenger_number__in=numbers).exists()
        or await duels.filter(opponent_number__in=numbers).exists()
    )


async def respond(
    game: Game, duel_id: int, user_id: int, accept: bool, runtime: Runtime
) -> DuelSnapshot:
    """The challenged alone accepts (round 1 is fought at once) or declines."""
    answer = DuelMove(Move.ACCEPT if accept else Move.DECLINE)
    return await _move(game, duel_id, user_id, answer, runtime)


async def decide(
    game: Game, duel_id: int, user_id: int, round_number: int, go_on: bool, runtime: Runtime
) -> DuelSnapshot:
    """A fighter goes on or stops after a round; both going on fights the next round."""
    choice = DuelMove(Move.GO_ON if go_on else Move.STOP, round_number)
    return await _move(game, duel_id, user_id, choice, runtime)


async def expire(game: Game, duel_id: int, runtime: Runtime) -> DuelSnapshot | None:
    """The challenge was not answered in time: it lapses. Nothing else changes."""
    return await _clock(game, duel_id, runtime)


async def choices_timed_out(game: Game, duel_id: int, runtime: Runtime) -> DuelSnapshot | None:
    """Nobody may be kept waiting: a missing choice after the round timeout is a stop (its
    news takes the round's buttons off in the same step)."""
    return await _clock(game, duel_id, runtime)


async def _clock(game: Game, duel_id: int, runtime: Runtime) -> DuelSnapshot | None:
    """A deadline passed: a late timer (the duel moved on, the game ended) does nothing."""
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
        table = table_of(snap)
        seat = None if user_id is None else (table_seat(table, user_id) or Seat(0, user_id))
        dice = runtime.dice_factory(game)
        try:
            step = DUEL.apply(table, seat, move, dice)
        except Refused as refused:
            if refused.why is Why.NOT_YOURS:
                raise ServiceError(Refusal.NOT_YOUR_BUTTON) from None
            raise StaleAction() from None
        async with rolls_kept(game, dice, "duel_round", f"duel {duel_id}"):
            saved = await save(game, snap, step.state.duel, step.state.stage)
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
