"""A game master removes a character (/kick) or restores a duel character's HP (/heal): each
with a reason, written to the GM log in the same transaction as the change and the group's
notice (:mod:`bot.services.gm_news`)."""

from __future__ import annotations

from dataclasses import replace

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services import gm_log
from bot.services.characters import character_by_number, rule_state
from bot.services.codec import dump
from bot.services.errors import BadNumber, Refusal, ServiceError, StaleAction
from bot.services.gm_edits import clean_reason
from bot.services.gm_log import Actor
from bot.services.gm_news import Healed, Kicked
from bot.services.runtime import Runtime
from rules.duel import DuelCharacter


async def kick(game: Game, number: int, actor: Actor, reason: str, runtime: Runtime) -> Character:
    """Remove a character from play; the row stays as history."""
    reason = clean_reason(reason)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        character = await character_by_number(game, number)
        if character.status != CharacterStatus.ACTIVE:
            raise ServiceError(Refusal.NO_CHARACTER, number=number)
        async with in_transaction() as connection:
            updated = await Character.filter(
                id=character.id, version=character.version, status=CharacterStatus.ACTIVE
            ).update(status=CharacterStatus.KICKED, active_key=None, version=F("version") + 1)
            if not updated:
                raise StaleAction()
            await gm_log.record(
                game, actor, "kick", reason, target_number=number, connection=connection
            )
        character.status = CharacterStatus.KICKED
        await runtime.announce(Kicked(game, character))
    return character


async def heal(
    game: Game, number: int, hp: int | None, actor: Actor, reason: str, runtime: Runtime
) -> tuple[Character, DuelCharacter]:
    """Restore a duel character's HP: to ``hp`` or to the maximum."""
    if game.system != GameSystem.DUEL:
        raise ServiceError(Refusal.WRONG_SYSTEM)
    reason = clean_reason(reason)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        character = await character_by_number(game, number)
        if character.status != CharacterStatus.ACTIVE:
            raise ServiceError(Refusal.CANNOT_FIGHT, name=character.name)
        fighter: DuelCharacter = rule_state(game, character)
        target = fighter.max_hp if hp is None else hp
        if not 1 <= target <= fighter.max_hp:
            raise BadNumber(low=1, high=fighter.max_hp)
        healed = replace(fighter, hp=target)
        async with in_transaction() as connection:
            updated = await Character.filter(id=character.id, version=character.version).update(
                state=dump(healed), version=F("version") + 1
            )
            if not updated:
                raise StaleAction()
            await gm_log.record(
                game,
                actor,
                "heal",
                reason,
                target_number=number,
                details={"hp": [fighter.hp, healed.hp]},
                connection=connection,
            )
        await runtime.announce(Healed(game, character.name, healed))
    return character, healed
