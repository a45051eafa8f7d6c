"""rulebook: d20 / Battle. The battle as an encounter: every (stage, move) and what it leads to."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.d20 import AttackKind, CharacterClass, D20Character, new_character
from rules.d20.encounter import (
    D20,
    JOIN,
    NARRATE,
    TURN,
    BattleMove,
    BattleStage,
    BattleTable,
    Cause,
    Fighter,
    Happened,
    Move,
    open_battle,
)
from rules.dice import RecordingDice, ScriptedDice
from rules.encounter import NPC_BASE, Deadline, Refused, Seat, Wait, Why
from rules.errors import Code, RuleError

OPENER, DOG, ELF, STRANGER = Seat(0, 900), Seat(1, 501), Seat(2, 502), Seat(0, 503)
BRAT = Seat(3, 504)
PHYS, MAGIC, HEAL = AttackKind.PHYSICAL, AttackKind.MAGIC, AttackKind.BUFF
DOGVOR = new_character("Догвор", CharacterClass.FIGHTER)  # 20 HP, blows only
ELVEN = replace(new_character("Эльф", CharacterClass.WIZARD), hp=5)  # 5 of 12 HP


def _joiner(seat: Seat, character: D20Character | None) -> Fighter:
    assert seat.user is not None
    name = {DOG: "Догвор", ELF: "Эльф", BRAT: "Брат"}[seat]
    return Fighter(seat.number, seat.user, name, "", None, character)


def _join(table: BattleTable, seat: Seat, side: str, sheet: D20Character | None) -> BattleTable:
    move = BattleMove(Move.JOIN, side=side, joiner=_joiner(seat, sheet))
    return D20.apply(table, seat, move, ScriptedDice()).state


def opened() -> BattleTable:
    return open_battle(OPENER.user or 0, "Гм", ("", "")).state


def one_side() -> BattleTable:
    return _join(opened(), DOG, "1", DOGVOR)


def joining() -> BattleTable:
    return _join(one_side(), ELF, "2", ELVEN)


def elf_gone() -> BattleTable:
    """Эльф joined, then died elsewhere: the store's sheet says so (None)."""
    return _join(one_side(), ELF, "2", None)


def fighting() -> BattleTable:
    """Step 1: Догвор (initiative 20) acts first, Эльф (10) next."""
    return D20.apply(joining(), None, D20.clock, ScriptedDice({20: [20, 10]})).state


def narration() -> BattleTable:
    """Эльф at 12 HP takes Догвор's 19 (7 damage): he stands, loses a turn, owes a description."""
    table = replace(fighting())
    assert table.battle is not None
    elf = replace(table.battle.combatants[1].character, hp=12)
    combatants = (table.battle.combatants[0], replace(table.battle.combatants[1], character=elf))
    table = replace(table, battle=replace(table.battle, combatants=combatants))
    return D20.apply(table, DOG, BattleMove(Move.ACT, 1, PHYS, 1), ScriptedDice({20: [19]})).state


def finished() -> BattleTable:
    """Догвор's 17 (6 damage) fells Эльф: side 1 wins, Эльф lies at 0 (step 2)."""
    return D20.apply(
        fighting(), DOG, BattleMove(Move.ACT, 1, PHYS, 1), ScriptedDice({20: [17]})
    ).state


def lapsed() -> BattleTable:
    return D20.apply(one_side(), None, D20.clock, ScriptedDice()).state


def closed() -> BattleTable:
    return D20.apply(finished(), DOG, BattleMove(Move.SPARE, 2), ScriptedDice()).state


def hurt() -> BattleTable:
    """Догвор at 10 of 20 HP acts first, in a game that lets every class heal."""
    table = replace(fighting(), any_action=True)
    assert table.battle is not None
    dog = replace(table.battle.combatants[0].character, hp=10)
    combatants = (replace(table.battle.combatants[0], character=dog), table.battle.combatants[1])
    return replace(table, battle=replace(table.battle, combatants=combatants))


