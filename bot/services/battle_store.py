"""d20 battles (rulebook: d20): the stored record and its conditional save.

The rules' :class:`Battle` lives in an ``Encounter`` row (kind ``d20``) inside a
:class:`BattleState`, written with a conditional update on the row's version. Every action
runs under the game's lock; one timer at a time guards the battle (joining, a turn or a
narration) and its id is kept in the state, so a timer that fired late finds itself replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from tortoise.transactions import in_transaction

from bot.db.models import Character, CharacterStatus, Encounter, Game, GameSystem
from bot.services import encounter_store, timers
from bot.services.characters import rule_state
from bot.services.codec import dump, load
from bot.services.deaths import noted
from bot.services.errors import Refusal, ServiceError, StaleAction
from rules.d20 import Battle, D20Character
from rules.gender import Gender

KIND = "d20"
JOIN_TIMER = "d20_join"
TURN_TIMER = "d20_turn"
NARRATION_TIMER = "d20_narration"
REMINDER_KINDS = (timers.reminded(TURN_TIMER), timers.reminded(NARRATION_TIMER))
SIDES = ("1", "2")


class BattleStage(StrEnum):
    JOINING = "joining"
    FIGHTING = "fighting"
    NARRATION = "narration"
    FINISHED = "finished"  # over; the fallen may still be finished off or spared
    LAPSED = "lapsed"  # nobody (or one side only) came
    CLOSED = "closed"


OPEN_STAGES = (BattleStage.JOINING, BattleStage.FIGHTING, BattleStage.NARRATION)


@dataclass(frozen=True, slots=True)
class Fighter:
    """A character who joined: ``side`` is one of :data:`SIDES`; ``gender`` as the character's
    row had it then (None: not set), for the texts."""

    number: int
    user_id: int
    name: str
    side: str
    gender: Gender | None = None


@dataclass(frozen=True, slots=True)
class BattleState:
    """What the Encounter row stores: the rules' battle plus who plays whom.

    ``opener`` is the user who called the battle (``opener_name`` as shown then).
    ``step`` grows with every change of turn: buttons carry it, so a stale or repeated press
    is refused. ``side_names`` empty means the locale's default names. ``told``: the
    narrative variants told so far in this battle, by story family (:func:`rules.d20.tell`).
    """

    opener: int
    opener_name: str = ""
    side_names: tuple[str, str] = ("", "")
    fighters: tuple[Fighter, ...] = ()
    battle: Battle | None = None
    step: int = 0
    timer_id: int | None = None
    narrator_user: int | None = None
    told: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def fighter_of(self, user_id: int) -> Fighter | None:
        return next((f for f in self.fighters if f.user_id == user_id), None)

    def named(self, name: str) -> Fighter | None:
        return next((f for f in self.fighters if f.name == name), None)

    def owner(self, name: str) -> int:
        return next(f.user_id for f in self.fighters if f.name == name)

    def on_side(self, side: str) -> tuple[Fighter, ...]:
        return tuple(f for f in self.fighters if f.side == side)


@dataclass(frozen=True, slots=True)
class BattleSnapshot:
    record: Encounter
    state: BattleState

    @property
    def stage(self) -> BattleStage:
        return BattleStage(self.record.stage)

    @property
    def battle(self) -> Battle:
        assert self.state.battle is not None
        return self.state.battle


def require_d20(game: Game) -> None:
    if game.system != GameSystem.D20:
        raise ServiceError(Refusal.WRONG_SYSTEM)


def snapshot(record: Encounter) -> BattleSnapshot:
    return BattleSnapshot(record, load(BattleState, record.state))


async def open_battle_in(game: Game) -> BattleSnapshot | None:
    found = await encounter_store.open_in(game, KIND, OPEN_STAGES)
    return snapshot(found[0]) if found else None


async def load_battle(game: Game, battle_id: int, *stages: BattleStage) -> BattleSnapshot:
    """The battle in one of ``stages``, else :class:`StaleAction`."""
    return snapshot(await encounter_store.load(game, battle_id, KIND, stages))


async def save(
    game: Game, snap: BattleSnapshot, state: BattleState, stage: BattleStage
) -> BattleSnapshot:
    """Conditional update on the version, in one transaction with the HP and deaths that the
    change brought (only those: a character's HP may have moved on since, in a later battle)."""
    record = snap.record
    async with in_transaction():
        await encounter_store.save(record, state, stage.value)
        await _save_characters(game, snap.state, state, record.id)
    return BattleSnapshot(record, state)


async def _save_characters(game: Game, old: BattleState, new: BattleState, battle_id: int) -> None:
    if old.battle is None or new.battle is None:
        return
    numbers = {f.name: f.number for f in new.fighters}
    for before, after in zip(old.battle.combatants, new.battle.combatants, strict=True):
        fighter = after.character
        if (before.character.hp, before.character.dead) == (fighter.hp, fighter.dead):
            continue
        row = await Character.get(game_id=game.id, number=numbers[fighter.name])
        stored: D20Character = rule_state(game, row)
        changes: dict[str, object] = {
            "state": dump(replace(stored, hp=fighter.hp, dead=fighter.dead))
        }
        if fighter.dead:
            changes.update(status=CharacterStatus.DEAD, active_key=None)
            changes["state"] = noted(changes["state"], {"battle": battle_id})
        await Character.filter(id=row.id).update(**changes)


def live_key(battle_id: int) -> str:
    """The battle's live message, for the outbox (:mod:`bot.services.outbox`)."""
    return encounter_store.live_key(KIND, battle_id)


async def shown_message(battle_id: int) -> int | None:
    """The battle's live message as delivered now (None: not delivered yet)."""
    return await encounter_store.shown_message(KIND, battle_id)


async def check_actor(game: Game, battle_id: int, user_id: int, step: int) -> BattleSnapshot:
    """For buttons that only redraw the turn's keyboard: the turn's owner, on a live button."""
    snap = await load_battle(game, battle_id, BattleStage.FIGHTING)
    if step != snap.state.step:
        raise StaleAction()
    if snap.state.owner(snap.battle.current.name) != user_id:
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    return snap
