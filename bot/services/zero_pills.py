"""The pill button of the private message at health 0: one pill from the jacket's left pocket,
through the existing actions (a fight's round action while the character fights, else the
inventory's swallow)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Character, Game, GameStatus
from bot.services import encounters, inventory
from bot.services.characters import living_character
from bot.services.codec import load
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.fight_store import FIGHTING, open_fights
from bot.services.fights import FIGHTS
from bot.services.runtime import Runtime
from bot.services.world_play import Actor
from rules.pool.fight_table import Move, PoolMove, PoolTable
from rules.pool.model import PoolCharacter
from rules.pool.places import Place


@dataclass(frozen=True, slots=True)
class Swallowed:
    """``character``: after the pill (outside a fight); None: the pill is this round's action."""

    character: PoolCharacter | None


async def swallow_one(game_id: int, user_id: int, number: int, runtime: Runtime) -> Swallowed:
    game = await Game.get_or_none(id=game_id)
    if game is None or game.status != GameStatus.ACTIVE:
        raise StaleAction()
    row = await living_character(game, user_id)
    if row is None or row.number != number:
        theirs = await Character.exists(game_id=game.id, number=number, user_id=user_id)
        if theirs:
            raise StaleAction()  # their character died since
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    for record in await open_fights(game):
        fight = load(PoolTable, record.state)
        if number not in fight.joined:
            continue
        if record.stage != FIGHTING or fight.state is None:
            raise ServiceError(Refusal.PILLS_IN_FIGHT)
        pill = PoolMove(Move.PILLS, fight.state.round, count=1)
        await encounters.move(game, FIGHTS, record.id, user_id, pill, runtime)
        return Swallowed(None)
    after = await inventory.swallow(Actor(game, row), 1, Place.LEFT_POCKET, runtime)
    return Swallowed(after)
