"""Rule violations of the ``duel`` system. Each carries the data needed to explain it."""

from __future__ import annotations

from rules.errors import RuleError


class DuelError(RuleError):
    """Base class of every ``duel`` rule violation."""


class InvalidNameError(DuelError):
    """A character needs a non-empty name."""

    def __init__(self, name: str) -> None:
        super().__init__(f"invalid name {name!r}")
        self.name = name


class InvalidHPError(DuelError):
    """Max HP must be >= 1 and HP may not exceed it."""

    def __init__(self, hp: int, max_hp: int) -> None:
        super().__init__(f"invalid HP {hp}/{max_hp}")
        self.hp = hp
        self.max_hp = max_hp


class InvalidAgilityError(DuelError):
    """Agility is a percentage, 0..100."""

    def __init__(self, agility: int) -> None:
        super().__init__(f"agility {agility} is not within 0..100")
        self.agility = agility


class InvalidSkillError(DuelError):
    """A combat skill is a whole number >= 1, with a non-empty name given once."""

    def __init__(self, skill: str, value: int) -> None:
        super().__init__(f"invalid skill {skill!r} = {value}")
        self.skill = skill
        self.value = value


class NoSkillsError(DuelError):
    """A character needs at least one combat skill."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} has no combat skill")
        self.name = name


class UnknownSkillError(DuelError):
    """The character lacks the skill the duel is fought in."""

    def __init__(self, name: str, skill: str) -> None:
        super().__init__(f"{name!r} has no skill {skill!r}")
        self.name = name
        self.skill = skill


class SameFighterError(DuelError):
    """A character cannot duel themself."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} cannot duel themself")
        self.name = name


class FighterDownError(DuelError):
    """A character at HP <= 0 (or dead) cannot fight."""

    def __init__(self, name: str, hp: int, dead: bool) -> None:
        super().__init__(f"{name!r} cannot fight (HP {hp}, dead={dead})")
        self.name = name
        self.hp = hp
        self.dead = dead


class DeadCharacterError(DuelError):
    """A dead character's HP cannot be restored."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} is dead")
        self.name = name


class WrongDuelStageError(DuelError):
    """The action does not fit the duel's current status (e.g. a round while choices are due)."""

    def __init__(self, status: str, action: str) -> None:
        super().__init__(f"cannot {action} while the duel is {status}")
        self.status = status
        self.action = action


class ChoiceAlreadyMadeError(DuelError):
    """A side has already chosen to go on after this round."""

    def __init__(self, side: str) -> None:
        super().__init__(f"{side} has already chosen")
        self.side = side
