"""A pool group fight as stored: an ``Encounter`` row whose JSON state is a :class:`PoolFight`.

Every write is a conditional update on the row's version, made inside the game's lock.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.db.models import Character, CharacterStatus, Encounter, Game
from bot.services import encounter_store
from bot.services.codec import load
from bot.services.errors import StaleAction
from rules.pool.fight_flow import Pending
from rules.pool.fight_round import RoundResult
from rules.pool.fight_setup import FightState
from rules.pool.model import PoolCharacter
from rules.pool.roll import InitiativeResult

KIND = "pool"
JOINING, CHOOSING, FIGHTING, FINISHED = "joining", "choosing", "fighting", "finished"
OPEN_STAGES = (JOINING, CHOOSING, FIGHTING)


@dataclass(frozen=True, slots=True)
class PoolFight:
    """The whole fight. ``joined``: challenger, target, then those who joined; ``state`` and
    ``initiative`` exist from the start of the fight on; ``awaiting``: fighters whose private
    opponent choice is open while fighting; ``unreachable``: fighters the bot could not write
    to; ``timer_id``: the one deadline that counts now (older timers are ignored)."""

    challenger: int
    joined: tuple[int, ...]
    sleeper: int | None = None
    state: FightState | None = None
    initiative: InitiativeResult | None = None
    actions: tuple[Pending, ...] = ()
    awaiting: tuple[int, ...] = ()
    unreachable: tuple[int, ...] = ()
    timer_id: int | None = None
    stopped: bool = False

    def action_of(self, fighter: int) -> Pending | None:
        return next((a for a in self.actions if a.fighter == fighter), None)


@dataclass(slots=True)
class FighterRow:
    """A fighter's character row as the fight read it: enough to write the character back."""

    id: int
    version: int


@dataclass(frozen=True)
class FightView:
    """A fight as the handlers show it: the row, the fight, every fighter and their owners."""

    game: Game
    record: Encounter
    fight: PoolFight
    characters: dict[int, PoolCharacter]
    owners: dict[int, int]
    gone: frozenset[int] = frozenset()  # fighters whose row is dead or kicked
    rows: dict[int, FighterRow] = field(default_factory=dict)

    @property
    def stage(self) -> str:
        return self.record.stage

    @property
    def id(self) -> int:
        return self.record.id

    def name(self, number: int) -> str:
        return self.characters[number].name

    def fighter_of(self, user_id: int) -> int | None:
        """The user's character in this fight (a living one first)."""
        mine = [n for n in self.fight.joined if self.owners.get(n) == user_id]
        living = [n for n in mine if n not in self.gone]
        found = living or mine
        return found[0] if found else None


@dataclass(frozen=True)
class RoundReport:
    """A resolved round and the fighters as they were when it began."""

    result: RoundResult
    before: dict[int, PoolCharacter]


@dataclass(frozen=True)
class Outcome:
    """What a step did: the fight now, whom to ask privately, a resolved round if any;
    ``opened``: the first round opened (after the join window or the choosing), which the group
    sees in a new message, so that the fighters it waits for are notified; ``anew``: a new live
    message for another reason."""

    view: FightView
    prompts: tuple[int, ...] = ()
    report: RoundReport | None = None
    opened: bool = False
    anew: bool = False  # the live message sent anew (a new fight, a fighter to notify)


def live_key(fight_id: int) -> str:
    """The fight's live message, for the outbox (:mod:`bot.services.outbox`)."""
    return encounter_store.live_key(KIND, fight_id)


async def load_view(game: Game, fight_id: int) -> FightView:
    """The fight ``fight_id`` of ``game``, else stale."""
    return await view_of(game, await encounter_store.load(game, fight_id, KIND))


FIGHTER_COLUMNS = ("number", "user_id", "status", "state", "id", "version")


async def view_of(game: Game, record: Encounter) -> FightView:
    fight = load(PoolFight, record.state)
    numbers = (*fight.joined, *([] if fight.sleeper is None else [fight.sleeper]))
    rows = await Character.filter(game_id=game.id, number__in=numbers).values_list(*FIGHTER_COLUMNS)
    characters: dict[int, PoolCharacter] = {}
    owners: dict[int, int] = {}
    stored: dict[int, FighterRow] = {}
    gone: set[int] = set()
    for number, user_id, status, state, row_id, version in rows:
        characters[number] = load(PoolCharacter, state)
        owners[number] = user_id
        stored[number] = FighterRow(row_id, version)
        if status != CharacterStatus.ACTIVE:
            gone.add(number)
    return FightView(game, record, fight, characters, owners, frozenset(gone), stored)


async def load_open(game: Game, fight_id: int, *stages: str) -> FightView:
    """The fight if it is in one of ``stages`` (any open stage by default), else stale."""
    view = await load_view(game, fight_id)
    if view.stage not in (stages or OPEN_STAGES):
        raise StaleAction()
    return view


async def save(view: FightView, fight: PoolFight, stage: str | None = None) -> FightView:
    """Write the fight with a conditional update on the version (a lost race: stale)."""
    await encounter_store.save(view.record, fight, stage or view.record.stage)
    return replace(view, fight=fight)


async def open_fights(game: Game) -> list[Encounter]:
    return await encounter_store.open_in(game, KIND, OPEN_STAGES)


async def busy_numbers(game: Game) -> set[int]:
    """Characters taking part in an open fight of the game."""
    busy: set[int] = set()
    for record in await open_fights(game):
        busy.update(load(PoolFight, record.state).joined)
    return busy
