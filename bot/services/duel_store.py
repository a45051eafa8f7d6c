"""A duel as stored (:class:`~bot.db.models.DuelRecord`) and as a step reports it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tortoise.expressions import F

from bot.db.models import Character, CharacterStatus, DuelRecord, Game
from bot.services.characters import rule_state
from bot.services.codec import dump, load
from bot.services.deaths import noted
from bot.services.errors import StaleAction
from rules.duel import Duel, DuelCharacter, Side
from rules.duel.encounter import DuelStage, DuelTable, Happened
from rules.encounter import Seat
from rules.gender import Gender

OPEN_STAGES = (DuelStage.CHALLENGED, DuelStage.FIGHTING)


@dataclass(frozen=True, slots=True)
class DuelSnapshot:
    """A duel as the handlers show it: the record, the rules state, both owners and both
    fighters' genders (None: not set yet) for the texts."""

    record: DuelRecord
    duel: Duel
    challenger_user: int
    opponent_user: int
    challenger_gender: Gender | None = None
    opponent_gender: Gender | None = None

    def gender(self, side: Side) -> Gender | None:
        return self.challenger_gender if side is Side.CHALLENGER else self.opponent_gender

    def side_of(self, user_id: int) -> Side | None:
        if user_id == self.challenger_user:
            return Side.CHALLENGER
        if user_id == self.opponent_user:
            return Side.OPPONENT
        return None


@dataclass(frozen=True, slots=True)
class DuelNews:
    """A duel step's outcome, for the herald: the duel now, the game (its locale and
    settings) and, for a timeout, the side that did not choose."""

    snap: DuelSnapshot
    game: Game
    step: Happened
    silent: Side | None = None


def live_key(duel_id: int) -> str:
    """The duel's live message, for the outbox (:mod:`bot.services.outbox`): the challenge,
    then the latest round or the end."""
    return f"duel:{duel_id}"


def table_of(snap: DuelSnapshot) -> DuelTable:
    """The duel as the rules' stage machine sees it."""
    record = snap.record
    challenger = Seat(record.challenger_number, snap.challenger_user)
    opponent = Seat(record.opponent_number, snap.opponent_user)
    return DuelTable(challenger, opponent, snap.duel, DuelStage(record.stage))


async def snapshot(record: DuelRecord) -> DuelSnapshot:
    owners: dict[int, tuple[int, Gender | None]] = {
        number: (user_id, gender)
        for number, user_id, gender in await Character.filter(
            game_id=record.game_id,  # type: ignore[attr-defined]
            number__in=(record.challenger_number, record.opponent_number),
        ).values_list("number", "user_id", "gender")
    }
    challenger, opponent = owners[record.challenger_number], owners[record.opponent_number]
    return DuelSnapshot(
        record, load(Duel, record.state), challenger[0], opponent[0], challenger[1], opponent[1]
    )


async def save(game: Game, snap: DuelSnapshot, duel: Duel, stage: DuelStage) -> DuelSnapshot:
    """Conditional update on the version; fighters' HP (and death) saved with it."""
    record = snap.record
    updated = await DuelRecord.filter(id=record.id, version=record.version).update(
        state=dump(duel), stage=stage, version=F("version") + 1
    )
    if not updated:
        raise StaleAction()
    for number, fighter, other in (
        (record.challenger_number, duel.challenger, duel.opponent),
        (record.opponent_number, duel.opponent, duel.challenger),
    ):
        character = await Character.get(game_id=game.id, number=number)
        stored: DuelCharacter = rule_state(game, character)
        fighter_state = replace(stored, hp=fighter.hp, dead=fighter.dead)
        changes: dict[str, object] = {"state": dump(fighter_state)}
        if fighter.dead:
            changes.update(status=CharacterStatus.DEAD, active_key=None)
            changes["state"] = noted(changes["state"], {"duel": record.id, "by": other.name})
        await Character.filter(id=character.id).update(**changes)
    record.version += 1
    record.stage = stage
    record.state = dump(duel)
    return replace(snap, record=record, duel=duel)


async def load_open(game: Game, duel_id: int) -> DuelSnapshot:
    record = await DuelRecord.get_or_none(id=duel_id, game_id=game.id)
    if record is None or record.stage not in OPEN_STAGES:
        raise StaleAction()
    return await snapshot(record)
