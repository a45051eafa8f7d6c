"""A d20 turn loses nothing when the real process is SIGKILLed while saving or delivering what
it owes (issue: the outbox). The kill comes at a named point (``GM_KILL_AT``, bot.killpoints) on
the turn's result; a new process starts on the same SQLite file and Redis and must finish the
turn by itself: the turn's die and narrative in the chat (once, or twice when the kill came
between the send and its mark: the documented repeat), the next actor's prompt with its
buttons, and no buttons left on the steps that ended (the call to battle, the first turn).

The game's seed is chosen so that the real dice make Догвор act first and hit for damage
(12-17: no description is asked for), so the transcript is known in advance.
"""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest

from bot.db.models import Game, GameSystem, OwedMessage
from bot.db.setup import close_database, init_database
from bot.services import games
from bot.services.characters import D20Build, create_character
from rules.d20 import CharacterClass
from rules.dice import VerifiableDice, commitment
from rules.gender import Gender
from tests.e2e.process import bot_process, until
from tests.telegram_emulator import EmuChat, EmuMessage, TelegramEmulator

TOKEN = "777032:E2E-d20-outbox-kill-token-abcdefghijklmnopqrstu"
FIGHTERS = (("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD))
RESULT = "атакует. Цель: Эльф"  # the turn's result (its head), and the kill's needle
NEXT = "Ходит Эльф"


def _seed(next_index: int) -> bytes:
    """A seed whose initiative puts Догвор (joined first) first, then a hit for 1-6 damage."""
    for n in range(10_000):
        seed = hashlib.sha256(f"d20-outbox-kill-{n}".encode()).digest()
        dice = VerifiableDice(seed, next_index)
        first, second, blow = (dice.roll(20) for _ in range(3))
        if first >= second and 12 <= blow <= 17:
            return seed
    raise AssertionError("no seed found")


async def _set_up(url: str, chat_id: int, users: list[int]) -> None:
    await init_database(url)
    try:
        game = await games.create_game(chat_id, GameSystem.D20, users[0], "ru")
        for user, (name, character_class) in zip(users, FIGHTERS, strict=True):
            build = D20Build(character_class, gender=Gender.MALE)
            await create_character(game, user, name, build)
        await game.refresh_from_db()
        seed = _seed(game.next_roll_index)
        await Game.filter(id=game.id).update(seed_hex=seed.hex(), commitment=commitment(seed))
    finally:
        await close_database()


async def _owed(url: str) -> list[OwedMessage]:
    await init_database(url)
    try:
        return await OwedMessage.all().order_by("id")
    finally:
        await close_database()


def _results(emu: TelegramEmulator, group: EmuChat) -> list[EmuMessage]:
    return [m for m in emu.bot_messages(group) if RESULT in m.body]


def _ended(emu: TelegramEmulator, group: EmuChat) -> list[EmuMessage]:
    return [m for m in emu.bot_messages(group) if RESULT not in m.body]


@pytest.mark.parametrize("point", ["owed", "sending", "unmarked", "marked"])
async def test_a_kill_on_a_turns_result_loses_no_die(
    point: str, tmp_path: Path, clean_redis: str
) -> None:
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        players = [emu.add_user(f"Игрок {n}", language_code="ru") for n, _ in FIGHTERS]
        group = emu.add_group("Таверна", admins=[players[0]], members=players[1:])
        kill = {"GM_KILL_AT": f"{point}@{RESULT}"}
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=kill) as first:
            await _set_up(url, group.id, [u.id for u in players])
            await emu.send_text(players[0], group, "/battle")
            call = await emu.wait_for_message(group, lambda m: "Сбор на бой" in m.body, 30)
            sides = ("За первую сторону", "За вторую сторону")
            for player, side in zip(players, sides, strict=True):
                query = await emu.press_button(player, call, side)
                await emu.wait_for_callback_answer(query, 30)
            await emu.press_button(players[0], call, "⚔️ Начать бой")
            turn = await emu.wait_for_message(group, lambda m: bool(m.buttons), 30)
            assert "Ходит Догвор" in turn.body
            await emu.press_button(players[0], turn, "⚔️ Атака")
            await emu.wait_for_edit(turn, 30)
            await emu.press_button(players[0], turn, "Эльф (12/12)")
            async with asyncio.timeout(30):
                await first.wait()  # killed at the point
        assert first.returncode == -9
        before = _results(emu, group)
        # Delivered before the kill: nothing (not committed, or not sent yet), or the result.
        assert len(before) == (1 if point in ("unmarked", "marked") else 0)
        async with bot_process(emu, tmp_path, redis_url=clean_redis):
            if point == "owed":  # never committed: the turn is not played, Догвор presses again
                assert before == []
                assert "Эльф (12/12)" in turn.button_texts
                await emu.press_button(players[0], turn, "Эльф (12/12)")
            expected = 2 if point == "unmarked" else 1
            await until(emu, lambda: len(_results(emu, group)) >= expected)
            # A retire is owed work, paced: the ended steps lose their buttons a second later.
            await until(emu, lambda: not any(m.buttons for m in _ended(emu, group)))
        # Stopped gracefully: the delivery under way was finished and marked, so nothing of it
        # is owed any more and no repeat can come later.
        results = _results(emu, group)
        # Sent and killed before its mark: the one message that may repeat (bot.courier).
        assert len(results) == (2 if point == "unmarked" else 1)
        result = results[-1]
        assert "🎲 d20: " in result.body and "урон" in result.body  # the die and the damage
        assert "<i>" in result.html  # the narrative
        assert NEXT in result.body and "🔥 Заклинание (урон)" in result.button_texts  # Эльф casts
        ended = _ended(emu, group)
        assert [m.body.splitlines()[0] for m in ended] == [
            "⚔️ Сбор окончен — бой начался.",  # the call, retired
            "⚔️ Бой начинается! Стороны: Первая сторона и Вторая сторона.",
        ]
        assert all(not m.buttons for m in ended)  # the ended steps' buttons are gone
        owed = await _owed(url)
        assert all(row.done and not row.failed for row in owed)
        # The turn owed one row: its message (whose delivery owed the previous one's retire).
        (turn_row,) = [row for row in owed if RESULT in (row.head or "")]
        assert turn_row.action == "send" and turn_row.live is not None
        assert turn_row.message_id == result.message_id
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert "Traceback" not in log
