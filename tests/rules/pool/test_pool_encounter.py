"""rulebook: pool / Group fight. The pool fight as an encounter: every (stage, move) and what
it leads to, with scripted dice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from pool_helpers import make

from rules.dice import ScriptedDice
from rules.encounter import Deadline, Refused, Seat, Wait, Why
from rules.errors import Code, RuleError
from rules.pool.encounter import (
    ALL_PILLS,
    POOL,
    Act,
    Happened,
    JoinProblem,
    Move,
    Pending,
    PoolMove,
    PoolStage,
    PoolTable,
    open_fight,
)
from rules.pool.fight_round import resolve_round
from rules.pool.fight_setup import Choice
from rules.pool.fight_targets import with_default_targets
from rules.pool.model import Item, PocketContent, PoolCharacter

ONE, TWO, THREE = Seat(1, 501), Seat(2, 502), Seat(3, 503)
NINE, FAR, SLEEPY, WEAK, NOBODY = Seat(9, 509), Seat(8, 508), Seat(7, 507), Seat(6, 506), Seat(5)
CHARACTERS = (
    make(1),
    make(2),
    make(3),
    make(9),
    make(8, hall=2),
    make(7, asleep=True),
    make(6, health=0),
)
INIT_TWO = {10: [9, 5]}  # initiative: 1 (11), 2 (7)
INIT_THREE = {10: [9, 5, 1]}  # initiative: 1 (11), 2 (7), 3 (3)
QUIET = {10: [5] * 18}  # three attacks of 3 dice against 3: nobody hurt
KO = {10: [10, 10, 10, 5, 5, 5] + [5] * 6}  # 1 strikes 2 for 3 (2 at 2 HP: dead), 2 misses
DICE = {"none": {}, "init2": INIT_TWO, "init3": INIT_THREE, "quiet": QUIET, "ko": KO}
NO_DICE = ScriptedDice()


def play(table: PoolTable, *moves: tuple[Seat | None, PoolMove]) -> PoolTable:
    for seat, move in moves:
        table = POOL.apply(table, seat, move, NO_DICE).state
    return table


def moved(table: PoolTable, hall: int, *numbers: int) -> PoolTable:
    return table.with_characters(
        replace(c, hall=hall) for c in table.characters if c.number in numbers
    )


def joining() -> PoolTable:
    return open_fight(ONE, TWO, 1, CHARACTERS).state


def alone() -> PoolTable:
    """Before the window closed, 2 went away."""
    return moved(joining(), 2, 2)


def joined() -> PoolTable:
    return play(joining(), (THREE, PoolMove(Move.JOIN)))


def choosing() -> PoolTable:
    """3 chooses first (lowest initiative), between 1 and 2."""
    return POOL.apply(joined(), ONE, PoolMove(Move.START), ScriptedDice(INIT_THREE)).state


def second_chooser() -> PoolTable:
    return play(choosing(), (THREE, PoolMove(Move.CHOOSE, 0, 1)))


def fighting() -> PoolTable:
    """3 and 2 chose 1: 1 picks between them; everyone acts."""
    return play(second_chooser(), (TWO, PoolMove(Move.CHOOSE, 1, 1)))


def last_to_act() -> PoolTable:
    attack = PoolMove(Move.ATTACK, 0)
    return play(fighting(), (ONE, PoolMove(Move.PICK, 0, 2)), (ONE, attack), (TWO, attack))


def duo() -> PoolTable:
    """1 against 2, who has 2 HP left; choosing was forced: round 0 is open."""
    table = joining().with_characters([make(2, health=2)])
    return POOL.apply(table, ONE, PoolMove(Move.START), ScriptedDice(INIT_TWO)).state


def duo_one_acted() -> PoolTable:
    return play(duo(), (ONE, PoolMove(Move.ATTACK, 0)))


def deserted() -> PoolTable:
    """2 and 3 left the hall while 1 had to pick."""
    return moved(fighting(), 2, 2, 3)


def forsaken() -> PoolTable:
    """1 and 2 acted, then left the hall: 3's press is the last one."""
    return moved(last_to_act(), 2, 1, 2)


