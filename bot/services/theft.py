"""Theft from the awake, /steal N (rulebook: pool / Theft).

One step under the game's lock: check, roll inside the game's dice block, save the world, log
it for the game master and owe the messages, all in one transaction. The rolls are logged as a
secret action of the cycle (the group's /log must not tell who stole from whom); the game
master's log keeps the whole attempt, out of the group's /log (:data:`gm_log.HIDDEN`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.services import gm_log
from bot.services.characters import busy_numbers
from bot.services.errors import ServiceError
from bot.services.games import game_dice
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.world import load_world, save_world
from bot.services.world_play import Actor
from rules.errors import RuleError
from rules.odds.theft import theft_chance
from rules.pool.model import PoolCharacter
from rules.pool.roll import BASE_THRESHOLD
from rules.pool.theft import Theft, check_theft, steal

PURPOSE = "pool_secret"
ACTION = "theft"


@dataclass(frozen=True, slots=True)
class TheftNews:
    """A theft attempt: the thief's ``actor``, both characters as they were (``thief``,
    ``victim``) and the victim's owner, the rules' ``theft`` and the thief's exact chance."""

    actor: Actor
    thief: PoolCharacter
    victim: PoolCharacter
    victim_owner: int
    theft: Theft
    chance: Fraction


def chance_of(theft: Theft) -> Fraction:
    """The thief's chance with these pools, exactly (:func:`rules.odds.theft.theft_chance`)."""
    return theft_chance(
        len(theft.attack.dice),
        len(theft.defense.dice),
        theft.attack.threshold - BASE_THRESHOLD,
        theft.defense.threshold - BASE_THRESHOLD,
    )


def _details(theft: Theft) -> dict[str, object]:
    found = theft.item.value if theft.item is not None else None
    return {
        "thief": theft.thief,
        "victim": theft.victim,
        "attack": list(theft.attack.dice),
        "defense": list(theft.defense.dice),
        "success": theft.success,
        "item": found,
        "from": theft.source.value if theft.source is not None else None,
        "to": theft.to.value if theft.to is not None else None,
    }


async def attempt(
    actor: Actor, victim: int, runtime: Runtime, compose: Compose[TheftNews]
) -> TheftNews:
    """``actor``'s character tries to rob character ``victim`` (refusals change nothing)."""
    async with runtime.locks.game(actor.game.id) as game:
        world, rows = await load_world(game)
        fighting = frozenset(await busy_numbers(game))
        try:
            doer, robbed = check_theft(world, actor.number, victim, fighting)
        except RuleError as error:
            raise ServiceError.of(error) from None
        secret = f"cycle {world.cycle + 1}"
        async with game_dice(game, PURPOSE, secret, runtime.dice_factory) as dice:
            after, theft = steal(world, actor.number, victim, dice, fighting)
            await save_world(game, world, after, rows)
            thief = gm_log.Actor(actor.row.user_id, actor.row.name)
            await gm_log.record(
                game, thief, ACTION, "", target_number=victim, details=_details(theft)
            )
            owner = rows[victim].user_id
            news = TheftNews(actor, doer, robbed, owner, theft, chance_of(theft))
            await announce(compose, news)
    return news
