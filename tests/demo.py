"""``python -m tests.demo [basic|pool|duel|d20|all] [--save]``: scripted sessions with the real
bot process through the local Bot API emulator, printed as chat transcripts.

Anyone can watch the bot work without a Telegram account. Each run starts ``python -m bot`` on
a temporary SQLite file with in-memory storage; the dice are the game's real dice, so every run
differs. ``basic`` (the default) is a short tour; ``pool``, ``duel`` and ``d20`` walk through one
system each; ``--save`` also writes them to ``docs/transcripts/<system>.ru.md``, played with the
transcript's fixed dice seed (``--fixed`` without writing), so the same code writes the same
file: ``tests/test_transcripts.py`` plays them again and compares.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests import demo_d20, demo_duel, demo_pool
from tests.demo_kit import Recording, pace, stage

ROOT = Path(__file__).resolve().parents[1]
TRANSCRIPTS = ROOT / "docs" / "transcripts"


async def basic(seed: str | None = None) -> Recording:
    recording = Recording(
        "basic", "Короткое знакомство", "Личный чат и группа: /start, /roll, /help."
    )
    async with stage(seed) as emu:
        alice = emu.add_user("Алиса", language_code="ru")
        bob = emu.add_user("Bob", language_code="en")
        group = emu.add_group("Таверна «Кабанъ»", admins=[alice], members=[bob])
        private = emu.private_chat(alice)

        for text in ("/start", "/roll 2d6+3", "/roll 100000d100000"):
            await pace(emu, alice)
            await emu.send_text(alice, text)
            await emu.wait_for_message(private, timeout=15)
        for user, text in ((bob, "/roll 5d10"), (alice, "/roll d20"), (bob, "/help")):
            await pace(emu, user)
            await emu.send_text(user, group, text)
            await emu.wait_for_message(group, timeout=15)

        recording.show("Личный чат: Алиса и бот", private)
        recording.show(f"Группа: {group.title}", group)
    return recording


SCENARIOS: dict[str, Callable[[str | None], Awaitable[Recording]]] = {
    "basic": basic,
    "pool": demo_pool.play,
    "duel": demo_duel.play,
    "d20": demo_d20.play,
}
SAVED = ("pool", "duel", "d20")


def save(recording: Recording, folder: Path = TRANSCRIPTS) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{recording.name}.ru.md"
    path.write_text(recording.markdown(), encoding="utf-8")
    return path


def fixed_seed(name: str) -> str:
    """The dice seed text of the committed transcript ``name`` (bot.fixed_seed)."""
    return f"docs/transcripts/{name}"


async def record(name: str) -> Recording:
    """The committed transcript ``name`` played again: same seed, so the same dice."""
    return await SCENARIOS[name](fixed_seed(name))


async def run(names: list[str], *, write: bool, fixed: bool) -> None:
    for name in names:
        started = time.monotonic()
        recording = await SCENARIOS[name](fixed_seed(name) if fixed or write else None)
        print(recording.text())
        print(f"\n({name}: {time.monotonic() - started:.1f} s)\n", file=sys.stderr)
        if write and name in SAVED:
            print(f"saved {save(recording).relative_to(ROOT)}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.demo", description=__doc__)
    parser.add_argument("scenario", nargs="?", default="basic", choices=[*SCENARIOS, "all"])
    parser.add_argument(
        "--save",
        action="store_true",
        help="write pool/duel/d20 to docs/transcripts/ (with their fixed dice seeds)",
    )
    parser.add_argument(
        "--fixed", action="store_true", help="the transcripts' fixed dice seeds, not fresh ones"
    )
    args = parser.parse_args(argv)
    names = [*SCENARIOS] if args.scenario == "all" else [args.scenario]
    asyncio.run(run(names, write=args.save, fixed=args.fixed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
