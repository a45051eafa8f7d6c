"""One round of a group fight, resolved all at once (rulebook: pool / Group fight).

Order: (1) pills act; (2) every attack is rolled, the defender rolling defense against each
attack separately, all with the state after (1); (3) damage, dropped swords and falls apply
together; (4) health below 0: dead; (5) bleeding and dying against the health at the round's
start; those who stood up are up; whoever died leaves everything they carried on the floor
(:mod:`rules.pool.loot`). A round that ends the fight stands every fallen fighter up:
a fall ends with its fight.

Choices made here where the rules are open:

* Dice are rolled attack by attack in initiative order (highest first): attack, then defense.
* A character with several negative results in one round suffers them in roll order: each
  drops a sword while one is still held, then they fall (once).
* A missing action: ATTACK for an able fighter, STAND_UP for a fallen one (their only action),
  nothing for one at health 0.
* Fallen fighters (health above 0) may only stand up; at health 0 only pills are possible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Dice
from rules.errors import Code, RuleError
from rules.pool.exchange import Exchange, Fell, WeaponDropped, mishap, roll_exchange
from rules.pool.fight_setup import FightState, current_chooser, fighters_index
from rules.pool.fight_targets import able_fighters, fight_over, stand_after_fight
from rules.pool.health import Bled, Died, end_of_round, kill_if_below_zero
from rules.pool.loot import strip_body
from rules.pool.model import Item, PocketContent, PoolCharacter
from rules.pool.world_events import Spilled


class ActionProblem(StrEnum):
    """Why a fighter may not take an action this round."""

    NOT_IN_FIGHT = "not_in_fight"
    ONLY_PILLS = "only_pills"  # health 0: the only action is pills from the left pocket
    ONLY_STAND_UP = "only_stand_up"  # fallen: the only action is standing up
    NOT_FALLEN = "not_fallen"
    BAD_COUNT = "bad_count"
    NOT_ENOUGH_PILLS = "not_enough_pills"


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack the current opponent (``FightState.target_of``)."""


@dataclass(frozen=True, slots=True)
class TakePills:
    """Swallow ``count`` pills from the jacket's left pocket (+1 health each, up to max)."""

    count: int


@dataclass(frozen=True, slots=True)
class StandUp:
    """Spend the round standing up (fallen only)."""


Action = Attack | TakePills | StandUp


@dataclass(frozen=True, slots=True)
class PillsTaken:
    """``character`` swallowed ``count`` pills and now has ``health``."""

    character: int
    count: int
    health: int


@dataclass(frozen=True, slots=True)
class StoodUp:
    character: int


RoundEvent = PillsTaken | WeaponDropped | Fell | Died | Bled | StoodUp | Spilled


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Everything a round did. ``characters`` are all the given characters, in the given order,
    changed only where the fight changed them; ``actions`` the action each fighter took
    (``None``: none); ``over`` whether the fight has ended."""

    round: int
    actions: tuple[tuple[int, Action | None], ...]
    exchanges: tuple[Exchange, ...]
    events: tuple[RoundEvent, ...]
    characters: tuple[PoolCharacter, ...]
    state: FightState
    over: bool

    @property
    def dropped_swords(self) -> tuple[WeaponDropped, ...]:
        """Swords now lying on the floor of the fight's hall (the caller puts them there)."""
        return tuple(e for e in self.events if isinstance(e, WeaponDropped))

    @property
    def spilled(self) -> tuple[Spilled, ...]:
        """What the fighters who died left on the floor (the caller puts it there)."""
        return tuple(e for e in self.events if isinstance(e, Spilled))


def left_pocket_pills(character: PoolCharacter) -> int:
    """Pills reachable in a fight: those in the left pocket of a worn jacket."""
    inventory = character.inventory
    return inventory.pills_in_left_pocket if inventory.jacket else 0


