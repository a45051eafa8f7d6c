"""A pool group fight as stored: an ``Encounter`` row whose JSON state is the rules' table
(:class:`~rules.pool.fight_table.PoolTable`) without the world's part, which is read again
from the characters' rows before every move and every view (:func:`laid`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tortoise.expressions import Q

from bot.db.models import Character, CharacterStatus, Encounter, Game
from bot.services import encounter_store
from bot.services.codec import load, load_stored
from rules.encounter import Seat
from rules.pool.fight_table import KIND as KIND
from rules.pool.fight_table import OPEN_STAGES, PoolStage, PoolTable
from rules.pool.fight_view import FightView, RoundReport
from rules.pool.fight_view import view_of as fight_view
from rules.pool.model import PoolCharacter

JOINING, CHOOSING, FIGHTING, FINISHED = (stage.value for stage in PoolStage)
OPEN = tuple(stage.value for stage in OPEN_STAGES)


@dataclass(frozen=True)
class Outcome:
    """What a step owes the chats: the game and the fight's row (its chat, its topic), the
    fight now, whom to ask privately, a resolved round if any; ``opened``: the first round
    opened (after the join window or the choosing), which the group sees in a new message, so
    that the fighters it waits for are notified; ``anew``: a new live message for another
    reason (a new fight, a fighter to notify)."""

    game: Game
    record: Encounter
    view: FightView
    prompts: tuple[int, ...] = ()
    report: RoundReport | None = None
    opened: bool = False
    anew: bool = False


def live_key(fight_id: int) -> str:
    """The fight's live message, for the outbox (:mod:`bot.services.outbox`)."""
    return encounter_store.live_key(KIND, fight_id)


def kept(table: PoolTable) -> PoolTable:
    """What is stored of a table: not the world's part (:func:`laid` reads it again)."""
    return replace(table, seated=(), characters=(), gone=frozenset(), busy=frozenset())


async def laid(game: Game, record: Encounter, table: PoolTable) -> PoolTable:
    """The stored table with the row's stage and hall and the world's part as stored now: every
    fighter's character (and the guarded sleeper's), who plays it, who has left the game; while
    joining, every living character of the game too (who may join, who is busy elsewhere)."""
    numbers = (*table.joined, *([] if table.sleeper is None else [table.sleeper]))
    wanted = Q(number__in=numbers)
    joining = record.stage == JOINING
    if joining:
        wanted |= Q(status=CharacterStatus.ACTIVE)
    rows = await Character.filter(Q(game_id=game.id) & wanted).values_list(
        "number", "user_id", "status", "state"
    )
    characters, owners, gone = [], {}, set()
    for number, user_id, status, state in rows:
        characters.append(load_stored(PoolCharacter, state))
        owners[number] = user_id
        if status != CharacterStatus.ACTIVE:
            gone.add(number)
    busy: frozenset[int] = frozenset()
    if joining:
        busy = frozenset(await busy_numbers(game, but=record.id))
    return replace(
        table,
        stage=PoolStage(record.stage),
        hall=record.hall or 0,
        seated=tuple(Seat(n, owners.get(n)) for n in table.joined),
        characters=tuple(characters),
        gone=frozenset(gone),  # joined or the sleeper: every other row read is active
        busy=busy,
    )


async def view_of(game: Game, record: Encounter) -> FightView:
    """The fight as its texts show it, with its fighters as stored now."""
    return fight_view(record.id, await laid(game, record, load(PoolTable, record.state)))


async def open_fights(game: Game) -> list[Encounter]:
    return await encounter_store.open_in(game, KIND, OPEN)


async def busy_numbers(game: Game, *, but: int | None = None) -> set[int]:
    """Characters taking part in an open fight of the game (``but``: another than this one)."""
    busy: set[int] = set()
    for record in await open_fights(game):
        if record.id != but:
            busy.update(load(PoolTable, record.state).joined)
    return busy
