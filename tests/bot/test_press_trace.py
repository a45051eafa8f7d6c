"""The way of one press through the code, traced at run time: a round-ending pool press, from
the dispatcher to the round's results in the chat, through the real harness.

A d20 turn's resolving press is traced the same way, for comparison. A profile hook records
every call into ``bot/`` and ``rules/`` made by the task that handles the press (the courier's
poll and the timers run in tasks of their own and are left out). The figures are printed at the
end of every run, and each has a ceiling, today's figure: a change that makes the way longer
fails here, one that makes it shorter lowers the ceiling.

- files: the modules of ``bot/`` and ``rules/`` the press runs code of;
- cross-file calls: calls from a module of ours into another module of ours (a coroutine that
  resumes after an await is not called again);
- layer switches: those calls that cross a layer (handlers, services, views, store, rules, the
  shell around them: ``bot/*.py``). The translator the views word their texts with
  (``bot/i18n.py``, the locales) is the views' own, as docs/architecture.md has it (views may
  import the locales): a view's call to it switches nothing, a handler's is a call into the
  views. "… the locales apart" counts the translator as a layer of its own (every text a view
  words is then a switch there and back);
- kind-specific files: modules of ``bot/`` written for one kind of encounter (pool fights,
  duels, d20 battles) rather than for all.
"""

from __future__ import annotations

import asyncio
import inspect
import sys
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK as D20_ATTACK
from tests.bot.d20_rig import FIRST, SECOND, button_starting, d20_table
from tests.bot.pool_fight_rig import pool_table, press, round_dice, start

ROOT = Path(__file__).resolve().parents[2]
SUSPENDABLE = inspect.CO_COROUTINE | inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR
ATTACK = "⚔️ Атаковать"
MISS, NO_DEFENSE = (2, 2, 2), (2, 2)
LAYERS = {
    "rules": "rules",
    "bot/handlers": "handlers",
    "bot/dialogs": "handlers",
    "bot/services": "services",
    "bot/views": "views",
    "bot/db": "store",
    "bot/i18n.py": "views",  # the locales: what the views word their texts with
}
# Words in a module's name that tie it to one kind of encounter.
KIND_WORDS = ("pool_fight", "fight", "duel", "battle", "d20", "zero_health")
# Ceilings: the figures of the code as it is (2026-12-06, before issue 36's one engine: 38 bot
# files, 10 of rules, 10 kind-specific, 395 cross-file calls, 160 layer switches, quiet), with
# room for what the machine's load moves (a delivery paced to a later task): 2 files, a few % of
# the calls.
# The one engine's shared modules come before the per-kind ones go: the encounters' store
# (bot/services/encounter_store.py) and the live-message check of a press
# (bot/handlers/live.py) joined the path first (41 files), so the ceiling rose by them.
# The round's fixed pill buttons (1, 2, 3, all: issue 37, a stock is a secret) are rendered
# whatever anyone holds, one locale call each: the calls' ceiling rose by them (429-433 before).
# The pool fight's pure steps moved from the shell into rules/pool/fight_flow.py (the shell
# calls them): one rules file more on the way (11), 20 layer switches fewer (168 → 148), and a
# few calls more, each a step of the rules (439-443: the calls' ceiling rose to 450).
# Pool fights moved onto the one engine (bot/handlers/encounters.py, bot/services/encounters.py;
# their own round, choice and flow modules gone): one kind-specific file fewer (9), and the
# table and protocol of the pool's rules (rules/pool/encounter.py, fight_table.py) on the way.
# The same day the trace stopped counting a coroutine resumed after an await as a call (each
# database query the service awaited was a "call" from the handler, and a layer switch): the
# code before the move (1142c47) measures 41 bot files, 11 rules, 10 kind-specific, 388 calls
# and 128 switches that way; after it, 41, 13, 9, 428 (the rules' own steps: the table's
# roster and seats, the fight's present fighters asked by each step) and 124. Then the buttons
# that make no move stopped unpacking every press's data, and the pool's keyboards joined its
# composer: 40 bot files, 8 kind-specific, 418 calls, 115 switches.
# The encounters' news is worded by the handler's composer, handed down (the herald's registry
# left the way), and the views take the fight as plain data computed once by the rules
# (rules/pool/fight_view.py: who acts, who has acted, whom the fight waits for, who chooses, who
# stands, each one's penalty, the penalties a round was rolled with): 39 bot files, one rules
# file more, 374 calls, 78 switches. Of those, 33 were the views' and the composer's calls to
# their translator (bot/i18n.py, the locales).
# Then the pool's store folded into its kind module (bot/services/fights.py), its side of the
# buttons went beside its composer (bot/handlers/pool_fight_publish.py), the views' small marks
# into one module (bot/views/marks.py), the running-game gate into the game's lock, and a step
# that opens no private choice or takes nobody to 0 stopped asking for languages and notices:
# 28 bot files, 4 kind-specific, 359 calls, 73 switches, 39 but the locales.
# Then the translator became the views' own layer (above): 47 switches (74 with the locales
# apart; the baseline, de2fe87, measured the same way: 140, of which 29 into the
# locales). The pool's keyboards and the wording of its private prompt joined the views, as
# the d20's and the duel's (views: the texts and the keyboards): 29 bot files, 5 kind-specific,
# 361 calls, 44 switches, 76 with the locales apart. The check that a press came from the live
# message went beside the buttons' data (bot/callbacks.py; bot/handlers/live.py is gone): 28 bot
# files, 45 switches, 77 with the locales apart. Every composer turns its keyboards into
# Telegram's JSON with one helper beside the buttons' data (bot/callbacks.py: markup_data) rather
# than a copy each: 46 switches, 78 with the locales apart.
CEILINGS = {
    "bot files": 29,
    "rules files": 14,
    "kind-specific bot files": 5,
    "cross-file calls": 375,
    "layer switches": 46,
    "layer switches, the locales apart": 79,
}
# A d20 turn has no target of its own (issue 36's baseline: 45 files in all); its figures are
# printed too, with ceilings at today's (2026-12-07: 31 bot files, 10 rules, 6 kind-specific,
# 156 calls, 67 switches, 54 but the locales, once the battle the views take is the rules'
# plain data, rules/d20/battle_table.py, rather than a service's; with the translator the
# views' own: 56 switches, 68 with the locales apart; with the live-message check beside the
# buttons' data: 30 bot files, 57 switches, 69 with the locales apart; with the one keyboard
# helper there: 58, 70).
D20_CEILINGS = {
    "bot files": 31,
    "rules files": 10,
    "kind-specific bot files": 6,
    "cross-file calls": 165,
    "layer switches": 58,
    "layer switches, the locales apart": 71,
}
D20_PAIR = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
D20_SIDES = [("Догвор", FIRST), ("Эльф", SECOND)]
LOCALES = "bot/i18n.py"  # the translator: how views and handlers speak the locales