def ally_down() -> BattleTable:
    """Брат, a cleric (initiative 20), acts; Эльф (10) next; Догвор (5) lies at 0 HP."""
    brat = Fighter(3, 504, "Брат", "", None, new_character("Брат", CharacterClass.CLERIC))
    table = _join(joining(), BRAT, "1", None)
    table = replace(table, fighters=(*table.fighters[:2], replace(brat, side="1")))
    table = D20.apply(table, None, D20.clock, ScriptedDice({20: [5, 10, 20]})).state
    assert table.battle is not None
    names = [c.name for c in table.battle.combatants]
    assert names == ["Брат", "Эльф", "Догвор"]
    down = replace(table.battle.combatants[2].character, hp=0)
    combatants = (*table.battle.combatants[:2], replace(table.battle.combatants[2], character=down))
    return replace(table, battle=replace(table.battle, combatants=combatants))


GOBLIN = Seat(NPC_BASE + 1, None)  # the first NPC's seat; the game master acts for it
BOSS = D20Character("Босс", CharacterClass.WIZARD, 40, hp_max=40)  # an explicit max HP


def _npc(name: str, character: D20Character) -> Fighter:
    return Fighter(0, None, name, "", None, character)


def _field(side: str, name: str = "Гоблин", master: bool = True) -> BattleMove:
    character = new_character(name, CharacterClass.FIGHTER) if name != "Босс" else BOSS
    return BattleMove(Move.FIELD, side=side, joiner=_npc(name, character), master=master)


def npc_joining() -> BattleTable:
    """Догвор on side 1; the game master's Гоблин on side 2."""
    return D20.apply(one_side(), OPENER, _field("2"), ScriptedDice()).state


def npc_turn() -> BattleTable:
    """Step 1: Гоблин (initiative 20) acts first, Догвор (10) next."""
    return D20.apply(npc_joining(), None, D20.clock, ScriptedDice({20: [10, 20]})).state


def npc_narration() -> BattleTable:
    """Гоблин rolled a 1: he owes a description, which is the game master's to give."""
    move = BattleMove(Move.ACT, 1, PHYS, 1)
    return D20.apply(npc_turn(), GOBLIN, move, ScriptedDice({20: [1]})).state


def npc_won() -> BattleTable:
    """Гоблин's 17 fells Догвор (5 HP): side 2 wins, Догвор lies at 0 (step 2)."""
    table = npc_turn()
    assert table.battle is not None
    dog = replace(table.battle.combatants[1].character, hp=5)
    combatants = (table.battle.combatants[0], replace(table.battle.combatants[1], character=dog))
    table = replace(table, battle=replace(table.battle, combatants=combatants))
    move = BattleMove(Move.ACT, 1, PHYS, 1)
    return D20.apply(table, GOBLIN, move, ScriptedDice({20: [17]})).state


STATES = {
    "opened": opened,
    "one_side": one_side,
    "joining": joining,
    "elf_gone": elf_gone,
    "fighting": fighting,
    "narration": narration,
    "finished": finished,
    "lapsed": lapsed,
    "closed": closed,
    "hurt": hurt,
    "ally_down": ally_down,
    "npc_joining": npc_joining,
    "npc_turn": npc_turn,
    "npc_narration": npc_narration,
    "npc_won": npc_won,
}


def _move(move: Move, at: int = 0, kind: AttackKind | None = None, target: int = -1) -> BattleMove:
    return BattleMove(move, at, kind, target)


JOIN_1 = BattleMove(Move.JOIN, side="1", joiner=_joiner(DOG, DOGVOR))
JOIN_2 = BattleMove(Move.JOIN, side="2", joiner=_joiner(DOG, DOGVOR))
JOIN_3 = BattleMove(Move.JOIN, side="3", joiner=_joiner(DOG, DOGVOR))
START, START_GM = _move(Move.START), BattleMove(Move.START, master=True)
CLOCK, SKIP = D20.clock, BattleMove(Move.SKIP, master=True)
SKIP_PLAYER = _move(Move.SKIP)
HIT_ELF = _move(Move.ACT, 1, PHYS, 1)
DICE = {"none": {}, "initiative": {20: [20, 10]}, "12": {20: [12]}, "19": {20: [19]}}
DICE |= {"1": {20: [1]}, "11": {20: [11]}, "20": {20: [20]}}
Outcome = BattleStage | Why | Code

