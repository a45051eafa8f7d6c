"""What a d20 step owes the chats, as the services hand it to the herald (inside the step's
transaction: :meth:`bot.services.runtime.Runtime.announce`); the shell composes the messages
(:mod:`bot.handlers.d20_publish`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.db.models import Game
from bot.services.battle_store import BattleSnapshot
from rules.d20 import AttackKind, AttackReport, CheckResult, FinishReport


class Cause(StrEnum):
    """Who made a turn or a description go by without a roll."""

    PLAYER = "player"  # the actor's own choice (or the narrator's message)
    TIMEOUT = "timeout"  # its timer ran out
    ADMIN = "admin"  # an admin's /skip


class Step(StrEnum):
    """What a battle step was, for the battle's live message."""

    OPENED = "opened"  # the call to battle: a new message with the join buttons
    JOINED = "joined"  # someone joined or switched sides: the call is edited
    STARTED = "started"  # joining is over: the first turn (or the call lapsed)
    TURN = "turn"  # a turn or a description went by: its result and what comes next
    SPARED = "spared"  # the fallen are spared: the end message loses its buttons


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What a turn did. ``story`` is the narrative's family and ``variant`` its line, 0-based
    (:func:`rules.d20.tell`); ``passed``: the actor's turn went by without a roll (their
    choice, their time ran out, or an admin's skip)."""

    snap: BattleSnapshot
    actor: str
    kind: AttackKind | None = None
    attack: AttackReport | None = None
    finish: FinishReport | None = None
    story: str = ""
    variant: int = 0
    passed: bool = False
    narrated: bool = False
    skipped: tuple[str, ...] = ()
    cause: Cause = Cause.PLAYER


@dataclass(frozen=True, slots=True)
class BattleNews:
    """A battle step: the game as it was, the battle now, and the turn when there was one."""

    game: Game
    snap: BattleSnapshot
    step: Step
    turn: TurnResult | None = None


@dataclass(frozen=True, slots=True)
class CheckRolled:
    """A difficulty check rolled for ``who`` (``what``: what they try, may be empty)."""

    chat_id: int
    thread_id: int | None
    locale: str
    who: str
    what: str
    result: CheckResult
