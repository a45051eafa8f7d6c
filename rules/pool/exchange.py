"""One attack against one defense (rulebook: pool / Dice pool roll).

The attacker rolls Атака d10, the defender Защита d10 (+1 die with a sword in each hand), each
at their own penalty. Damage = attack successes - defense successes when positive, else a miss.

Choices made here where the rules are open:

* A defender who is fallen, or at health 0 (cannot fight), does not roll at all: their defense
  counts 0 and no dice are spent (``Exchange.defense`` is ``None``).
* A negative result costs a sword: the LEFT hand's sword if there is one, else the right one's.
  Without a sword in hand the character falls instead (once: already fallen, nothing more).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Dice, owned
from rules.errors import Code, RuleError
from rules.pool.health import Died, kill_if_below_zero
from rules.pool.model import Hand, Item, PoolCharacter
from rules.pool.penalty import penalty
from rules.pool.roll import PoolRoll, pool_roll


@dataclass(frozen=True, slots=True)
class WeaponDropped:
    """``character`` dropped the sword from ``hand``; it now lies on the hall floor."""

    character: int
    hand: Hand


@dataclass(frozen=True, slots=True)
class Fell:
    """``character`` fell: cannot attack, defense counts 0, must spend a round standing up."""

    character: int


Mishap = WeaponDropped | Fell


class Unable(StrEnum):
    """Why a character cannot take part in an exchange."""

    DEAD = "dead"
    NO_HEALTH = "no_health"
    FALLEN = "fallen"
    ASLEEP = "asleep"
    SELF = "self"


def attack_dice(character: PoolCharacter) -> int:
    """Number of dice in an attack roll: Атака."""
    return character.stats.attack


def defense_dice(character: PoolCharacter) -> int:
    """Number of dice in a defense roll: Защита, +1 with a sword in each hand."""
    return character.stats.defense + (1 if character.inventory.swords_in_hand == 2 else 0)


def defends(character: PoolCharacter) -> bool:
    """Whether the character rolls defense at all (not fallen, health above 0)."""
    return not character.fallen and character.health > 0


@dataclass(frozen=True, slots=True)
class Exchange:
    """The dice of one attack and the defense against it (``None``: no defense roll)."""

    attacker: int
    defender: int
    attack: PoolRoll
    defense: PoolRoll | None

    @property
    def defense_successes(self) -> int:
        return 0 if self.defense is None else self.defense.successes

    @property
    def damage(self) -> int:
        """Attack successes minus defense successes, or 0 (a miss)."""
        return max(0, self.attack.successes - self.defense_successes)

    @property
    def hit(self) -> bool:
        return self.damage > 0

    @property
    def negatives(self) -> tuple[int, ...]:
        """Characters whose roll here was negative: the attacker first, then the defender."""
        found: tuple[int, ...] = (self.attacker,) if self.attack.negative else ()
        if self.defense is not None and self.defense.negative:
            found += (self.defender,)
        return found


def check_can_attack(attacker: PoolCharacter) -> None:
    """Raise ``CANNOT_ATTACK`` if the character may not make an attack roll."""
    reason = _attack_block(attacker)
    if reason is not None:
        raise RuleError(Code.CANNOT_ATTACK, character=attacker.number, reason=reason)


def _attack_block(attacker: PoolCharacter) -> Unable | None:
    if not attacker.alive:
        return Unable.DEAD
    if attacker.health <= 0:
        return Unable.NO_HEALTH
    if attacker.fallen:
        return Unable.FALLEN
    if attacker.asleep:
        return Unable.ASLEEP
    return None


def roll_exchange(attacker: PoolCharacter, defender: PoolCharacter, dice: Dice) -> Exchange:
    """Roll the attack, then (if the defender defends at all) the defense. Applies nothing."""
    check_can_attack(attacker)
    if defender.number == attacker.number:
        raise RuleError(Code.CANNOT_BE_ATTACKED, character=defender.number, reason=Unable.SELF)
    if not defender.alive:
        raise RuleError(Code.CANNOT_BE_ATTACKED, character=defender.number, reason=Unable.DEAD)
    if defender.asleep:
        raise RuleError(Code.CANNOT_BE_ATTACKED, character=defender.number, reason=Unable.ASLEEP)
    a, d = attacker.number, defender.number
    with owned(dice, f"attack {a}>{d}"):
        attack = pool_roll(dice, attack_dice(attacker), penalty(attacker).total)
    defense = None
    if defends(defender):
        with owned(dice, f"defense {d}<{a}"):
            defense = pool_roll(dice, defense_dice(defender), penalty(defender).total)
    return Exchange(a, d, attack, defense)


def mishap(character: PoolCharacter) -> tuple[PoolCharacter, tuple[Mishap, ...]]:
    """Consequence of a negative result: drop a sword (the left one first), or fall if unarmed.

    An unarmed character who is already fallen suffers nothing more.
    """
    inventory = character.inventory
    for hand in (Hand.LEFT, Hand.RIGHT):
        if inventory.hand(hand) == Item.SWORD:
            emptied = (
                replace(inventory, left_hand=None)
                if hand == Hand.LEFT
                else replace(inventory, right_hand=None)
            )
            return replace(character, inventory=emptied), (WeaponDropped(character.number, hand),)
    if character.fallen:
        return character, ()
    return replace(character, fallen=True), (Fell(character.number),)


@dataclass(frozen=True, slots=True)
class ExchangeResult:
    """A resolved one-on-one exchange: the dice, both characters after it and what happened."""

    exchange: Exchange
    attacker: PoolCharacter
    defender: PoolCharacter
    events: tuple[Mishap | Died, ...]

    @property
    def damage(self) -> int:
        return self.exchange.damage


def resolve_exchange(
    attacker: PoolCharacter, defender: PoolCharacter, dice: Dice
) -> ExchangeResult:
    """Roll one exchange and apply it: damage, then mishaps (attacker first), then death."""
    exchange = roll_exchange(attacker, defender, dice)
    defender = replace(defender, health=defender.health - exchange.damage)
    events: tuple[Mishap | Died, ...] = ()
    if exchange.attack.negative:
        attacker, happened = mishap(attacker)
        events += happened
    if exchange.defense is not None and exchange.defense.negative:
        defender, happened = mishap(defender)
        events += happened
    defender, died = kill_if_below_zero(defender)
    return ExchangeResult(exchange, attacker, defender, events + died)