# (state, seat, move, dice) -> (stage, what happened) or the refusal
TRANSITIONS: list[tuple[str, Seat | None, BattleMove, str, Outcome, Happened | None]] = [
    ("opened", DOG, JOIN_1, "none", BattleStage.JOINING, Happened.JOINED),
    ("one_side", DOG, JOIN_1, "none", Code.ALREADY_ON_SIDE, None),
    ("one_side", DOG, JOIN_2, "none", BattleStage.JOINING, Happened.JOINED),
    ("one_side", DOG, JOIN_3, "none", Why.STALE, None),
    ("one_side", OPENER, START, "none", Code.SIDE_EMPTY, None),
    ("one_side", None, CLOCK, "none", BattleStage.LAPSED, Happened.STARTED),
    ("joining", OPENER, START, "initiative", BattleStage.FIGHTING, Happened.STARTED),
    ("joining", DOG, START, "none", Code.NOT_OPENER, None),
    ("joining", DOG, START_GM, "initiative", BattleStage.FIGHTING, Happened.STARTED),
    ("joining", None, CLOCK, "initiative", BattleStage.FIGHTING, Happened.STARTED),
    ("joining", DOG, CLOCK, "none", Why.NOT_YOURS, None),
    ("joining", DOG, HIT_ELF, "none", Why.STALE, None),
    ("joining", OPENER, SKIP, "none", Code.NOTHING_TO_SKIP, None),
    ("elf_gone", OPENER, START, "none", BattleStage.LAPSED, Happened.STARTED),
    ("fighting", DOG, HIT_ELF, "12", BattleStage.FIGHTING, Happened.TURN),
    ("fighting", DOG, HIT_ELF, "19", BattleStage.FINISHED, Happened.TURN),  # 7 fells Эльф
    ("fighting", DOG, _move(Move.ACT, 0, PHYS, 1), "none", Why.STALE, None),
    ("fighting", DOG, _move(Move.ACT, 1, PHYS, 9), "none", Why.STALE, None),
    ("fighting", DOG, _move(Move.ACT, 1, PHYS, 0), "none", Why.STALE, None),  # himself
    ("fighting", DOG, _move(Move.ACT, 1, MAGIC, 1), "none", Code.ACTION_UNAVAILABLE, None),
    ("fighting", DOG, _move(Move.ACT, 1), "none", Why.STALE, None),  # no kind
    ("fighting", DOG, _move(Move.FINISH, 1, PHYS, 1), "none", Why.STALE, None),  # standing
    ("fighting", ELF, HIT_ELF, "none", Why.NOT_YOURS, None),
    ("fighting", STRANGER, _move(Move.PASS, 1), "none", Why.NOT_YOURS, None),
    ("fighting", DOG, _move(Move.PASS, 1), "none", BattleStage.FIGHTING, Happened.TURN),
    ("fighting", None, CLOCK, "none", BattleStage.FIGHTING, Happened.TURN),
    ("fighting", DOG, SKIP, "none", BattleStage.FIGHTING, Happened.TURN),
    ("fighting", DOG, SKIP_PLAYER, "none", Why.NOT_YOURS, None),
    ("fighting", DOG, _move(Move.SPARE, 1), "none", Why.STALE, None),
    ("fighting", DOG, JOIN_1, "none", Why.STALE, None),
    ("fighting", OPENER, START_GM, "none", Why.STALE, None),
    ("fighting", DOG, _move(Move.NARRATE), "none", Why.STALE, None),
    ("narration", ELF, _move(Move.NARRATE), "none", BattleStage.FIGHTING, Happened.TURN),
    ("narration", DOG, _move(Move.NARRATE), "none", Why.NOT_YOURS, None),
    ("narration", None, CLOCK, "none", BattleStage.FIGHTING, Happened.TURN),
    ("narration", OPENER, SKIP, "none", BattleStage.FIGHTING, Happened.TURN),
    ("narration", DOG, _move(Move.ACT, 2, PHYS, 1), "none", Why.STALE, None),
    ("finished", DOG, _move(Move.FINISH, 2, PHYS, 1), "none", BattleStage.CLOSED, Happened.TURN),
    ("finished", DOG, _move(Move.FINISH, 1, PHYS, 1), "none", Why.STALE, None),
    ("finished", DOG, _move(Move.FINISH, 2, MAGIC, 1), "none", Code.ACTION_UNAVAILABLE, None),
    ("finished", DOG, _move(Move.FINISH, 2, AttackKind.BUFF, 1), "none", Why.STALE, None),
    ("finished", ELF, _move(Move.FINISH, 2, MAGIC, 0), "none", Code.NOT_STANDING, None),
    ("finished", STRANGER, _move(Move.FINISH, 2, PHYS, 1), "none", Why.NOT_YOURS, None),
    ("finished", DOG, _move(Move.SPARE, 2), "none", BattleStage.CLOSED, Happened.SPARED),
    ("finished", DOG, _move(Move.SPARE, 1), "none", Why.STALE, None),
    ("finished", ELF, _move(Move.SPARE, 2), "none", Why.NOT_YOURS, None),
    ("finished", OPENER, BattleMove(Move.SPARE, 2, master=True), "none", BattleStage.CLOSED,
     Happened.SPARED),
    ("finished", None, CLOCK, "none", Why.STALE, None),
    ("finished", OPENER, SKIP, "none", Code.NOTHING_TO_SKIP, None),
    ("fighting", DOG, _move(Move.ACT, 1, HEAL, 0), "none", Code.ACTION_UNAVAILABLE, None),
    ("hurt", DOG, _move(Move.ACT, 1, HEAL, 0), "12", BattleStage.FIGHTING, Happened.TURN),
    ("hurt", DOG, _move(Move.ACT, 1, HEAL, 0), "1", BattleStage.NARRATION, Happened.TURN),
    ("hurt", DOG, _move(Move.ACT, 1, HEAL, 1), "none", Why.STALE, None),  # an enemy
    ("ally_down", BRAT, _move(Move.ACT, 1, HEAL, 2), "20", BattleStage.FIGHTING, Happened.TURN),
    ("ally_down", BRAT, _move(Move.ACT, 1, HEAL, 2), "11", BattleStage.FIGHTING, Happened.TURN),
    ("ally_down", BRAT, _move(Move.ACT, 1, PHYS, 2), "none", Why.STALE, None),  # an ally
    ("ally_down", DOG, _move(Move.ACT, 1, HEAL, 2), "none", Why.NOT_YOURS, None),
    ("one_side", OPENER, _field("2"), "none", BattleStage.JOINING, Happened.JOINED),
    ("one_side", OPENER, _field("1"), "none", BattleStage.JOINING, Happened.JOINED),
    ("one_side", DOG, _field("2", master=False), "none", Why.NOT_YOURS, None),
    ("one_side", OPENER, _field("3"), "none", Why.STALE, None),
    ("one_side", OPENER, _field("2", "догвор"), "none", Code.NAME_IN_BATTLE, None),
    ("npc_joining", OPENER, _field("1"), "none", Code.NAME_IN_BATTLE, None),
    ("npc_joining", OPENER, START, "initiative", BattleStage.FIGHTING, Happened.STARTED),
    ("npc_joining", None, CLOCK, "initiative", BattleStage.FIGHTING, Happened.STARTED),
    ("fighting", OPENER, _field("2", "Босс"), "none", Why.STALE, None),
    ("npc_turn", GOBLIN, _move(Move.ACT, 1, PHYS, 1), "12", BattleStage.FIGHTING, Happened.TURN),
    ("npc_turn", GOBLIN, _move(Move.AUTO, 1), "12", BattleStage.FIGHTING, Happened.TURN),
    ("npc_turn", GOBLIN, _move(Move.AUTO, 0), "12", Why.STALE, None),
    ("npc_turn", GOBLIN, _move(Move.PASS, 1), "none", BattleStage.FIGHTING, Happened.TURN),
    ("npc_turn", DOG, _move(Move.ACT, 1, PHYS, 1), "none", Why.NOT_YOURS, None),
    ("npc_turn", OPENER, _move(Move.ACT, 1, PHYS, 1), "none", Why.NOT_YOURS, None),
    ("npc_turn", DOG, _move(Move.AUTO, 1), "none", Why.NOT_YOURS, None),
    ("npc_turn", None, CLOCK, "none", BattleStage.FIGHTING, Happened.TURN),
    ("fighting", DOG, _move(Move.AUTO, 1), "none", Why.NOT_YOURS, None),  # not an NPC
    ("npc_narration", GOBLIN, _move(Move.NARRATE), "none", BattleStage.FIGHTING, Happened.TURN),
    ("npc_narration", DOG, _move(Move.NARRATE), "none", Why.NOT_YOURS, None),
    ("npc_narration", OPENER, SKIP, "none", BattleStage.FIGHTING, Happened.TURN),
    ("npc_won", OPENER, BattleMove(Move.FINISH, 2, PHYS, 1, master=True), "none",
     BattleStage.CLOSED, Happened.TURN),
    ("npc_won", STRANGER, _move(Move.FINISH, 2, PHYS, 1), "none", Why.NOT_YOURS, None),
    ("npc_won", OPENER, BattleMove(Move.SPARE, 2, master=True), "none", BattleStage.CLOSED,
     Happened.SPARED),
    ("closed", DOG, _move(Move.FINISH, 3, PHYS, 1), "none", Why.STALE, None),
    ("closed", DOG, _move(Move.SPARE, 3), "none", Why.STALE, None),
]  # fmt: skip


