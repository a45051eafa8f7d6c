"""A game master edits a character: check the edit by the rules, then save it with its log entry.

The dialog checks an edit when it is proposed (:func:`check_edit`: refused outright, or the
limits it breaks, to confirm) and saves it after the reason is given (:func:`save_edit`): under
the game's lock, only if the character is still as the admin saw it (:func:`fingerprint`), the
change and the :mod:`bot.services.gm_log` entry in one transaction, each row by a conditional
update on its version. Revival is :func:`bot.services.gm_edits.revive`'s.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services import gm_log
from bot.services.character_edit_model import (
    ACTION,
    Change,
    Edit,
    Field,
    LimitsBroken,
    Outcome,
    StaleEdit,
    gender_change,
    unchanged,
)
from bot.services.character_edit_other import apply_d20, apply_duel
from bot.services.character_edit_pool import apply_pool
from bot.services.characters import character_by_number, rule_state
from bot.services.codec import dump
from bot.services.deaths import noted
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import settings_of
from bot.services.gm_edits import revive_held
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.vitals import fighting
from bot.services.world import load_world, save_world
from rules.pool.loot import bury
from rules.pool.world_events import Spilled

REASON_MAX = gm_log.REASON_MAX


@dataclass(frozen=True, slots=True)
class Target:
    """The character as stored now: its row and its rule state."""

    row: Character
    state: Any

    @property
    def seen(self) -> str:
        return fingerprint(self.row)

    @property
    def alive(self) -> bool:
        return self.row.status == CharacterStatus.ACTIVE


@dataclass(frozen=True, slots=True)
class Saved:
    """A saved edit; ``spilled``: a pool kill left the body's belongings on the floor."""

    name: str
    number: int
    outcome: Outcome
    forced: bool
    spilled: Spilled | None = None


@dataclass(frozen=True, slots=True)
class EditNotice:
    """The group's line about a saved edit (owed with it)."""

    game: Game
    saved: Saved
    actor: str
    reason: str
    thread_id: int | None


def fingerprint(row: Character) -> str:
    """What the admin saw: any write to the row (even one that keeps its version) changes it."""
    body = json.dumps([row.version, str(row.status), row.state], sort_keys=True)
    return hashlib.sha256(body.encode()).hexdigest()[:20]


async def load_target(game: Game, number: int) -> Target:
    row = await character_by_number(game, number)
    return Target(row, rule_state(game, row))


async def _refuse_in_fight(game: Game, number: int, edit: Edit) -> None:
    """A fighter's state lives in the fight until it ends: an edit now would be overwritten.
    (Only pool keeps the gender in the rule state: elsewhere it is the row's, never fought.)"""
    if edit.field == Field.GENDER and game.system != GameSystem.POOL:
        return
    if await fighting(game, number):
        raise ServiceError(Refusal.EDIT_IN_FIGHT, number=number)


def _check_status(target: Target, edit: Edit) -> None:
    if target.row.status == CharacterStatus.KICKED:
        raise ServiceError(Refusal.EDIT_KICKED, number=target.row.number)
    if edit.field == Field.ALIVE and target.alive:
        raise unchanged()
    if edit.field != Field.ALIVE and not target.alive:
        raise ServiceError(Refusal.EDIT_DEAD, number=target.row.number)


async def check_edit(game: Game, target: Target, edit: Edit) -> Outcome:
    """What the edit would change and which limits it breaks; a refusal if it cannot be."""
    _check_status(target, edit)
    await _refuse_in_fight(game, target.row.number, edit)
    if edit.field == Field.ALIVE:
        return Outcome(())
    if game.system == GameSystem.POOL:
        world, _ = await load_world(game)
        return apply_pool(world, target.row.number, edit)[1]
    return _apply_row(game, target, edit)[1]


def _apply_row(game: Game, target: Target, edit: Edit) -> tuple[Any, Outcome]:
    if edit.field == Field.GENDER:  # the row's column: the rule state does not hold it
        return target.state, Outcome((gender_change(target.row.gender, edit)[1],))
    if game.system == GameSystem.DUEL:
        return apply_duel(target.state, edit, settings_of(game))
    return apply_d20(target.state, edit)


def clean_reason(reason: str) -> str:
    text = " ".join(reason.split())
    if not 1 <= len(text) <= REASON_MAX:
        raise ServiceError(Refusal.EDIT_REASON, high=REASON_MAX)
    return text


