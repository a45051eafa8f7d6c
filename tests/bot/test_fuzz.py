"""Bad input at scale: hypothesis drives random commands, texts and button data (well-formed
CallbackData with random fields, and garbage) through the real dispatcher, against a live
duel between two characters, with real Redis, SQLite and the emulator.

Every input here is one the bot must refuse or only read from. After each one: no error
reached the error handler, the game's tables are exactly as before, every press is answered,
health stays within bounds and HTML in names reaches Telegram escaped.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiogram import Bot, Dispatcher
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.app import build_dispatcher
from bot.callbacks import (
    EncounterCallback,
    NewGameCallback,
)
from bot.commands import _DESCRIPTIONS
from bot.db.models import Character, Encounter, Game, GameSystem, RollLog, Timer
from bot.i18n import Translator
from bot.services import games
from bot.services.characters import DuelBuild, create_character, rule_state
from bot.session import make_bot
from bot.storage import open_storage
from rules.dice import RecordingDice, ScriptedDice
from tests.bot.conftest import TOKEN
from tests.bot.test_duels import SEED_ROUND
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator
from tests.telegram_emulator.models import EmuCallbackQuery
from tests.telegram_emulator.polling import feed_pending
from tests.telegram_emulator.serialization import callback_query_json

COMMANDS = sorted(_DESCRIPTIONS)
STRANGER_NAME = "<b>Зевака</b> & <i>Co"  # HTML in a name: must always arrive as text
FUZZ_CASES = 150


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Table:
    emu: TelegramEmulator
    dp: Dispatcher
    bot: Bot
    game: Game
    group: EmuChat
    fighters: tuple[EmuUser, EmuUser]
    stranger: EmuUser
    messages: list[EmuMessage]  # the bot's group messages a press may target
    duel_id: int
    errors: Errors
    stats: dict[str, int] = field(default_factory=dict)

    @property
    def users(self) -> list[EmuUser]:
        return [*self.fighters, self.stranger]

    async def feed_pending(self) -> list[str]:
        """Hand every queued update to the dispatcher, one at a time, to the end."""
        return await feed_pending(self.emu, self.dp, self.bot)


async def _snapshot(game: Game) -> dict[str, Any]:
    return {
        "characters": await Character.filter(game_id=game.id).order_by("id").values(),
        "duels": await Encounter.filter(game_id=game.id, kind="duel").order_by("id").values(),
        "games": await Game.all()
        .order_by("id")
        .values(
            "id", "status", "active_chat_id", "version", "next_roll_index", "state", "settings"
        ),
        "rolls": await RollLog.all().count(),
        "timers": await Timer.all().order_by("id").values("kind", "ref", "fired_at"),
        "encounters": await Encounter.all().count(),
    }


@pytest.fixture
async def table(emu: TelegramEmulator, clean_redis: str, database: str) -> AsyncIterator[Table]:
    """A duel game in a group: Сандор has challenged Бронн, round 1 is fought, Сандор has
    chosen to go on, Бронн has not chosen yet."""
    storage = await open_storage(clean_redis, max_connections=20)
    game_dice = ScriptedDice()
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        table_dice=ScriptedDice(),
        redis=storage.redis,
        dice_factory=lambda g: RecordingDice(game_dice, g.next_roll_index),
    )
    bot = make_bot(TOKEN, emu.base_url)
    emu.state.privacy_mode = False  # every group message reaches the bot
    sandor = emu.add_user("Игрок Сандора", language_code="ru", started=True)
    bronn = emu.add_user("Игрок Бронна", language_code="en", started=True)
    stranger = emu.add_user(STRANGER_NAME, language_code="ru", started=True)
    group = emu.add_group("Королевская гавань", members=[sandor, bronn, stranger])
    game = await games.create_game(group.id, GameSystem.DUEL, sandor.id, "ru", ("пеший", "конный"))
    await create_character(game, sandor.id, "Сандор", DuelBuild((("пеший", 9),), 0))
    await create_character(game, bronn.id, "Бронн", DuelBuild((("пеший", 8),), 20))
    errors = Errors()
    logging.getLogger().addHandler(errors)
    table = Table(emu, dp, bot, game, group, (sandor, bronn), stranger, [], 0, errors)
    try:
        await emu.send_text(sandor, group, "/duel 2 пеший")
        await table.feed_pending()
        challenge = emu.last_bot_message(group)
        assert challenge is not None and challenge.buttons
        game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
        await emu.press_button(bronn, challenge, "Принять")
        await table.feed_pending()
        first = emu.last_bot_message(group)
        assert first is not None and "Раунд 1" in first.body
        await emu.press_button(sandor, first, "Продолжить")
        await table.feed_pending()
        table.messages = [challenge, first]
        table.duel_id = (await Encounter.get(game_id=game.id, kind="duel")).id
        assert errors.records == []
        yield table
        print(f"fuzz inputs sent: {sum(table.stats.values())} {table.stats}")
    finally:
        logging.getLogger().removeHandler(errors)
        await bot.session.close()
        await storage.close()


# ---------------------------------------------------------------- what the crowd sends

MOVE_WORDS = (
    *("accept", "decline", "go_on", "stop", "clock", "attack", "act_p_1", "finish_m_0"),
    *("join_1", "join_3", "start", "pass", "spare", "menu_b", "menu_f", "back", "act_x_2"),
    *("join", "stand", "pills_1", "pills_0", "pills_9", "choose_2", "pick_1", "resend"),
)

ARG_TEXT = st.text(
    alphabet=st.sampled_from(list("0123456789 -+d<>&\"'/@#xyzабвпешийконный\u200b\n")), max_size=30
)
ARGS = st.one_of(
    ARG_TEXT,
    st.integers(-5, 10**12).map(str),
    st.lists(st.integers(-3, 40).map(str), max_size=3).map(" ".join),
)
COMMAND = st.tuples(
    st.sampled_from(COMMANDS), st.sampled_from(["", "@gm_test_bot", "@other_bot"]), ARGS
).map(lambda c: f"/{c[0]}{c[1]} {c[2]}".strip())
FREE_TEXT = st.text(min_size=1, max_size=80).filter(lambda t: t.strip() != "")
SMALL = st.integers(0, 6)  # button data holds no negative number (test_hostile_input forges them)
NEAR = st.sampled_from([1, 1, 1, 0, 2])  # the live duel is number 1, in round 1
WELL_FORMED = st.one_of(
    st.builds(
        EncounterCallback,
        kind=st.sampled_from(["duel", "duel", "pool", "d20"]),
        id=st.one_of(NEAR, SMALL, st.integers(0, 10**6)),
        move=st.sampled_from(MOVE_WORDS),
        at=st.one_of(NEAR, SMALL),
        seat=st.one_of(st.just(0), SMALL),
    ),
    st.builds(NewGameCallback, system=st.sampled_from(GameSystem)),
).map(lambda data: data.pack())
GARBAGE = st.one_of(
    st.text(max_size=64),
    st.sampled_from(
        ["du:1:g:1", "en", "en:", "en:duel:1", "en:duel:x:go_on:1", "en:duel:1:GO:1:0", "ng:zzz"]
    ),
    st.tuples(st.sampled_from(["du", "en", "bt", "pf", "pt", "ng"]), st.text(max_size=20)).map(
        ":".join
    ),
)


@st.composite
def inputs(draw: st.DrawFn) -> tuple[str, int, str, int]:
    """(kind, who, payload, where): who indexes users; where a chat or a message."""
    kind = draw(st.sampled_from(["command", "text", "press", "garbage"]))
    who = draw(st.integers(0, 2))
    where = draw(st.integers(0, 1))
    if kind == "command":
        return kind, who, draw(COMMAND), where
    if kind == "text":
        return kind, who, draw(FREE_TEXT), where
    return kind, who, draw(WELL_FORMED if kind == "press" else GARBAGE), where


def _legitimate(table: Table, who: int, data: str, where: int) -> bool:
    """Бронн's own choice on the live round: the one press here that must change things."""
    if who != 1 or not data.startswith("en:"):
        return False
    try:
        parsed = EncounterCallback.unpack(data)
    except (TypeError, ValueError):
        return False
    return (
        parsed.kind == "duel"
        and parsed.id == table.duel_id
        and parsed.at == 1
        and parsed.move in ("go_on", "stop")
    )


