"""The narrative lines of d20 outcomes: every variant id, by story family.

The families come from the rules (:data:`rules.d20.FAMILIES`, rulebook: d20 / Narrative); each
has :data:`rules.d20.VARIANTS` lines in the locale, ``d20n-<family>-<n>`` numbered from 1.
"""

from __future__ import annotations

from rules.d20 import FAMILIES
from rules.d20 import VARIANTS as COUNT

VARIANTS: dict[str, tuple[str, ...]] = {
    family: tuple(f"d20n-{family}-{number}" for number in range(1, COUNT + 1))
    for family in FAMILIES
}


def variant_id(family: str, index: int) -> str:
    """The locale id of a family's variant ``index`` (0-based, as the battle told it)."""
    return VARIANTS[family][index]
