"""Giving items to another character in the hall (:mod:`rules.pool.giving`): at once to one at
health 0, else an offer that the receiver answers in private before the next tick.

An offer is an ``Encounter`` row of kind ``gift`` (the table of fights' rows, reused: its state
the rules' :class:`GiftOffer`, its ``chat_id`` the receiver's private chat, its stage a
:class:`Step`), so it survives a restart; it is created, answered and
announced in the game's lock, with the world it changes and the messages it owes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tortoise.expressions import F

from bot.db.models import Character, Encounter, Game
from bot.services.characters import busy_numbers
from bot.services.codec import dump, load
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.world import load_world, save_world
from bot.services.world_play import Actor, peek
from rules.errors import Code, RuleError
from rules.pool import giving
from rules.pool.build import Appearance, appearance
from rules.pool.giving import Handed
from rules.pool.model import Item
from rules.pool.offers import GiftOffer
from rules.pool.places import Place
from rules.pool.world import World

KIND = "gift"


class Step(StrEnum):
    """What happened to a giving; an offer's row keeps the last one as its stage."""

    GIVEN = "given"  # at once, to a receiver at 0
    OFFERED = "offered"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    FAILED = "failed"  # accepted, but the checks refused it now
    EXPIRED = "expired"  # answered after the cycle it was made in


@dataclass(frozen=True, slots=True)
class Gift:
    """A giving's news: the rows of both (names, private chats), what was given and how far it
    got. ``offer_id``: the offer's row (its buttons); ``refusal``: why it failed."""

    game: Game
    step: Step
    giver: Character
    receiver: Character
    offer: GiftOffer
    handed: Handed | None = None
    offer_id: int | None = None
    refusal: ServiceError | None = None


@dataclass(frozen=True, slots=True)
class Receiver:
    """Someone in the giver's hall, as the giver sees them (by appearance)."""

    number: int
    looks: Appearance
    at_zero: bool
    asleep: bool


async def receivers(actor: Actor) -> tuple[Receiver, ...]:
    """The others alive in the actor's hall: those at 0 first, then by number."""
    world = await peek(actor.game)
    hall = world.character(actor.number).hall
    found = [
        Receiver(c.number, appearance(c), c.health <= 0, c.asleep)
        for c in world.characters
        if c.hall == hall and c.alive and c.number != actor.number
    ]
    return tuple(sorted(found, key=lambda r: (not r.at_zero, r.number)))


async def give(
    actor: Actor,
    receiver: int,
    item: Item,
    source: Place,
    count: int,
    runtime: Runtime,
    compose: Compose[Gift],
) -> Gift:
    """Give ``count`` ``item`` from ``source`` to character ``receiver``: handed over now (at
    0), or offered."""
    fighting = frozenset(await busy_numbers(actor.game))
    async with runtime.locks.game(actor.game.id) as game:
        world, rows = await load_world(game)
        if receiver not in rows and receiver != actor.number:  # dead, kicked or nobody
            raise ServiceError(Code.NOT_HERE, character=actor.number, other=receiver)
        try:
            after, done = giving.give(
                world, actor.number, receiver, item, source, count, fighting=fighting
            )
        except RuleError as error:
            raise ServiceError.of(error) from None
        await save_world(game, world, after, rows)
        giver_row, receiver_row = rows[actor.number], rows[receiver]
        if isinstance(done, Handed):
            offer = GiftOffer(world.cycle, actor.number, receiver, item, source, count)
            news = Gift(game, Step.GIVEN, giver_row, receiver_row, offer, done)
        else:
            record = await Encounter.create(
                game_id=game.id,
                kind=KIND,
                stage=Step.OFFERED.value,
                state=dump(done),
                chat_id=receiver_row.user_id,
                hall=world.character(receiver).hall,
            )
            news = Gift(game, Step.OFFERED, giver_row, receiver_row, done, offer_id=record.id)
        await announce(compose, news)
    return news


def _settle(
    world: World, offer: GiftOffer, accepted: bool, fighting: frozenset[int]
) -> tuple[World, Step, Handed | None, ServiceError | None]:
    if offer.cycle != world.cycle:
        return world, Step.EXPIRED, None, None
    if not accepted:
        return world, Step.DECLINED, None, None
    try:
        after, handed = giving.accept(world, offer, fighting=fighting)
    except RuleError as error:
        return world, Step.FAILED, None, ServiceError.of(error)
    return after, Step.ACCEPTED, handed, None


async def answer(
    game_id: int,
    offer_id: int,
    user_id: int,
    accepted: bool,
    runtime: Runtime,
    compose: Compose[Gift],
) -> Gift:
    """The receiver takes or declines offer ``offer_id``. Only the receiver may; an answered
    offer is gone; one whose cycle is over expires; a refusal of the checks fails it (nothing
    moves, both are told why)."""
    fighting = frozenset(await busy_numbers_of(game_id))
    async with runtime.locks.game(game_id) as game:
        record = await Encounter.get_or_none(id=offer_id, game_id=game.id, kind=KIND)
        if record is None:
            raise ServiceError(Code.OFFER_GONE)
        if record.chat_id != user_id:
            raise ServiceError(Refusal.NOT_YOUR_BUTTON)
        if record.stage != Step.OFFERED.value:
            raise ServiceError(Code.OFFER_GONE)
        offer = load(GiftOffer, record.state)
        world, rows = await load_world(game)
        giver = rows.get(offer.giver) or await Character.get(game_id=game.id, number=offer.giver)
        receiver = rows.get(offer.receiver)
        if receiver is None:  # the receiver's character is dead: their button is stale
            raise ServiceError(Code.OFFER_GONE)
        after, step, handed, refusal = _settle(world, offer, accepted, fighting)
        await save_world(game, world, after, rows)
        mine = Encounter.filter(id=record.id, version=record.version)
        if not await mine.update(stage=step.value, version=F("version") + 1):
            raise StaleAction()
        news = Gift(game, step, giver, receiver, offer, handed, record.id, refusal)
        await announce(compose, news)
    return news


async def busy_numbers_of(game_id: int) -> set[int]:
    game = await Game.get_or_none(id=game_id)
    if game is None:
        raise ServiceError(Code.OFFER_GONE)
    return await busy_numbers(game)
