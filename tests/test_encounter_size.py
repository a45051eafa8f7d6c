"""The size of the encounter code, measured the way issue 36 measured it: the modules of
``bot/`` that run pool fights, duels and d20 battles (their store, services, handlers,
keyboards and views), by role. The figures are printed at the end of every run, and each has a
ceiling, today's figure: a change that grows the encounter code fails here, one that shrinks
it lowers the ceiling.

Issue 36's baseline (1b1d64e): 41 files, 4,888 lines (pool 21 / 2,522, duel 5 / 703, d20 15 /
1,663), before the one engine; the d20 NPCs, healing and the game master's NPC dialog came
later (issue 38) and are counted here too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ENCOUNTER_CODE = {
    "all kinds": [
        "bot/services/encounters.py",
        "bot/services/encounter_store.py",
        "bot/handlers/encounters.py",
    ],
    "pool": [
        "bot/services/fights.py",
        "bot/services/fight_checks.py",
        "bot/handlers/pool_fight.py",
        "bot/handlers/pool_fight_publish.py",
        "bot/handlers/pool_fight_confirm.py",
        "bot/handlers/fight_view.py",
        "bot/handlers/zero_health.py",
        "bot/views/pool_fight.py",
        "bot/views/pool_fight_round.py",
        "bot/views/pool_fight_keyboards.py",
    ],
    "duel": [
        "bot/services/duels.py",
        "bot/handlers/duels.py",
        "bot/views/duel.py",
    ],
    "d20": [
        "bot/services/battles.py",
        "bot/handlers/d20.py",
        "bot/handlers/d20_publish.py",
        "bot/handlers/d20_npc.py",
        "bot/dialogs/d20_npcs.py",
        "bot/views/d20.py",
        "bot/views/d20_keyboards.py",
        "bot/views/d20_turns.py",
    ],
}
# Modules whose names say a kind but that build characters or roll outside an encounter.
NOT_ENCOUNTERS = {
    "bot/dialogs/d20_creation.py",
    "bot/dialogs/d20_race_steps.py",
    "bot/dialogs/duel_creation.py",
    "bot/dialogs/duel_handlers.py",
    "bot/dialogs/duel_values.py",
    "bot/services/d20_checks.py",
    "bot/services/d20_race.py",
    "bot/views/d20_race.py",
}
KIND_WORDS = ("fight", "duel", "battle", "d20", "zero", "encounter", "live", "npc")
CEILINGS = {"files": 24, "lines": 4720}


def _lines(module: str) -> int:
    return len((ROOT / module).read_text(encoding="utf-8").splitlines())


def test_every_encounter_module_is_counted() -> None:
    """A new module of an encounter's (by its name) is either counted or said not to be one."""
    listed = {m for modules in ENCOUNTER_CODE.values() for m in modules}
    assert all((ROOT / m).is_file() for m in listed), "a counted module no longer exists"
    found = {
        path.relative_to(ROOT).as_posix()
        for layer in ("services", "handlers", "views", "dialogs")
        for path in (ROOT / "bot" / layer).glob("*.py")
        if any(word in path.stem for word in KIND_WORDS)
    }
    assert found - NOT_ENCOUNTERS <= listed, found - NOT_ENCOUNTERS - listed


def test_the_encounter_code_stays_within_its_ceilings(record_property: Any) -> None:
    by_role = {
        role: (len(modules), sum(_lines(m) for m in modules))
        for role, modules in ENCOUNTER_CODE.items()
    }
    files = sum(count for count, _ in by_role.values())
    lines = sum(size for _, size in by_role.values())
    parts = ", ".join(f"{role} {count} / {size}" for role, (count, size) in by_role.items())
    line = (
        f"encounter code: {files} files (ceiling {CEILINGS['files']}), {lines} lines "
        f"(ceiling {CEILINGS['lines']}): {parts}"
    )
    record_property("encounter_code", line)
    print(line)
    assert files <= CEILINGS["files"] and lines <= CEILINGS["lines"], line