def finished() -> PoolTable:
    return play(fighting(), (None, PoolMove(Move.STOP)))


STATES: dict[str, Callable[[], PoolTable]] = {
    f.__name__: f
    for f in (
        joining,
        alone,
        joined,
        choosing,
        second_chooser,
        fighting,
        last_to_act,
        duo,
        duo_one_acted,
        deserted,
        forsaken,
        finished,
    )
}
JOIN, START, STOP, CLOCK = (
    PoolMove(Move.JOIN),
    PoolMove(Move.START),
    PoolMove(Move.STOP),
    POOL.clock,
)
ATTACK, STAND = PoolMove(Move.ATTACK, 0), PoolMove(Move.STAND, 0)
ALL = PoolMove(Move.PILLS, 0, count=ALL_PILLS)
H = Happened
Then = PoolStage | Why | Code
Told = tuple[tuple[Happened, int | None, int | None], ...]

# (state, seat, move, dice) -> (stage, what happened: (happened, fighter, target)...) or the
# refusal: a Why, or the rules' Code (the move is the seat's, the rules refuse it)
TRANSITIONS: list[tuple[str, Seat | None, PoolMove, str, Then, Told]] = [
    ("joining", THREE, JOIN, "none", PoolStage.JOINING, ((H.JOINED, 3, None),)),
    ("joining", ONE, JOIN, "none", Code.FIGHTER_UNAVAILABLE, ()),  # joined already
    ("joining", FAR, JOIN, "none", Code.FIGHTER_UNAVAILABLE, ()),
    ("joining", SLEEPY, JOIN, "none", Code.FIGHTER_UNAVAILABLE, ()),
    ("joining", WEAK, JOIN, "none", Code.FIGHTER_UNAVAILABLE, ()),
    ("joining", NOBODY, JOIN, "none", Why.NOT_YOURS, ()),  # no character the rules know
    (
        "joining",
        ONE,
        START,
        "init2",
        PoolStage.FIGHTING,
        ((H.STARTED, None, None), (H.OPENED, None, None)),
    ),
    (
        "joining",
        None,
        CLOCK,
        "init2",
        PoolStage.FIGHTING,
        ((H.STARTED, None, None), (H.OPENED, None, None)),
    ),
    ("joining", TWO, START, "none", Why.NOT_YOURS, ()),
    ("joining", NINE, START, "none", Why.NOT_YOURS, ()),
    ("joining", None, START, "none", Why.NOT_YOURS, ()),
    ("joining", ONE, CLOCK, "none", Why.NOT_YOURS, ()),
    ("joining", ONE, STOP, "none", Why.NOT_YOURS, ()),
    ("joining", None, STOP, "none", PoolStage.FINISHED, ((H.STOPPED, None, None),)),
    ("joining", ONE, ATTACK, "none", Why.STALE, ()),
    ("joining", THREE, PoolMove(Move.CHOOSE, 0, 1), "none", Why.STALE, ()),
    ("alone", ONE, START, "none", PoolStage.FINISHED, ((H.CALLED_OFF, None, None),)),
    ("alone", None, CLOCK, "none", PoolStage.FINISHED, ((H.CALLED_OFF, None, None),)),
    ("joined", ONE, START, "init3", PoolStage.CHOOSING, ((H.STARTED, None, None),)),
    (
        "choosing",
        THREE,
        PoolMove(Move.CHOOSE, 0, 1),
        "none",
        PoolStage.CHOOSING,
        ((H.CHOSE, 3, 1),),
    ),
    ("choosing", TWO, PoolMove(Move.CHOOSE, 0, 1), "none", Code.NOT_YOUR_CHOICE, ()),
    ("choosing", THREE, PoolMove(Move.CHOOSE, 1, 1), "none", Why.STALE, ()),
    ("choosing", THREE, PoolMove(Move.CHOOSE, 0, 3), "none", Code.INVALID_OPPONENT, ()),
    ("choosing", THREE, PoolMove(Move.CHOOSE, 0, 9), "none", Code.INVALID_OPPONENT, ()),
    ("choosing", NINE, PoolMove(Move.CHOOSE, 0, 1), "none", Why.NOT_YOURS, ()),
    ("choosing", None, CLOCK, "none", PoolStage.CHOOSING, ((H.DEFAULTED, 3, 1),)),
    ("choosing", THREE, JOIN, "none", Why.STALE, ()),
    ("choosing", ONE, START, "none", Why.STALE, ()),
    ("choosing", THREE, PoolMove(Move.PICK, 0, 1), "none", Why.STALE, ()),
    ("choosing", None, STOP, "none", PoolStage.FINISHED, ((H.STOPPED, None, None),)),
    (
        "second_chooser",
        TWO,
        PoolMove(Move.CHOOSE, 1, 1),
        "none",
        PoolStage.FIGHTING,
        ((H.CHOSE, 2, 1), (H.OPENED, None, None)),
    ),
    ("second_chooser", THREE, PoolMove(Move.CHOOSE, 0, 2), "none", Code.NOT_YOUR_CHOICE, ()),
    (
        "second_chooser",
        None,
        CLOCK,
        "none",
        PoolStage.FIGHTING,
        ((H.DEFAULTED, 2, 1), (H.OPENED, None, None)),
    ),
    ("fighting", ONE, PoolMove(Move.PICK, 0, 2), "none", PoolStage.FIGHTING, ((H.PICKED, 1, 2),)),
    ("fighting", ONE, PoolMove(Move.PICK, 0, 9), "none", Code.INVALID_OPPONENT, ()),
    ("fighting", TWO, PoolMove(Move.PICK, 0, 1), "none", Why.STALE, ()),  # nothing to pick
    ("fighting", ONE, PoolMove(Move.PICK, 1, 2), "none", Why.STALE, ()),
    ("fighting", NINE, PoolMove(Move.PICK, 0, 2), "none", Why.NOT_YOURS, ()),
    ("fighting", TWO, ATTACK, "none", PoolStage.FIGHTING, ((H.ACTED, 2, None),)),
    ("fighting", TWO, PoolMove(Move.ATTACK, 1), "none", Why.STALE, ()),
    ("fighting", TWO, STAND, "none", Code.INVALID_ACTION, ()),  # not fallen
    ("fighting", TWO, ALL, "none", Code.INVALID_ACTION, ()),  # no pill in the left pocket
    ("fighting", NINE, ATTACK, "none", Why.NOT_YOURS, ()),
    ("fighting", None, ATTACK, "none", Why.NOT_YOURS, ()),
    ("fighting", TWO, PoolMove(Move.CHOOSE, 0, 1), "none", Why.STALE, ()),
    ("fighting", ONE, START, "none", Why.STALE, ()),
    ("fighting", None, CLOCK, "quiet", PoolStage.FIGHTING, ((H.FOUGHT, None, None),)),
    ("fighting", None, STOP, "none", PoolStage.FINISHED, ((H.STOPPED, None, None),)),
    (
        "last_to_act",
        THREE,
        ATTACK,
        "quiet",
        PoolStage.FIGHTING,
        ((H.ACTED, 3, None), (H.FOUGHT, None, None)),
    ),
    ("last_to_act", TWO, ATTACK, "none", Why.STALE, ()),  # acted already
    ("last_to_act", ONE, PoolMove(Move.PICK, 0, 3), "none", Why.STALE, ()),  # picked already
    ("duo", ONE, ATTACK, "none", PoolStage.FIGHTING, ((H.ACTED, 1, None),)),
    ("duo", None, CLOCK, "ko", PoolStage.FINISHED, ((H.FOUGHT, None, None),)),
    (
        "duo_one_acted",
        TWO,
        ATTACK,
        "ko",
        PoolStage.FINISHED,
        ((H.ACTED, 2, None), (H.FOUGHT, None, None)),
    ),
    ("deserted", None, CLOCK, "none", PoolStage.FINISHED, ((H.ENDED, None, None),)),
    ("deserted", TWO, ATTACK, "none", Code.INVALID_ACTION, ()),  # out of the fight: fled
    ("deserted", ONE, PoolMove(Move.PICK, 0, 3), "none", Code.INVALID_OPPONENT, ()),  # out
    (
        "forsaken",
        THREE,
        ATTACK,  # at an opponent who left: a new one comes before the roll
        "none",
        PoolStage.FINISHED,
        ((H.ACTED, 3, None), (H.ENDED, None, None)),
    ),
    ("finished", None, CLOCK, "none", Why.STALE, ()),
    ("finished", None, STOP, "none", Why.STALE, ()),
    ("finished", ONE, ATTACK, "none", Why.STALE, ()),
    ("finished", NINE, JOIN, "none", Why.STALE, ()),
    ("finished", ONE, CLOCK, "none", Why.NOT_YOURS, ()),
]


