"""Every encounter as stored: an ``Encounter`` row of its kind (``pool``, ``duel``, ``d20``)
whose JSON ``state`` is the kind's state and whose ``stage`` column mirrors it for queries.

Every write is a conditional update on the row's version, made inside the game's lock: a
write that lost a race raises :class:`StaleAction` and its transaction rolls back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tortoise.expressions import F

from bot.db.models import Encounter, Game, GameStatus, LiveMessage
from bot.services.codec import dump
from bot.services.errors import StaleAction


def live_key(kind: str, encounter_id: int) -> str:
    """The encounter's live message, for the outbox (:mod:`bot.services.outbox`)."""
    return f"{kind}:{encounter_id}"


async def create(
    game: Game,
    kind: str,
    stage: str,
    state: Any,
    chat_id: int,
    thread_id: int | None,
    hall: int | None = None,
) -> Encounter:
    """A new encounter (``hall``: the pool hall it is fought in)."""
    return await Encounter.create(
        game_id=game.id,
        kind=kind,
        stage=stage,
        state=dump(state),
        chat_id=chat_id,
        thread_id=thread_id,
        hall=hall,
    )


async def load(
    game: Game, encounter_id: int, kind: str, stages: Sequence[str] | None = None
) -> Encounter:
    """The encounter of ``game`` in one of ``stages`` (None: in any), else
    :class:`StaleAction`."""
    record = await Encounter.get_or_none(id=encounter_id, game_id=game.id, kind=kind)
    if record is None or (stages is not None and record.stage not in stages):
        raise StaleAction()
    return record


async def save(record: Encounter, state: Any, stage: str) -> None:
    """Write the state with a conditional update on the version (a lost race: stale)."""
    data = dump(state)
    mine = Encounter.filter(id=record.id, version=record.version)
    if not await mine.update(state=data, stage=stage, version=F("version") + 1):
        raise StaleAction()
    record.version += 1
    record.stage = stage
    record.state = data


async def open_in(game: Game, kind: str, stages: Sequence[str]) -> list[Encounter]:
    """The game's encounters of ``kind`` that are open (in one of ``stages``), oldest first."""
    return await Encounter.filter(game_id=game.id, kind=kind, stage__in=list(stages)).order_by("id")


async def game_of(encounter_id: int, kind: str) -> Game:
    """The running game of an encounter (a private button carries only the encounter's id)."""
    game = await Game.filter(encounters__id=encounter_id, encounters__kind=kind).first()
    if game is None or game.status != GameStatus.ACTIVE:
        raise StaleAction()
    return game


async def shown_message(kind: str, encounter_id: int) -> int | None:
    """The encounter's live message as delivered now (None: not delivered yet)."""
    shown = await LiveMessage.get_or_none(key=live_key(kind, encounter_id))
    return None if shown is None else int(shown.message_id)


async def require_live(kind: str, encounter_id: int, chat_id: int, message_id: int) -> None:
    """A press on an encounter's button must come from its live message: one older than it (a
    copy sent twice after a crash, whose first send was never marked; an earlier round whose
    buttons could not be taken off yet) is :class:`StaleAction`. A newer one passes: it is
    the live message whose delivery the courier is marking right now; so does one in another
    chat (a group that became a supergroup: the live message is sent again there)."""
    shown = await LiveMessage.get_or_none(key=live_key(kind, encounter_id))
    if shown is not None and shown.chat_id == chat_id and message_id < shown.message_id:
        raise StaleAction()