async def save_edit(
    game: Game,
    number: int,
    seen: str,
    edit: Edit,
    actor: gm_log.Actor,
    reason: str,
    *,
    force: bool,
    runtime: Runtime,
    compose: Compose[EditNotice],
) -> Saved:
    """Apply and log the edit if character ``number`` is still as ``seen``.

    :class:`StaleEdit` when it changed meanwhile, :class:`LimitsBroken` when it breaks a limit
    and ``force`` is not set, a :class:`RuleRefused` when it cannot be done.
    """
    reason = clean_reason(reason)
    if edit.field == Field.ALIVE:
        return await _revive(game, number, seen, edit, actor, reason, runtime, compose)
    # A pause is when game masters fix things.
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        target = await load_target(game, number)
        if target.seen != seen:
            raise StaleEdit()
        _check_status(target, edit)
        await _refuse_in_fight(game, number, edit)
        spilled = None
        if game.system == GameSystem.POOL:
            outcome, spilled = await _save_pool(game, number, edit, actor, reason, force)
        else:
            outcome = await _save_row(game, target, edit, actor, reason, force)
        saved = Saved(target.row.name, number, outcome, bool(outcome.breaks), spilled)
        await _announce(game, saved, actor, reason, compose)
    return saved


async def _announce(
    game: Game, saved: Saved, actor: gm_log.Actor, reason: str, compose: Compose[EditNotice]
) -> None:
    # The game's main thread, never the topic of the character's hall: it would tell the hall.
    await announce(compose, EditNotice(game, saved, actor.name, " ".join(reason.split()), None))


def _details(edit: Edit, outcome: Outcome) -> dict[str, Any]:
    return {"edit": dump(edit), "changes": dump(outcome.changes), "breaks": dump(outcome.breaks)}


async def _save_pool(
    game: Game, number: int, edit: Edit, actor: gm_log.Actor, reason: str, force: bool
) -> tuple[Outcome, Spilled | None]:
    world, rows = await load_world(game)
    after, outcome = apply_pool(world, number, edit)
    if outcome.breaks and not force:
        raise LimitsBroken()
    after, spilled = bury(after, number)  # a kill: the body's belongings fall to the floor
    async with in_transaction() as connection:
        await save_world(game, world, after, rows, death={"gm": True})
        if edit.field == Field.GENDER:  # the column the texts read follows the rules' copy
            gender = after.character(number).gender
            await Character.filter(game_id=game.id, number=number).update(gender=gender)
        await gm_log.record(
            game,
            actor,
            ACTION,
            reason,
            target_number=number,
            details={**_details(edit, outcome), "secret": True},  # pool: see views.character_edit
            connection=connection,
        )
    return outcome, spilled


async def _save_row(
    game: Game, target: Target, edit: Edit, actor: gm_log.Actor, reason: str, force: bool
) -> Outcome:
    after, outcome = _apply_row(game, target, edit)
    if outcome.breaks and not force:
        raise LimitsBroken()
    row = target.row
    changes: dict[str, Any] = {"state": dump(after), "version": F("version") + 1}
    if edit.field == Field.GENDER:
        changes["gender"] = gender_change(row.gender, edit)[0]
    if edit.field == Field.DEAD:
        changes.update(status=CharacterStatus.DEAD, active_key=None)
        changes["state"] = noted(changes["state"], {"gm": True})
    async with in_transaction() as connection:
        done = await Character.filter(id=row.id, version=row.version).update(**changes)
        if not done:
            raise StaleAction()
        await gm_log.record(
            game,
            actor,
            ACTION,
            reason,
            target_number=row.number,
            details=_details(edit, outcome),
            connection=connection,
        )
    return outcome


async def _revive(
    game: Game,
    number: int,
    seen: str,
    edit: Edit,
    actor: gm_log.Actor,
    reason: str,
    runtime: Runtime,
    compose: Compose[EditNotice],
) -> Saved:
    target = await load_target(game, number)
    if target.seen != seen:
        raise StaleEdit()
    _check_status(target, edit)
    outcome = Outcome((Change(Field.ALIVE, "dead", "alive"),))
    async with runtime.locks.game(game.id, paused_ok=True) as game:
        row = await revive_held(game, number, actor, reason)
        saved = Saved(row.name, number, outcome, False)
        await _announce(game, saved, actor, reason, compose)
    return saved