@pytest.mark.parametrize(("state", "seat", "move", "dice", "then", "told"), TRANSITIONS)
def test_every_move_of_every_stage(
    state: str, seat: Seat | None, move: PoolMove, dice: str, then: Then, told: Told
) -> None:
    before = STATES[state]()
    scripted = ScriptedDice(DICE[dice])
    if isinstance(then, Why):
        with pytest.raises(Refused) as refused:
            POOL.apply(before, seat, move, scripted)
        assert refused.value.why is then
        return
    if isinstance(then, Code):
        with pytest.raises(RuleError) as ruled:
            POOL.apply(before, seat, move, scripted)
        assert ruled.value.code is then
        return
    step = POOL.apply(before, seat, move, scripted)
    assert step.state.stage is then
    assert tuple((e.happened, e.fighter, e.target) for e in step.events) == told
    assert step.deadline == POOL.deadline(step.state)
    for die in DICE[dice]:  # every scripted die is used, and no more
        assert scripted.remaining(die) == 0


def test_the_clock_the_waits_and_the_options_follow_the_stage() -> None:
    table = joining()
    assert POOL.kind == "pool" and POOL.stage(table) in POOL.open_stages
    assert POOL.seats(table) == (ONE, TWO)
    assert POOL.deadline(table) == Deadline("join") and POOL.awaiting(table) == ()
    assert POOL.options(table, ONE) == (START,)
    assert POOL.options(table, NINE) == (JOIN,)
    assert POOL.options(table, TWO) == POOL.options(table, FAR) == ()
    table = choosing()
    assert POOL.seats(table) == (ONE, TWO, THREE)
    assert POOL.deadline(table) == Deadline("choose", 0)
    assert POOL.awaiting(table) == (Wait(THREE, "choose"),)
    assert POOL.options(table, THREE) == (PoolMove(Move.CHOOSE, 0, 1), PoolMove(Move.CHOOSE, 0, 2))
    assert POOL.options(table, TWO) == ()
    table = second_chooser()
    assert POOL.deadline(table) == Deadline("choose", 1)  # the next chooser: a new full time
    assert POOL.awaiting(table) == (Wait(TWO, "choose"),)
    table = fighting()
    assert POOL.deadline(table) == Deadline("round", 0)
    acts = (Wait(ONE, "act"), Wait(TWO, "act"), Wait(THREE, "act"))
    assert POOL.awaiting(table) == (*acts, Wait(ONE, "pick"))
    assert POOL.options(table, ONE) == (
        PoolMove(Move.PICK, 0, 3),
        PoolMove(Move.PICK, 0, 2),
        ATTACK,
    )
    assert POOL.options(table, TWO) == (ATTACK,)
    table = last_to_act()
    assert POOL.deadline(table) == Deadline("round", 0)  # presses: the clock runs on
    assert POOL.awaiting(table) == (Wait(THREE, "act"),)
    assert POOL.options(table, ONE) == ()
    table = POOL.apply(table, THREE, ATTACK, ScriptedDice(QUIET)).state
    assert POOL.deadline(table) == Deadline("round", 1)  # a new round: a new full time
    assert table.actions == () and table.fight.round == 1
    for done in (finished(), POOL.apply(alone(), ONE, START, NO_DICE).state):
        assert POOL.deadline(done) is None and POOL.awaiting(done) == ()
        assert POOL.stage(done) not in POOL.open_stages and POOL.options(done, ONE) == ()


