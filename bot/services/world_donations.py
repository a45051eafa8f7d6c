"""Donations of a pool character (rulebook: pool): an item for a coin, 5 coins for a prize, a
coin for a fact, 100 coins at once to win. The second winner ends the game (its seed revealed)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Character, Game
from bot.services import timers
from bot.services.cycles import AUTO_TICK
from bot.services.errors import ServiceError
from bot.services.games import mark_ended
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.world import load_world, save_world
from bot.services.world_play import Actor, act
from rules.errors import RuleError
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


@dataclass(frozen=True, slots=True)
class FactBought:
    """A paid fact, owed to the asker's private chat with the coin it cost."""

    actor: Actor
    fact: Fact
    name: str  # the character's it is about


async def fact(
    actor: Actor, about: int, question: Question, runtime: Runtime, compose: Compose[FactBought]
) -> Fact:
    """One coin for the hall, items or health of character ``about``; the answer is owed to
    the asker in private in the same transaction (a blocked chat loses the answer, not the
    coin: the coin was given, the answer is logged as given up)."""

    def change(world: World) -> tuple[World, FactBought]:
        after, answer = ask_fact(world, actor.number, about, question)
        return after, FactBought(actor, answer, after.character(about).name)

    bought = await act(actor.game, runtime, change, compose)
    return bought.fact


@dataclass(frozen=True, slots=True)
class Victory:
    """A win, announced in the group; with the game over, ``ended`` is the ended game (seed
    public) and ``winners`` their numbers in order, ``names`` theirs."""

    game: Game
    name: str  # the winner's
    number: int
    won: Won
    winners: tuple[int, ...]
    ended: Game | None
    names: dict[int, str]


async def win(actor: Actor, runtime: Runtime, compose: Compose[Victory]) -> Victory:
    """A hundred coins at once: a winner; the second one ends the game. The win, the end and
    their announcement are saved together."""
    async with runtime.locks.game(actor.game.id) as game:
        world, rows = await load_world(game)
        try:
            after, won = donate_to_win(world, actor.number)
        except RuleError as error:
            raise ServiceError.of(error) from None
        await save_world(game, world, after, rows)
        ended: Game | None = None
        if won.game_over:
            await timers.cancel(AUTO_TICK, game.id)
            ended = await mark_ended(game)
        found = Character.filter(game_id=game.id, number__in=after.winners)
        names = dict(await found.values_list("number", "name"))
        victory = Victory(game, actor.row.name, actor.number, won, after.winners, ended, names)
        return await announce(compose, victory)
