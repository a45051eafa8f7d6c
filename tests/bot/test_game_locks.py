"""The game lock (bot/services/locks.py): it yields the game as stored now, refuses a paused or
ended game, and finds a chat's game by a remembered id that is checked inside the lock."""

from __future__ import annotations

import pytest
from tortoise.timezone import now

from bot.db.models import Game, GameSystem
from bot.services import games
from bot.services.errors import GamePaused, NoActiveGame
from bot.services.locks import GameLocks

CHAT = -500


async def test_the_lock_yields_the_game_as_stored_now(database: str) -> None:
    locks = GameLocks()
    game = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    await Game.filter(id=game.id).update(state={"cycle": 7})
    async with locks.game(game.id) as fresh:
        assert fresh.id == game.id and fresh.state == {"cycle": 7}
    assert game.state != {"cycle": 7}  # the caller's copy was read before


async def test_a_paused_game_refuses_unless_paused_ok(database: str) -> None:
    locks = GameLocks()
    game = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    await Game.filter(id=game.id).update(paused_at=now())
    with pytest.raises(GamePaused):
        async with locks.game(game.id):
            pass
    with pytest.raises(GamePaused):
        async with locks.chat(CHAT):
            pass
    async with locks.game(game.id, paused_ok=True) as fresh:
        assert fresh.paused_at is not None


async def test_a_chat_s_game_is_remembered_and_checked_inside_the_lock(database: str) -> None:
    locks = GameLocks()
    with pytest.raises(NoActiveGame):
        async with locks.chat(CHAT):
            pass
    first = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    async with locks.chat(CHAT) as game:
        assert game.id == first.id
    await games.end_game(CHAT, locks)
    with pytest.raises(NoActiveGame):  # remembered, but ended: looked up again, none
        async with locks.chat(CHAT):
            pass
    with pytest.raises(NoActiveGame):  # an action that waited for /endgame's lock
        async with locks.game(first.id):
            pass
    second = await games.create_game(CHAT, GameSystem.DUEL, 1, "ru")
    async with locks.chat(CHAT) as game:
        assert game.id == second.id
    await games.end_game(CHAT, locks)
    third = await games.create_game(CHAT, GameSystem.D20, 1, "ru")
    async with locks.chat(CHAT) as game:  # the remembered id is another game's now
        assert game.id == third.id and game.system == GameSystem.D20


async def test_another_chat_s_game_is_never_taken(database: str) -> None:
    locks = GameLocks()
    mine = await games.create_game(CHAT, GameSystem.POOL, 1, "ru")
    other = await games.create_game(CHAT - 1, GameSystem.POOL, 1, "ru")
    async with locks.chat(CHAT - 1) as game:
        assert game.id == other.id
    async with locks.chat(CHAT) as game:
        assert game.id == mine.id
