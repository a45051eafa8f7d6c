"""The guides show the Mini App's pages with the screenshots the browser test writes
(``docs/miniapp/``): the players' pages in the players' guide, the world in the game master's;
every picture a guide links exists, and every screenshot is shown in the guide of its
language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
PICTURE = re.compile(r'<img src="(miniapp/[^"]+)"|!\[[^\]]*\]\((miniapp/[^)]+)\)')


def pictures(guide: str) -> set[str]:
    text = (DOCS / guide).read_text(encoding="utf-8")
    return {a or b for a, b in PICTURE.findall(text)}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_guide_shows_every_screenshot_of_its_language(lang: str) -> None:
    shown = pictures(f"players-guide.{lang}.md") | pictures(f"gm-guide.{lang}.md")
    for link in shown:
        assert (DOCS / link).is_file(), link
        assert link.endswith(f"-{lang}.png"), link
    taken = {f"miniapp/{p.name}" for p in (DOCS / "miniapp").glob(f"*-{lang}.png")}
    assert len(taken) == 12
    assert shown == taken
