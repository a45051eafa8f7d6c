"""Character names: the one cleaning every name goes through, and when two names look the same.

:func:`clean_name` keeps what a reader can see: invisible and formatting characters (bidi
controls, zero-width characters, Hangul fillers, variation selectors…) are dropped, every kind
of space becomes one plain space, and a combining mark stays only on a letter or digit. Two
names clash when they read alike: :func:`name_key` (stored, unique per game) ignores case,
Cyrillic yo against ye, compatibility forms (NFKC: fullwidth and mathematical letters) and
lookalikes across scripts (Latin A and Cyrillic A, the digit 0 and the letter O), from Unicode's
confusables table as packaged by ``confusable_homoglyphs``; :func:`look_key` does the same with
case kept, for capitals that look alike while their small letters do not (Latin B and Cyrillic
Ve).
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables

from bot.db.models import Character, Game
from bot.services.errors import InvalidName, NameProblem

NAME_MIN, NAME_MAX = 2, 32
MARKS_PER_LETTER = 3  # accents and vowel signs; taller stacks ("Zalgo" text) are refused
PUNCTUATION = frozenset(" -'’")
# Unicode's Default_Ignorable_Code_Point characters that are not format characters (Cf): they
# draw nothing, yet count as letters (the Hangul fillers) or marks (the variation selectors).
_INVISIBLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})  # controls, formatting, lone surrogates


def _invisible(ch: str) -> bool:
    return ch in _INVISIBLE or unicodedata.category(ch) in _DROPPED_CATEGORIES


def _mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")


def visible_text(raw: str) -> str:
    """``raw`` as a reader sees it: NFC, invisible characters dropped, spaces collapsed and
    trimmed, combining marks kept only where they sit on a letter or a digit."""
    kept: list[str] = []
    on_letter = False  # the last kept character is a letter or a digit, or a mark on one
    for ch in unicodedata.normalize("NFC", raw):
        if ch.isspace():
            kept.append(" ")
            on_letter = False
        elif _invisible(ch):
            continue
        elif _mark(ch):
            if on_letter:  # else nothing to combine with: it would sit on the text around
                kept.append(ch)
        else:
            kept.append(ch)
            on_letter = ch.isalnum()
    return unicodedata.normalize("NFC", " ".join("".join(kept).split()))


def clean_name(raw: str) -> str:
    """The name as stored (:func:`visible_text`), or :class:`InvalidName`: 2 to 32 characters,
    letters, digits (accents on them included), spaces, hyphens and apostrophes, a letter among
    them."""
    name = visible_text(raw)
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise InvalidName(NameProblem.LENGTH)
    if (
        not all(ch.isalnum() or _mark(ch) or ch in PUNCTUATION for ch in name)
        or not any(ch.isalpha() for ch in name)
        or _tallest_stack(name) > MARKS_PER_LETTER
    ):
        raise InvalidName(NameProblem.CHARACTERS)
    return name


def _tallest_stack(name: str) -> int:
    tallest = run = 0
    for ch in name:
        run = run + 1 if _mark(ch) else 0
        tallest = max(tallest, run)
    return tallest


def name_key(name: str) -> str:
    """The form two names that read alike share, case ignored; as long as the name (one
    character for one), so it fits the column the name fits."""
    return "".join(_case_fold(ch) for ch in name)


def look_key(name: str) -> str:
    """Like :func:`name_key` with case kept: the capitals Latin B and Cyrillic Ve look alike,
    their small letters do not."""
    return "".join(_exact_fold(ch) for ch in name)


@functools.lru_cache(maxsize=4096)
def _case_fold(ch: str) -> str:
    ch = _compatible(ch)
    for folded in (ch.casefold(), ch.lower()):
        if len(folded) == 1:
            ch = folded
            break
    return _lookalike("\u0435" if ch == "\u0451" else ch)  # yo and ye are one letter in names


@functools.lru_cache(maxsize=4096)
def _exact_fold(ch: str) -> str:
    return _lookalike(_compatible(ch))


def _compatible(ch: str) -> str:
    """NFKC of one character when it stays one character (ligatures such as U+FB01 are kept)."""
    folded = unicodedata.normalize("NFKC", ch)
    return folded if len(folded) == 1 else ch


@functools.lru_cache(maxsize=4096)
def _lookalike(ch: str) -> str:
    """One character standing for every character that looks like ``ch``.

    Unicode's table maps each character to one prototype; the package lists every character
    with its lookalikes in both directions, so the prototype's lookalikes are everything that
    looks like ``ch``; the smallest of them stands for the group. Multi-character prototypes
    ("rn" for "m") are left out, so a key stays as long as its name.
    """
    group = {ch, *_neighbours(ch)}
    for other in tuple(group):
        group.update(_neighbours(other))
    return min(group)


@functools.lru_cache(maxsize=4096)
def _neighbours(ch: str) -> frozenset[str]:
    found = confusables.is_confusable(ch, greedy=True, preferred_aliases=[])
    if not found:
        return frozenset()
    return frozenset(
        glyph["c"] for entry in found for glyph in entry["homoglyphs"] if len(glyph["c"]) == 1
    )


def _keys(name: str) -> tuple[str, str, str]:
    return name_key(name), look_key(name), look_key(name.upper())


def reads_alike(first: str, second: str) -> bool:
    """The same name to a reader: the same :func:`name_key`, or the same :func:`look_key` as
    written or in capitals (case does not matter, so small Cyrillic ve reads like Latin B)."""
    return any(a == b for a, b in zip(_keys(first), _keys(second), strict=True))


async def check_name_free(game: Game, name: str) -> None:
    """Refuse a name that reads like one already in the game (the dead and kicked included)."""
    mine = _keys(name)
    for existing in await Character.filter(game_id=game.id).values_list("name", flat=True):
        if any(a == b for a, b in zip(mine, _keys(str(existing)), strict=True)):
            raise InvalidName(NameProblem.TAKEN, existing=str(existing))


NPC_MARK = "🎭"


def npc_name(name: str) -> str:
    """The name a game master's NPC goes by where the group reads it without its battle's
    roster (a duel's texts, /log, the Mini App's roll log): masked."""
    return f"{NPC_MARK} {name}"