@pytest.mark.parametrize(("state", "seat", "move", "dice", "outcome", "happened"), TRANSITIONS)
def test_transition(
    state: str,
    seat: Seat | None,
    move: BattleMove,
    dice: str,
    outcome: Outcome,
    happened: Happened | None,
) -> None:
    before = STATES[state]()
    if isinstance(outcome, Why):
        with pytest.raises(Refused) as refused:
            D20.apply(before, seat, move, ScriptedDice(DICE[dice]))
        assert refused.value.why is outcome
        return
    if isinstance(outcome, Code):
        with pytest.raises(RuleError) as error:
            D20.apply(before, seat, move, ScriptedDice(DICE[dice]))
        assert error.value.code is outcome
        return
    step = D20.apply(before, seat, move, ScriptedDice(DICE[dice]))
    assert step.state.stage is outcome
    assert [event.happened for event in step.events] == [happened]
    assert step.deadline == D20.deadline(step.state)


def test_every_stage_is_reached() -> None:
    reached = {STATES[name]().stage for name in STATES}
    assert reached == set(BattleStage)


def test_the_call_opens_joining_with_the_join_clock() -> None:
    step = open_battle(900, "Гм", ("Орда", "Союз"))
    assert step.state.stage is BattleStage.JOINING
    assert [event.happened for event in step.events] == [Happened.OPENED]
    assert step.deadline == Deadline(JOIN)
    assert D20.awaiting(step.state) == ()


