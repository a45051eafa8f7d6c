"""d20 battles (rulebook: d20) in a group: the call to battle, and the battle as a kind of
encounter (:data:`BATTLES`): every later move goes the one way (:func:`encounters.move`).

Its rules are :mod:`rules.d20.encounter`; here is what only the store knows: who joins (their
character now), the characters' sheets when the battle starts, the game's setting for class
actions, and the HP and deaths a turn writes back. NPCs (rulebook: d20 / NPCs) live only in
the battle: the game master fields them (:func:`field_npc`), and nothing of theirs is written
back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.db.models import Character, CharacterStatus, Encounter, Game, GameStatus, GameSystem
from bot.services import encounter_store, encounters, timers
from bot.services.characters import cannot_fight, living_character, rule_state, write_hp
from bot.services.codec import load
from bot.services.encounters import Clock, Kind
from bot.services.errors import Refusal, ServiceError
from bot.services.games import settings_of
from bot.services.names import npc_name
from bot.services.outbox import Compose
from bot.services.runtime import Runtime
from rules.d20 import D20Character
from rules.d20.encounter import (
    D20,
    JOIN,
    KIND,
    NARRATE,
    ON_STAGES,
    TURN,
    BattleEvent,
    BattleMove,
    BattleSnapshot,
    BattleStage,
    BattleTable,
    Fighter,
    Happened,
    Move,
    Turn,
    open_battle,
)
from rules.encounter import Step
from rules.gender import Gender

JOIN_TIMER = "d20_join"
TURN_TIMER = "d20_turn"
NARRATION_TIMER = "d20_narration"
REMINDER_KINDS = (timers.reminded(TURN_TIMER), timers.reminded(NARRATION_TIMER))


@dataclass(frozen=True, slots=True)
class BattleNews:
    """A battle step, for the handler's composer: the game as it was, where the battle is shown,
    the battle now, what happened and the turn when there was one."""

    game: Game
    chat_id: int
    thread_id: int | None
    snap: BattleSnapshot
    happened: Happened
    turn: Turn | None = None


def require_d20(game: Game) -> None:
    if game.system != GameSystem.D20:
        raise ServiceError(Refusal.WRONG_SYSTEM)


def snapshot(record: Encounter) -> BattleSnapshot:
    return BattleSnapshot(record.id, load(BattleTable, record.state))


async def open_battle_in(game: Game) -> BattleSnapshot | None:
    """The game's battle that is on (joining, fighting or waiting for a description)."""
    found = await encounter_store.open_in(game, KIND, tuple(s.value for s in ON_STAGES))
    return snapshot(found[0]) if found else None


def live_key(battle_id: int) -> str:
    """The battle's live message, for the outbox (:mod:`bot.services.outbox`)."""
    return encounter_store.live_key(KIND, battle_id)


async def call_to_battle(
    game: Game,
    user_id: int,
    user_name: str,
    is_admin: bool,
    side_names: tuple[str, str],
    where: tuple[int, int | None],
    runtime: Runtime,
    compose: Compose[BattleNews],
) -> BattleSnapshot:
    """An admin or any player with a character calls a battle; joining lasts the join window."""
    require_d20(game)
    if not is_admin and await living_character(game, user_id) is None:
        raise ServiceError(Refusal.NO_OWN_CHARACTER)
    async with runtime.locks.game(game.id) as game:
        if await open_battle_in(game) is not None:
            raise ServiceError(Refusal.BATTLE_BUSY)
        step = open_battle(user_id, user_name, side_names)
        opened = await encounters.begin(game, BATTLES, step, where, compose)
        return snapshot(opened.record)


async def joiner(game: Game, user_id: int) -> Fighter:
    """The user's standing character, as it would join a battle (its side is the move's)."""
    character = await living_character(game, user_id)
    if character is None:
        raise ServiceError(Refusal.NO_OWN_CHARACTER)
    state: D20Character = rule_state(game, character)
    if not state.standing:
        raise cannot_fight(game, character, state)
    return Fighter(character.number, user_id, character.name, "", character.gender, state)


@dataclass(frozen=True, slots=True)
class NpcSheet:
    """An NPC as the game master writes it: a name, its sheet (class, HP) and gender, and the
    side it takes (one of :data:`rules.d20.encounter.SIDES`)."""

    name: str
    character: D20Character
    side: str
    gender: Gender | None = None


