"""Pool fights for the benchmark: tables set up through the services (a game per group, its
fighters), then every fight driven by updates only, as its players would: ``/fight 2``, "join",
"start", the private opponent choices, and each round's action buttons, until the fight is over.

Dice are the production dice (each game's verifiable seed), with a fixed seed per table so a run
plays the same fights every time. The driver knows who still has to act this round from the
live message, as the players do: the fighters marked ⏳, and their states (fallen, at 0 health).
Each fighter presses once per round message, as a player does: the live message's edits are
paced to about one a second by the courier (waiting edits merge), so its ⏳ marks may be a
second behind.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bench.measure import Feeder
from bench.telegram import TelegramLog, Updates, callback_data, user_payload
from bot.callbacks import EncounterCallback
from bot.db.models import Encounter, Game, GameSystem
from bot.i18n import Translator
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.codec import load
from bot.services.fights import FINISHED, KIND
from bot.services.settings import change_setting
from rules.dice import commitment
from rules.pool.fight_table import PoolTable
from rules.pool.model import Gender, Stats

GROUP_BASE = -1_000_000_000_000
USER_BASE = 100_000_000
GM_BASE = 90_000_000
NAMES = ("Arya", "Bran", "Vera", "Gosha", "Dana", "Efim", "Zhora", "Zoya")
# Hard hitters (initiative 1, attack 6, defense 1, vitality 4): a fight of four lasts ~4 rounds.
FIGHTER = Stats(initiative=1, attack=6, defense=1, vitality=4, charisma=0)
# No timer may fire during the bench: every step is a press.
SLOW_TIMERS = {"round_timeout": 3600, "join_window": 600, "choice_timeout": 600}
MAX_STEPS = 400
EDIT_WAIT = 0.05  # seconds between looks at a live message whose ⏳ fighters all pressed
MAX_EDIT_WAITS = 200  # ten seconds without news: the fight is stalled

Think = Callable[[random.Random], Awaitable[None]]


@functools.cache
def _state_words() -> tuple[str, frozenset[str]]:
    """The live message's words for "at 0 health" and "fallen" (either gender), in Russian,
    the bench's locale."""
    l10n = Translator("ru").for_locale("ru")
    fallen = frozenset(l10n.text("pool-fight-state-fallen", gender=g) for g in ("f", "m"))
    return l10n.text("pool-fight-state-zero"), fallen


TAGS = re.compile(r"<[^>]+>")


def waiting(text: str) -> dict[str, set[str]]:
    """The fighters a live message marks ⏳ (still to act this round), each with the states
    shown on its line (``<mark> <name> <bar> <health>/<max> · state · state``)."""
    found = {}
    for line in TAGS.sub("", text).splitlines():  # a fighter to act is a mention (a link)
        if line.startswith("⏳ "):
            name = line.removeprefix("⏳ ").split(" ", 1)[0]
            found[name] = {part.strip() for part in line.split(" · ")[1:]}
    return found


def to_act(fight_id: int, text: str, round_number: int) -> list[tuple[str, int, str]]:
    """The presses a live message asks for: each fighter it marks ⏳ attacks, stands up when
    fallen, or takes pills at 0 health (kind, character number, callback data)."""
    zero, fallen = _state_words()
    presses = []
    for name, states in waiting(text).items():
        number = NAMES.index(name) + 1
        move, kind = "attack", "attack"
        if zero in states:
            move, kind = "pills_1", "pills"
        elif states & fallen:
            move, kind = "stand", "stand"
        data = EncounterCallback(kind=KIND, id=fight_id, move=move, at=round_number).pack()
        presses.append((kind, number, data))
    return presses


async def no_think(rng: random.Random) -> None:
    return None


@dataclass
class Table:
    """A group with its pool game, its players (``players[i]`` owns character ``i + 1``), the
    fight's id once it exists."""

    index: int
    group_id: int
    game_id: int
    players: list[dict[str, Any]]
    rng: random.Random
    fight_id: int = 0
    stalled: bool = False
    missing_buttons: int = 0


async def new_game(
    index: int, group_id: int, system: GameSystem, gm: int, skills: tuple[str, ...] = ()
) -> Game:
    """Table ``index``'s game of ``system`` in group ``group_id``, in Russian: no timer falls
    due, and its dice's seed is fixed by ``index``."""
    game = await games.create_game(group_id, system, gm, "ru", skills)
    settings = games.settings_of(game)
    for name, value in SLOW_TIMERS.items():
        settings = change_setting(settings, name, value)
    await games.save_settings(game, settings)
    seed = hashlib.sha256(f"bench table {index}".encode()).digest()
    await Game.filter(id=game.id).update(seed_hex=seed.hex(), commitment=commitment(seed))
    await game.refresh_from_db()
    return game


