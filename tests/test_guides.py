"""The guides are for players and game masters, and their quotes are what the bot says.

1. No developer leftovers in the players' and game masters' guides (``python -m``, tests, code,
   notes about the issue): such notes belong in the README or ``docs/performance.md``.
2. A quote taken from a transcript is marked with ``<!-- transcript: NAME -->`` on the line just
   before its fence; its lines appear verbatim, in order, in ``docs/transcripts/NAME.ru.md``
   (a line that is only ``…`` leaves lines out). Every fenced block that looks like a chat (a
   ``Bot:`` line) must be marked, so that no quote escapes the check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
GUIDES = ("players-guide.ru.md", "players-guide.en.md", "gm-guide.ru.md", "gm-guide.en.md")
LEFTOVERS = re.compile(
    r"python -m|pytest|в задаче|\bthe task\b|\bissue|\.py\b|tests[/.]|\.venv|\bscripts/|\bTODO\b",
    re.IGNORECASE,
)
MARK = re.compile(r"<!-- transcript: (\w+) -->")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
ELISION = {"…", "..."}


def guide(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def leftovers(text: str) -> list[str]:
    return [
        f"{number}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        if LEFTOVERS.search(line)
    ]


@pytest.mark.parametrize("name", GUIDES)
def test_guides_have_no_developer_leftovers(name: str) -> None:
    found = leftovers(guide(name))
    assert not found, f"{name}: developer notes belong in the README:\n" + "\n".join(found)


def test_the_leftover_check_catches_them() -> None:
    text = "Запустите `python -m tests.demo pool`.\nВ задаче было «девять».\nСм. bot/app.py"
    assert len(leftovers(text)) == 3


def quotes(text: str) -> list[tuple[str | None, str, int]]:
    """Each fenced block: the transcript it is marked as taken from (or None), its text and
    line number."""
    found = []
    for fence in FENCE.finditer(text):
        before = text[: fence.start()].rstrip("\n").rsplit("\n", 1)[-1]
        mark = MARK.fullmatch(before.strip())
        line = text.count("\n", 0, fence.start()) + 1
        found.append((mark[1] if mark else None, fence[2], line))
    return found


def missing_from(quote: str, transcript: str) -> list[str]:
    """The pieces of ``quote`` (split at elision lines) not found verbatim, in order."""
    pieces: list[list[str]] = []
    current: list[str] = []
    for line in quote.splitlines():
        if line.strip() in ELISION:
            pieces.append(current)
            current = []
        else:
            current.append(line)
    pieces.append(current)
    missing, position = [], 0
    for piece in filter(None, pieces):
        block = "\n".join(piece) + "\n"
        found = transcript.find(block, position)
        if found < 0:
            missing.append(block)
        else:
            position = found + len(block)
    return missing


@pytest.mark.parametrize("name", GUIDES)
def test_transcript_quotes_are_verbatim(name: str) -> None:
    problems, marked = [], 0
    for source, quote, line in quotes(guide(name)):
        if source is None:
            if re.search(r"^Bot\b", quote, re.MULTILINE):
                problems.append(f"line {line}: a chat quote without <!-- transcript: NAME -->")
            continue
        marked += 1
        transcript = DOCS / "transcripts" / f"{source}.ru.md"
        if not transcript.exists():
            problems.append(f"line {line}: no transcript {transcript.name}")
            continue
        for piece in missing_from(quote, transcript.read_text(encoding="utf-8")):
            problems.append(f"line {line}: not in {transcript.name}:\n{piece}")
    assert marked, f"{name} quotes no transcript"
    assert not problems, f"{name}:\n" + "\n".join(problems)


def test_the_quote_check_catches_a_changed_line() -> None:
    transcript = "```text\nA: /x\nBot: one\n  two\nB: /y\nBot: three\n```\n"
    assert not missing_from("Bot: one\n  two\n…\nBot: three\n", transcript)
    assert missing_from("Bot: one\n  2\n", transcript) == ["Bot: one\n  2\n"]
    assert missing_from("Bot: three\n…\nBot: one\n", transcript)  # out of order
