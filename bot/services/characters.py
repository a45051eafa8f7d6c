"""Characters: creation for each system (names: :mod:`bot.services.names`), numbering, listing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F

from bot.db.models import Character, CharacterStatus, Encounter, Game, GameStatus, GameSystem
from bot.services import encounter_store
from bot.services.codec import dump, load
from bot.services.d20_race import parse_race
from bot.services.deaths import noted
from bot.services.errors import (
    InvalidBuild,
    NoActiveGame,
    Refusal,
    ServiceError,
)
from bot.services.games import settings_of
from bot.services.names import check_name_free, clean_name, name_key
from rules.d20 import new_character as new_d20_character
from rules.d20.character import CharacterClass, D20Character
from rules.duel import new_character as new_duel_character
from rules.duel.character import DuelCharacter
from rules.errors import RuleError
from rules.gender import Gender
from rules.pool.build import new_character as new_pool_character
from rules.pool.carrying import pills_into_reach
from rules.pool.fight_table import KIND as POOL_FIGHT
from rules.pool.fight_table import OPEN_STAGES, PoolTable
from rules.pool.model import PoolCharacter, Stats

DESCRIPTION_MAX = 280

FIGHT_OPEN = tuple(stage.value for stage in OPEN_STAGES)  # a pool fight's open stages


@dataclass(frozen=True, slots=True)
class PoolBuild:
    gender: Gender
    stats: Stats
    pills_in_reach: bool = False  # the start kit's pills go to the jacket's left pocket


@dataclass(frozen=True, slots=True)
class DuelBuild:
    skills: tuple[tuple[str, int], ...]
    agility: int
    gender: Gender | None = None  # None: not asked (the owner sets it under /me)


@dataclass(frozen=True, slots=True)
class D20Build:
    character_class: CharacterClass
    description: str = ""
    gender: Gender | None = None
    race: str = ""  # a code or the player's word (bot.services.d20_race.parse_race)


Build = PoolBuild | DuelBuild | D20Build
RuleState = PoolCharacter | DuelCharacter | D20Character


async def living_character(game: Game, user_id: int) -> Character | None:
    return await Character.get_or_none(game_id=game.id, user_id=user_id, status="active")


async def check_can_create(game: Game, user_id: int) -> None:
    """Refuse early (before the dialog asks anything) when the user may not create."""
    if game.status != GameStatus.ACTIVE:
        raise NoActiveGame()
    if await living_character(game, user_id) is not None:
        raise ServiceError(Refusal.HAS_CHARACTER)
    settings = settings_of(game)
    if not settings.allow_new_after_death and await Character.exists(
        game_id=game.id, user_id=user_id
    ):
        raise ServiceError(Refusal.NO_NEW_CHARACTER)


def build_state(game: Game, number: int, name: str, build: Build) -> RuleState:
    """The rule system's new character, validated by the rules and the game's limits."""
    settings = settings_of(game)
    try:
        if isinstance(build, PoolBuild) and game.system == GameSystem.POOL:
            character = new_pool_character(number, name, build.gender, build.stats)
            return pills_into_reach(character) if build.pills_in_reach else character
        if isinstance(build, DuelBuild) and game.system == GameSystem.DUEL:
            skills = dict(build.skills)
            if not skills or any(s not in settings.duel_skills for s in skills):
                raise InvalidBuild(reason="skills")
            if any(not settings.skill_min <= v <= settings.skill_max for v in skills.values()):
                raise InvalidBuild(reason="skill-range")
            if not settings.agility_min <= build.agility <= settings.agility_max:
                raise InvalidBuild(reason="agility-range")
            return new_duel_character(name, skills, hp=settings.duel_hp, agility=build.agility)
        if isinstance(build, D20Build) and game.system == GameSystem.D20:
            return new_d20_character(name, build.character_class, *parse_race(build.race))
    except RuleError as error:
        raise InvalidBuild(reason=type(error).__name__) from None
    raise InvalidBuild(reason="system")


async def create_character(game: Game, user_id: int, raw_name: str, build: Build) -> Character:
    """Validate everything, take the next number, save. Races end in a clear refusal."""
    name = clean_name(raw_name)
    await check_can_create(game, user_id)
    await check_name_free(game, name)
    description = build.description[:DESCRIPTION_MAX] if isinstance(build, D20Build) else ""
    for _ in range(20):
        number = await _take_number(game)
        state = build_state(game, number, name, build)
        try:
            return await Character.create(
                game_id=game.id,
                user_id=user_id,
                number=number,
                name=name,
                name_key=name_key(name),
                active_key=f"{game.id}:{user_id}",
                description=description,
                gender=build.gender,
                state=dump(state),
            )
        except IntegrityError:
            if await living_character(game, user_id) is not None:
                raise ServiceError(Refusal.HAS_CHARACTER) from None
            await check_name_free(game, name)
    raise ServiceError(Refusal.HAS_CHARACTER)  # pragma: no cover - twenty lost races in a row


async def _take_number(game: Game) -> int:
    """Allocate the next joining number with a conditional update (safe across replicas)."""
    while True:
        await game.refresh_from_db(fields=["next_character_number"])
        number = game.next_character_number
        taken = await Game.filter(id=game.id, next_character_number=number).update(
            next_character_number=F("next_character_number") + 1
        )
        if taken:
            return number


def rule_state(game: Game, character: Character) -> Any:
    """The character's rule dataclass for the game's system."""
    cls = {
        GameSystem.POOL: PoolCharacter,
        GameSystem.DUEL: DuelCharacter,
        GameSystem.D20: D20Character,
    }[GameSystem(game.system)]
    return load(cls, character.state)


async def write_hp(game: Game, number: int, hp: int, dead: bool, death: Mapping[str, Any]) -> None:
    """A duel's or a d20 battle's fighter as the encounter left them: their HP, and a death,
    which takes the character out of play noted with ``death`` (where it happened)."""
    row = await Character.get(game_id=game.id, number=number)
    changes: dict[str, object] = {"state": dump(replace(rule_state(game, row), hp=hp, dead=dead))}
    if dead:
        changes.update(status=CharacterStatus.DEAD, active_key=None)
        changes["state"] = noted(changes["state"], death)
    await Character.filter(id=row.id).update(**changes)


async def characters_of(game: Game, *, include_gone: bool = False) -> list[Character]:
    query = Character.filter(game_id=game.id)
    if not include_gone:
        query = query.filter(status=CharacterStatus.ACTIVE)
    return await query.order_by("number")


async def character_by_number(game: Game, number: int) -> Character:
    character = await Character.get_or_none(game_id=game.id, number=number)
    if character is None:
        raise ServiceError(Refusal.NO_CHARACTER, number=number)
    return character


def down_state(game: Game, row: Character, state: Any) -> str:
    """``dead``, ``gone`` (removed by /kick), ``fallen`` (d20 at 0 HP, spared or knocked out),
    ``beaten`` (duel at 0 HP or below) or ``other``."""
    if row.status == CharacterStatus.KICKED:
        return "gone"
    if row.status == CharacterStatus.DEAD or getattr(state, "dead", False):
        return "dead"
    if getattr(state, "hp", 1) <= 0:
        return "fallen" if game.system == GameSystem.D20 else "beaten"
    return "other"


def cannot_fight(game: Game, row: Character, state: Any) -> ServiceError:
    """The refusal for a character who cannot fight now, saying why."""
    gender = row.gender or Gender.MALE
    why = down_state(game, row, state)
    return ServiceError(Refusal.CANNOT_FIGHT, name=row.name, state=why, gender=gender)


async def open_fights(game: Game) -> list[Encounter]:
    """The game's open pool fights."""
    return await encounter_store.open_in(game, POOL_FIGHT, FIGHT_OPEN)


async def busy_numbers(game: Game, *, but: int | None = None) -> set[int]:
    """Characters taking part in an open pool fight of the game (``but``: another than this one)."""
    busy: set[int] = set()
    for record in await open_fights(game):
        if record.id != but:
            busy.update(load(PoolTable, record.state).joined)
    return busy
