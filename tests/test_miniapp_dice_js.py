"""The Mini App's dice derivation (bot/webapp/static/dice.js) run under node gives exactly what
rules/dice.py gives; the page's check marks an altered roll and a wrong commitment.

Skipped when node is not installed (the headless-browser test is a later slice)."""

from __future__ import annotations

import hashlib
import hmac
import subprocess
from pathlib import Path

import pytest

from rules.dice import commitment, draw
from tests.node import NODE, run_json

DICE_JS = Path(__file__).resolve().parents[1] / "bot" / "webapp" / "static" / "dice.js"
SCRIPT = """
const dice = require(process.argv[1]);
let input = '';
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', async () => {
  const job = JSON.parse(input);
  const key = await dice.seedKey(job.seed);
  const values = [];
  for (const [index, sides] of job.draws) values.push(await dice.draw(key, index, sides));
  const big = [];  // sides as decimal strings, values back as strings: beyond 2^53
  for (const [index, sides] of job.big) {
    big.push(String(await dice.drawBig(key, index, BigInt(sides))));
  }
  const checked = await dice.verify(job.seed, job.published, job.rolls);
  const hash = await dice.commitment(job.seed);
  process.stdout.write(JSON.stringify({ values, big, checked, hash }));
});
"""

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def _node(job: dict[str, object]) -> dict[str, object]:
    return run_json(SCRIPT, DICE_JS, job)


def _first_attempt(seed: bytes, index: int, sides: int) -> int:
    """What the roll would be without rejection (to show a test index was rejected)."""
    digest = hmac.new(seed, f"{index}:0".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % sides + 1


def test_the_browser_derivation_is_the_rules_derivation() -> None:
    seed = bytes(range(32))
    sides = (1, 2, 3, 4, 6, 7, 8, 10, 12, 20, 100, 1000, 2**31 - 1, 2**40 + 3)
    draws = [(index, s) for index in (0, 1, 2, 17, 999, 123_456) for s in sides]
    rolls = [{"index": i, "sides": 10, "value": draw(seed, i, 10)} for i in range(50)]
    rolls[7] = {**rolls[7], "value": rolls[7]["value"] % 10 + 1}  # one die altered in the log
    # a die of 2^63 + 1 faces rejects about half the draws: the retry path is taken
    huge = 2**63 + 1
    big = [(index, str(huge)) for index in range(24)]
    result = _node(
        {
            "seed": seed.hex(),
            "draws": draws,
            "big": big,
            "published": commitment(seed),
            "rolls": rolls,
        }
    )
    assert result["values"] == [draw(seed, index, s) for index, s in draws]
    assert result["big"] == [str(draw(seed, index, huge)) for index in range(24)]
    assert any(draw(seed, index, huge) != _first_attempt(seed, index, huge) for index in range(24))
    assert result["hash"] == commitment(seed)
    checked = result["checked"]
    assert isinstance(checked, dict)
    assert checked["seedOk"] is True
    assert checked["marks"] == [i != 7 for i in range(50)]


def test_a_seed_that_is_not_the_committed_one_is_marked() -> None:
    seed, other = bytes(32), bytes([1] * 32)
    rolls = [{"index": 0, "sides": 6, "value": draw(seed, 0, 6)}]
    job = {"seed": seed.hex(), "draws": [], "big": [], "published": commitment(other)}
    result = _node({**job, "rolls": rolls})
    checked = result["checked"]
    assert isinstance(checked, dict)
    assert checked["seedOk"] is False and checked["marks"] == [True]


@pytest.mark.parametrize("name", ["app.js", "dice.js", "tg.js"])
def test_every_script_of_the_page_parses(name: str) -> None:
    assert NODE is not None
    script = DICE_JS.parent / name
    done = subprocess.run([NODE, "--check", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
