"""Grammar helpers for the texts: the value a locale's ``$gender`` selector takes.

Messages agree a verb or a short adjective with a character through
``{ $gender -> [f] упала *[m] упал }``; a character whose gender is not set yet reads as
masculine (the selector's default).
"""

from __future__ import annotations

from typing import Any

from rules.gender import Gender

MASCULINE, FEMININE = Gender.MALE.value, Gender.FEMALE.value


def gender_of(subject: Any) -> str:
    """``"f"`` or ``"m"`` for a :class:`Gender`, its value, None, or anything with a
    ``gender`` attribute (a character row, a pool character, a battle's fighter)."""
    value = getattr(subject, "gender", subject)
    return FEMININE if value == FEMININE else MASCULINE
