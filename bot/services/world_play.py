"""Who acts in the pool world and how an action is applied: resolve, lock, load, rule, save.

In the group chat the game is the chat's; in private it is the user's pool game (their newest
if they play in several at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from bot.db.models import Character, CharacterStatus, Game, GameStatus, GameSystem
from bot.services.errors import GameEnded, Refusal, ServiceError
from bot.services.games import require_game
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.world import load_world, save_world
from rules.errors import RuleError
from rules.pool.world import World

GROUP_CHATS = frozenset({"group", "supergroup"})
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Actor:
    """A user's living character in a pool game."""

    game: Game
    row: Character

    @property
    def number(self) -> int:
        return self.row.number


async def pool_game_of_chat(chat_id: int) -> Game:
    game = await require_game(chat_id)
    if game.system != GameSystem.POOL:
        raise ServiceError(Refusal.WRONG_SYSTEM)
    return game


async def actor_in_chat(chat_id: int, chat_type: str, user_id: int) -> Actor:
    """The user's character in the group's game, or (in private) in their newest pool game."""
    if chat_type in GROUP_CHATS:
        game = await pool_game_of_chat(chat_id)
        row = await Character.get_or_none(
            game_id=game.id, user_id=user_id, status=CharacterStatus.ACTIVE
        )
        if row is None:
            raise ServiceError(Refusal.NO_OWN_CHARACTER)
        return Actor(game, row)
    row = (
        await Character.filter(
            user_id=user_id,
            status=CharacterStatus.ACTIVE,
            game__status=GameStatus.ACTIVE,
            game__system=GameSystem.POOL,
        )
        .select_related("game")
        .order_by("-game_id")
        .first()
    )
    if row is None:
        raise ServiceError(Refusal.NOT_IN_WORLD)
    return Actor(row.game, row)


async def actor_in_game(game_id: int, user_id: int) -> Actor:
    """The user's living character in game ``game_id`` (dialogs keep the game's id)."""
    game = await Game.get_or_none(id=game_id, status=GameStatus.ACTIVE, system=GameSystem.POOL)
    if game is None:  # ended by its admins or by its winners: "two winners" may be untrue
        raise GameEnded()
    row = await Character.get_or_none(
        game_id=game.id, user_id=user_id, status=CharacterStatus.ACTIVE
    )
    if row is None:
        raise ServiceError(Refusal.NOT_IN_WORLD)
    return Actor(game, row)


async def act(
    game: Game,
    runtime: Runtime,
    change: Callable[[World], tuple[World, T]],
    compose: Compose[T] | None = None,
) -> T:
    """Apply ``change`` to the world under the game's lock and save; a rule error saves nothing
    and becomes a refusal. Returns what ``change`` returned besides the world; with ``compose``
    (the caller's composer) that is news, whose messages are owed with the save."""
    async with runtime.locks.game(game.id) as game:
        world, rows = await load_world(game)
        try:
            after, outcome = change(world)
        except RuleError as error:
            raise ServiceError.of(error) from None
        await save_world(game, world, after, rows)
        if compose is not None:
            await announce(compose, outcome)
    return outcome


async def change_world(game: Game, runtime: Runtime, change: Callable[[World], World]) -> World:
    """:func:`act` for a change with nothing to report but the world after it."""
    return await act(game, runtime, lambda world: (after := change(world), after))


async def peek(game: Game) -> World:
    """The world as it is now, for looking only (outside the lock: the game is read again)."""
    await game.refresh_from_db()
    world, _ = await load_world(game)
    return world
