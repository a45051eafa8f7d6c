"""One exception for every rule violation: a stable :class:`Code` and the details to explain it.

The rules never hold player-facing text: the bot maps each code to its locale message
(``bot/views/refusals.py``) and passes the details as the message's arguments.
"""

from __future__ import annotations

from enum import StrEnum, auto


class Code(StrEnum):
    """What a rule refused. The details each code carries are listed beside it."""

    # dice
    SCRIPT_EXHAUSTED = auto()  # sides: scripted dice ran out of values for that die
    SCRIPTED_VALUE_OUT_OF_RANGE = auto()  # sides, value: a scripted value does not fit its die
    NO_SIDES = auto()  # sides: a die needs at least one side
    SHORT_SEED = auto()  # length: a verifiable seed needs at least 16 bytes
    # odds
    ODDS_INPUT = auto()  # field, value: an odds calculator's input outside its domain
    # characters of every system
    INVALID_NAME = auto()  # name: empty (or repeated within a d20 battle)
    INVALID_HP = auto()  # hp, max_hp: HP outside 0..max (duel: max >= 1)
    # pool: building a character
    STAT_NOT_WHOLE = auto()  # stat, value
    STAT_BELOW_MINIMUM = auto()  # stat, value, minimum (0, or 1 for Живучесть)
    STATS_SUM = auto()  # total, expected: the stats must add up to exactly 12
    CHARACTER_NUMBER = auto()  # number: character numbers start at 1
    # pool: exchanges
    CANNOT_ATTACK = auto()  # character, reason (exchange.Unable)
    CANNOT_BE_ATTACKED = auto()  # character, reason (exchange.Unable)
    # pool: group fights
    NOT_ENOUGH_FIGHTERS = auto()  # count
    DUPLICATE_FIGHTER = auto()  # character
    FIGHTER_UNAVAILABLE = auto()  # character, reason (exchange.Unable: dead, no_health, asleep)
    FIGHTERS_APART = auto()  # halls: the fighters are not all in one hall
    NOT_YOUR_CHOICE = auto()  # chooser, expected: who may choose now (None: choosing is over)
    INVALID_OPPONENT = auto()  # chooser, target, problem (fight_setup.TargetProblem)
    CHOOSING_NOT_OVER = auto()  # chooser: someone still has to choose an opponent
    NOT_BOUND = auto()  # fighter: only a bound fighter picks among those who chose them
    RETARGET_NOT_ALLOWED = auto()  # fighter, current: the current opponent still fights
    FIGHT_OVER = auto()  # at most one fighter can still fight
    INVALID_ACTION = auto()  # character, action, problem (fight_round.ActionProblem)
    STALE_TARGET = auto()  # fighter, target: the opponent is out, choose a new one first
    # pool: the world (carrying, sleep, halls, donations)
    UNKNOWN_CHARACTER = auto()  # number (also in group fights)
    CANNOT_ACT = auto()  # character, reason (carrying.Inability)
    BAD_COUNT = auto()  # count: must be at least 1
    SAME_PLACE = auto()  # place: source and destination are the same
    WRONG_PLACE = auto()  # item, place: the item can never be there
    NO_CONTAINER = auto()  # place: pockets need a worn jacket, the backpack must be worn
    DOES_NOT_FIT = auto()  # item, place, count, room: only room more fit
    NOT_THERE = auto()  # item, place, count, have: only have are there
    NOT_EMPTY = auto()  # item: a worn jacket or backpack must be emptied before it goes
    UNKNOWN_HALL = auto()  # hall
    NOT_CONNECTED = auto()  # from_hall, to_hall: no portal between them (or the same hall)
    # character, other: not alive in the same hall. Elsewhere, dead or no such character are
    # told apart nowhere: which hall someone is in is sold by donations (rulebook: pool)
    NOT_HERE = auto()
    SELF_TARGET = auto()  # character
    NOT_ASLEEP = auto()  # character
    STEAL_FROM_SLEEPER = auto()  # sleeper, place: only a sword in a hand can be snatched
    THEFT_IN_FIGHT = auto()  # character: a fighter neither steals nor is stolen from
    THEFT_DONE = auto()  # character, cycle: one theft attempt per cycle
    NOT_OWNED = auto()  # item, place: donations take only what the donor carries
    NOT_ENOUGH_COINS = auto()  # character, needed, have
    ALREADY_WON = auto()  # character
    GAME_OVER = auto()  # winners: two winners are in
    CANNOT_GIVE = auto()  # giver, receiver, reason (giving.GiveProblem)
    NO_ROOM_FOR_GIFT = auto()  # receiver, item, count, room: the receiver cannot carry so many
    OFFER_GONE = auto()  # cycle: an offer's cycle is over (or it was answered already)
    # duel
    INVALID_AGILITY = auto()  # agility: a percentage, 0..100
    INVALID_SKILL = auto()  # skill, value: a named skill >= 1, given once
    NO_SKILLS = auto()  # name: a character needs at least one combat skill
    UNKNOWN_SKILL = auto()  # name, skill: the character lacks the duel's skill
    SAME_FIGHTER = auto()  # name: a character cannot duel themself
    FIGHTER_DOWN = auto()  # name, hp, dead: at HP <= 0 (or dead) nobody fights
    DEAD_CHARACTER = auto()  # name: a dead character's HP cannot be restored
    WRONG_DUEL_STAGE = auto()  # status, action: the action does not fit the duel's status
    CHOICE_ALREADY_MADE = auto()  # side: that side has already chosen
    # d20
    NOT_ENOUGH_SIDES = auto()  # sides: a battle needs fighters on at least two sides
    UNKNOWN_COMBATANT = auto()  # name
    BATTLE_OVER = auto()  # only finishing the fallen is left
    NOT_YOUR_TURN = auto()  # name, current: only the combatant whose turn it is acts
    NARRATION_PENDING = auto()  # pending: after a 1 or a 19 that player describes first
    NO_NARRATION_DUE = auto()  # name: that player owes no description
    INVALID_TARGET = auto()  # name, reason: fallen, ally, self, enemy, standing or dead
    NOT_STANDING = auto()  # name: a fallen or dead combatant cannot act
    ALREADY_ON_SIDE = auto()  # the joiner is on that side already
    NAME_IN_BATTLE = auto()  # name: a fighter of that name is in the battle already
    TOO_MANY_NPCS = auto()  # limit: a battle takes at most so many NPCs
    NOT_OPENER = auto()  # only the one who called the battle (or the game master) starts it
    SIDE_EMPTY = auto()  # a side has nobody yet: the battle cannot start
    NOTHING_TO_SKIP = auto()  # no turn and no description is awaited
    INVALID_DIE = auto()  # die: a d20 result outside 1..20
    INVALID_RACE = auto()  # text, limit: free text only for "other", not blank, within limit
    ACTION_UNAVAILABLE = auto()  # name, character_class, kind: the class lacks that action


class RuleError(Exception):
    """A rule violation: ``code`` says which, ``details`` (plain values) say enough to explain
    it. Never player-facing text."""

    def __init__(self, code: Code, /, **details: object) -> None:
        super().__init__(code, details)
        self.code = code
        self.details = details

    def __str__(self) -> str:
        return f"{self.code}: {self.details}" if self.details else str(self.code)
