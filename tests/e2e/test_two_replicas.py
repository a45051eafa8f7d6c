"""Scale-out: two real bot processes in webhook mode on one PostgreSQL and one Redis, behind
the emulator acting as the reverse proxy that spreads the updates across both replicas.

A whole pool fight (the game's real, verifiable dice) is played with consecutive updates going
to alternate replicas: both fighters press at once and one taps twice every round, so the two
presses of a round and the double tap are handled by different processes at the same time;
one round's presses go to both replicas at once. Every action is applied once: rounds 1..N,
one result message per round, the end once, the dice shown are exactly the dice logged (indices
contiguous, recomputed from the seed), health as shown. Timers (a round timeout) and the
automatic world tick fire once, though both processes run the scheduler.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from redis.asyncio import Redis
from tortoise.timezone import now

from bot.db.models import Character, Encounter, Game, GameSystem, RollLog, Timer
from bot.db.setup import close_database, init_database
from bot.services import cycles, games
from bot.services.characters import PoolBuild, create_character
from bot.services.codec import load
from bot.services.fights import ROUND_TIMER
from bot.services.settings import change_setting
from bot.services.world import load_world
from rules.pool.model import Gender, PoolCharacter, Stats
from tests.conftest import free_port
from tests.e2e.process import bot_process
from tests.postgres import fresh_database
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator

TOKEN = "777030:E2E-two-replicas-token-abcdefghijklmnopqrstuvwxyz"
STATS = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
ATTACK, STAND = "⚔️ Атаковать", "🧍 Встать"
ACCEPTED = ("Вы атакуете", "Вы поднимаетесь")
FALLEN = "сначала нужно встать"  # an attack refused: lying without a sword
TITLE = re.compile(r"Бой №\d+, раунд (\d+)")
HEALTH = re.compile(r"(Арья|Бран) [▰▱]+ (-?\d+)/\d+")
DICE = re.compile(r"🎲 (\d+) \+|(?:атака|защита) (\d+(?: \d+)*) \(")


@dataclass
class Replicas:
    emu: TelegramEmulator
    urls: list[str]
    logs: list[Path]


@dataclass
class Table:
    group: EmuChat
    arya: EmuUser
    bran: EmuUser
    game_id: int


@pytest.fixture(scope="module")
async def replicas(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, postgres_url: str
) -> AsyncIterator[Replicas]:
    """The emulator, a fresh PostgreSQL database (opened here too) and two bot processes."""
    redis = Redis.from_url(redis_url)
    await redis.flushdb()
    await redis.aclose()
    async with (
        fresh_database(postgres_url) as database_url,
        TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu,
        contextlib.AsyncExitStack() as stack,
    ):
        await init_database(database_url)
        stack.push_async_callback(close_database)
        ports = [free_port(), free_port()]
        dirs = [tmp_path_factory.mktemp("replica") for _ in ports]
        # The test presses as fast as the replicas answer, double taps included: a round can
        # take well under 100 ms, so one player's presses would pass the flood limit of 10 a
        # second. Flood protection has tests of its own (tests/bot/test_flood.py).
        env = {"DATABASE_URL": database_url, "THROTTLE_RATE": "1000"}
        await asyncio.gather(
            *(
                stack.enter_async_context(
                    bot_process(emu, folder, redis_url=redis_url, webhook_port=port, extra_env=env)
                )
                for folder, port in zip(dirs, ports, strict=True)
            )
        )
        urls = [f"http://127.0.0.1:{port}/webhook" for port in ports]
        emu.spread_webhook(urls)
        yield Replicas(emu, urls, [folder / "bot.log" for folder in dirs])


async def _table(rig: Replicas, title: str, **settings: object) -> Table:
    emu = rig.emu
    arya = emu.add_user("Игрок Арьи", language_code="ru", started=True)
    bran = emu.add_user("Игрок Брана", language_code="ru", started=True)
    group = emu.add_group(title, admins=[arya], members=[bran])
    game = await games.create_game(group.id, GameSystem.POOL, arya.id, "ru")
    chosen = games.settings_of(game)
    for name, value in settings.items():
        chosen = change_setting(chosen, name, value)
    await games.save_settings(game, chosen)
    await create_character(game, arya.id, "Арья", PoolBuild(Gender.FEMALE, STATS))
    await create_character(game, bran.id, "Бран", PoolBuild(Gender.MALE, STATS))
    return Table(group, arya, bran, game.id)


async def _start_fight(emu: TelegramEmulator, table: Table) -> tuple[EmuMessage, list[int]]:
    """Round 1's message (it opens in a new one: its mentions notify the fighters) and the
    initiative dice, which the call to the fight keeps (it is edited to show them once)."""
    await emu.send_text(table.arya, table.group, "/fight 2")
    call = await emu.wait_for_message(
        table.group, lambda m: "Бой №" in m.body and "→" in m.body, timeout=15
    )
    await _answer(emu, table.arya, call, "Начать")
    live = await emu.wait_for_message(table.group, lambda m: ATTACK in m.button_texts, timeout=15)
    while "Инициатива" not in call.body:
        await emu.wait_for_edit(call, timeout=15)
    return live, _dice(call.body.split("Инициатива", 1)[1])


async def _answer(emu: TelegramEmulator, user: EmuUser, message: EmuMessage, text: str) -> str:
    query = await emu.press_button(user, message, text)
    return (await emu.wait_for_callback_answer(query, timeout=15)).text or ""


async def _round_result(emu: TelegramEmulator, group: EmuChat, number: int) -> EmuMessage:
    title = f"раунд {number}"
    return await emu.wait_for_message(group, lambda m: title in m.body, timeout=15)


def _dice(text: str) -> list[int]:
    """Every die shown in a fight message, in order."""
    plain = re.sub(r"<[^>]+>", "", text)  # the sent HTML marks dice with <b> and <s>
    return [int(v) for groups in DICE.findall(plain) for v in " ".join(groups).split()]


def _sent(emu: TelegramEmulator, group: EmuChat) -> list[str]:
    """Texts of every message the replicas sent to the group, as sent (later edits aside)."""
    return [
        str(call.params.get("text", ""))
        for call in emu.calls("sendMessage")
        if str(call.params.get("chat_id")) == str(group.id) and call.ok
    ]


async def _roll_log(game_id: int) -> list[int]:
    """The game's logged dice: indices 0..n-1 each once, every value recomputed from the seed."""
    game = await Game.get(id=game_id)
    rows = await RollLog.filter(game_id=game_id).order_by("index")
    assert [r.index for r in rows] == list(range(len(rows)))
    assert game.next_roll_index == len(rows)
    assert (await games.verify_game(game)).ok
    return [r.value for r in rows]


