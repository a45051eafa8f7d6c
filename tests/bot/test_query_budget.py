"""Database queries per press do not grow with the database: the same 1-on-1 fight, pressed the
same way with the same dice, costs exactly the same queries update by update in a database
holding only its game and in one holding many more games (characters, open and finished
fights, rolls, fired timers) with a crowded game of its own. Counted, never timed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import pytest
from aiogram import Dispatcher
from aiogram.types import Update

from bench.measure import QueryCounter
from bench.queries import fill
from bot.db.models import GameSystem
from bot.handlers import pool_fight_publish
from bot.services import fights, games
from bot.services.characters import PoolBuild, create_character
from bot.services.fights import FINISHED
from rules.pool.model import Gender
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    FIGHTER,
    Table,
    challenge,
    change,
    fight_record,
    pool_table,
    press,
    round_dice,
)

T = TypeVar("T")
MISS, NO_DEFENSE = (2, 2, 2), (2, 2)
ATTACK = "⚔️ Атаковать"
MAX_PER_UPDATE = 25  # far above today's figures: an N+1 shows here too


class Counted:
    """An outer middleware: the statements each update sent to the database, in order, and a
    way to wait until an update the test sent is fully handled."""

    def __init__(self, dp: Dispatcher, counter: QueryCounter) -> None:
        self.counter = counter
        self.per_update: list[tuple[str, int]] = []
        self.sent = 0
        self._changed = asyncio.Event()
        dp.update.outer_middleware(self)

    async def __call__(
        self,
        handler: Callable[[Any, dict[str, Any]], Awaitable[Any]],
        event: Any,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        kind = event.callback_query.data if event.callback_query else event.message.text  # type: ignore[union-attr]
        try:
            with self.counter.counting() as queries:
                return await handler(event, data)
        finally:
            self.per_update.append((str(kind).split(":")[0], queries[0]))
            self._changed.set()

    async def after(self, update: Awaitable[T]) -> T:
        self.sent += 1
        result = await update
        async with asyncio.timeout(10):
            while len(self.per_update) < self.sent:
                self._changed.clear()
                await self._changed.wait()
        return result


@pytest.fixture
async def counted(gm: Harness) -> AsyncIterator[Counted]:
    counter = QueryCounter()
    counter.install()
    try:
        yield Counted(gm.dp, counter)
    finally:
        counter.remove()


async def _fight(gm: Harness, table: Table, counted: Counted) -> list[tuple[str, int]]:
    """/fight, start, two rounds: Бран dies in the second (the first fight test's dice)."""
    first = len(counted.per_update)
    gm.game_dice.add(10, 8, 3)
    live = await counted.after(challenge(table, 1, "/fight 2"))
    await counted.after(press(table, 1, live, "Начать"))
    first_round = gm.emu.last_bot_message(table.group)  # round 1 opens in a new message
    assert first_round is not None and ATTACK in first_round.button_texts
    round_dice(gm, (10, 10, 10), NO_DEFENSE, MISS, (5, 5))
    for number in (1, 2):
        await counted.after(press(table, number, first_round, ATTACK))
    second = gm.emu.last_bot_message(table.group)
    assert second is not None and ATTACK in second.button_texts
    round_dice(gm, (10, 10, 10), NO_DEFENSE, (9, 9, 9), (5, 5))
    for number in (2, 1):
        await counted.after(press(table, number, second, ATTACK))
    assert (await fight_record(table)).stage == FINISHED
    return counted.per_update[first:]


async def _crowd(gm: Harness) -> None:
    """300 characters in 30 games of ten with their history, and 5 games with an open fight."""
    await fill(300)
    for index in range(5):
        game = await games.create_game(-7_000_000 - index, GameSystem.POOL, 1, "ru")
        for number in (1, 2):
            build = PoolBuild(Gender.MALE, FIGHTER)
            await create_character(game, 7_000_000 + index * 10 + number, f"Crowd{number}", build)
        user, told = 7_000_000 + index * 10 + 1, gm.told(pool_fight_publish.compose)
        await fights.challenge(game, user, 2, game.chat_id, None, gm.dp["runtime"], told)


async def test_queries_per_press_do_not_grow_with_the_database(
    gm: Harness, counted: Counted
) -> None:
    alone = await _fight(gm, await pool_table(gm), counted)
    kinds = [kind for kind, _ in alone]
    assert kinds == ["/fight 2", "en", "en", "en", "en", "en"]
    assert all(0 < queries <= MAX_PER_UPDATE for _, queries in alone), alone

    await _crowd(gm)
    crowded = await pool_table(gm)
    for number in range(3, 23):  # 20 more characters in the fight's own game, in hall 2
        user_id = 8_000_000 + number
        await create_character(
            crowded.game, user_id, f"Extra{number}", PoolBuild(Gender.FEMALE, FIGHTER)
        )
        await change(crowded, number, hall=2)
    assert await _fight(gm, crowded, counted) == alone