def with_left_pills(character: PoolCharacter, pills: int) -> PoolCharacter:
    pocket = PocketContent(Item.PILL, pills)
    return replace(character, inventory=replace(character.inventory, left_pocket=pocket))


def test_ruling_at_zero_only_pills_and_all_means_the_whole_left_pocket() -> None:
    """rulebook: pool / Group fight: at 0 only pills; the "all" button takes every pill of the
    left pocket (none there: refused as one too many)."""
    table = duo().with_characters([with_left_pills(make(1, health=0), 2)])
    assert POOL.awaiting(table)[0] == Wait(ONE, "act")  # at 0 with pills: awaited
    assert POOL.options(table, ONE) == (
        PoolMove(Move.PILLS, 0, count=1),
        PoolMove(Move.PILLS, 0, count=2),
        ALL,
    )
    step = POOL.apply(table, ONE, ALL, NO_DICE)
    assert step.state.action_of(1) == Pending(1, Act.PILLS, 2)
    with pytest.raises(RuleError) as ruled:
        POOL.apply(table, ONE, ATTACK, NO_DICE)
    assert ruled.value.details["problem"] == "only_pills"
    without = table.with_characters([make(1, health=0)])
    assert Wait(ONE, "act") not in POOL.awaiting(without)  # at 0 without pills: nothing to do


