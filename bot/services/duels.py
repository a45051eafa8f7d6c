"""Duels (rulebook: duel) in a group: challenge, accept or decline, rounds, go on or stop, expiry.

Every step owes the group its news (:class:`DuelNews`), saved in the step's transaction
(:meth:`bot.services.runtime.Runtime.announce`) and delivered by :mod:`bot.courier`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Character, CharacterStatus, Encounter, Game, GameSystem
from bot.services import encounter_store, encounters, timers
from bot.services.characters import living_character, rule_state
from bot.services.downed import cannot_fight
from bot.services.duel_store import DuelNews, DuelSnapshot, busy_numbers, snapshot, write_back
from bot.services.encounters import Clock, Kind
from bot.services.errors import Refusal, ServiceError
from bot.services.games import settings_of
from bot.services.names import npc_name
from bot.services.runtime import Runtime
from rules.duel import DuelCharacter
from rules.duel import new_character as new_duelist
from rules.duel.character import DEFAULT_HP
from rules.duel.encounter import (
    ANSWER,
    CHOOSE,
    DUEL,
    KIND,
    NPC_SEAT,
    DuelEvent,
    DuelMove,
    DuelTable,
    open_duel,
)
from rules.encounter import Seat, Step
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
        await encounters.set_clock(game, DUELS, record.id, step.deadline)
        snap = DuelSnapshot(record, step.state, mine.gender, target.gender)
        await runtime.announce(await _news(game, record, step))
        return snap


async def challenge_by_npc(
    game: Game,
    target: Character,
    raw_skill: str,
    npc: NpcDuelist,
    where: tuple[int, int | None],
    runtime: Runtime,
) -> DuelSnapshot:
    """The game master's NPC challenges ``target`` (rulebook: duel / NPC duels); the NPC lives
    only in the duel, and goes on after every round."""
    _duel_game(game)
    async with runtime.locks.game(game.id) as game:
        target = await Character.get(id=target.id)  # as stored now, inside the lock
        if target.status != CharacterStatus.ACTIVE:
            raise cannot_fight(game, target, None)
        skill = _match_skill(game, raw_skill)
        opponent: DuelCharacter = rule_state(game, target)
        if await _busy(game, target.number):
            raise ServiceError(Refusal.DUEL_BUSY)
        name = npc_name(npc.name)  # masked in every text of the duel (rulebook: duel / NPC duels)
        challenger = new_duelist(name, {skill: npc.skill}, hp=npc.hp, agility=npc.agility)
        seats = ((NPC_SEAT, challenger), (Seat(target.number, target.user_id), opponent))
        try:
            step = open_duel(*seats, skill, to_the_death=settings_of(game).duel_to_death)
        except RuleError:
            raise cannot_fight(game, target, opponent) from None
        record = await encounter_store.create(
            game, KIND, step.state.stage.value, step.state, *where
        )
        await encounters.set_clock(game, DUELS, record.id, step.deadline)
        await runtime.announce(await _news(game, record, step))
        return DuelSnapshot(record, step.state, None, target.gender)


@dataclass(frozen=True, slots=True)
class NpcDuelist:
    """An NPC as the game master writes it for a duel: its name, its value in the duel's
    skill, agility in percent and HP."""

    name: str
    skill: int
    agility: int = 0
    hp: int = DEFAULT_HP


async def _busy(game: Game, *numbers: int) -> bool:
    """Either character is in an open duel already."""
    return not (await busy_numbers(game)).isdisjoint(numbers)


async def move(
    game: Game, duel_id: int, user_id: int, move: DuelMove, runtime: Runtime
) -> DuelSnapshot:
    """A fighter's move: the challenged accepts (round 1 is fought at once) or declines; after
    a round each goes on or stops, and both going on fights the next round."""
    moved = await encounters.move(game, DUELS, duel_id, user_id, move, runtime)
    return DuelSnapshot(moved.record, moved.step.state)


async def _news(game: Game, record: Encounter, step: Step[DuelTable, DuelEvent]) -> DuelNews:
    [event] = step.events
    return DuelNews(await snapshot(record), game, event.happened)


DUELS = Kind(
    rules=DUEL,
    state=DuelTable,
    rolls=lambda duel_id, _: ("duel_round", f"{KIND} {duel_id}"),
    clocks={
        ANSWER: Clock(EXPIRE, lambda settings: settings.join_window),
        CHOOSE: Clock(CHOICE_TIMEOUT, lambda settings: settings.round_timeout),
    },
    write_back=write_back,
    news=_news,
)
