"""A character's gender, set once by its owner: characters made before creation asked it have
NULL, and ``/me`` offers «Он» / «Она» until it is set (the game master may change it later
with ``/edit``)."""

from __future__ import annotations

from dataclasses import replace

from tortoise.expressions import F

from bot.db.models import Character, CharacterStatus, GameStatus, GameSystem
from bot.services.characters import busy_numbers, rule_state
from bot.services.codec import dump
from bot.services.errors import Refusal, ServiceError
from bot.services.runtime import Runtime
from rules.gender import Gender


async def set_own_gender(
    character_id: int, user_id: int, gender: Gender, runtime: Runtime
) -> Character:
    """The owner's character ``character_id`` gets ``gender``, if it has none yet."""
    row = await Character.get_or_none(id=character_id).select_related("game")
    if row is None or row.status != CharacterStatus.ACTIVE or row.game.status != GameStatus.ACTIVE:
        raise ServiceError(Refusal.CHARACTER_GONE)
    if row.user_id != user_id:
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    if row.gender is not None:
        raise ServiceError(Refusal.GENDER_SET)
    if row.game.system == GameSystem.POOL:
        await _set_pool(row, gender, runtime)
    else:
        unset = Character.filter(id=row.id, gender__isnull=True)
        if not await unset.update(gender=gender, version=F("version") + 1):
            raise ServiceError(Refusal.GENDER_SET)
    row.gender = gender
    return row


async def _set_pool(row: Character, gender: Gender, runtime: Runtime) -> None:
    """Pool rules hold the gender too: both change together, under the game's lock, never
    while a fight holds the character's state."""
    async with runtime.locks.game(row.game.id, paused_ok=True) as game:
        if row.number in await busy_numbers(game):
            raise ServiceError(Refusal.EDIT_IN_FIGHT, number=row.number)
        fresh = await Character.get(id=row.id)
        state = replace(rule_state(game, fresh), gender=gender)
        unset = Character.filter(id=row.id, version=fresh.version, gender__isnull=True)
        if not await unset.update(state=dump(state), gender=gender, version=F("version") + 1):
            raise ServiceError(Refusal.GENDER_SET)