def test_a_fallen_fighter_stands_up_and_the_end_puts_the_fallen_on_their_feet() -> None:
    table = fighting().with_characters([make(2, fallen=True)])
    assert POOL.options(table, TWO) == (STAND,)
    assert POOL.apply(table, TWO, STAND, NO_DICE).state.action_of(2) == Pending(2, Act.STAND)
    for ended in (
        POOL.apply(table, None, STOP, NO_DICE).state,
        POOL.apply(moved(table, 2, 1, 3), None, CLOCK, NO_DICE).state,  # 2 is left alone
    ):
        assert not ended.roster[2].fallen
    stopped = POOL.apply(table, None, STOP, NO_DICE).state
    assert stopped.stopped and stopped.actions == () and stopped.awaiting == ()


def test_a_fighter_removed_from_the_game_counts_as_fled() -> None:
    table = replace(fighting(), gone=frozenset({2, 3}))
    step = POOL.apply(table, None, CLOCK, NO_DICE)
    assert [e.happened for e in step.events] == [Happened.ENDED]
    assert step.state.fight.fled == frozenset({2, 3})
    kicked = replace(joining(), gone=frozenset({2}))
    assert POOL.apply(kicked, None, CLOCK, NO_DICE).events[0].happened is Happened.CALLED_OFF


def test_a_round_rolls_the_dice_the_rules_roll_in_their_order() -> None:
    """The engine adds no die: the round's dice are those of resolve_round (attack, then
    defense, attacker by attacker in initiative order) with the defaults of the timeout."""
    table = fighting()
    mine = ScriptedDice(QUIET)
    step = POOL.apply(table, None, CLOCK, mine)
    characters, fight = table.present()
    reference = ScriptedDice(QUIET)
    expected = resolve_round(characters, with_default_targets(fight, characters), {}, reference)
    (event,) = step.events
    assert event.result == expected and mine.rolled == reference.rolled
    assert [(x.attacker, x.defender) for x in expected.exchanges] == [(1, 3), (2, 1), (3, 1)]
    assert step.state.fight.choices == (Choice(3, 1), Choice(2, 1))


