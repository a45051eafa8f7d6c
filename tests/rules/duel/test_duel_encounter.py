"""rulebook: duel / The duel. The duel as an encounter: every (stage, move) and what it leads to."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import ScriptedDice
from rules.duel import Choice, EndReason, Side, new_character
from rules.duel.encounter import (
    ANSWER,
    CHOOSE,
    DUEL,
    NPC_SEAT,
    DuelEvent,
    DuelMove,
    DuelStage,
    DuelTable,
    Happened,
    Move,
    open_duel,
)
from rules.encounter import Deadline, Refused, Seat, Wait, Why
from rules.errors import RuleError

SANDOR, BRONN, STRANGER = Seat(1, 501), Seat(2, 502), Seat(3, 503)
BOTH_STAND = {17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}  # Бронн 30 → 12, both stand
KNOCK_OUT = {17: [10, 11, 12, 13, 14], 100: [90, 90, 90, 90, 90]}  # 5:0, 45 damage
AGAIN = {17: [5, 10, 5, 10, 5], 100: [5, 56, 92]}  # round 2 after BOTH_STAND: 6 and 12 HP


def challenged() -> DuelTable:
    sandor = new_character("Сандор", {"пеший": 9})
    bronn = new_character("Бронн", {"пеший": 8}, agility=20)
    return open_duel((SANDOR, sandor), (BRONN, bronn), "пеший").state


def fought() -> DuelTable:
    return DUEL.apply(challenged(), BRONN, DuelMove(Move.ACCEPT), ScriptedDice(BOTH_STAND)).state


def sandor_went_on() -> DuelTable:
    return DUEL.apply(fought(), SANDOR, DuelMove(Move.GO_ON, 1), ScriptedDice()).state


def bronn_went_on() -> DuelTable:
    """Сандор won round 1 and has not answered; Бронн, who lost it, goes on."""
    return DUEL.apply(fought(), BRONN, DuelMove(Move.GO_ON, 1), ScriptedDice()).state


def declined() -> DuelTable:
    return replace(challenged(), stage=DuelStage.DECLINED)


def finished() -> DuelTable:
    return DUEL.apply(fought(), BRONN, DuelMove(Move.STOP, 1), ScriptedDice()).state


STATES = {
    "challenged": challenged,
    "fought": fought,
    "sandor_went_on": sandor_went_on,
    "bronn_went_on": bronn_went_on,
    "declined": declined,
    "finished": finished,
}
ACCEPT, DECLINE, CLOCK = DuelMove(Move.ACCEPT), DuelMove(Move.DECLINE), DuelMove(Move.CLOCK)
GO_ON, STOP = DuelMove(Move.GO_ON, 1), DuelMove(Move.STOP, 1)
DICE = {"both_stand": BOTH_STAND, "knock_out": KNOCK_OUT, "again": AGAIN, "none": {}}

# (state, seat, move, dice) -> (stage, event) or the refusal
TRANSITIONS: list[tuple[str, Seat | None, DuelMove, str, DuelStage | Why, DuelEvent | None]] = [
    ("challenged", BRONN, ACCEPT, "both_stand", DuelStage.FIGHTING, DuelEvent(Happened.FOUGHT)),
    ("challenged", BRONN, ACCEPT, "knock_out", DuelStage.FINISHED, DuelEvent(Happened.FOUGHT)),
    ("challenged", BRONN, DECLINE, "none", DuelStage.DECLINED, DuelEvent(Happened.DECLINED)),
    ("challenged", None, CLOCK, "none", DuelStage.EXPIRED, DuelEvent(Happened.EXPIRED)),
    ("challenged", SANDOR, ACCEPT, "none", Why.NOT_YOURS, None),
    ("challenged", STRANGER, DECLINE, "none", Why.NOT_YOURS, None),
    ("challenged", BRONN, CLOCK, "none", Why.NOT_YOURS, None),
    ("challenged", SANDOR, GO_ON, "none", Why.STALE, None),
    ("fought", SANDOR, GO_ON, "none", DuelStage.FIGHTING, DuelEvent(Happened.CHOSE)),
    ("fought", BRONN, STOP, "none", DuelStage.FINISHED, DuelEvent(Happened.STOPPED)),
    ("fought", STRANGER, GO_ON, "none", Why.NOT_YOURS, None),
    ("fought", None, GO_ON, "none", Why.NOT_YOURS, None),
    ("fought", SANDOR, DuelMove(Move.GO_ON, 0), "none", Why.STALE, None),
    ("fought", BRONN, ACCEPT, "none", Why.STALE, None),
    ("fought", None, CLOCK, "none", DuelStage.FINISHED, DuelEvent(Happened.TIMED_OUT)),
    ("sandor_went_on", SANDOR, STOP, "none", Why.STALE, None),
    ("sandor_went_on", BRONN, GO_ON, "again", DuelStage.FIGHTING, DuelEvent(Happened.FOUGHT)),
    ("sandor_went_on", BRONN, STOP, "none", DuelStage.FINISHED, DuelEvent(Happened.STOPPED)),
    (
        "sandor_went_on",
        None,
        CLOCK,
        "none",
        DuelStage.FINISHED,
        DuelEvent(Happened.TIMED_OUT, Side.OPPONENT),
    ),
    (
        "bronn_went_on",
        None,
        CLOCK,
        "none",
        DuelStage.FINISHED,
        DuelEvent(Happened.TIMED_OUT, Side.CHALLENGER),
    ),
    ("declined", BRONN, ACCEPT, "none", Why.STALE, None),
    ("declined", None, CLOCK, "none", Why.STALE, None),
    ("finished", SANDOR, GO_ON, "none", Why.STALE, None),
    ("finished", None, CLOCK, "none", Why.STALE, None),
]


@pytest.mark.parametrize(("state", "seat", "move", "dice", "then", "event"), TRANSITIONS)
def test_every_move_of_every_stage(
    state: str,
    seat: Seat | None,
    move: DuelMove,
    dice: str,
    then: DuelStage | Why,
    event: DuelEvent | None,
) -> None:
    before = STATES[state]()
    scripted = ScriptedDice(DICE[dice])
    if isinstance(then, Why):
        with pytest.raises(Refused) as refused:
            DUEL.apply(before, seat, move, scripted)
        assert refused.value.why is then
        return
    step = DUEL.apply(before, seat, move, scripted)
    assert step.state.stage is then
    assert step.events == (event,)
    assert step.deadline == DUEL.deadline(step.state)
    for die in DICE[dice]:  # a round uses every die of its script: five rolls, the dodges
        with pytest.raises(RuleError):
            scripted.roll(die)


def test_the_clock_and_the_waits_follow_the_stage() -> None:
    table = challenged()
    assert DUEL.deadline(table) == Deadline("answer")
    assert DUEL.awaiting(table) == (Wait(BRONN, "answer"),)
    assert DUEL.options(table, BRONN) == (ACCEPT, DECLINE)
    assert DUEL.options(table, SANDOR) == ()
    table = fought()
    assert DUEL.deadline(table) == Deadline("choose", 1)
    assert DUEL.awaiting(table) == (Wait(SANDOR, "choose"), Wait(BRONN, "choose"))
    assert DUEL.options(table, SANDOR) == (GO_ON, STOP)
    table = sandor_went_on()
    assert DUEL.deadline(table) == Deadline("choose", 1)  # one choice made: the clock runs on
    assert DUEL.awaiting(table) == (Wait(BRONN, "choose"),)
    assert DUEL.options(table, SANDOR) == ()
    table = DUEL.apply(table, BRONN, GO_ON, ScriptedDice(AGAIN)).state
    assert DUEL.deadline(table) == Deadline("choose", 2)  # a new round: a new full time
    assert table.duel.choice(Side.CHALLENGER) is None and len(table.duel.rounds) == 2
    for done in (finished(), declined()):
        assert DUEL.deadline(done) is None and DUEL.awaiting(done) == ()
        assert DUEL.stage(done) not in DUEL.open_stages and DUEL.options(done, SANDOR) == ()
    assert finished().duel.choice(Side.OPPONENT) is Choice.STOP


@pytest.mark.parametrize(
    ("state", "winner", "reason"),
    [
        ("fought", Side.CHALLENGER, EndReason.UNANSWERED),  # neither answered: round 1's winner
        ("sandor_went_on", Side.CHALLENGER, EndReason.FORFEIT),
        (
            "bronn_went_on",
            Side.OPPONENT,
            EndReason.FORFEIT,
        ),  # Сандор won the round, then fell silent
    ],
)
def test_ruling_a_fighter_who_does_not_answer_forfeits(
    state: str, winner: Side, reason: EndReason
) -> None:
    """rulebook: duel / The duel: when the time to choose runs out, the side that did not
    answer while the other went on loses, even if it won the last round; if neither answered,
    the last round's winner wins. No one's choice is recorded as a stop."""
    step = DUEL.apply(STATES[state](), None, CLOCK, ScriptedDice())
    duel = step.state.duel
    assert (duel.winner, duel.end_reason) == (winner, reason)
    assert duel.choice(winner.other) is None  # silence is not a stop
    assert DUEL.deadline(step.state) is None and DUEL.awaiting(step.state) == ()


def test_a_seat_without_a_player_is_the_game_masters() -> None:
    npc = Seat(7)
    assert npc.npc and npc.held_by(1, game_master=True) and not npc.held_by(1)
    assert SANDOR.held_by(501) and not SANDOR.held_by(501 + 1, game_master=True)


def npc_challenged() -> DuelTable:
    """rulebook: duel / NPC duels: the game master's Сандор (an NPC) challenges Бронн."""
    sandor = new_character("Сандор", {"пеший": 9})
    bronn = new_character("Бронн", {"пеший": 8}, agility=20)
    return open_duel((NPC_SEAT, sandor), (BRONN, bronn), "пеший").state


