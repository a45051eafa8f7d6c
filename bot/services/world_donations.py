"""Donations of a pool character (seed 000): an item for a coin, 5 coins for a prize, a coin for
a fact, 100 coins at once to win. The second winner ends the game (its seed is revealed)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Game
from bot.services import timers
from bot.services.cycles import AUTO_TICK
from bot.services.games import end_game
from bot.services.runtime import Runtime
from bot.services.world_play import Actor, act
from rules.pool.donations import (
    Fact,
    Question,
    Won,
    ask_fact,
    buy_prize,
    donate_item,
    donate_to_win,
)
from rules.pool.model import Item
from rules.pool.places import Place
from rules.pool.world import World


async def donate(actor: Actor, item: Item, source: Place, runtime: Runtime) -> tuple[Place, ...]:
    """One ``item`` from ``source`` for a coin; where the coin went."""
    return await act(actor.game, runtime, lambda w: donate_item(w, actor.number, item, source, 1))


async def buy(actor: Actor, item: Item, runtime: Runtime) -> Place:
    """Five coins for ``item``; where it went (the hall floor when nothing has room)."""
    return await act(actor.game, runtime, lambda w: buy_prize(w, actor.number, item))


async def fact(actor: Actor, about: int, question: Question, runtime: Runtime) -> Fact:
    """One coin for the hall, items or health of character ``about``."""
    return await act(actor.game, runtime, lambda w: ask_fact(w, actor.number, about, question))


@dataclass(frozen=True, slots=True)
class Victory:
    """A win; with the game over, ``ended`` is the ended game (seed public) and ``winners``
    their numbers in order."""

    won: Won
    winners: tuple[int, ...]
    ended: Game | None


async def win(actor: Actor, runtime: Runtime) -> Victory:
    """A hundred coins at once: a winner; the second one ends the game."""

    def change(world: World) -> tuple[World, tuple[Won, tuple[int, ...]]]:
        after, won = donate_to_win(world, actor.number)
        return after, (won, after.winners)

    won, winners = await act(actor.game, runtime, change)
    ended: Game | None = None
    if won.game_over:
        ended = await _end(actor.game)
    return Victory(won, winners, ended)


async def _end(game: Game) -> Game:
    await timers.cancel(AUTO_TICK, game.id)
    return await end_game(game.chat_id)