def test_a_dead_opponent_is_replaced_at_once_when_only_one_is_left() -> None:
    """rulebook: pool / Group fight: a fighter whose opponent is out gets a new one before the
    next round (the only one left: taken at once, nobody is asked)."""
    table = fighting().with_characters([make(1, health=1)])
    dice = ScriptedDice({10: [5, 5, 5, 5, 5, 5] + [10, 10, 10, 5, 5, 5] * 2})  # 2, 3 kill 1
    step = POOL.apply(table, None, CLOCK, dice)
    after = step.state
    assert not after.roster[1].alive and after.stage is PoolStage.FIGHTING
    assert after.fight.target_of(2) == 3 and after.fight.target_of(3) == 2
    assert after.awaiting == () and POOL.deadline(after) == Deadline("round", 1)


@pytest.mark.parametrize(
    ("seat", "problem"),
    [
        (FAR, JoinProblem.HALL),
        (SLEEPY, JoinProblem.ASLEEP),
        (WEAK, JoinProblem.HEALTH),
        (ONE, JoinProblem.ALREADY),
        (THREE, JoinProblem.BUSY),
    ],
)
def test_who_may_not_join_and_why(seat: Seat, problem: JoinProblem) -> None:
    """rulebook: pool / Group fight: only someone awake in the hall, above 0, not in this
    fight or another one, joins."""
    table = replace(joining(), busy=frozenset({THREE.number}))
    with pytest.raises(RuleError) as ruled:
        POOL.apply(table, seat, JOIN, NO_DICE)
    assert ruled.value.details["reason"] is problem


def test_a_seat_with_no_player_is_a_fighter_the_game_master_acts_for() -> None:
    npc = Seat(9)
    table = POOL.apply(joining(), npc, JOIN, NO_DICE).state
    assert POOL.seats(table) == (ONE, TWO, npc) and POOL.seats(table)[2].npc
    table = POOL.apply(table, ONE, START, ScriptedDice(INIT_THREE)).state
    assert POOL.awaiting(table) == (Wait(npc, "choose"),)  # 9 rolled lowest: chooses first
    assert POOL.options(table, npc)[0] == PoolMove(Move.CHOOSE, 0, 1)


def test_the_game_master_starts_moves_on_and_stops_from_any_seat() -> None:
    """A master move (the shell checked who made it) needs no seat of the fight: a start ends
    the join window as the clock would; the clock and the stop are the game master's too."""
    start = PoolMove(Move.START, master=True)
    started = POOL.apply(joined(), NINE, start, ScriptedDice(INIT_THREE))
    assert started.state.stage is PoolStage.CHOOSING
    assert started.events[0].happened is Happened.STARTED
    with pytest.raises(Refused):  # the same press without the game master: not theirs
        POOL.apply(joined(), NINE, START, NO_DICE)
    stopped = POOL.apply(fighting(), NINE, PoolMove(Move.STOP, master=True), NO_DICE)
    assert stopped.state.stage is PoolStage.FINISHED and stopped.state.stopped
    moved_on = POOL.apply(choosing(), ONE, PoolMove(Move.CLOCK, master=True), NO_DICE)
    assert moved_on.events[0].happened is Happened.DEFAULTED


def test_a_join_is_made_for_the_character_the_shell_found() -> None:
    """The presser has no seat yet: the move names their character (``target``)."""
    step = POOL.apply(joining(), Seat(0, 503), PoolMove(Move.JOIN, target=3), NO_DICE)
    assert step.state.joined[-1] == 3 and step.state.seat(3) == THREE
