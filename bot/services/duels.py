"""Duels (seed 001) in a group: challenge, accept or decline, rounds, go on or stop, expiry."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tortoise.expressions import F

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
from bot.services.codec import dump, load
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import game_dice, settings_of
from bot.services.pause import ensure_running
from bot.services.runtime import Runtime
from rules.duel import Choice, Duel, DuelCharacter, Side, choose, play_round, start_duel
from rules.errors import RuleError
from rules.gender import Gender

EXPIRE = "duel_expire"
CHOICE_TIMEOUT = "duel_choices"
REMINDER_KINDS = (timers.reminded(EXPIRE), timers.reminded(CHOICE_TIMEOUT))
OPEN_STAGES = (DuelStage.CHALLENGED, DuelStage.FIGHTING)


@dataclass(frozen=True, slots=True)
class DuelSnapshot:
    """A duel as the handlers show it: the record, the rules state, both owners and both
    fighters' genders (None: not set yet) for the texts."""

    record: DuelRecord
    duel: Duel
    challenger_user: int
    opponent_user: int
    challenger_gender: Gender | None = None
    opponent_gender: Gender | None = None

    def gender(self, side: Side) -> Gender | None:
        return self.challenger_gender if side is Side.CHALLENGER else self.opponent_gender

    def side_of(self, user_id: int) -> Side | None:
        if user_id == self.challenger_user:
            return Side.CHALLENGER
        if user_id == self.opponent_user:
            return Side.OPPONENT
        return None


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
) -> DuelSnapshot:
    """Open a challenge; it expires after the game's join window."""
    _duel_game(game)
    ensure_running(game)  # the one step that does not take the game's lock: read just now
    mine = await living_character(game, user_id)
    if mine is None:
        raise ServiceError(Refusal.NO_OWN_CHARACTER)
    if target.id == mine.id or target.user_id == user_id:
        raise ServiceError(Refusal.DUEL_SELF)
    if target.status != CharacterStatus.ACTIVE:
        raise ServiceError(Refusal.CANNOT_FIGHT, name=target.name)
    skill = _match_skill(game, raw_skill)
    challenger: DuelCharacter = rule_state(game, mine)
    opponent: DuelCharacter = rule_state(game, target)
    busy = (
        await DuelRecord.filter(game_id=game.id, stage__in=OPEN_STAGES)
        .filter(challenger_number__in=(mine.number, target.number))
        .exists()
        or await DuelRecord.filter(game_id=game.id, stage__in=OPEN_STAGES)
        .filter(opponent_number__in=(mine.number, target.number))
        .exists()
    )
    if busy:
        raise ServiceError(Refusal.DUEL_BUSY)
    try:
        duel = start_duel(challenger, opponent, skill, to_the_death=settings_of(game).duel_to_death)
    except RuleError:
        raise ServiceError(
            Refusal.CANNOT_FIGHT, name=target.name if challenger.can_fight else mine.name
        ) from None
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
    return DuelSnapshot(record, duel, mine.user_id, target.user_id, mine.gender, target.gender)


async def snapshot(record: DuelRecord) -> DuelSnapshot:
    owners: dict[int, tuple[int, Gender | None]] = {
        number: (user_id, gender)
        for number, user_id, gender in await Character.filter(
            game_id=record.game_id,  # type: ignore[attr-defined]
            number__in=(record.challenger_number, record.opponent_number),
        ).values_list("number", "user_id", "gender")
    }
    challenger, opponent = owners[record.challenger_number], owners[record.opponent_number]
    return DuelSnapshot(
        record, load(Duel, record.state), challenger[0], opponent[0], challenger[1], opponent[1]
    )


async def set_message(record: DuelRecord, message_id: int) -> None:
    """The duel's live message: the challenge, then the latest round or the end."""
    record.message_id = message_id
    await DuelRecord.filter(id=record.id).update(message_id=message_id)


async def restore_message(record: DuelRecord, message_id: int) -> None:
    """The news could not be sent: the message pressed stays live, marked (a negative id) as
    behind the duel, so that the next fighter's press there sends the news again."""
    await DuelRecord.filter(id=record.id, message_id=None).update(message_id=-message_id)


def _moved_on(before: Duel, after: Duel) -> bool:
    return len(after.rounds) > len(before.rounds) or (after.finished and not before.finished)