def _module(filename: str) -> str | None:
    """``bot/services/fights.py`` for a file of ours, else None."""
    try:
        relative = Path(filename).relative_to(ROOT)
    except ValueError:
        return None
    return relative.as_posix() if relative.parts[0] in ("bot", "rules") else None


def _apart(module: str) -> str:
    """The layer, with the locales a layer of their own."""
    return "locales" if module == LOCALES else layer_of(module)


def layer_of(module: str) -> str:
    for prefix, name in LAYERS.items():
        if module.startswith(prefix + "/") or module == prefix:
            return name
    return "shell"


@dataclass
class Trace:
    """Calls into our modules, per task: (caller's module or None, callee's module)."""

    calls: dict[object, list[tuple[str | None, str]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    _modules: dict[str, str | None] = field(default_factory=dict)
    _resumable: dict[int, FrameType] = field(default_factory=dict)  # kept: no id is reused

    def module(self, filename: str) -> str | None:
        if filename not in self._modules:
            self._modules[filename] = _module(filename)
        return self._modules[filename]

    def hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        callee = self.module(frame.f_code.co_filename)
        if callee is None:
            return
        if frame.f_code.co_flags & SUSPENDABLE:  # a coroutine or a generator
            if id(frame) in self._resumable:
                return  # resumed after an await (or a yield): no call, no step on the way
            self._resumable[id(frame)] = frame
        try:
            task = asyncio.current_task()
        except RuntimeError:
            return
        caller = frame.f_back
        before = self.module(caller.f_code.co_filename) if caller is not None else None
        self.calls[task].append((before, callee))

    def busiest(self) -> list[tuple[str | None, str]]:
        """The calls of the task that ran most of our code: the press's."""
        return max(self.calls.values(), key=len)


@dataclass
class Figures:
    files: set[str]
    cross_file: int
    switches: int
    switches_apart: int

    @classmethod
    def of(cls, calls: list[tuple[str | None, str]]) -> Figures:
        crossing = [(a, b) for a, b in calls if a is not None and a != b]
        return cls(
            files={callee for _, callee in calls},
            cross_file=len(crossing),
            switches=sum(layer_of(a) != layer_of(b) for a, b in crossing),
            switches_apart=sum(_apart(a) != _apart(b) for a, b in crossing),
        )

    def table(self) -> dict[str, int]:
        bot = {f for f in self.files if f.startswith("bot/")}
        kind = {f for f in bot if any(word in Path(f).stem for word in KIND_WORDS)}
        return {
            "bot files": len(bot),
            "rules files": len(self.files) - len(bot),
            "kind-specific bot files": len(kind),
            "cross-file calls": self.cross_file,
            "layer switches": self.switches,
            "layer switches, the locales apart": self.switches_apart,
        }


async def test_a_round_ending_pool_press_stays_within_its_ceilings(
    gm: Harness, record_property: Any
) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, live, ATTACK)

    async def resolve() -> None:
        await press(table, 2, live, ATTACK)  # the round's last press: it resolves the round
        await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)

    figures = await traced(gm, resolve)
    _report("a round-ending pool press", "trace_pool_press", figures, CEILINGS, record_property)
    # The right task was traced: the press's handler, its service, its rules and its view.
    assert {"bot/handlers/encounters.py", "bot/services/encounters.py"} <= figures.files
    assert {"bot/handlers/pool_fight_publish.py", "bot/services/fights.py"} <= figures.files
    assert {"rules/pool/fight_round.py", "bot/views/pool_fight_round.py"} <= figures.files


