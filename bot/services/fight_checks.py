"""Whether a pool challenge may go ahead, and what it would do: the checks of ``/fight N`` and of
the ``/players`` buttons, run when the question is asked and again when it is confirmed."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Character, Game
from bot.services.characters import busy_numbers, living_character
from bot.services.errors import Refusal, ServiceError
from bot.services.runtime import Runtime
from bot.services.world import load_world
from rules.errors import Code, RuleError
from rules.gender import Gender
from rules.pool.fight_setup import can_fight
from rules.pool.model import PoolCharacter
from rules.pool.sleepers import SleeperAttackOutcome, attack_sleeper
from rules.pool.world import World
from rules.pool.world_events import Spilled


@dataclass(frozen=True, slots=True)
class Sizing:
    """A challenge that passed every check. ``them``: the one to fight (a guarded sleeper's
    guard); ``sleeper``: the guarded sleeper; ``killed``: the world after killing an unguarded
    sleeper (``them``), which happens without a fight, and ``spilled`` what they left on the
    floor."""

    world: World
    rows: dict[int, Character]
    me: PoolCharacter
    them: PoolCharacter
    sleeper: int | None = None
    killed: World | None = None
    spilled: Spilled | None = None


@dataclass(frozen=True, slots=True)
class Prospect:
    """What a challenge would do, for the question asked before it: ``kills`` when the target
    sleeps unguarded (the attack kills them without a fight)."""

    number: int
    name: str
    gender: Gender
    kills: bool


async def checked(game: Game, user_id: int, target_number: int) -> Sizing:
    """Every check of a challenge (inside the game's lock); a refusal raises."""
    mine = await living_character(game, user_id)
    if mine is None:
        raise ServiceError(Refusal.NO_OWN_CHARACTER)
    if target_number == mine.number:
        raise ServiceError(Refusal.FIGHT_SELF)
    world, rows = await load_world(game)
    me = world.character(mine.number)
    if me.asleep:
        raise ServiceError(Refusal.FIGHT_ASLEEP)
    if me.health <= 0:  # their own secret: the reply goes to them alone
        raise ServiceError(Code.CANNOT_ACT, reason="at_zero")
    try:  # elsewhere, dead or nobody: one refusal, as a hall is a secret
        them = world.beside(me, target_number)
    except RuleError as error:
        raise ServiceError.of(error) from None
    busy = await busy_numbers(game)
    if me.number in busy:
        raise ServiceError(Refusal.FIGHT_BUSY, name=me.name)
    sleeper = None
    if them.asleep:
        after, attack = attack_sleeper(world, me.number, them.number)
        if attack.outcome == SleeperAttackOutcome.KILLED:
            return Sizing(world, rows, me, them, killed=after, spilled=attack.spilled)
        assert attack.guard is not None
        sleeper, them = them.number, world.character(attack.guard)
    if them.number in busy:
        raise ServiceError(Refusal.FIGHT_BUSY, name=them.name)
    if not can_fight(them):  # not why: their health is a secret
        raise ServiceError(Refusal.CANNOT_FIGHT, name=them.name, state="other")
    return Sizing(world, rows, me, them, sleeper=sleeper)


def prospect_of(sizing: Sizing, target_number: int) -> Prospect:
    target = sizing.world.character(target_number)
    return Prospect(target.number, target.name, target.gender, sizing.killed is not None)


async def size_up(game: Game, user_id: int, target_number: int, runtime: Runtime) -> Prospect:
    """What challenging ``target_number`` would do now, changing nothing (refusals raise)."""
    async with runtime.locks.game(game.id) as game:
        return prospect_of(await checked(game, user_id, target_number), target_number)
