"""Games: one active game per group chat, its settings, its verifiable dice and roll log."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.timezone import now
from tortoise.transactions import in_transaction

from bot.db.models import Character, Game, GameStatus, GameSystem, LiveMessage, RollLog
from bot.fixed_seed import fixed_text, game_seed
from bot.services.codec import dump
from bot.services.errors import NoActiveGame, Refusal, ServiceError
from bot.services.locks import GameLocks
from bot.services.outbox import Compose, announce
from bot.services.runtime import DiceFactory, GameDice, Runtime, verifiable_dice
from bot.services.settings import GameSettings, read_settings
from rules.dice import RollRecord, commitment, verify


async def active_game(chat_id: int) -> Game | None:
    return await Game.get_or_none(active_chat_id=chat_id)


async def require_game(chat_id: int) -> Game:
    game = await active_game(chat_id)
    if game is None:
        raise NoActiveGame()
    return game


async def create_game(
    chat_id: int,
    system: GameSystem,
    created_by: int,
    locale: str,
    default_duel_skills: tuple[str, ...] = (),
) -> Game:
    """A new game with a fresh secret seed; its commitment is published by the caller."""
    earlier = await Game.filter(chat_id=chat_id).count() if fixed_text() else 0
    seed = game_seed(chat_id, earlier)
    settings = GameSettings(duel_skills=default_duel_skills)
    try:
        return await Game.create(
            chat_id=chat_id,
            active_chat_id=chat_id,
            system=system,
            settings=dump(settings),
            seed_hex=seed.hex(),
            commitment=commitment(seed),
            created_by=created_by,
            locale=locale,
        )
    except IntegrityError:
        raise ServiceError(Refusal.GAME_EXISTS) from None


@dataclass(frozen=True, slots=True)
class GameCreated:
    """A new game: the group is owed its message (the commitment, the join button), shown on
    the live message :func:`live_key` (the system chooser it was created from)."""

    game: Game
    thread_id: int | None


def live_key(game_id: int) -> str:
    return f"game:{game_id}"


async def start_message(game: Game) -> tuple[int, int] | None:
    """``(chat_id, message_id)`` of the game's start message (the one that published its
    commitment), while it is known."""
    shown = await LiveMessage.get_or_none(key=live_key(game.id))
    return None if shown is None else (shown.chat_id, shown.message_id)


async def create_announced(
    chat_id: int,
    system: GameSystem,
    created_by: int,
    locale: str,
    default_duel_skills: tuple[str, ...],
    runtime: Runtime,
    compose: Compose[GameCreated],
    chooser: int,
    thread_id: int | None,
) -> Game:
    """:func:`create_game` from the system chooser (message ``chooser``), owing its edit into
    the new game's message in the same transaction: a game whose commitment is never
    published cannot be."""
    async with in_transaction():
        game = await create_game(chat_id, system, created_by, locale, default_duel_skills)
        await LiveMessage.create(key=live_key(game.id), chat_id=chat_id, message_id=chooser)
        await announce(compose, GameCreated(game, thread_id))
    runtime.locks.forget_chat(chat_id)
    return game


@dataclass(frozen=True, slots=True)
class GameEnded:
    """A game master ended the game: the group is owed its revealed seed."""

    game: Game
    thread_id: int | None


async def end_game(chat_id: int, locks: GameLocks | None = None) -> Game:
    """End the chat's game; the seed becomes public with it. With ``locks``, under the game's
    lock, so no action or timer that took the lock before can apply after the end."""
    game = await require_game(chat_id)
    if locks is None:
        return await mark_ended(game)
    async with locks.game(game.id, paused_ok=True) as game:
        ended = await mark_ended(game)
    locks.forget_chat(chat_id)
    return ended


async def end_announced(
    chat_id: int, runtime: Runtime, compose: Compose[GameEnded], thread_id: int | None = None
) -> Game:
    """:func:`end_game` by the game master, owing the group the revealed seed."""
    game = await require_game(chat_id)
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        ended = await mark_ended(game)
        await announce(compose, GameEnded(ended, thread_id))
    runtime.locks.forget_chat(chat_id)
    return ended


async def mark_ended(game: Game) -> Game:
    """End ``game`` (call it holding the game's lock)."""
    updated = await Game.filter(id=game.id, status=GameStatus.ACTIVE).update(
        status=GameStatus.ENDED, active_chat_id=None, ended_at=now(), version=F("version") + 1
    )
    if not updated:
        raise NoActiveGame()
    await game.refresh_from_db()
    return game


def settings_of(game: Game) -> GameSettings:
    return read_settings(game.settings)


async def save_settings(game: Game, settings: GameSettings) -> None:
    game.settings = dump(settings)
    await Game.filter(id=game.id).update(settings=game.settings, version=F("version") + 1)


@dataclass(frozen=True, slots=True)
class LoggedRoll:
    index: int
    sides: int
    value: int
    purpose: str
    actor: str
    owner: str = ""  # whose die within the action (rules.dice.owned), "" when not labelled


@contextlib.asynccontextmanager
async def game_dice(
    game: Game, purpose: str, actor: str = "", factory: DiceFactory = verifiable_dice
) -> AsyncIterator[GameDice]:
    """The game's dice from its next index; on success the rolls are logged in one transaction.

    The caller saves its own state inside the same block (before sending anything), so a
    crash either keeps both the rolls and the result or neither.
    """
    dice = factory(game)
    async with rolls_kept(game, dice, purpose, actor):
        yield dice


@contextlib.asynccontextmanager
async def rolls_kept(
    game: Game, dice: GameDice, purpose: str, actor: str = ""
) -> AsyncIterator[None]:
    """One transaction for the writes of a step that rolled ``dice`` and its rolls' log.

    :func:`game_dice` when the rolling is pure computation: roll first (``factory(game)``),
    then write in this block. The transaction then holds the database only for the writes
    (on SQLite every other query waits for it), and still keeps both or neither.
    """
    async with in_transaction():  # a versioned write that loses raises, and rolls it back
        yield
        rolls = dice.take_history()
        if rolls:
            moment = now()
            actor = actor[:32]
            await RollLog.bulk_create(
                [
                    RollLog(
                        game_id=game.id,
                        index=r.index,
                        sides=r.sides,
                        value=r.value,
                        purpose=purpose,
                        actor=actor,
                        owner=r.owner[:64],
                        created_at=moment,
                    )
                    for r in rolls
                ]
            )
            if game.next_roll_index != dice.next_index:  # else saved with the game's state
                await Game.filter(id=game.id).update(next_roll_index=dice.next_index)
                game.next_roll_index = dice.next_index


async def character_names(game: Game) -> dict[int, str]:
    """The game's characters' names by number (the living and the dead), for the roll log."""
    found = await Character.filter(game_id=game.id).values_list("number", "name")
    return {number: name for number, name in found}


async def latest_rolls(game: Game, limit: int = 30) -> list[LoggedRoll]:
    rows = await RollLog.filter(game_id=game.id).order_by("-index").limit(limit)
    return [
        LoggedRoll(r.index, r.sides, r.value, r.purpose, r.actor, r.owner or "")
        for r in reversed(rows)
    ]


@dataclass(frozen=True, slots=True)
class Verification:
    commitment_ok: bool
    rolls_checked: int
    first_bad_index: int | None

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.first_bad_index is None


async def verify_game(game: Game, seed_hex: str | None = None) -> Verification:
    """Check a seed (the revealed one by default) against the commitment and the whole log."""
    seed = bytes.fromhex(seed_hex or game.seed_hex)
    rows = await RollLog.filter(game_id=game.id).order_by("index")
    records = [RollRecord(r.index, r.sides, r.value) for r in rows]
    report = verify(seed, records, published=game.commitment)
    bad = report.first_mismatch.index if report.first_mismatch else None
    return Verification(report.commitment_ok, report.checked, bad)


async def last_game(chat_id: int) -> Game | None:
    """The chat's active game, else its most recently ended one."""
    return await Game.filter(chat_id=chat_id).order_by("-id").first()