async def _save(game: Game, snap: DuelSnapshot, duel: Duel, stage: DuelStage) -> DuelSnapshot:
    """Conditional update on the version; fighters' HP (and death) saved with it.

    When the duel moves past what its live message shows, the message is "in flight"
    (``message_id`` None) until the handler has sent the news and stored its id.
    """
    record = snap.record
    moved_on = _moved_on(snap.duel, duel)
    in_flight: dict[str, object] = {"message_id": None} if moved_on else {}
    updated = await DuelRecord.filter(id=record.id, version=record.version).update(
        state=dump(duel), stage=stage, version=F("version") + 1, **in_flight
    )
    if not updated:
        raise StaleAction()
    if moved_on:
        record.message_id = None
    for number, fighter in (
        (record.challenger_number, duel.challenger),
        (record.opponent_number, duel.opponent),
    ):
        character = await Character.get(game_id=game.id, number=number)
        stored: DuelCharacter = rule_state(game, character)
        fighter_state = replace(stored, hp=fighter.hp, dead=fighter.dead)
        changes: dict[str, object] = {"state": dump(fighter_state)}
        if fighter.dead:
            changes.update(status=CharacterStatus.DEAD, active_key=None)
        await Character.filter(id=character.id).update(**changes)
    record.version += 1
    record.stage = stage
    record.state = dump(duel)
    return replace(snap, record=record, duel=duel)


async def _load_open(game: Game, duel_id: int) -> DuelSnapshot:
    record = await DuelRecord.get_or_none(id=duel_id, game_id=game.id)
    if record is None or record.stage not in OPEN_STAGES:
        raise StaleAction()
    return await snapshot(record)


async def respond(
    game: Game, duel_id: int, user_id: int, accept: bool, runtime: Runtime
) -> DuelSnapshot:
    """The challenged alone accepts (round 1 is fought at once) or declines."""
    async with runtime.locks.game(game.id) as game:
        snap = await _load_open(game, duel_id)
        if snap.record.stage != DuelStage.CHALLENGED:
            raise StaleAction()
        if user_id != snap.opponent_user:
            raise ServiceError(Refusal.NOT_YOUR_BUTTON)
        await timers.cancel(EXPIRE, duel_id)
        if not accept:
            return await _save(game, snap, snap.duel, DuelStage.DECLINED)
        return await _fight_round(game, snap, runtime)


async def _fight_round(game: Game, snap: DuelSnapshot, runtime: Runtime) -> DuelSnapshot:
    actor = f"duel {snap.record.id}"
    async with game_dice(game, "duel_round", actor, runtime.dice_factory) as dice:
        duel = play_round(snap.duel, dice)
        stage = DuelStage.FINISHED if duel.finished else DuelStage.FIGHTING
        saved = await _save(game, snap, duel, stage)
    if not duel.finished:
        await timers.schedule(CHOICE_TIMEOUT, snap.record.id, settings_of(game).round_timeout)
    return saved


async def decide(
    game: Game, duel_id: int, user_id: int, round_number: int, go_on: bool, runtime: Runtime
) -> DuelSnapshot:
    """A fighter goes on or stops after a round; both going on fights the next round."""
    async with runtime.locks.game(game.id) as game:
        snap = await _load_open(game, duel_id)
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
            return await _save(game, snap, duel, DuelStage.FINISHED)
        snap = await _save(game, snap, duel, DuelStage.FIGHTING)
        if duel.challenger_choice is None and duel.opponent_choice is None:
            await timers.cancel(CHOICE_TIMEOUT, duel_id)
            return await _fight_round(game, snap, runtime)
        return snap


async def lost_news(
    game: Game, duel_id: int, message_id: int, user_id: int, runtime: Runtime
) -> DuelSnapshot | None:
    """A fighter presses the message whose news (a round, the end) never reached the chat:
    claimed once, to be sent again. None for any other press."""
    async with runtime.locks.game(game.id) as game:
        record = await DuelRecord.get_or_none(id=duel_id, game_id=game.id)
        if record is None or record.message_id != -message_id:
            return None
        snap = await snapshot(record)
        if snap.side_of(user_id) is None:
            return None
        await DuelRecord.filter(id=record.id, message_id=-message_id).update(message_id=None)
        record.message_id = None
        return snap


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
        return await _save(game, snap, snap.duel, DuelStage.EXPIRED)


async def choices_timed_out(game: Game, duel_id: int, runtime: Runtime) -> DuelSnapshot | None:
    """Nobody may be kept waiting: a missing choice after the round timeout is a stop."""
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
                return await _save(game, snap, duel, DuelStage.FINISHED)
        return None
