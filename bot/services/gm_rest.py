"""A game master's ``/rest``: a long rest between fights, every living character of the game
back to full health, in any system. Refused while a fight, duel or battle is open (it holds
its fighters' state); the dead stay dead (/revive). Logged with its reason, announced once."""

from __future__ import annotations

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from bot.db.models import Character, Game
from bot.services import gm_log
from bot.services.characters import characters_of, rule_state
from bot.services.codec import dump
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.gm_edits import clean_reason
from bot.services.gm_log import Actor
from bot.services.gm_news import Rested
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.vitals import Restored, any_fight, health_of, with_health


async def rest(
    game: Game, actor: Actor, reason: str, runtime: Runtime, compose: Compose[Rested]
) -> Rested:
    """Everyone living to full health; a refusal when nobody needs it (nothing is logged)."""
    reason = clean_reason(reason)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        if await any_fight(game):
            raise ServiceError(Refusal.GM_REST_FIGHTING)
        rows = await characters_of(game)
        rested: list[Restored] = []
        async with in_transaction() as connection:
            for row in rows:
                state = rule_state(game, row)
                before, high = health_of(game, state)
                if before >= high:
                    continue
                mine = Character.filter(id=row.id, version=row.version)
                if not await mine.update(
                    state=dump(with_health(game, state, high)), version=F("version") + 1
                ):
                    raise StaleAction()
                rested.append(Restored(row.number, row.name, row.user_id, before, high, high))
            if not rested:
                raise ServiceError(Refusal.GM_REST_NOBODY)
            details = {"rested": [[r.number, r.before, r.after] for r in rested]}
            await gm_log.record(game, actor, "rest", reason, details=details, connection=connection)
        news = Rested(game, reason, tuple(rested))
        await announce(compose, news)
    return news