async def _send(table: Table, kind: str, who: int, payload: str, where: int) -> list[str]:
    emu, user = table.emu, table.users[who]
    if kind in ("command", "text"):
        chat = table.group if where == 0 else emu.private_chat(user)
        await emu.send_text(user, chat, payload)
        return await table.feed_pending()
    message = table.messages[where]
    query = EmuCallbackQuery(emu.state.new_query_id(), user, message, payload, "fuzz")
    emu.state.callback_queries[query.id] = query
    emu.state.updates.push("callback_query", callback_query_json(query))
    return await table.feed_pending()


def _check_calls(table: Table, since: int) -> None:
    for call in table.emu.calls()[since:]:
        text = str(call.params.get("text", ""))
        assert "can't parse entities" not in str(call.response), call  # HTML always escaped
        assert call.status < 500, call
        assert "Что-то пошло не так" not in text and "Something went wrong" not in text
        if "Зевака" in text:
            assert "&lt;b&gt;Зевака&lt;/b&gt;" in text, text


@settings(
    max_examples=FUZZ_CASES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(cases=st.lists(inputs(), min_size=1, max_size=3))
async def test_random_input_is_refused_and_changes_nothing(
    table: Table, cases: list[tuple[str, int, str, int]]
) -> None:
    assume(not any(_legitimate(table, who, data, where) for _, who, data, where in cases))
    before = await _snapshot(table.game)
    calls_before = len(table.emu.calls())
    for kind, who, payload, where in cases:
        queries = await _send(table, kind, who, payload, where)
        table.stats[kind] = table.stats.get(kind, 0) + 1
        assert [r.getMessage() for r in table.errors.records] == []
        for query_id in queries:  # every press answered, forged or not
            assert table.emu.callback_answer(query_id) is not None, payload
    assert await _snapshot(table.game) == before
    _check_calls(table, calls_before)
    for character in await Character.filter(game_id=table.game.id):
        fighter = rule_state(table.game, character)
        assert fighter.hp <= fighter.max_hp


async def test_the_checks_do_see_a_real_change(table: Table) -> None:
    """The control: the one legitimate press (Бронн stops) changes the snapshot."""
    before = await _snapshot(table.game)
    stop = EncounterCallback(kind="duel", id=table.duel_id, move="stop", at=1).pack()
    assert _legitimate(table, 1, stop, 1)
    await _send(table, "press", 1, stop, 1)
    after = await _snapshot(table.game)
    assert after["duels"] != before["duels"] and after["duels"][0]["stage"] == "finished"
    assert table.errors.records == []
