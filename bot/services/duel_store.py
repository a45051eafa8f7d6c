"""A duel as stored (an ``Encounter`` row of kind ``duel`` holding a
:class:`~rules.duel.encounter.DuelTable`) and as a step reports it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.db.models import Character, CharacterStatus, Encounter, Game
from bot.services import encounter_store
from bot.services.characters import rule_state
from bot.services.codec import dump, load
from bot.services.deaths import noted
from rules.duel import Duel, DuelCharacter, Side
from rules.duel.encounter import DUEL, KIND, DuelEvent, DuelTable, Happened
from rules.encounter import Step
from rules.gender import Gender

OPEN_STAGES = DUEL.open_stages


@dataclass(frozen=True, slots=True)
class DuelSnapshot:
    """A duel as the handlers show it: the row, the rules' table and both fighters' genders
    (None: not set yet) for the texts."""

    record: Encounter
    table: DuelTable
    challenger_gender: Gender | None = None
    opponent_gender: Gender | None = None

    @property
    def duel(self) -> Duel:
        return self.table.duel

    def user(self, side: Side) -> int | None:
        """The player of ``side`` (None: the game master's NPC, rulebook: duel / NPC duels)."""
        return self.table.seat(side).user

    @property
    def challenger_user(self) -> int | None:
        return self.user(Side.CHALLENGER)

    @property
    def opponent_user(self) -> int:
        user = self.user(Side.OPPONENT)
        assert user is not None, "the challenged is a player (an NPC only challenges)"
        return user

    def gender(self, side: Side) -> Gender | None:
        return self.challenger_gender if side is Side.CHALLENGER else self.opponent_gender


@dataclass(frozen=True, slots=True)
class DuelNews:
    """A duel step's outcome, for the herald: the duel now and the game (its locale and
    settings)."""

    snap: DuelSnapshot
    game: Game
    step: Happened


def live_key(duel_id: int) -> str:
    """The duel's live message: the challenge, then the latest round or the end."""
    return encounter_store.live_key(KIND, duel_id)


async def snapshot(record: Encounter) -> DuelSnapshot:
    table = load(DuelTable, record.state)
    numbers = (table.challenger.number, table.opponent.number)
    genders: dict[int, Gender | None] = dict(
        await Character.filter(
            game_id=record.game_id,  # type: ignore[attr-defined]
            number__in=numbers,
        ).values_list("number", "gender")
    )
    return DuelSnapshot(record, table, genders.get(numbers[0]), genders.get(numbers[1]))


async def write_back(
    game: Game, record: Encounter, _: DuelTable, step: Step[DuelTable, DuelEvent]
) -> None:
    """Both fighters' HP (and a death, with its note) as the duel has them now; an NPC has no
    row (it lives only in the duel)."""
    table = step.state
    duel = table.duel
    for seat, fighter, other in (
        (table.challenger, duel.challenger, duel.opponent),
        (table.opponent, duel.opponent, duel.challenger),
    ):
        if seat.npc:
            continue
        character = await Character.get(game_id=game.id, number=seat.number)
        stored: DuelCharacter = rule_state(game, character)
        fighter_state = replace(stored, hp=fighter.hp, dead=fighter.dead)
        changes: dict[str, object] = {"state": dump(fighter_state)}
        if fighter.dead:
            changes.update(status=CharacterStatus.DEAD, active_key=None)
            changes["state"] = noted(changes["state"], {"duel": record.id, "by": other.name})
        await Character.filter(id=character.id).update(**changes)


async def busy_numbers(game: Game) -> set[int]:
    """Characters seated at an open duel of the game."""
    busy: set[int] = set()
    for record in await encounter_store.open_in(game, KIND, OPEN_STAGES):
        table = load(DuelTable, record.state)
        busy.update(seat.number for seat in (table.challenger, table.opponent) if not seat.npc)
    return busy
