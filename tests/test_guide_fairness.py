"""docs/verification.md gives the exact dice formula as code a player can run: it must agree with
the engine's own draw (rules/dice.py), or it teaches players to distrust honest dice. The
players' guides keep no code: they link to it."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from rules.dice import commitment, draw, new_seed

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("guide", ["players-guide.ru.md", "players-guide.en.md"])
def test_the_guides_link_to_the_verification_and_keep_no_code(guide: str) -> None:
    text = (DOCS / guide).read_text(encoding="utf-8")
    assert "](verification.md)" in text
    assert "```python" not in text and "hmac" not in text.lower()


def test_the_verifications_formula_draws_what_the_bot_draws() -> None:
    text = (DOCS / "verification.md").read_text(encoding="utf-8")
    [code] = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    scope: dict[str, object] = {}
    exec(code, scope)  # the guide's own snippet, as a player would paste it
    guide_draw = scope["draw"]
    assert callable(guide_draw)
    seed = new_seed()
    for index in range(200):
        for sides in (2, 6, 10, 14, 20, 100, 3 * 2**61):
            assert guide_draw(seed.hex(), index, sides) == draw(seed, index, sides)
    # and the check of the seed it names is the commitment /verify shows
    assert "hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()" in code
    assert commitment(seed) == hashlib.sha256(bytes.fromhex(seed.hex())).hexdigest()
