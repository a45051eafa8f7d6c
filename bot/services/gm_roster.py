"""A game master removes a character (/kick) or restores a character's health (/heal): each
with a reason, written to the GM log in the same transaction as the change and the group's
notice (:mod:`bot.services.gm_news`)."""

from __future__ import annotations

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
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.vitals import Restored, fighting, health_of, with_health


async def kick(
    game: Game, number: int, actor: Actor, reason: str, runtime: Runtime, compose: Compose[Kicked]
) -> Character:
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
        await announce(compose, Kicked(game, character))
    return character


async def heal(
    game: Game,
    number: int,
    hp: int | None,
    actor: Actor,
    reason: str,
    runtime: Runtime,
    compose: Compose[Healed],
) -> Restored:
    """Restore a living character's health, in any system: to ``hp`` or to the maximum (pool:
    Живучесть; duel and d20: max HP). A d20 hero at 0 HP (spared) or a duel fighter beaten to 0
    stands again; the dead stay dead (/revive)."""
    reason = clean_reason(reason)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        character = await character_by_number(game, number)
        if character.status != CharacterStatus.ACTIVE:
            raise ServiceError(Refusal.GM_NOT_LIVING, number=number, name=character.name)
        if await fighting(game, number):
            raise ServiceError(Refusal.EDIT_IN_FIGHT, number=number)
        state = rule_state(game, character)
        before, high = health_of(game, state)
        target = high if hp is None else hp
        if not 1 <= target <= high:  # a pool character's maximum is their secret Живучесть
            raise BadNumber(low=1, high=high, secret=game.system == GameSystem.POOL)
        async with in_transaction() as connection:
            updated = await Character.filter(id=character.id, version=character.version).update(
                state=dump(with_health(game, state, target)), version=F("version") + 1
            )
            if not updated:
                raise StaleAction()
            key = "health" if game.system == GameSystem.POOL else "hp"
            await gm_log.record(
                game,
                actor,
                "heal",
                reason,
                target_number=number,
                details={key: [before, target]},
                connection=connection,
            )
        healed = Restored(number, character.name, character.user_id, before, target, high)
        await announce(compose, Healed(game, healed))
    return healed
