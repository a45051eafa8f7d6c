"""Duels (rulebook: duel) in a group: challenge, accept or decline, rounds, go on or stop, expiry;
a duel as stored (an ``Encounter`` row of kind ``duel`` holding a
:class:`~rules.duel.encounter.DuelTable`) and as a step reports it.

Every step owes the group its news (:class:`DuelNews`), worded by the handler's composer and
saved in the step's transaction (:func:`bot.services.outbox.announce`), delivered by
:mod:`bot.courier`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Character, CharacterStatus, Encounter, Game, GameSystem
from bot.services import encounter_store, encounters, timers
from bot.services.characters import cannot_fight, living_character, rule_state, write_hp
from bot.services.codec import load
from bot.services.encounters import Clock, Kind
from bot.services.errors import Refusal, ServiceError
from bot.services.games import settings_of
from bot.services.names import npc_name
from bot.services.outbox import Compose
from bot.services.runtime import Runtime
from rules.duel import Duel, DuelCharacter, Side
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
    Happened,
    open_duel,
)
from rules.encounter import Seat, Step
from rules.errors import RuleError
from rules.gender import Gender

OPEN_STAGES = DUEL.open_stages
EXPIRE = "duel_expire"
CHOICE_TIMEOUT = "duel_choices"
REMINDER_KINDS = (timers.reminded(EXPIRE), timers.reminded(CHOICE_TIMEOUT))


@dataclass(frozen=True, slots=True)
class DuelSnapshot:
    """A duel as the handlers show it: the row, the rules' table and both fighters' genders
    (None: not set yet) for the texts."""

    record: Encounter
    table: DuelTable
    challenger_gender: Gender | None = None
    opponent_gender: Gender | None = None

    @property
    def duel(self) -> Duel:
        return self.table.duel

    def user(self, side: Side) -> int | None:
        """The player of ``side`` (None: the game master's NPC, rulebook: duel / NPC duels)."""
        return self.table.seat(side).user

    @property
    def challenger_user(self) -> int | None:
        return self.user(Side.CHALLENGER)

    @property
    def opponent_user(self) -> int:
        user = self.user(Side.OPPONENT)
        assert user is not None, "the challenged is a player (an NPC only challenges)"
        return user

    def gender(self, side: Side) -> Gender | None:
        return self.challenger_gender if side is Side.CHALLENGER else self.opponent_gender


@dataclass(frozen=True, slots=True)
class DuelNews:
    """A duel step's outcome, for the handler's composer: the duel now and the game (its locale
    and settings)."""

    snap: DuelSnapshot
    game: Game
    step: Happened


def live_key(duel_id: int) -> str:
    """The duel's live message: the challenge, then the latest round or the end."""
    return encounter_store.live_key(KIND, duel_id)


async def snapshot(record: Encounter) -> DuelSnapshot:
    table = load(DuelTable, record.state)
    numbers = (table.challenger.number, table.opponent.number)
    genders: dict[int, Gender | None] = dict(
        await Character.filter(
            game_id=record.game_id,  # type: ignore[attr-defined]
            number__in=numbers,
        ).values_list("number", "gender")
    )
    return DuelSnapshot(record, table, genders.get(numbers[0]), genders.get(numbers[1]))


async def write_back(
    game: Game, record: Encounter, _: DuelTable, step: Step[DuelTable, DuelEvent]
) -> None:
    """Both fighters' HP (and a death, with its note) as the duel has them now; an NPC has no
    row (it lives only in the duel)."""
    table = step.state
    duel = table.duel
    for seat, fighter, other in (
        (table.challenger, duel.challenger, duel.opponent),
        (table.opponent, duel.opponent, duel.challenger),
    ):
        if not seat.npc:
            death = {"duel": record.id, "by": other.name}
            await write_hp(game, seat.number, fighter.hp, fighter.dead, death)


async def busy_numbers(game: Game) -> set[int]:
    """Characters seated at an open duel of the game."""
    busy: set[int] = set()
    for record in await encounter_store.open_in(game, KIND, OPEN_STAGES):
        table = load(DuelTable, record.state)
        busy.update(seat.number for seat in (table.challenger, table.opponent) if not seat.npc)
    return busy


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
    compose: Compose[DuelNews],
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
        opened = await encounters.begin(game, DUELS, step, (chat_id, thread_id), compose)
        return DuelSnapshot(opened.record, step.state, mine.gender, target.gender)


async def challenge_by_npc(
    game: Game,
    target: Character,
    raw_skill: str,
    npc: NpcDuelist,
    where: tuple[int, int | None],
    runtime: Runtime,
    compose: Compose[DuelNews],
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
        opened = await encounters.begin(game, DUELS, step, where, compose)
        return DuelSnapshot(opened.record, step.state, None, target.gender)


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
    game: Game,
    duel_id: int,
    user_id: int,
    move: DuelMove,
    runtime: Runtime,
    compose: Compose[DuelNews],
) -> DuelSnapshot:
    """A fighter's move: the challenged accepts (round 1 is fought at once) or declines; after
    a round each goes on or stops, and both going on fights the next round."""
    moved = await encounters.move(game, DUELS, duel_id, user_id, move, runtime, compose)
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
