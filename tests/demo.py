"""``python -m tests.demo [basic|pool|duel|d20|all] [--save]``: scripted sessions with the real
bot process through the local Bot API emulator, printed as chat transcripts.

Anyone can watch the bot work without a Telegram account. Each run starts ``python -m bot`` on
a temporary SQLite file with in-memory storage; the dice are the game's real dice, so every run
differs. ``basic`` (the default) is a short tour; ``pool``, ``duel`` and ``d20`` walk through one
system each; ``--save`` also writes them to ``docs/transcripts/<system>.ru.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests import demo_d20, demo_duel, demo_pool
from tests.demo_kit import Recording, stage

ROOT = Path(__file__).resolve().parents[1]
TRANSCRIPTS = ROOT / "docs" / "transcripts"


async def basic() -> Recording:
    recording = Recording(
        "basic", "Короткое знакомство", "Личный чат и группа: /start, /roll, /help."
    )
    async with stage() as emu:
        alice = emu.add_user("Алиса", language_code="ru")
        bob = emu.add_user("Bob", language_code="en")
        group = emu.add_group("Таверна «Кабанъ»", admins=[alice], members=[bob])
        private = emu.private_chat(alice)

        for text in ("/start", "/roll 2d6+3", "/roll 100000d100000"):
            await emu.send_text(alice, text)
            await emu.wait_for_message(private, timeout=15)
        for user, text in ((bob, "/roll 5d10"), (alice, "/roll d20"), (bob, "/help")):
            await emu.send_text(user, group, text)
            await emu.wait_for_message(group, timeout=15)

        recording.show("Личный чат: Алиса и бот", private)
        recording.show(f"Группа: {group.title}", group)
    return recording


SCENARIOS: dict[str, Callable[[], Awaitable[Recording]]] = {
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


async def run(names: list[str], *, write: bool) -> None:
    for name in names:
        started = time.monotonic()
        recording = await SCENARIOS[name]()
        print(recording.text())
        print(f"\n({name}: {time.monotonic() - started:.1f} s)\n", file=sys.stderr)
        if write and name in SAVED:
            print(f"saved {save(recording).relative_to(ROOT)}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.demo", description=__doc__)
    parser.add_argument("scenario", nargs="?", default="basic", choices=[*SCENARIOS, "all"])
    parser.add_argument(
        "--save", action="store_true", help="write pool/duel/d20 to docs/transcripts/"
    )
    args = parser.parse_args(argv)
    names = [*SCENARIOS] if args.scenario == "all" else [args.scenario]
    asyncio.run(run(names, write=args.save))
    return 0


if __name__ == "__main__":
    sys.exit(main())
