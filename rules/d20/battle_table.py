"""A d20 battle's data as an encounter (:mod:`rules.d20.encounter`): its stages, fighters (a
player's character or the game master's NPC), moves, turns and events, and the table itself,
all plain data (stored as JSON by the shell's codec)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.d20.actions import AttackReport, FinishReport
from rules.d20.battle import Battle, BattleStatus, Combatant
from rules.d20.character import CharacterClass, D20Character
from rules.d20.table import AttackKind
from rules.encounter import Seat
from rules.gender import Gender

KIND = "d20"
SIDES = ("1", "2")
JOIN, TURN, NARRATE = "join", "turn", "narrate"  # what a battle waits for: its deadlines
NPC_MAX = 20  # NPCs in one battle
# The bot's choice for an NPC (rulebook: d20 / NPCs): arcane casters cast, everyone else strikes.
AUTO_MAGIC = frozenset({CharacterClass.WIZARD, CharacterClass.WARLOCK})


class BattleStage(StrEnum):
    JOINING = "joining"
    FIGHTING = "fighting"
    NARRATION = "narration"
    FINISHED = "finished"  # over; the fallen may still be finished off or spared
    LAPSED = "lapsed"  # nobody (or one side only) came
    CLOSED = "closed"


# A battle that is on: another one may not be called in the game meanwhile.
ON_STAGES = (BattleStage.JOINING, BattleStage.FIGHTING, BattleStage.NARRATION)


@dataclass(frozen=True, slots=True)
class Fighter:
    """A character who joined: ``side`` is one of :data:`SIDES`; ``gender`` as the character's
    row had it then (None: not set), for the texts; ``character``: the sheet as last read while
    joining (None: it cannot fight now), which the battle starts with. ``user_id`` None: an
    NPC, whose character is the battle's own (the game master acts for it)."""

    number: int
    user_id: int | None
    name: str
    side: str
    gender: Gender | None = None
    character: D20Character | None = None

    @property
    def seat(self) -> Seat:
        return Seat(self.number, self.user_id)

    @property
    def npc(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class BattleTable:
    """A battle with who plays whom. ``opener``: the user who called it (``opener_name`` as
    shown then); ``side_names`` empty: the locale's defaults; ``step`` grows with every change
    of turn; ``told``: the narrative variants told so far, by story family (:func:`tell`);
    ``any_action``: the game lets every class take every action (its setting, read afresh
    for every move); ``closed``: lapsed, or the fallen were spared."""

    opener: int
    opener_name: str = ""
    side_names: tuple[str, str] = ("", "")
    fighters: tuple[Fighter, ...] = ()
    battle: Battle | None = None
    step: int = 0
    told: dict[str, tuple[int, ...]] = field(default_factory=dict)
    any_action: bool = False
    closed: bool = False

    @property
    def stage(self) -> BattleStage:
        battle = self.battle
        if self.closed:
            return BattleStage.LAPSED if battle is None else BattleStage.CLOSED
        if battle is None:
            return BattleStage.JOINING
        if battle.narration_due is not None:
            return BattleStage.NARRATION
        if battle.status is BattleStatus.ACTIVE:
            return BattleStage.FIGHTING
        if battle.winner is not None and fallen_enemies(battle, battle.winner):
            return BattleStage.FINISHED
        return BattleStage.CLOSED

    def fighter_of(self, user_id: int) -> Fighter | None:
        return next((f for f in self.fighters if f.user_id == user_id), None)

    def named(self, name: str) -> Fighter | None:
        return next((f for f in self.fighters if f.name == name), None)

    def owner(self, name: str) -> int | None:
        """The user who plays ``name`` (None: an NPC, the game master's)."""
        return next(f.user_id for f in self.fighters if f.name == name)

    def is_npc(self, name: str) -> bool:
        fighter = self.named(name)
        return fighter is not None and fighter.npc

    def on_side(self, side: str) -> tuple[Fighter, ...]:
        return tuple(f for f in self.fighters if f.side == side)

    @property
    def narrator(self) -> Fighter | None:
        """Who owes a description now."""
        due = None if self.battle is None else self.battle.narration_due
        return None if due is None else self.named(due)

    @property
    def current(self) -> Fighter | None:
        """Whose turn it is (while fighting)."""
        if self.stage is not BattleStage.FIGHTING:
            return None
        assert self.battle is not None
        return self.named(self.battle.current.name)


def fallen_enemies(battle: Battle, side: str) -> tuple[Combatant, ...]:
    """Enemies of ``side`` lying at 0 HP and not yet dead: who may be finished off."""
    return tuple(
        c
        for c in battle.combatants
        if c.side != side and not c.character.standing and not c.character.dead
    )


def finishable(table: BattleTable) -> tuple[Combatant, ...]:
    """Who the one acting now may finish off (the current fighter's, or the winners' foes)."""
    battle, stage = table.battle, table.stage
    if battle is not None and stage is BattleStage.FIGHTING:
        return fallen_enemies(battle, battle.current.side)
    if battle is not None and stage is BattleStage.FINISHED and battle.winner is not None:
        return fallen_enemies(battle, battle.winner)
    return ()


@dataclass(frozen=True, slots=True)
class BattleSnapshot:
    """A battle as the views show it: its id (the store's) and its table, plain data."""

    id: int
    state: BattleTable

    @property
    def stage(self) -> BattleStage:
        return self.state.stage

    @property
    def battle(self) -> Battle:
        assert self.state.battle is not None
        return self.state.battle


class Move(StrEnum):
    JOIN = "join"  # side, joiner: take a side (or switch to it)
    FIELD = "field"  # side, joiner: the game master fields an NPC (``joiner`` with no user)
    START = "start"  # the opener or the game master starts before the join window ends
    ACT = "act"  # kind, target: attack, cast at an enemy, or heal one's side (fallen too)
    FINISH = "finish"  # kind, target: finish off a fallen enemy
    PASS = "pass"  # let the turn go without a roll
    AUTO = "auto"  # an NPC's turn, chosen by the bot: a standing enemy at random
    SPARE = "spare"  # a standing winner (or the game master) leaves the fallen alive
    NARRATE = "narrate"  # the description the battle waits for was given
    SKIP = "skip"  # the game master: the owed description, else the current turn, goes by
    CLOCK = "clock"  # the deadline passed (the seat is None)


@dataclass(frozen=True, slots=True)
class BattleMove:
    """A move. ``at``: the step it answers (an older one is stale); ``target``: a combatant's
    place in the turn order; ``master``: made by the game master; ``joiner``: who joins (the
    shell reads the presser's character, or the game master's NPC)."""

    move: Move
    at: int = 0
    kind: AttackKind | None = None
    target: int = -1
    side: str = ""
    joiner: Fighter | None = None
    master: bool = False


class Cause(StrEnum):
    """Who made a turn or a description go by without a roll."""

    PLAYER = "player"  # the actor's own choice (or the narrator's message)
    TIMEOUT = "timeout"  # its timer ran out
    ADMIN = "admin"  # the game master's /skip


@dataclass(frozen=True, slots=True)
class Turn:
    """What a turn did. ``story`` is the narrative's family and ``variant`` its line, 0-based
    (:func:`tell`); ``passed``: the actor's turn went by without a roll."""

    actor: str
    kind: AttackKind | None = None
    attack: AttackReport | None = None
    finish: FinishReport | None = None
    story: str = ""
    variant: int = 0
    passed: bool = False
    narrated: bool = False
    auto: bool = False  # the bot chose an NPC's action (rulebook: d20 / NPCs)
    skipped: tuple[str, ...] = ()
    cause: Cause = Cause.PLAYER
    new_round: bool = False  # the turn passed into a new round


class Happened(StrEnum):
    """What a step did, as the group hears it."""

    OPENED = "opened"  # the call to battle
    JOINED = "joined"  # someone joined or switched sides
    STARTED = "started"  # joining is over: the first turn (or the call lapsed)
    TURN = "turn"  # a turn or a description went by
    SPARED = "spared"  # the fallen are spared


@dataclass(frozen=True, slots=True)
class BattleEvent:
    happened: Happened
    turn: Turn | None = None
