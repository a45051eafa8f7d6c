"""A character's grammatical gender, shared by every rule system.

Only ``pool`` rules read it (a woman without a jacket has a penalty: :mod:`rules.pool.penalty`);
the other systems keep it for the texts alone.
"""

from __future__ import annotations

from enum import StrEnum


class Gender(StrEnum):
    MALE = "m"
    FEMALE = "f"
