"""The d20 battle as an encounter (:mod:`rules.encounter`): a call to arms, then turns.

joining --join--> joining (a fighter takes or switches a side)
joining --field (the game master)--> joining (an NPC takes a side)
joining --start (the opener or the game master) | clock--> fighting, or lapsed (fewer than
two sides can fight)
fighting --act | auto (an NPC's, by the bot) | finish | pass | skip | clock--> fighting (the
next turn), narration (a 1 or a 19: a description is owed), finished (fallen enemies are left
to finish off or spare) or closed
narration --narrate | skip | clock--> fighting, finished or closed
finished --finish--> finished or closed;  --spare--> closed

Every change of turn makes a new ``step``: a turn's buttons carry it, so an older one is stale.
The stage is read from the state (:meth:`BattleTable.stage`), never stored beside it.

An NPC (rulebook: d20 / NPCs) is a fighter with no user: the game master fields it while the
battle gathers, and acts for its seat (the shell tells the rules who the game master is). Its
character lives only in the battle; its seat's number is :data:`NPC_BASE` and up, apart from
every character's number of the game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol, runtime_checkable

from rules.d20.actions import attack, finish
from rules.d20.battle import Battle, Combatant, end_turn, narrate, start_battle
from rules.d20.battle_table import (
    AUTO_MAGIC,
    JOIN,
    KIND,
    NARRATE,
    NPC_MAX,
    ON_STAGES,
    SIDES,
    TURN,
    BattleEvent,
    BattleMove,
    BattleSnapshot,
    BattleStage,
    BattleTable,
    Cause,
    Fighter,
    Happened,
    Move,
    Turn,
    fallen_enemies,
    finishable,
)
from rules.d20.classes import actions_of, check_action
from rules.d20.story import finish_key, story_key, tell
from rules.d20.table import AttackKind
from rules.dice import Dice
from rules.encounter import NPC_BASE, Deadline, Refused, Rules, Seat, Step, Wait, Why
from rules.errors import Code, RuleError

__all__ = [
    "AUTO_MAGIC",
    "D20",
    "JOIN",
    "KIND",
    "NARRATE",
    "NPC_MAX",
    "ON_STAGES",
    "SIDES",
    "TURN",
    "BattleEvent",
    "BattleMove",
    "BattleSnapshot",
    "BattleStage",
    "BattleTable",
    "Cause",
    "D20Rules",
    "Fighter",
    "Happened",
    "Move",
    "Turn",
    "check_class_action",
    "fallen_enemies",
    "finishable",
    "open_battle",
    "targetable",
]


@runtime_checkable
class _Numbered(Protocol):
    next_index: int


def _seed(dice: Dice) -> int:
    """The next die's index in the game's dice: which narrative line a roll tells."""
    return dice.next_index if isinstance(dice, _Numbered) else 0


def open_battle(
    opener: int, opener_name: str, side_names: tuple[str, str]
) -> Step[BattleTable, BattleEvent]:
    """The call to battle: fighters join until the join window ends."""
    table = BattleTable(opener, opener_name, side_names)
    return Step(table, (BattleEvent(Happened.OPENED),), D20.deadline(table))


class D20Rules:
    """:class:`rules.encounter.Rules` for d20 battles."""

    kind = KIND
    open_stages = (*(stage.value for stage in ON_STAGES), BattleStage.FINISHED.value)
    clock = BattleMove(Move.CLOCK)

    def seats(self, state: BattleTable) -> tuple[Seat, ...]:
        return tuple(f.seat for f in state.fighters)

    def stage(self, state: BattleTable) -> str:
        return state.stage.value

    def deadline(self, state: BattleTable) -> Deadline | None:
        stage = state.stage
        if stage is BattleStage.JOINING:
            return Deadline(JOIN)
        if stage is BattleStage.FIGHTING:
            return Deadline(TURN, state.step)
        return Deadline(NARRATE, state.step) if stage is BattleStage.NARRATION else None

    def awaiting(self, state: BattleTable) -> tuple[Wait, ...]:
        narrator, current = state.narrator, state.current
        if narrator is not None:
            return (Wait(narrator.seat, NARRATE),)
        return (Wait(current.seat, TURN),) if current is not None else ()

    def options(self, state: BattleTable, seat: Seat) -> tuple[BattleMove, ...]:
        stage, at = state.stage, state.step
        if stage is BattleStage.JOINING:
            return tuple(BattleMove(Move.JOIN, side=side) for side in SIDES)
        current = state.current
        if current is None or current.seat != seat or state.battle is None:
            return ()
        kinds = _actions(state, state.battle.current)
        moves = [
            BattleMove(Move.ACT, at, kind, index)
            for kind in kinds
            for index, c in enumerate(state.battle.combatants)
            if targetable(c, current.side, kind)
        ]
        auto = (BattleMove(Move.AUTO, at),) if current.npc else ()
        return (*moves, *auto, BattleMove(Move.PASS, at))

    def apply(
        self, state: BattleTable, seat: Seat | None, action: BattleMove, dice: Dice
    ) -> Step[BattleTable, BattleEvent]:
        move, stage = action.move, state.stage
        if (move is Move.CLOCK) != (seat is None):
            raise Refused(Why.NOT_YOURS)
        if move is Move.JOIN:
            return self._join(state, action)
        if move is Move.FIELD:
            return self._field(state, action)
        if stage is BattleStage.JOINING and move in (Move.START, Move.CLOCK):
            if move is Move.START:
                assert seat is not None
                if seat.user != state.opener and not action.master:
                    raise RuleError(Code.NOT_OPENER)
                if any(not state.on_side(side) for side in SIDES):
                    raise RuleError(Code.SIDE_EMPTY)
            return self._start(state, dice)
        if move is Move.CLOCK:
            if stage is BattleStage.NARRATION:
                return self._narrated(state, Cause.TIMEOUT)
            if stage is not BattleStage.FIGHTING:
                raise Refused(Why.STALE)
            return self._lost(state, Cause.TIMEOUT)
        if move is Move.SKIP:
            if not action.master:
                raise Refused(Why.NOT_YOURS)
            if stage is BattleStage.NARRATION:
                return self._narrated(state, Cause.ADMIN)
            if stage is not BattleStage.FIGHTING:
                raise RuleError(Code.NOTHING_TO_SKIP)
            return self._lost(state, Cause.ADMIN)
        assert seat is not None
        if move is Move.NARRATE:
            if stage is not BattleStage.NARRATION:
                raise Refused(Why.STALE)
            if state.narrator is None or state.narrator.seat != seat:
                raise Refused(Why.NOT_YOURS)
            return self._narrated(state, Cause.PLAYER)
        if move is Move.SPARE:
            return self._spare(state, seat, action)
        if move is Move.FINISH and stage is BattleStage.FINISHED:
            mine = next((f for f in state.fighters if f.seat == seat), None)
            if mine is None and action.master:  # the game master, for a standing NPC winner
                mine = _npc_winner(state)
            if mine is None:
                raise Refused(Why.NOT_YOURS)
            if action.at != state.step:
                raise Refused(Why.STALE)
            return self._finish(state, mine.name, action)
        actor = self._turn(state, seat, action)
        if move is Move.PASS:
            battle, skipped = end_turn(_battle(state), actor.name)
            return self._advance(state, battle, Turn(actor.name, passed=True, skipped=skipped))
        if move is Move.FINISH:
            return self._finish(state, actor.name, action)
        if move is Move.AUTO:
            return self._auto(state, actor, dice)
        if move is not Move.ACT or action.kind is None:
            raise Refused(Why.STALE)
        return self._act(state, actor, action.kind, action.target, dice)

    def _join(self, state: BattleTable, action: BattleMove) -> Step[BattleTable, BattleEvent]:
        joiner = action.joiner
        if state.stage is not BattleStage.JOINING or action.side not in SIDES or joiner is None:
            raise Refused(Why.STALE)
        if joiner.user_id is None:
            raise Refused(Why.STALE)
        mine = state.fighter_of(joiner.user_id)
        if mine is not None and mine.side == action.side:
            raise RuleError(Code.ALREADY_ON_SIDE)
        if mine is None and _name_taken(state, joiner.name):
            raise RuleError(Code.NAME_IN_BATTLE, name=joiner.name)
        fighter = replace(joiner, side=action.side)
        if mine is None:
            fighters = (*state.fighters, fighter)
        else:  # switching sides keeps the joining order
            fighters = tuple(fighter if f.user_id == joiner.user_id else f for f in state.fighters)
        table = replace(state, fighters=fighters)
        return Step(table, (BattleEvent(Happened.JOINED),), self.deadline(table))

    def _field(self, state: BattleTable, action: BattleMove) -> Step[BattleTable, BattleEvent]:
        """The game master's NPC takes a side; it is numbered after the NPCs before it."""
        npc = action.joiner
        if not action.master:
            raise Refused(Why.NOT_YOURS)
        stale = state.stage is not BattleStage.JOINING or action.side not in SIDES
        if stale or npc is None or npc.user_id is not None or npc.character is None:
            raise Refused(Why.STALE)
        if _name_taken(state, npc.name):
            raise RuleError(Code.NAME_IN_BATTLE, name=npc.name)
        fielded = sum(f.npc for f in state.fighters)
        if fielded >= NPC_MAX:
            raise RuleError(Code.TOO_MANY_NPCS, limit=NPC_MAX)
        fighter = replace(npc, number=NPC_BASE + fielded + 1, side=action.side)
        table = replace(state, fighters=(*state.fighters, fighter))
        return Step(table, (BattleEvent(Happened.JOINED),), self.deadline(table))

    def _auto(
        self, state: BattleTable, actor: Combatant, dice: Dice
    ) -> Step[BattleTable, BattleEvent]:
        """The bot acts for an NPC: a standing enemy at random (a die of the game's as large as
        there are of them), a spell for an arcane caster, else a blow (whatever the class has
        of these)."""
        if not state.is_npc(actor.name):
            raise Refused(Why.NOT_YOURS)
        battle = _battle(state)
        enemies = [
            index
            for index, c in enumerate(battle.combatants)
            if targetable(c, actor.side, AttackKind.PHYSICAL)
        ]
        target = enemies[dice.roll(len(enemies)) - 1] if len(enemies) > 1 else enemies[0]
        harmful = [k for k in _actions(state, actor) if k is not AttackKind.BUFF]
        arcane = actor.character.character_class in AUTO_MAGIC
        kind = AttackKind.MAGIC if arcane and AttackKind.MAGIC in harmful else harmful[0]
        step = self._act(state, actor, kind, target, dice)
        [event] = step.events
        assert event.turn is not None
        turn = replace(event.turn, auto=True)
        return replace(step, events=(replace(event, turn=turn),))

    def _start(self, state: BattleTable, dice: Dice) -> Step[BattleTable, BattleEvent]:
        """Initiative for those still able to fight, in joining order; else the call lapses."""
        able = tuple(f for f in state.fighters if f.character is not None and f.character.standing)
        table = replace(state, fighters=tuple(replace(f, character=None) for f in able))
        if len({f.side for f in able}) < 2:
            table = replace(table, closed=True)
        else:
            ready = [(f.character, f.side) for f in able if f.character is not None]
            table = replace(table, battle=start_battle(ready, dice), step=state.step + 1)
        return Step(table, (BattleEvent(Happened.STARTED),), self.deadline(table))

    def _turn(self, state: BattleTable, seat: Seat, action: BattleMove) -> Combatant:
        # A press from an earlier turn is stale whoever makes it (a double press lands here).
        if state.stage is not BattleStage.FIGHTING or action.at != state.step:
            raise Refused(Why.STALE)
        current = _battle(state).current
        fighter = state.named(current.name)
        if fighter is None or fighter.seat != seat:
            raise Refused(Why.NOT_YOURS)
        return current

    def _act(
        self, state: BattleTable, actor: Combatant, kind: AttackKind, target: int, dice: Dice
    ) -> Step[BattleTable, BattleEvent]:
        battle = _battle(state)
        aimed = _at(battle, target)
        check_class_action(state, actor, kind)
        seed = _seed(dice)
        try:
            after, report = attack(battle, actor.name, aimed.name, kind, dice)
        except RuleError:
            raise Refused(Why.STALE) from None
        story = story_key(report, actor.character, aimed.character)
        variant, told = tell(state.told, story, seed)
        turn = Turn(actor.name, kind, report, story=story, variant=variant, skipped=report.skipped)
        return self._advance(replace(state, told=told), after, turn)

    def _finish(
        self, state: BattleTable, actor: str, action: BattleMove
    ) -> Step[BattleTable, BattleEvent]:
        kind, battle = action.kind, _battle(state)
        if kind is None or kind is AttackKind.BUFF:
            raise Refused(Why.STALE)
        try:
            after, report = finish(battle, actor, _at(battle, action.target).name)
        except RuleError as error:
            if error.code is Code.NOT_STANDING:
                raise RuleError(Code.NOT_STANDING, name=actor, state="other") from None
            raise Refused(Why.STALE) from None
        check_class_action(state, battle.combatant(actor), kind)
        story = finish_key(kind)
        variant, told = tell(state.told, story, state.step)
        turn = Turn(
            actor, kind, finish=report, story=story, variant=variant, skipped=report.skipped
        )
        return self._advance(replace(state, told=told), after, turn)

    def _spare(
        self, state: BattleTable, seat: Seat, action: BattleMove
    ) -> Step[BattleTable, BattleEvent]:
        if state.stage is not BattleStage.FINISHED:
            raise Refused(Why.STALE)
        battle = _battle(state)
        mine = next((f for f in state.fighters if f.seat == seat), None)
        winner = (
            mine is not None
            and battle.combatant(mine.name).side == battle.winner
            and battle.combatant(mine.name).character.standing
        )
        if not winner and not action.master:
            raise Refused(Why.NOT_YOURS)
        if action.at != state.step:
            raise Refused(Why.STALE)
        table = replace(state, step=state.step + 1, closed=True)
        turn = Turn(mine.name if winner and mine is not None else "")
        return Step(table, (BattleEvent(Happened.SPARED, turn),), None)

    def _narrated(self, state: BattleTable, cause: Cause) -> Step[BattleTable, BattleEvent]:
        battle = _battle(state)
        narrator = battle.narration_due
        assert narrator is not None
        turn = Turn(narrator, narrated=True, cause=cause)
        return self._advance(state, narrate(battle, narrator), turn)

    def _lost(self, state: BattleTable, cause: Cause) -> Step[BattleTable, BattleEvent]:
        """The current turn goes by without a roll."""
        actor = _battle(state).current.name
        battle, skipped = end_turn(_battle(state), actor)
        return self._advance(state, battle, Turn(actor, passed=True, skipped=skipped, cause=cause))

    def _advance(
        self, state: BattleTable, battle: Battle, turn: Turn
    ) -> Step[BattleTable, BattleEvent]:
        table = replace(state, battle=battle, step=state.step + 1)
        before = _battle(state).round
        turn = replace(turn, new_round=battle.round != before)
        return Step(table, (BattleEvent(Happened.TURN, turn),), self.deadline(table))


