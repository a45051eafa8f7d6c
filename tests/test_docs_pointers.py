"""Nothing in the repository points outside it, and every «rulebook: X / Y» pointer (in code,
tests and docs) names a heading of ``docs/rulebook.en.md``: ``X`` a ``##`` heading, ``Y`` (one or
more, comma-separated) ``###`` headings under it. Markdown links resolve to files in the repo."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "docs" / "rulebook.en.md"
SELF = Path(__file__).resolve().relative_to(ROOT).as_posix()
# Spelled in pieces, so that this file does not match itself.
OUTSIDE = ("RUL" + "INGS", "../" + "shared", "/" + "work/")
POINTER = re.compile(r"rulebook: ([A-Za-z0-9]+)(?: / ([A-Z][A-Za-z ,]*[a-z]))?")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def tracked_texts() -> dict[str, str]:
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    texts: dict[str, str] = {}
    for name in filter(None, names):
        path = ROOT / name.decode()
        if not path.is_file():  # deleted in the work tree, not yet committed
            continue
        try:
            texts[name.decode()] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
    return texts


def headings(markdown: str) -> dict[str, set[str]]:
    """``##`` headings, each with the ``###`` headings under it."""
    found: dict[str, set[str]] = {}
    current: set[str] = set()
    for line in markdown.splitlines():
        if line.startswith("## "):
            current = found.setdefault(line[3:].strip(), set())
        elif line.startswith("### "):
            current.add(line[4:].strip())
    return found


def test_no_tracked_file_points_outside_the_repository() -> None:
    bad = [
        f"{name}:{number}: {line.strip()}"
        for name, text in tracked_texts().items()
        for number, line in enumerate(text.splitlines(), 1)
        if any(needle in line for needle in OUTSIDE)
    ]
    assert not bad, "pointers outside the repository:\n" + "\n".join(bad)


def test_every_rulebook_pointer_names_an_existing_heading() -> None:
    sections = headings(RULEBOOK.read_text(encoding="utf-8"))
    bad, seen = [], 0
    for name, text in tracked_texts().items():
        if name == SELF:  # its examples of wrong pointers
            continue
        flat = re.sub(r"\s*\n\s*(?:#\s*)?", " ", text)  # pointers wrap across lines
        for match in POINTER.finditer(flat):
            seen += 1
            system, under = match[1], match[2]
            names = [part.strip() for part in under.split(",")] if under else []
            if system not in sections or not set(names) <= sections[system]:
                bad.append(f"{name}: «{match[0]}»")
    assert seen > 50, "the pointers were not found at all"
    assert not bad, f"no such heading in {RULEBOOK.name}:\n" + "\n".join(bad)


def test_pointer_check_catches_a_wrong_heading() -> None:
    sections = headings("## pool\n### Cycles\n### Health\n## d20\n")
    match = POINTER.search("(rulebook: pool / Cycles, Sleep)")
    assert match is not None and match[2] == "Cycles, Sleep"
    assert not {"Cycles", "Sleep"} <= sections["pool"]


def test_the_two_rulebooks_have_the_same_sections() -> None:
    def shape(name: str) -> list[int]:
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        return [len(under) for under in headings(text).values()]

    assert shape("rulebook.ru.md") == shape("rulebook.en.md")


def test_markdown_links_stay_in_the_repository_and_resolve() -> None:
    bad = []
    for name, text in tracked_texts().items():
        if not name.endswith(".md"):
            continue
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address or an anchor in the same file
            path = (ROOT / name).parent / target.split("#")[0]
            inside = path.resolve().is_relative_to(ROOT)
            if not inside or not path.exists():
                bad.append(f"{name}: ({target})")
    assert not bad, "links outside the repository or to nothing:\n" + "\n".join(bad)
