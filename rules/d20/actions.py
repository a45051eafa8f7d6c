"""The two rolls-or-blows of a ``d20`` turn: ``attack`` (the table) and ``finish`` (the fallen)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.d20.battle import (
    Battle,
    BattleStatus,
    Combatant,
    check_target,
    close_turn,
    require_turn,
    set_character,
    set_loses_next_turn,
)
from rules.d20.character import D20Character
from rules.d20.checks import D20
from rules.d20.table import AttackEffect, AttackKind, attack_effect, target_hp_after
from rules.dice import Dice
from rules.errors import Code, RuleError


@dataclass(frozen=True, slots=True)
class AttackReport:
    """One attack: the table's ``effect`` and what it did.

    ``struck`` is whose HP the outcome touched (the target, the next ally or the attacker;
    a healed target, even one already at full), ``None`` when it touches none;
    ``hp_before``/``hp_after`` are theirs (``None`` with no one struck).
    ``lost_turn`` loses their next turn (the attacker after a 1; the target after a 19 that
    leaves them standing: a fallen character has no turn to lose). ``narrator`` owes a
    description of their state (after a 1 or a 19, unless the battle is over). ``skipped``
    lost their turn on the way to the next combatant.
    """

    attacker: str
    target: str
    effect: AttackEffect
    struck: str | None
    hp_before: int | None
    hp_after: int | None
    narrator: str | None
    skipped: tuple[str, ...]
    lost_turn: str | None = None

    @property
    def fell(self) -> bool:
        """The struck character dropped to 0 HP with this attack."""
        return self.hp_before is not None and self.hp_before > 0 and self.hp_after == 0

    @property
    def healed(self) -> bool:
        """A healing spell took (12 or more): its target's HP went up, or stayed at full."""
        return self.effect.kind is AttackKind.BUFF and self.struck is not None

    @property
    def rose(self) -> bool:
        """A fallen ally was healed above 0: they stand up and take their turns again."""
        return self.healed and self.hp_before == 0 and (self.hp_after or 0) > 0


@dataclass(frozen=True, slots=True)
class FinishReport:
    """``attacker`` finished off the fallen ``target``, who is now dead."""

    attacker: str
    target: str
    skipped: tuple[str, ...]


def _hp_change(
    effect: AttackEffect, actor: Combatant, aimed: Combatant, ally: Combatant | None
) -> tuple[D20Character, int] | None:
    """Who loses HP to ``effect`` and their new HP, or ``None``."""
    if effect.misfire_damage:
        struck = (ally or actor).character
        return struck, max(struck.hp - effect.misfire_damage, 0)
    if effect.critical or effect.target_damage or effect.heal:
        target = aimed.character
        return target, target_hp_after(effect, target.hp, target.max_hp)
    return None


def attack(
    battle: Battle, attacker: str, target: str, kind: AttackKind, dice: Dice
) -> tuple[Battle, AttackReport]:
    """``attacker`` strikes (or casts at) ``target`` with one d20; then the turn passes.

    Physical and magic attacks aim at a standing enemy, a buff spell (healing) at an ally,
    standing or fallen, or oneself. HP never drops below 0; at 0 a character has fallen; an
    ally healed above 0 stands up again. A 19 that fells its target
    takes no turn from them (they have none left), but they still describe their state before
    they can be finished, unless the battle is over: then nothing is waited for.
    """
    actor = require_turn(battle, attacker)
    aimed = battle.combatant(target)
    check_target(actor, aimed, ally=kind is AttackKind.BUFF)
    ally = battle.next_ally(attacker)
    effect = attack_effect(dice.roll(D20), kind, has_ally=ally is not None)

    hurt = _hp_change(effect, actor, aimed, ally)
    if hurt is not None:
        battle = set_character(battle, replace(hurt[0], hp=hurt[1]))

    narrator = lost_turn = None
    if effect.attacker_loses_turn:
        narrator = lost_turn = attacker
    if effect.target_loses_turn:
        narrator = target
        lost_turn = target if battle.combatant(target).character.standing else None
    if lost_turn is not None:
        battle = set_loses_next_turn(battle, lost_turn)
    battle, skipped = close_turn(replace(battle, narration_due=narrator))
    if battle.status is BattleStatus.FINISHED:  # decided: the winners need no description
        battle, narrator = replace(battle, narration_due=None), None
    report = AttackReport(
        attacker=attacker,
        target=target,
        effect=effect,
        struck=None if hurt is None else hurt[0].name,
        hp_before=None if hurt is None else hurt[0].hp,
        hp_after=None if hurt is None else hurt[1],
        narrator=narrator,
        skipped=skipped,
        lost_turn=lost_turn,
    )
    return battle, report


def finish(battle: Battle, attacker: str, target: str) -> tuple[Battle, FinishReport]:
    """``attacker`` finishes off the fallen enemy ``target``, who dies.

    While the battle lasts this takes the attacker's turn; once it is over, any standing
    enemy of the fallen may do it. A description still owed (a 19 felled the target) comes
    first.
    """
    if battle.status is BattleStatus.ACTIVE:
        actor = require_turn(battle, attacker)
    else:
        if battle.narration_due is not None:
            raise RuleError(Code.NARRATION_PENDING, pending=battle.narration_due)
        actor = battle.combatant(attacker)
        if not actor.character.standing:
            raise RuleError(Code.NOT_STANDING, name=attacker)
    victim = battle.combatant(target)
    if victim.side == actor.side:
        raise RuleError(
            Code.INVALID_TARGET, name=target, reason="self" if victim is actor else "ally"
        )
    if victim.character.dead:
        raise RuleError(Code.INVALID_TARGET, name=target, reason="dead")
    if victim.character.standing:
        raise RuleError(Code.INVALID_TARGET, name=target, reason="standing")
    battle = set_character(battle, replace(victim.character, dead=True))
    skipped: tuple[str, ...] = ()
    if battle.status is BattleStatus.ACTIVE:
        battle, skipped = close_turn(battle)
    return battle, FinishReport(attacker, target, skipped)