async def test_a_d20_turn_is_traced_the_same_way(gm: Harness, record_property: Any) -> None:
    """The target press that resolves a d20 turn (issue 36's baseline: 45 files in all)."""
    table = await d20_table(gm, D20_PAIR)
    live = await table.start(D20_SIDES, [20, 10])
    fighter = table.users["Догвор"]
    await gm.emu.press_button(fighter, live, D20_ATTACK)
    await gm.emu.wait_for_edit(live)
    gm.game_dice.add(20, 12)

    async def resolve() -> None:
        await gm.emu.press_button(fighter, live, button_starting(live, "Эльф"))
        await gm.emu.wait_for_message(table.group, lambda m: "d20:" in m.body)

    figures = await traced(gm, resolve)
    _report("a d20 turn", "trace_d20_turn", figures, D20_CEILINGS, record_property)
    assert {"bot/handlers/encounters.py", "bot/services/battles.py"} <= figures.files
    assert {"rules/d20/encounter.py", "bot/views/d20_turns.py"} <= figures.files


async def traced(gm: Harness, act: Callable[[], Awaitable[None]]) -> Figures:
    """The figures of the task that ran most of our code while ``act`` ran, and every update
    it set off was handled."""
    trace = Trace()
    sys.setprofile(trace.hook)
    try:
        await act()
        await gm.dp.in_flight.finish(10)  # type: ignore[attr-defined]
    finally:
        sys.setprofile(None)
    return Figures.of(trace.busiest())


def _report(
    what: str, key: str, figures: Figures, ceilings: dict[str, int], record_property: Any
) -> None:
    found = figures.table()
    line = f"press trace ({what}): " + ", ".join(
        f"{name} {value} (ceiling {ceilings[name]})" for name, value in found.items()
    )
    record_property(key, line)
    print(line, *sorted(figures.files), sep="\n  ")
    over = {name: value for name, value in found.items() if value > ceilings[name]}
    assert not over, f"the press's way grew: {over}"


@pytest.mark.parametrize(
    ("module", "layer"),
    [
        ("bot/handlers/pool_fight_publish.py", "handlers"),
        ("bot/services/fights.py", "services"),
        ("bot/views/duel.py", "views"),
        ("bot/db/models.py", "store"),
        ("rules/pool/fight.py", "rules"),
        ("bot/courier.py", "shell"),
    ],
)
def test_layers_are_read_off_the_path(module: str, layer: str) -> None:
    assert layer_of(module) == layer