def test_switching_sides_keeps_the_joining_order() -> None:
    table = _join(joining(), DOG, "2", DOGVOR)
    assert [(f.name, f.side) for f in table.fighters] == [("Догвор", "2"), ("Эльф", "2")]


def test_the_start_rolls_initiative_in_joining_order_and_forgets_the_sheets() -> None:
    table = fighting()
    assert table.battle is not None and table.step == 1
    assert [(c.name, c.initiative) for c in table.battle.combatants] == [
        ("Догвор", 20),
        ("Эльф", 10),
    ]
    assert all(f.character is None for f in table.fighters)
    assert D20.deadline(table) == Deadline(TURN, 1)
    assert D20.awaiting(table) == (Wait(DOG, TURN),)


def test_a_fighter_who_cannot_fight_at_the_start_is_left_out() -> None:
    lapsed = D20.apply(elf_gone(), None, CLOCK, ScriptedDice()).state
    assert [f.name for f in lapsed.fighters] == ["Догвор"]
    assert lapsed.battle is None and lapsed.closed
    assert D20.deadline(lapsed) is None


def test_every_turn_is_a_new_step_and_a_new_clock() -> None:
    table = fighting()
    passed = D20.apply(table, DOG, _move(Move.PASS, 1), ScriptedDice())
    assert passed.state.step == 2
    assert passed.deadline == Deadline(TURN, 2) != D20.deadline(table)
    assert D20.awaiting(passed.state) == (Wait(ELF, TURN),)
    [event] = passed.events
    assert event.turn is not None and event.turn.passed and event.turn.actor == "Догвор"


