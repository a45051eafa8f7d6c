"""Duels (rulebook: duel) in a group: challenge, accept or decline, rounds, go on or stop, expiry.

Every step owes the group its news (:class:`DuelNews`), saved in the step's transaction
(:meth:`bot.services.runtime.Runtime.announce`) and delivered by :mod:`bot.courier`.
"""

from __future__ import annotations

from bot.db.models import (
    Character,
    CharacterStatus,
    DuelRecord,
    DuelStage,
    Game,
    GameStatus,
    GameSystem,
)
from bot.services import timers
from bot.services.characters import living_character, rule_state
from bot.services.codec import dump
from bot.services.downed import cannot_fight
from bot.services.duel_store import (
    OPEN_STAGES,
    DuelNews,
    DuelSnapshot,
    Step,
    load_open,
    save,
    snapshot,
)
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import game_dice, settings_of
from bot.services.runtime import Runtime
from rules.duel import Choice, DuelCharacter, Side, choose, play_round, start_duel
from rules.errors import RuleError

EXPIRE = "duel_expire"
CHOICE_TIMEOUT = "duel_choices"
REMINDER_KINDS = (timers.reminded(EXPIRE), timers.reminded(CHOICE_TIMEOUT))


async def _announce(
    runtime: Runtime, game: Game, snap: DuelSnapshot, step: Step, silent: Side | None = None
) -> DuelSnapshot:
    await runtime.announce(DuelNews(snap, game, step, silent))
    return snap


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
        try:
            duel = start_duel(
                challenger, opponent, skill, to_the_death=settings_of(game).duel_to_death
            )
        except RuleError:
            if challenger.can_fight:
                raise cannot_fight(game, target, opponent) from None
            raise cannot_fight(game, mine, challenger) from None
        record = await DuelRecord.create(
            game_id=game.id,
            challenger_number=mine.number,
            opponent_number=target.number,
            skill=skill,
            state=dump(duel),
            chat_id=chat_id,
            thread_id=thread_id,
        )
        await timers.schedule(EXPIRE, record.id, settings_of(game).join_window)
        snap = DuelSnapshot(record, duel, mine.user_id, target.user_id, mine.gender, target.gender)
        return await _announce(runtime, game, snap, Step.CHALLENGED)


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
    async with runtime.locks.game(game.id) as game:
        snap = await load_open(game, duel_id)
        if snap.record.stage != DuelStage.CHALLENGED:
            raise StaleAction()
        if user_id != snap.opponent_user:
            raise ServiceError(Refusal.NOT_YOUR_BUTTON)
        await timers.cancel(EXPIRE, duel_id)
        if not accept:
            declined = await save(game, snap, snap.duel, DuelStage.DECLINED)
            return await _announce(runtime, game, declined, Step.DECLINED)
        return await _fight_round(game, snap, runtime)


async def _fight_round(game: Game, snap: DuelSnapshot, runtime: Runtime) -> DuelSnapshot:
    actor = f"duel {snap.record.id}"
    async with game_dice(game, "duel_round", actor, runtime.dice_factory) as dice:
        duel = play_round(snap.duel, dice)
        stage = DuelStage.FINISHED if duel.finished else DuelStage.FIGHTING
        saved = await save(game, snap, duel, stage)
    if not duel.finished:
        await timers.schedule(CHOICE_TIMEOUT, snap.record.id, settings_of(game).round_timeout)
    return await _announce(runtime, game, saved, Step.FOUGHT)


async def decide(
    game: Game, duel_id: int, user_id: int, round_number: int, go_on: bool, runtime: Runtime
) -> DuelSnapshot:
    """A fighter goes on or stops after a round; both going on fights the next round."""
    async with runtime.locks.game(game.id) as game:
        snap = await load_open(game, duel_id)
        side = snap.side_of(user_id)
        if side is None:
            raise ServiceError(Refusal.NOT_YOUR_BUTTON)
        if snap.record.stage != DuelStage.FIGHTING or len(snap.duel.rounds) != round_number:
            raise StaleAction()
        if snap.duel.choice(side) is not None:
            raise StaleAction()
        duel = choose(snap.duel, side, Choice.GO_ON if go_on else Choice.STOP)
        if duel.finished:
            await timers.cancel(CHOICE_TIMEOUT, duel_id)
            stopped = await save(game, snap, duel, DuelStage.FINISHED)
            return await _announce(runtime, game, stopped, Step.STOPPED)
        snap = await save(game, snap, duel, DuelStage.FIGHTING)
        if duel.challenger_choice is None and duel.opponent_choice is None:
            await timers.cancel(CHOICE_TIMEOUT, duel_id)
            return await _fight_round(game, snap, runtime)
        return await _announce(runtime, game, snap, Step.CHOSE)


def _gone(game: Game) -> bool:
    # An ended game (the group removed the bot, say) sends nothing more to its chat.
    return game.status != GameStatus.ACTIVE


async def expire(game: Game, duel_id: int, runtime: Runtime) -> DuelSnapshot | None:
    """The challenge was not answered in time: it lapses. Nothing else changes."""
    async with runtime.locks.game(game.id) as game:
        record = await DuelRecord.get_or_none(id=duel_id)
        if record is None or record.stage != DuelStage.CHALLENGED or _gone(game):
            return None
        snap = await snapshot(record)
        expired = await save(game, snap, snap.duel, DuelStage.EXPIRED)
        return await _announce(runtime, game, expired, Step.EXPIRED)


async def choices_timed_out(game: Game, duel_id: int, runtime: Runtime) -> DuelSnapshot | None:
    """Nobody may be kept waiting: a missing choice after the round timeout is a stop (its
    news takes the round's buttons off in the same step)."""
    async with runtime.locks.game(game.id) as game:
        record = await DuelRecord.get_or_none(id=duel_id)
        if record is None or record.stage != DuelStage.FIGHTING or _gone(game):
            return None
        snap = await snapshot(record)
        if snap.duel.finished:
            return None
        for side in (Side.CHALLENGER, Side.OPPONENT):
            if snap.duel.choice(side) is None:
                duel = choose(snap.duel, side, Choice.STOP)
                ended = await save(game, snap, duel, DuelStage.FINISHED)
                return await _announce(runtime, game, ended, Step.TIMED_OUT, side)
        return None