async def set_up(index: int, fighters: int, group_id: int | None = None) -> Table:
    """Table ``index``: its game in group ``group_id`` (by default one of the bench's own),
    its players' user ids ``USER_BASE + 10 * index + k``, their characters."""
    group_id = GROUP_BASE - index if group_id is None else group_id
    game = await new_game(index, group_id, GameSystem.POOL, GM_BASE + index)
    players = []
    for k in range(fighters):
        user_id = USER_BASE + index * 10 + k
        players.append(user_payload(user_id, f"Player {NAMES[k]}"))
        gender = Gender.FEMALE if k % 2 == 0 else Gender.MALE
        await create_character(game, user_id, NAMES[k], PoolBuild(gender, FIGHTER))
    return Table(index, group_id, game.id, players, random.Random(index))


@dataclass
class Driver:
    """Plays tables' fights by updates through one :class:`Feeder`."""

    feeder: Feeder
    log: TelegramLog
    updates: Updates = field(default_factory=Updates)
    think: Think = no_think  # awaited before each press
    together: bool = True  # a round's presses at once (else one after another: bench.presses)

    async def _press(self, table: Table, kind: str, player: int, message: Any, data: str) -> None:
        await self.think(table.rng)
        user = table.players[player - 1]
        await self.feeder.feed(kind, self.updates.press(user, message, data))

    async def open_fight(self, table: Table) -> None:
        """``/fight 2``, everyone else joins, the challenger starts; the setup choices."""
        await self.think(table.rng)
        challenge = self.updates.message(table.players[0], table.group_id, "/fight 2")
        await self.feeder.feed("challenge", challenge)
        live = self.log.latest(table.group_id)
        assert live is not None, "no live message after /fight"
        join, start = callback_data(live)
        table.fight_id = EncounterCallback.unpack(join).id
        for number in range(3, len(table.players) + 1):
            await self._press(table, "join", number, self.log.latest(table.group_id), join)
        await self._press(table, "start", 1, self.log.latest(table.group_id), start)
        while await self._private_choice(table, "choose"):
            pass

    async def _private_choice(self, table: Table, kind: str) -> bool:
        """Press one button of a pending private opponent choice, if any."""
        for number, player in enumerate(table.players, start=1):
            prompt = self.log.latest(player["id"])
            targets = [d for d in callback_data(prompt or {}) if d.startswith(f"en:{KIND}:")]
            if prompt is not None and targets:
                await self._press(table, kind, number, prompt, table.rng.choice(targets))
                return True
        return False

    async def fight_rounds(self, table: Table) -> None:
        """Every round until the fight is over: private choices first, then each fighter's
        action (attack; stand up when fallen; pills at health 0), once per round message."""
        pressed: set[tuple[int, int, int]] = set()  # (message, round, fighter)
        waits = 0
        for _ in range(MAX_STEPS):
            if await self._private_choice(table, "pick"):
                continue
            live = self.log.latest(table.group_id) or {}
            buttons = set(callback_data(live))
            attacks = [EncounterCallback.unpack(d) for d in buttons if d.startswith("en:")]
            rounds = [a.at for a in attacks if a.move == "attack"]
            if not rounds:
                return  # over: the last message has no action buttons
            message = live.get("message_id", 0)
            presses = [
                press
                for press in to_act(table.fight_id, live.get("text", ""), rounds[0])
                if (message, rounds[0], press[1]) not in pressed
            ]
            if not presses:
                if waits >= MAX_EDIT_WAITS:
                    break
                waits += 1
                await asyncio.sleep(EDIT_WAIT)  # the merged edit, or the round's message
                continue
            table.missing_buttons += sum(1 for _, _, data in presses if data not in buttons)
            pressed.update((message, rounds[0], number) for _, number, _ in presses)
            # Everyone still to act presses at once, as players do when a round begins.
            steps = [self._press(table, kind, number, live, data) for kind, number, data in presses]
            if self.together:
                await asyncio.gather(*steps)
            else:
                for step in steps:
                    await step
        table.stalled = True

    async def play(self, table: Table) -> None:
        await self.open_fight(table)
        await self.fight_rounds(table)


@dataclass(frozen=True)
class Outcome:
    finished: int
    rounds: int
    stalled: int
    missing_buttons: int


async def outcome(tables: list[Table]) -> Outcome:
    """How the fights ended, from the database: finished fights and rounds resolved."""
    ids = [t.fight_id for t in tables if t.fight_id]
    finished = rounds = 0
    for start in range(0, len(ids), 500):
        for record in await Encounter.filter(id__in=ids[start : start + 500]):
            state = load(PoolTable, record.state).state
            finished += record.stage == FINISHED
            rounds += state.round if state is not None else 0
    return Outcome(
        finished,
        rounds,
        sum(t.stalled for t in tables),
        sum(t.missing_buttons for t in tables),
    )