def test_a_clock_passes_the_turn_as_a_timeout() -> None:
    [event] = D20.apply(fighting(), None, CLOCK, ScriptedDice()).events
    assert event.turn is not None
    assert (event.turn.actor, event.turn.passed, event.turn.cause) == (
        "Догвор",
        True,
        Cause.TIMEOUT,
    )


def test_a_19_owes_the_target_s_description_before_anything_else() -> None:
    table = narration()
    assert table.stage is BattleStage.NARRATION
    assert D20.awaiting(table) == (Wait(ELF, NARRATE),)
    assert D20.deadline(table) == Deadline(NARRATE, table.step)
    assert D20.options(table, DOG) == ()
    [event] = D20.apply(table, ELF, _move(Move.NARRATE), ScriptedDice()).events
    assert event.turn is not None and event.turn.narrated and event.turn.cause is Cause.PLAYER


def test_the_turn_s_options_are_its_class_actions_at_standing_targets() -> None:
    table = fighting()
    assert D20.options(table, DOG) == (HIT_ELF, _move(Move.PASS, 1))
    assert D20.options(table, ELF) == ()
    wizard = replace(table, any_action=True)
    kinds = {move.kind for move in D20.options(wizard, DOG) if move.move is Move.ACT}
    assert kinds == {PHYS, MAGIC, AttackKind.BUFF}
    assert {m.move for m in D20.options(opened(), STRANGER)} == {Move.JOIN}


def test_a_turn_tells_a_narrative_line_chosen_by_the_die_s_place_in_the_game_s_dice() -> None:
    told = []
    for index in (0, 1):
        dice = RecordingDice(ScriptedDice({20: [4]}), next_index=index)
        [event] = D20.apply(fighting(), DOG, HIT_ELF, dice).events
        assert event.turn is not None
        told.append(event.turn.variant)
    assert told[0] != told[1]


def test_finishing_off_the_last_fallen_closes_the_battle() -> None:
    step = D20.apply(finished(), DOG, _move(Move.FINISH, 2, PHYS, 1), ScriptedDice())
    assert step.state.stage is BattleStage.CLOSED and step.deadline is None
    assert step.state.battle is not None
    assert step.state.battle.combatants[1].character.dead
    [event] = step.events
    assert event.turn is not None and event.turn.finish is not None