async def field_npc(
    game: Game,
    user_id: int,
    is_admin: bool,
    npc: NpcSheet,
    runtime: Runtime,
    compose: Compose[BattleNews],
) -> BattleSnapshot:
    """The game master fields an NPC in the battle that is gathering."""
    require_d20(game)
    if not is_admin:
        raise ServiceError(Refusal.NOT_ADMIN)
    snap = await open_battle_in(game)
    if snap is None or snap.stage is not BattleStage.JOINING:
        raise ServiceError(Refusal.NO_BATTLE_GATHERING)
    fighter = Fighter(0, None, npc.name, "", npc.gender, npc.character)
    fielding = BattleMove(Move.FIELD, side=npc.side, joiner=fighter, master=True)
    moved = await encounters.move(game, BATTLES, snap.id, user_id, fielding, runtime, compose)
    return snapshot(moved.record)


async def skip(game: Game, user_id: int, runtime: Runtime, compose: Compose[BattleNews]) -> None:
    """The game master's /skip: the description the battle waits for, else the current turn."""
    snap = await open_battle_in(game)
    if snap is None or snap.stage is BattleStage.JOINING:
        raise ServiceError(Refusal.NO_BATTLE)
    skipping = BattleMove(Move.SKIP, master=True)
    await encounters.move(game, BATTLES, snap.id, user_id, skipping, runtime, compose)


async def narration_waiting(chat_id: int, user_id: int) -> tuple[Encounter, bool] | None:
    """The battle in this chat waiting for a description this user may give, if any, and
    whether it is an NPC's (then only the game master gives it: the caller checks)."""
    record = await Encounter.filter(
        chat_id=chat_id,
        kind=KIND,
        stage=BattleStage.NARRATION.value,
        game__status=GameStatus.ACTIVE,
    ).first()
    if record is None:
        return None
    waits = D20.awaiting(load(BattleTable, record.state))
    if any(w.seat.held_by(user_id) for w in waits):
        return record, False
    return (record, True) if any(w.seat.npc for w in waits) else None


async def _sync(game: Game, _: Encounter, table: BattleTable) -> BattleTable:
    """The game's setting for class actions; while joining, each fighter's sheet as stored now
    (None: dead or gone), which the battle starts with."""
    table = replace(table, any_action=settings_of(game).d20_any_action)
    if table.stage is not BattleStage.JOINING:
        return table
    numbers = [f.number for f in table.fighters if not f.npc]
    rows = {c.number: c for c in await Character.filter(game_id=game.id, number__in=numbers)}
    fighters = []
    for fighter in table.fighters:
        if fighter.npc:  # its sheet is the battle's own
            fighters.append(fighter)
            continue
        row = rows.get(fighter.number)
        sheet = None
        if row is not None and row.status == CharacterStatus.ACTIVE:
            sheet = rule_state(game, row)
        fighters.append(replace(fighter, character=sheet))
    return replace(table, fighters=tuple(fighters))


async def _write_back(
    game: Game, record: Encounter, old: BattleTable, step: Step[BattleTable, BattleEvent]
) -> None:
    """The HP and deaths the step brought (only those: a character's HP may have moved on
    since, in a later battle); NPCs have no row to write."""
    new = step.state
    if old.battle is None or new.battle is None:
        return
    numbers = {f.name: f.number for f in new.fighters if not f.npc}
    for before, after in zip(old.battle.combatants, new.battle.combatants, strict=True):
        fighter = after.character
        if (before.character.hp, before.character.dead) == (fighter.hp, fighter.dead):
            continue
        if fighter.name in numbers:
            death = {"battle": record.id}
            await write_hp(game, numbers[fighter.name], fighter.hp, fighter.dead, death)


async def _news(game: Game, record: Encounter, step: Step[BattleTable, BattleEvent]) -> BattleNews:
    [event] = step.events
    snap = BattleSnapshot(record.id, step.state)
    return BattleNews(game, record.chat_id, record.thread_id, snap, event.happened, event.turn)


def _rolls(battle_id: int, table: BattleTable) -> tuple[str, str]:
    """The initiative is the battle's; a turn's die is its actor's."""
    if table.battle is None:
        return "d20_initiative", f"battle {battle_id}"
    name = table.battle.current.name
    return "d20_attack", npc_name(name) if table.is_npc(name) else name


BATTLES = Kind(
    rules=D20,
    state=BattleTable,
    rolls=_rolls,
    clocks={
        JOIN: Clock(JOIN_TIMER, lambda settings: settings.join_window),
        TURN: Clock(TURN_TIMER, lambda settings: settings.round_timeout),
        NARRATE: Clock(NARRATION_TIMER, lambda settings: settings.narration_timeout),
    },
    write_back=_write_back,
    news=_news,
    sync=_sync,
)
