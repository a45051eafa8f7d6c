"""Every timer kind skips a game that has ended: /endgame while the timer is pending, then
the timer fires and nothing happens — no message, no edit, no roll, no state change."""

from __future__ import annotations

import asyncio
import logging

import pytest
from tortoise.timezone import now

from bot.db.models import Character, Encounter, Game, GameSystem, RollLog, Timer
from bot.handlers import pool_fight_publish
from bot.services import cycles, encounters, games
from bot.services.characters import DuelBuild, create_character
from bot.services.errors import NoActiveGame
from bot.services.fights import CHOICE_TIMER, FIGHTS, JOIN_TIMER, ROUND_TIMER
from bot.services.locks import GameLocks
from bot.services.runtime import Runtime
from rules.d20 import CharacterClass
from rules.pool.encounter import POOL
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, SECOND, d20_table
from tests.bot.pool_fight_rig import challenge, pool_table, press, start
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

TRIO = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
TRIO_SIDES = [("Догвор", FIRST), ("Эльф", SECOND)]


async def _snapshot() -> tuple[object, ...]:
    encounters = [(e.id, e.stage, e.version, e.state) for e in await Encounter.all()]
    duels = [(d.id, d.stage, d.version) for d in await Encounter.filter(kind="duel")]
    characters = [(c.id, c.state, c.status) for c in await Character.all()]
    games_now = [(g.id, g.status, g.version, g.next_roll_index) for g in await Game.all()]
    return encounters, duels, characters, games_now, await RollLog.all().count()


async def _end_then_fire(
    gm: Harness, group: EmuChat, admin: EmuUser, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    """/endgame, then make the pending ``kind`` timer due; it fires and changes nothing."""
    assert await Timer.filter(kind=kind, fired_at__isnull=True).exists(), kind
    await gm.emu.send_text(admin, group, "/endgame")
    await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    await asyncio.sleep(0.1)  # the press answers and edits before /endgame have settled
    calls = len(gm.emu.calls(include_polling=False))
    before = await _snapshot()
    caplog.set_level(logging.WARNING, logger="bot")
    [pending] = await Timer.filter(kind=kind, fired_at__isnull=True)
    await Timer.filter(id=pending.id).update(due_at=now())
    for _ in range(100):
        if (await Timer.get(id=pending.id)).fired_at is not None:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError(f"the {kind} timer never fired")
    await asyncio.sleep(0.6)  # the handler has run (and the scheduler looked once more)
    sent = [c.method for c in gm.emu.calls(include_polling=False)[calls:]]
    assert sent == [], sent
    assert await _snapshot() == before
    problems = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert problems == []


async def test_pool_join_window_timer(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    table = await pool_table(gm, 3)
    live = await challenge(table, 1, "/fight 2")
    assert "вступили" in await press(table, 3, live, "Вступить")
    await _end_then_fire(gm, table.group, table.admin, JOIN_TIMER, caplog)


async def test_pool_choice_timer(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    table = await pool_table(gm, 3)
    live = await challenge(table, 1, "/fight 2")
    await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)
    await press(table, 1, live, "Начать")
    await gm.emu.wait_for_message(table.private(3), lambda m: "Бой №" in m.body)
    await _end_then_fire(gm, table.group, table.admin, CHOICE_TIMER, caplog)


async def test_pool_round_timer(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    await press(table, 1, live, "⚔️ Атаковать")
    gm.game_dice.add(10, 10, 10, 10, 2, 2, 2, 2, 2, 2, 2)  # would be the round, never rolled
    await _end_then_fire(gm, table.group, table.admin, ROUND_TIMER, caplog)


async def test_pool_automatic_tick(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    table = await pool_table(gm, 1, auto_tick_minutes=1)
    assert await cycles.arm_auto_tick(table.game)
    await _end_then_fire(gm, table.group, table.admin, cycles.AUTO_TICK, caplog)


async def test_d20_join_timer(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    table = await d20_table(gm, TRIO)
    call = await table.call()
    for name, side in TRIO_SIDES:
        await table.join(call, name, side)
    gm.game_dice.add(20, 7, 7)
    await _end_then_fire(gm, table.group, table.admin, "d20_join", caplog)


async def test_d20_turn_timer(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    table = await d20_table(gm, TRIO)
    await table.start(TRIO_SIDES, [20, 10])
    await _end_then_fire(gm, table.group, table.admin, "d20_turn", caplog)


async def test_d20_narration_timer(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(TRIO_SIDES, [20, 10])
    result = await table.act("Догвор", live, ATTACK, "Эльф", 1)  # a fumble: a description owed
    assert "опишите" in result.body
    await _end_then_fire(gm, table.group, table.admin, "d20_narration", caplog)


async def _duel(gm: Harness) -> tuple[EmuChat, EmuUser, EmuUser, EmuUser, EmuMessage]:
    sandor = gm.emu.add_user("Игрок Сандора", language_code="ru")
    bronn = gm.emu.add_user("Игрок Бронна", language_code="ru")
    admin = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group("Королевская гавань", admins=[admin], members=[sandor, bronn])
    game = await games.create_game(group.id, GameSystem.DUEL, admin.id, "ru", ("пеший",))
    await create_character(game, sandor.id, "Сандор", DuelBuild((("пеший", 9),), 0))
    await create_character(game, bronn.id, "Бронн", DuelBuild((("пеший", 8),), 20))
    await gm.emu.send_text(sandor, group, "/duel 2 Пеший")
    called = await gm.emu.wait_for_message(group, lambda m: "Вызов на поединок:" in m.body)
    return group, admin, sandor, bronn, called


async def test_duel_challenge_expiry(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    group, admin, _, _, _ = await _duel(gm)
    await _end_then_fire(gm, group, admin, "duel_expire", caplog)


async def test_duel_choice_timeout(gm: Harness, caplog: pytest.LogCaptureFixture) -> None:
    group, admin, sandor, bronn, called = await _duel(gm)
    gm.game_dice.add(17, 1, 15, 11, 3, 10).add(100, 5, 56, 92)
    await gm.emu.press_button(bronn, called, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    query = await gm.emu.press_button(sandor, first, "Продолжить")
    await gm.emu.wait_for_callback_answer(query)
    await _end_then_fire(gm, group, admin, "duel_choices", caplog)


async def test_a_round_that_waited_for_the_lock_through_endgame_changes_nothing(
    gm: Harness,
) -> None:
    """The race: a round timeout read the game as running, then /endgame took the game's lock
    first. When the timeout gets the lock, the game has ended: refused, nothing rolled."""
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    await start(table, 1, 2)
    record = await Encounter.get(game_id=table.game.id).prefetch_related("game")
    assert record.game.status == "active"  # what the timer's handler saw
    runtime = Runtime(locks=GameLocks(gm.storage.redis))
    async with runtime.locks.game(table.game.id):  # /endgame waits for the lock too
        ending = asyncio.create_task(games.end_game(table.group.id, runtime.locks))
        await asyncio.sleep(0.1)
        assert not ending.done()
    await ending
    before = await _snapshot()
    with pytest.raises(NoActiveGame):
        told = gm.told(pool_fight_publish.compose)
        await encounters.move(record.game, FIGHTS, record.id, None, POOL.clock, runtime, told)
    assert await _snapshot() == before