@pytest.mark.parametrize(
    ("die", "hp", "rose"), [(11, 0, False), (12, 1, True), (18, 7, True), (20, 20, True)]
)
def test_a_heal_raises_a_fallen_ally_who_takes_turns_again(die: int, hp: int, rose: bool) -> None:
    table = ally_down()
    assert _move(Move.ACT, 1, HEAL, 2) in D20.options(table, BRAT)  # the fallen may be healed
    step = D20.apply(table, BRAT, _move(Move.ACT, 1, HEAL, 2), ScriptedDice({20: [die]}))
    [event] = step.events
    assert event.turn is not None and event.turn.attack is not None
    assert event.turn.attack.rose is rose
    assert event.turn.story == ("buff-rise" if rose else "buff-partial")
    assert step.state.battle is not None
    assert step.state.battle.combatants[2].character.hp == hp
    step = D20.apply(step.state, None, D20.clock, ScriptedDice())  # Эльф's turn times out
    expected = Wait(DOG, TURN) if rose else Wait(BRAT, TURN)
    assert D20.awaiting(step.state) == (expected,)


def test_a_heal_s_1_costs_the_caster_a_turn_and_a_description() -> None:
    step = D20.apply(hurt(), DOG, _move(Move.ACT, 1, HEAL, 0), ScriptedDice({20: [1]}))
    assert D20.awaiting(step.state) == (Wait(DOG, NARRATE),)
    assert step.state.battle is not None
    assert step.state.battle.combatants[0].character.hp == 10


def test_an_npc_is_numbered_apart_from_characters_and_keeps_its_sheet_into_the_battle() -> None:
    table = D20.apply(npc_joining(), OPENER, _field("2", "Босс"), ScriptedDice()).state
    npcs = [f for f in table.fighters if f.npc]
    assert [(f.name, f.number, f.side) for f in npcs] == [
        ("Гоблин", NPC_BASE + 1, "2"),
        ("Босс", NPC_BASE + 2, "2"),
    ]
    assert all(f.seat.npc for f in npcs) and not table.fighters[0].npc
    started = D20.apply(table, None, CLOCK, ScriptedDice({20: [10, 20, 5]})).state
    assert started.battle is not None
    boss = started.battle.combatant("Босс").character
    assert (boss.hp, boss.max_hp) == (40, 40)
    assert D20.awaiting(started) == (Wait(GOBLIN, TURN),)
    assert BattleMove(Move.AUTO, 1) in D20.options(started, GOBLIN)
    assert BattleMove(Move.AUTO, started.step) not in D20.options(fighting(), DOG)


@pytest.mark.parametrize(("pick", "target"), [(1, "Догвор"), (2, "Брат")])
def test_the_bot_acts_for_an_npc_at_a_standing_enemy_chosen_by_the_game_s_dice(
    pick: int, target: str
) -> None:
    """Two standing enemies: a d2 picks one; a wizard NPC casts, a fighter NPC strikes."""
    brat = Fighter(3, 504, "Брат", "", None, new_character("Брат", CharacterClass.CLERIC))
    table = replace(one_side(), fighters=(*one_side().fighters, replace(brat, side="1")))
    table = D20.apply(table, OPENER, _field("2", "Босс"), ScriptedDice()).state
    table = D20.apply(table, None, CLOCK, ScriptedDice({20: [10, 5, 20]})).state
    boss = Seat(NPC_BASE + 1, None)
    dice = ScriptedDice({2: [pick], 20: [13]})
    [event] = D20.apply(table, boss, BattleMove(Move.AUTO, 1), dice).events
    turn = event.turn
    assert turn is not None and turn.auto and turn.attack is not None
    assert (turn.attack.target, turn.kind) == (target, MAGIC)
    assert dice.rolled == [(2, pick), (20, 13)]


def test_the_bot_strikes_for_a_fighter_npc_with_no_die_for_a_lone_enemy() -> None:
    dice = ScriptedDice({20: [13]})
    [event] = D20.apply(npc_turn(), GOBLIN, BattleMove(Move.AUTO, 1), dice).events
    assert event.turn is not None and event.turn.attack is not None
    assert (event.turn.attack.target, event.turn.kind) == ("Догвор", PHYS)
    assert dice.rolled == [(20, 13)]


def test_an_npc_s_owed_description_waits_for_its_seat() -> None:
    assert D20.awaiting(npc_narration()) == (Wait(GOBLIN, NARRATE),)
