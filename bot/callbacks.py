"""CallbackData factories: every inline button's data is typed and validated by aiogram."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData

from bot.db.models import GameSystem
from rules.gender import Gender


class NewGameCallback(CallbackData, prefix="ng"):
    system: GameSystem


class DuelAction(StrEnum):
    ACCEPT = "a"
    DECLINE = "d"
    GO_ON = "g"
    STOP = "s"


class DuelCallback(CallbackData, prefix="du"):
    duel_id: int
    action: DuelAction
    round: int = 0


class BattleAction(StrEnum):
    JOIN = "j"  # side: which side to join
    START = "s"
    KIND = "k"  # kind: show the targets for this action
    BACK = "b"
    TARGET = "t"  # kind + who: attack or cast at combatant ``who``
    PASS = "p"
    FINISH = "f"  # kind + who: finish off the fallen combatant ``who``
    SPARE = "x"


class BattleCallback(CallbackData, prefix="bt"):
    """A d20 battle button; ``step`` must match the battle's, so stale presses do nothing."""

    battle_id: int
    action: BattleAction
    step: int = 0
    kind: str = ""
    who: int = -1


class FightAction(StrEnum):
    JOIN = "j"
    START = "b"
    ATTACK = "a"
    PILLS = "p"
    STAND = "s"
    RESEND = "r"


class PoolFightCallback(CallbackData, prefix="pf"):
    """A button of a pool fight's group message; ``round`` guards against stale presses."""

    fight_id: int
    action: FightAction
    round: int = 0
    count: int = 0


class PlayersFightCallback(CallbackData, prefix="pc"):
    """A /players button of a pool game: the presser challenges character ``number``."""

    game_id: int
    number: int


class PoolTargetCallback(CallbackData, prefix="pt"):
    """A private opponent choice: ``setup`` during the choosing, else a pick or a new opponent;
    ``turn`` is the number of choices made (setup) or of rounds resolved (later)."""

    fight_id: int
    target: int
    setup: bool
    turn: int


class SheetCallback(CallbackData, prefix="me"):
    """/me in private with characters in several games: show the sheet of this game's one."""

    game_id: int


class GenderCallback(CallbackData, prefix="gd"):
    """/me's he / she buttons under a character whose gender is not set yet."""

    character_id: int
    gender: Gender


class InventoryCallback(CallbackData, prefix="inv"):
    """The /me sheet's button opening a pool game's inventory dialog."""

    game_id: int