async def _health(game_id: int) -> dict[str, int]:
    rows = await Character.filter(game_id=game_id)
    return {row.name: load(PoolCharacter, row.state).health for row in rows}


def _no_tracebacks(rig: Replicas) -> None:
    for log in rig.logs:
        assert "Traceback" not in log.read_text(encoding="utf-8"), log


async def test_one_fight_across_two_replicas_applies_every_action_once(
    replicas: Replicas,
) -> None:
    emu, rig = replicas.emu, replicas
    table = await _table(rig, "Подземелье")
    live, shown_dice = await _start_fight(emu, table)  # the initiative (and re-rolls on a tie)
    assert len(shown_dice) >= 2

    number = 0
    for number in range(1, 40):
        both = number == 2  # this round every press goes to both replicas at once
        emu.spread_webhook(rig.urls, "both" if both else "alternate")
        first, second, bran = await asyncio.gather(
            _answer(emu, table.arya, live, ATTACK),
            _answer(emu, table.arya, live, ATTACK),  # a double tap: the other replica gets it
            _answer(emu, table.bran, live, ATTACK),
        )
        for user, answers in ((table.arya, [first, second]), (table.bran, [bran])):
            refused = " ".join(answers)
            if not any(a.startswith(ACCEPTED) for a in answers):
                # Sent to both replicas, a press is answered by whichever answers first: a
                # refusal there may be the other replica's "already acted"; only a fighter
                # lying without a sword was refused by both.
                assert both or "уже сделали ход" not in refused, answers
                if "При смерти" in refused:  # at 0 health without pills: no move this round
                    continue
                if not both or FALLEN in refused:
                    # fallen without a sword: stand up instead (an attack is refused then)
                    answers.append(await _answer(emu, user, live, STAND))
            accepted = [a for a in answers if a.startswith(ACCEPTED)]
            assert both or len(accepted) == 1, answers
        result = await _round_result(emu, table.group, number)
        if "окончен" in result.body:
            break
        shown = {name: int(value) for name, value in HEALTH.findall(result.body)}
        assert shown == await _health(table.game_id), result.body  # saved as shown
        live = result
    else:
        raise AssertionError("the fight did not end in 39 rounds")
    emu.spread_webhook(rig.urls)
    await emu.wait_until_delivered(timeout=15)
    await asyncio.sleep(1.0)  # a doubled round or summary would be sent by now

    texts = _sent(emu, table.group)
    results = [t for t in texts if TITLE.search(t)]
    assert [int(TITLE.search(t)[1]) for t in results] == list(range(1, number + 1))  # type: ignore[index]
    assert len([t for t in texts if "окончен" in t]) == 1
    assert number >= 2, "the round sent to both replicas was never played"
    for text in results:
        shown_dice += _dice(text)
    # nothing rolled twice or unseen (a round shows its exchanges by fighter, not roll order)
    assert sorted(shown_dice) == sorted(await _roll_log(table.game_id))
    health = await _health(table.game_id)
    # "В строю: …", or "В строю никого не осталось" when the last blows felled both
    standing = result.body.split("В строю:")[1].split(".")[0] if "В строю:" in result.body else ""
    for name, value in health.items():
        assert (value > 0) == (name in standing), (health, result.body)
    assert {a.url for a in emu.webhook_attempts if a.ok} == set(rig.urls)
    _no_tracebacks(rig)