def test_an_npc_goes_on_after_every_round_and_the_player_alone_chooses() -> None:
    table = npc_challenged()
    assert DUEL.awaiting(table) == (Wait(BRONN, ANSWER),)
    step = DUEL.apply(table, BRONN, DuelMove(Move.ACCEPT), ScriptedDice(BOTH_STAND))
    assert step.state.duel.choice(Side.CHALLENGER) is Choice.GO_ON
    assert DUEL.awaiting(step.state) == (Wait(BRONN, CHOOSE),)
    with pytest.raises(Refused) as refused:  # nobody else chooses for the NPC
        DUEL.apply(step.state, STRANGER, DuelMove(Move.STOP, 1), ScriptedDice())
    assert refused.value.why is Why.NOT_YOURS
    again = DUEL.apply(step.state, BRONN, DuelMove(Move.GO_ON, 1), ScriptedDice(AGAIN))
    assert again.state.round == 2 and DUEL.awaiting(again.state) == (Wait(BRONN, CHOOSE),)
    stopped = DUEL.apply(again.state, BRONN, DuelMove(Move.STOP, 2), ScriptedDice())
    assert stopped.state.stage is DuelStage.FINISHED
    [event] = stopped.events
    assert event.happened is Happened.STOPPED


def test_a_player_who_leaves_an_npc_duel_unanswered_forfeits() -> None:
    fought_npc = DUEL.apply(
        npc_challenged(), BRONN, DuelMove(Move.ACCEPT), ScriptedDice(BOTH_STAND)
    ).state
    step = DUEL.apply(fought_npc, None, DUEL.clock, ScriptedDice())
    assert step.state.duel.end_reason is EndReason.FORFEIT
    assert step.state.duel.winner is Side.CHALLENGER