def _npc_winner(state: BattleTable) -> Fighter | None:
    """A standing NPC of the winning side, who finishes the fallen off for the game master."""
    battle = _battle(state)
    for combatant in battle.combatants:
        standing = combatant.side == battle.winner and combatant.character.standing
        if standing and state.is_npc(combatant.name):
            return state.named(combatant.name)
    return None


def _name_taken(state: BattleTable, name: str) -> bool:
    """Whether a fighter of the battle has this name already (case and ё aside)."""
    key = _fold(name)
    return any(_fold(f.name) == key for f in state.fighters)


def _fold(name: str) -> str:
    return name.casefold().replace("ё", "е")


def targetable(combatant: Combatant, side: str, kind: AttackKind) -> bool:
    """Whether one of ``side`` may aim ``kind`` at ``combatant``: a standing enemy, or for a
    healing spell an ally (oneself too), standing or fallen, not dead."""
    if kind is AttackKind.BUFF:
        return combatant.side == side and not combatant.character.dead
    return combatant.side != side and combatant.character.standing


def _battle(state: BattleTable) -> Battle:
    if state.battle is None:
        raise Refused(Why.STALE)
    return state.battle


def _at(battle: Battle, index: int) -> Combatant:
    if not 0 <= index < len(battle.combatants):
        raise Refused(Why.STALE)
    return battle.combatants[index]


def _actions(state: BattleTable, actor: Combatant) -> tuple[AttackKind, ...]:
    return actions_of(actor.character.character_class, any_action=state.any_action)


def check_class_action(state: BattleTable, actor: Combatant, kind: AttackKind) -> None:
    """The actor's class has this action (or the game allows any): else
    :attr:`Code.ACTION_UNAVAILABLE`."""
    character = actor.character
    check_action(character.name, character.character_class, kind, any_action=state.any_action)


D20: Rules[BattleTable, BattleMove, BattleEvent] = D20Rules()