async def test_timers_and_the_automatic_tick_fire_once_across_replicas(
    replicas: Replicas,
) -> None:
    emu, rig = replicas.emu, replicas
    table = await _table(rig, "Залы", auto_tick_minutes=1)
    game = await Game.get(id=table.game_id)
    assert await cycles.arm_auto_tick(game)
    [tick] = await Timer.filter(kind=cycles.AUTO_TICK, ref=game.id, fired_at__isnull=True)
    await Timer.filter(id=tick.id).update(due_at=now())
    summary = await emu.wait_for_message(table.group, lambda m: "прошёл" in m.body, timeout=15)
    assert "Цикл 1 прошёл." in summary.body
    ticked = await _roll_log(table.game_id)

    _, initiative = await _start_fight(emu, table)
    [fight] = await Encounter.filter(game_id=table.game_id)
    [round_timer] = await Timer.filter(kind=ROUND_TIMER, ref=fight.id, fired_at__isnull=True)
    await Timer.filter(id=round_timer.id).update(due_at=now())  # nobody chose: both attack
    result = await _round_result(emu, table.group, 1)
    assert result.body.count("🗡") == 2  # both blows, the default attacks
    await asyncio.sleep(1.5)  # each scheduler looks at least twice more meanwhile

    texts = _sent(emu, table.group)
    assert len([t for t in texts if "прошёл" in t]) == 1
    assert len([t for t in texts if TITLE.search(t)]) == 1
    world, _ = await load_world(await Game.get(id=table.game_id))
    assert world.cycle == 1
    rearmed = await Timer.filter(kind=cycles.AUTO_TICK, ref=game.id, fired_at__isnull=True)
    assert len(rearmed) == 1 and rearmed[0].id != tick.id
    assert await Timer.filter(id__in=[tick.id, round_timer.id], fired_at__isnull=True).count() == 0
    # the tick's dice, then the fight's as shown: nothing rolled twice
    logged = await _roll_log(table.game_id)
    assert logged[: len(ticked + initiative)] == ticked + initiative
    assert sorted(logged[len(ticked + initiative) :]) == sorted(_dice(result.body))
    _no_tracebacks(rig)
