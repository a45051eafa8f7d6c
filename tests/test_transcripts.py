"""The committed transcripts (``docs/transcripts/*.ru.md``) are what the bot does now.

Each is played again exactly as ``python -m tests.demo <name> --save`` recorded it: the real bot
process through the emulator, with the transcript's fixed dice seed (bot.fixed_seed), so the
same code gives the same file. A change to what the bot says, or to the order of its messages,
fails here with the diff; after a deliberate change run
``.venv/bin/python -m tests.demo all --save`` and read the diff of the files (and of the guides'
quotes, ``tests/test_guides.py``). One at a time (three bots starting at once on two busy
cores were seen to miss their start-up time): 20-45 s each, but d20's ~80 s (its turns owe the
group more than 20 calls a minute, edits counted, and wait for the minute to turn), about 2-3
min for the three on a shared 2-core machine.
"""

from __future__ import annotations

import difflib

import pytest

from tests import demo


@pytest.mark.parametrize("name", demo.SAVED)
async def test_the_committed_transcript_is_what_the_bot_does(name: str) -> None:
    path = demo.TRANSCRIPTS / f"{name}.ru.md"
    played = (await demo.record(name)).markdown().splitlines()
    committed = path.read_text(encoding="utf-8").splitlines()
    diff = difflib.unified_diff(
        committed, played, f"{path.name} (committed)", f"{path.name} (played now)", lineterm=""
    )
    lines = list(diff)
    if lines:
        pytest.fail(
            f"{path.name} differs from what the bot does now; if that is meant, run "
            f"`.venv/bin/python -m tests.demo {name} --save`:\n" + "\n".join(lines),
            pytrace=False,
        )
