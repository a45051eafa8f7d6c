"""Database queries per press as the database grows: the same fight (same seed, same presses)
played alone in databases holding 10, 1,000 and 10,000 characters. The other characters sit in
other pool games of ten (each with a finished fight, its rolls and fired timers), written in bulk.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from statistics import mean
from typing import cast

from tortoise.timezone import now

from bench.fights import FIGHTER, Driver, Table, set_up
from bench.measure import Feeder
from bot.db.models import Character, Encounter, Game, GameSystem, RollLog, Timer
from bot.services.codec import dump
from bot.services.fights import FINISHED, KIND
from rules.dice import commitment
from rules.pool.build import new_character
from rules.pool.fight_table import PoolTable
from rules.pool.model import Gender

PER_GAME = 10
FILLER_CHAT_BASE = -3_000_000_000_000
FILLER_USER_BASE = 700_000_000
FILLER_GM = 80_000_000
ROLLS_PER_GAME = 20
KINDS = ("pool_fight_join", "pool_fight_choice", "pool_fight_round")  # fired timers
BATCH = 500


async def fill(characters: int, first_game: int = 0) -> None:
    """``characters`` more characters in bulk, ten to a game, with each game's history."""
    games = (characters + PER_GAME - 1) // PER_GAME
    if games <= 0:
        return
    seed = hashlib.sha256(b"bench filler").digest()
    await Game.bulk_create(
        [
            Game(
                chat_id=FILLER_CHAT_BASE - first_game - g,
                active_chat_id=FILLER_CHAT_BASE - first_game - g,
                system=GameSystem.POOL,
                seed_hex=seed.hex(),
                commitment=commitment(seed),
                created_by=FILLER_GM,
                next_character_number=PER_GAME + 1,
            )
            for g in range(games)
        ],
        batch_size=BATCH,
    )
    rows = await Game.filter(created_by=FILLER_GM).values_list("id", flat=True)
    ids = sorted(cast(list[int], rows))[-games:]
    people: list[Character] = []
    fights: list[Encounter] = []
    rolls: list[RollLog] = []
    timers: list[Timer] = []
    past = now() - timedelta(hours=1)
    left = characters
    for game_id in ids:
        for number in range(1, min(PER_GAME, left) + 1):
            user_id = FILLER_USER_BASE + game_id * PER_GAME + number
            state = new_character(number, f"Filler {number}", Gender.MALE, FIGHTER)
            people.append(
                Character(
                    game_id=game_id,
                    user_id=user_id,
                    number=number,
                    name=f"Filler {number}",
                    name_key=f"filler {number}",
                    active_key=f"{game_id}:{user_id}",
                    state=dump(state),
                )
            )
        left -= PER_GAME
        fight = dump(PoolTable(challenger=1, joined=(1, 2)))
        fights.append(
            Encounter(game_id=game_id, kind=KIND, stage=FINISHED, state=fight, chat_id=0, hall=1)
        )
        rolls += [
            RollLog(game_id=game_id, index=i, sides=10, value=1 + i % 10, purpose="pool_round")
            for i in range(ROLLS_PER_GAME)
        ]
        timers += [Timer(kind=kind, ref=game_id, due_at=past, fired_at=past) for kind in KINDS]
    await Character.bulk_create(people, batch_size=BATCH)
    await Encounter.bulk_create(fights, batch_size=BATCH)
    await RollLog.bulk_create(rolls, batch_size=BATCH)
    await Timer.bulk_create(timers, batch_size=BATCH)


@dataclass(frozen=True)
class Scaling:
    characters: int
    per_press: list[tuple[str, int]]  # each press of the fight: its kind and its query count
    mean_ms: float

    def by_kind(self) -> dict[str, float]:
        counts: dict[str, list[int]] = defaultdict(list)
        for kind, queries in self.per_press:
            counts[kind].append(queries)
        return {kind: mean(values) for kind, values in counts.items()}

    @property
    def mean_queries(self) -> float:
        return mean(q for _, q in self.per_press)


async def one_fight(driver: Driver, fighters: int, characters: int) -> Scaling:
    """Fill the database up to ``characters``, then play table 0's fight alone."""
    await fill(characters - fighters)
    table: Table = await set_up(0, fighters)
    feeder: Feeder = driver.feeder
    start = len(feeder.samples)
    await driver.play(table)
    samples = feeder.samples[start:]
    return Scaling(
        await Character.all().count(),
        [(s.kind, s.queries or 0) for s in samples],
        mean(s.seconds for s in samples) * 1000,
    )
