"""Numbers typed by users (command arguments, dialog answers, deep links) or carried in button
data: one strict reading for all of them.

ASCII digits only, with a leading minus only where the field may be negative: ``str.isdigit``
accepts «²» (which ``int`` then refuses), and ``int`` accepts «٣», «1_000», «+7» and « 7 ».
The value must fit its field: a database id the ``integer`` column that holds it (32 bits in
PostgreSQL, narrower than SQLite's 64), a character number, hall or count the six digits any
game can need. Anything else is no number: the caller answers with its usage, changing nothing.
"""

from __future__ import annotations

ID_MAX = 2**31 - 1  # a database id, or any value compared with an integer column
NUMBER_MAX = 999_999  # a character number, a hall, a count: far beyond any game's
_DIGITS = frozenset("0123456789")
_MAX_DIGITS = 20  # longer is out of every range, leading zeros included: never converted
_ORDINAL_MARKS = "#\u2116"  # «#3», «№3»


def parse_int(text: str | None, *, low: int = 0, high: int = NUMBER_MAX) -> int | None:
    """``text`` as an integer within ``low``..``high``, or None when it is anything else."""
    if text is None:
        return None
    negative = low < 0 and text.startswith("-")
    digits = text[1:] if negative else text
    if not digits or len(digits) > _MAX_DIGITS or not _DIGITS.issuperset(digits):
        return None
    value = -int(digits) if negative else int(digits)
    return value if low <= value <= high else None


def parse_ordinal(text: str | None, *, high: int = NUMBER_MAX) -> int | None:
    """A number as players write it after a command: «3», «#3», «№ 3» (spaces around)."""
    if text is None:
        return None
    stripped = text.strip()
    if stripped and stripped[0] in _ORDINAL_MARKS:
        stripped = stripped[1:].lstrip()
    return parse_int(stripped, high=high)