def check_action(
    character: PoolCharacter, action: Action | None, state: FightState, able: set[int]
) -> Action | None:
    """Validate an action (or pick the default one) against the state at the round's start.

    ``able`` is :func:`rules.pool.fight_targets.able_fighters` as a set. Raises
    ``INVALID_ACTION`` (or ``STALE_TARGET`` for an attack on an opponent who is out);
    a bot checks a player's choice with it when the button is pressed.
    """
    number = character.number
    if action is None:
        if character.health <= 0:
            return None
        action = StandUp() if character.fallen else Attack()
    if isinstance(action, TakePills):
        if action.count < 1:
            raise RuleError(
                Code.INVALID_ACTION,
                character=number,
                action=action,
                problem=ActionProblem.BAD_COUNT,
            )
        if character.fallen and character.health > 0:
            raise RuleError(
                Code.INVALID_ACTION,
                character=number,
                action=action,
                problem=ActionProblem.ONLY_STAND_UP,
            )
        if action.count > left_pocket_pills(character):
            raise RuleError(
                Code.INVALID_ACTION,
                character=number,
                action=action,
                problem=ActionProblem.NOT_ENOUGH_PILLS,
            )
        return action
    if character.health <= 0:
        raise RuleError(
            Code.INVALID_ACTION, character=number, action=action, problem=ActionProblem.ONLY_PILLS
        )
    if isinstance(action, StandUp):
        if not character.fallen:
            raise RuleError(
                Code.INVALID_ACTION,
                character=number,
                action=action,
                problem=ActionProblem.NOT_FALLEN,
            )
        return action
    if character.fallen:
        raise RuleError(
            Code.INVALID_ACTION,
            character=number,
            action=action,
            problem=ActionProblem.ONLY_STAND_UP,
        )
    target = state.target_of(number)
    if target is None or target == number or target not in able:
        raise RuleError(Code.STALE_TARGET, fighter=number, target=target)
    return action


def swallow(character: PoolCharacter, count: int) -> PoolCharacter:
    """Take ``count`` pills out of the left pocket: +1 health each, never above max."""
    left = character.inventory.left_pocket.count - count
    pocket = PocketContent(Item.PILL, left) if left else PocketContent()
    inventory = replace(character.inventory, left_pocket=pocket)
    health = min(character.max_health, character.health + count)
    return replace(character, inventory=inventory, health=max(health, character.health))


def resolve_round(
    characters: Sequence[PoolCharacter],
    state: FightState,
    actions: Mapping[int, Action],
    dice: Dice,
) -> RoundResult:
    """Resolve one round of the fight with everyone's action at once (see the module doc)."""
    pending = current_chooser(state)
    if pending is not None:
        raise RuleError(Code.CHOOSING_NOT_OVER, chooser=pending)
    if fight_over(state, characters):
        raise RuleError(Code.FIGHT_OVER)
    now = fighters_index(state, characters)
    fighters = [f for f in state.initiative if state.in_fight(f) and now[f].alive]
    for number, given in actions.items():
        if number not in fighters:
            raise RuleError(
                Code.INVALID_ACTION,
                character=number,
                action=given,
                problem=ActionProblem.NOT_IN_FIGHT,
            )
    able = set(able_fighters(state, characters))
    taken = {f: check_action(now[f], actions.get(f), state, able) for f in fighters}
    start_health = {f: now[f].health for f in fighters}
    events: list[RoundEvent] = []

    for f in fighters:  # (1) pills act at once
        action = taken[f]
        if isinstance(action, TakePills):
            now[f] = swallow(now[f], action.count)
            events.append(PillsTaken(f, action.count, now[f].health))

    exchanges = tuple(  # (2) every attack, each with its own defense roll
        roll_exchange(now[f], now[_target(state, f)], dice)
        for f in fighters
        if isinstance(taken[f], Attack)
    )

    for exchange in exchanges:  # (3) damage, dropped swords and falls together
        hurt = now[exchange.defender]
        now[exchange.defender] = replace(hurt, health=hurt.health - exchange.damage)
    for exchange in exchanges:
        for number in exchange.negatives:
            now[number], happened = mishap(now[number])
            events.extend(happened)

    for f in fighters:  # (4) below 0: dead at once
        now[f], died = kill_if_below_zero(now[f])
        events.extend(died)

    for f in fighters:  # (5) bleeding and dying; standing up
        now[f], ended = end_of_round(now[f], start_health[f])
        events.extend(ended)
        if isinstance(taken[f], StandUp) and now[f].alive:
            now[f] = replace(now[f], fallen=False)
            events.append(StoodUp(f))

    for f in fighters:  # the dead leave everything on the floor of their hall
        now[f], spilled = strip_body(now[f])
        events.extend(() if spilled is None else (spilled,))

    after = tuple(now[c.number] for c in characters)
    new_state = replace(state, round=state.round + 1)
    over = fight_over(new_state, after)
    if over:  # a fall ends with the fight
        after = stand_after_fight(after, state.initiative)
    return RoundResult(
        round=new_state.round,
        actions=tuple((f, taken[f]) for f in fighters),
        exchanges=exchanges,
        events=tuple(events),
        characters=after,
        state=new_state,
        over=over,
    )


def _target(state: FightState, fighter: int) -> int:
    target = state.target_of(fighter)
    assert target is not None  # checked by check_action
    return target
