"""Hostile input over every command the dispatcher registers and every button prefix of
``bot.callbacks``: unicode digits, huge and negative numbers, empty arguments, invisible
characters, bidi controls and arguments as long as Telegram allows, sent by a player and by the
game master, in the group and in private, to a pool, a duel and a d20 game.

Through the real dispatcher (every update fed to it), real Redis and SQLite and the emulator.
Every input must get an answer from the locale (a message, or the press's answer), and no
input may log an error or a traceback. The inputs are a fixed list, so every run is the same;
the counts are printed (``-s`` shows them) and kept in the test's report.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from enum import Enum

import pytest
from aiogram import Bot, Dispatcher, Router
from aiogram.filters import Command
from aiogram.filters.callback_data import CallbackData

from bot import callbacks
from bot.app import build_dispatcher
from bot.commands import COMMAND_NAMES
from bot.db.models import GameSystem
from bot.handlers.errors import APOLOGIES
from bot.i18n import Translator
from bot.services import games
from bot.services.characters import D20Build, DuelBuild, PoolBuild, create_character
from bot.session import make_bot
from bot.storage import open_storage
from rules.d20 import CharacterClass
from rules.dice import VerifiableDice
from rules.gender import Gender
from tests.bot.conftest import TOKEN
from tests.bot.pool_fight_rig import FIGHTER
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator
from tests.telegram_emulator.polling import feed_pending

SEED = bytes(range(32))  # every die the same on every run
LIMIT = 4096  # Telegram delivers no longer message
BIDI = "\u202e"  # RIGHT-TO-LEFT OVERRIDE
ARGUMENTS = (
    "",
    "²",
    "٣",
    "１",  # a fullwidth digit
    "99999999999999999999",
    "-1",
    "-99999999999999999999",
    "0",
    "1 ²",
    "1 1 ²",
    "1-²",
    "#²",
    "\u200b1",  # a zero-width space
    "\u3164",  # a Hangul filler
    f"{BIDI}1 пеший",
    "1\u00a0пеший причина",  # a no-break space
    "2 пеший",
    "1 меч 99999999999999999999 причина",
)
EXTRA_ARGUMENTS = {  # a few more for the commands that read something of their own
    "start": (
        "j²", "j99999999999999999999", "j-1", "s٣", "s99999999999999999999",
        "e1_²", "e99999999999999999999_1", "f²", "f99999999999999999999", "x" * 64,
    ),
    "roll": ("1d6/0", "1d6%0", "(1d6-1d6)/0", "1d6/(1d6-1d6)", "1d6+" + "9" * 30, "1d1e1"),
    "odds": ("duel ² 1", "5 ٣", "duel 9 8 ²%", "99999999999999999999 1"),
    "halls": ("all", "1-2 2-²", "1-99999999999999999999"),
    "check": ("1", "²", "3 " + BIDI + "замок"),
    "battle": (f"{BIDI}А | Б", "А | а", "|"),
}  # fmt: skip
# The game system whose group gets every argument of a command (the others one in three).
HOME = {
    **dict.fromkeys(
        ("fight", "fight_next", "fight_stop", "sleep", "wake", "guard", "snatch", "move", "look",
         "tick", "halls", "place", "give", "donate", "inventory"),
        GameSystem.POOL,
    ),
    **dict.fromkeys(("duel", "heal"), GameSystem.DUEL),
    **dict.fromkeys(("check", "battle", "skip"), GameSystem.D20),
}  # fmt: skip
BAD_NUMBERS = ("²", "٣", "99999999999999999999", "2147483648", "-5", "", " 1", "1_0", BIDI + "1")
GARBAGE_PRESSES = ("", "x", ":", "pf", "pf:", "du:1", "ng:zzz", "\u200b", BIDI, "é" * 32)
SYSTEMS = (GameSystem.POOL, GameSystem.DUEL, GameSystem.D20)
LOCALES = ("ru", "en")


def registered_commands(router: Router) -> set[str]:
    """Every command a message handler of ``router`` (and its sub-routers) filters on, but for
    the catch-all that answers a command no handler took (it names every command)."""
    found: set[str] = set()
    if router.name == "unhandled":
        return found
    for handler in router.message.handlers:
        for check in handler.filters or ():
            if isinstance(check.callback, Command):
                found.update(str(c) for c in check.callback.commands)
    for sub in router.sub_routers:
        found |= registered_commands(sub)
    return found


def callback_factories() -> list[type[CallbackData]]:
    return [
        cls
        for _, cls in inspect.getmembers(callbacks, inspect.isclass)
        if issubclass(cls, CallbackData) and cls is not CallbackData
    ]


def _sample(cls: type[CallbackData], name: str) -> str:
    """A well-formed packed value for field ``name``: 1, an enum's first value, a word."""
    annotation = cls.model_fields[name].annotation
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return str(next(iter(annotation)).value)
    return "attack" if annotation is str else "1"


def forged_presses() -> Iterator[str]:
    """Per factory: well-formed data with small numbers, then each number field made bad."""
    for cls in callback_factories():
        good = {name: _sample(cls, name) for name in cls.model_fields}
        yield ":".join([cls.__prefix__, *good.values()])
        for name, info in cls.model_fields.items():
            if info.annotation is int:
                for bad in BAD_NUMBERS:
                    yield ":".join([cls.__prefix__, *{**good, name: bad}.values()])
    yield from GARBAGE_PRESSES


@dataclass
class Side:
    """One game's group: its game master, a player with character 1, and the game."""

    system: GameSystem
    group: EmuChat
    admin: EmuUser
    player: EmuUser
    notes: dict[str, EmuMessage] = field(default_factory=dict)  # a bot message per chat


@dataclass
class Counts:
    tried: int = 0
    answered: int = 0
    tracebacks: int = 0
    unanswered: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


class ErrorLog(logging.Handler):
    """Every ERROR record, and how many carried a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []
        self.tracebacks = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())
        self.tracebacks += record.exc_info is not None

    def take(self) -> list[str]:
        taken, self.lines = self.lines, []
        return taken


@dataclass
class Fuzz:
    emu: TelegramEmulator
    dp: Dispatcher
    bot: Bot
    log: ErrorLog
    internal: frozenset[str]  # "something went wrong", in every locale
    counts: Counts = field(default_factory=Counts)

    async def feed(self) -> list[str]:
        """Hand every queued update to the dispatcher; the callback query ids among them."""
        return await feed_pending(self.emu, self.dp, self.bot)


@pytest.fixture
async def fuzz(emu: TelegramEmulator, clean_redis: str, database: str) -> AsyncIterator[Fuzz]:
    storage = await open_storage(clean_redis, max_connections=20)
    translator = Translator("ru")
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=translator,
        table_dice=VerifiableDice(SEED),
        redis=storage.redis,
        dice_factory=lambda g: VerifiableDice(SEED, g.next_roll_index),
    )
    bot = make_bot(TOKEN, emu.base_url)
    emu.state.privacy_mode = False  # every group message reaches the bot
    internal = frozenset(
        translator.for_locale(code).text(key) for code in LOCALES for key in APOLOGIES.values()
    )
    log = ErrorLog()
    logging.getLogger().addHandler(log)
    try:
        yield Fuzz(emu, dp, bot, log, internal)
    finally:
        logging.getLogger().removeHandler(log)
        await bot.session.close()
        await storage.close()


async def _side(fuzz: Fuzz, system: GameSystem, tag: str) -> Side:
    emu = fuzz.emu
    admin = emu.add_user(f"Мастер {tag}", language_code="ru", started=True)
    player = emu.add_user(f"Игрок {tag}", language_code="en", started=True)
    other = emu.add_user(f"Соперник {tag}", language_code="ru", started=True)
    group = emu.add_group(f"Группа {tag}", admins=[admin], members=[player, other])
    game = await games.create_game(group.id, system, admin.id, "ru", ("пеший",))
    for user, name in ((player, "Арья"), (other, "Бран")):
        if system == GameSystem.POOL:
            await create_character(game, user.id, name, PoolBuild(Gender.FEMALE, FIGHTER))
        elif system == GameSystem.DUEL:
            await create_character(game, user.id, name, DuelBuild((("пеший", 9),), 10))
        else:
            await create_character(game, user.id, name, D20Build(CharacterClass.MONK, "монах"))
    side = Side(system, group, admin, player)
    for user in (admin, player):  # a bot message to press forged buttons on, in each chat
        for chat in (group, emu.private_chat(user)):
            await emu.send_text(user, chat, "/help")
            await fuzz.feed()
            note = emu.last_bot_message(chat)
            assert note is not None
            side.notes[f"{user.id}:{chat.id}"] = note
    return side


ANSWERS = {"sendmessage", "editmessagetext", "answercallbackquery", "senddocument"}


def _check(fuzz: Fuzz, label: str, since: int, queries: list[str], log: list[str]) -> None:
    """Count one input: answered (every press, or a message), no internal error, no log."""
    counts = fuzz.counts
    counts.tried += 1
    calls = fuzz.emu.calls(include_polling=False)[since:]
    texts = [str(call.params.get("text", "")) for call in calls]
    if queries:
        answered = all(fuzz.emu.callback_answer(query) is not None for query in queries)
    else:
        answered = any(call.method.lower() in ANSWERS for call in calls)
    internal = any(text in fuzz.internal for text in texts)
    if answered and not internal:
        counts.answered += 1
    else:
        counts.unanswered.append(f"{label} -> {texts}")
    counts.errors += [f"{label}: {line}" for line in log]


def _side_for(name: str, index: int, sides: list[Side]) -> Side:
    """The command's home game two times in three, else each game in turn."""
    home = HOME.get(name)
    if home is None:
        return sides[index % len(sides)]
    return sides[SYSTEMS.index(home)] if index % 3 else sides[index // 3 % len(sides)]


def _commands(name: str) -> list[str]:
    """``/name`` with every argument, and one as long as Telegram delivers."""
    arguments = [*ARGUMENTS, *EXTRA_ARGUMENTS.get(name, ())]
    texts = [f"/{name} {argument}".strip() for argument in arguments]
    return [*texts, f"/{name} " + "9" * (LIMIT - len(name) - 2)]


async def test_every_command_answers_hostile_arguments(
    fuzz: Fuzz, request: pytest.FixtureRequest
) -> None:
    commands = registered_commands(fuzz.dp)
    assert commands == set(COMMAND_NAMES), commands ^ set(COMMAND_NAMES)
    emu = fuzz.emu
    sides = [await _side(fuzz, system, str(i)) for i, system in enumerate(SYSTEMS)]
    fuzz.log.take()
    for name in [*sorted(commands - {"endgame"}), "endgame"]:  # the games end last
        for index, text in enumerate(_commands(name)):
            side = _side_for(name, index, sides)
            for user in (side.player, side.admin):
                for chat in (side.group, emu.private_chat(user)):
                    since = len(emu.calls(include_polling=False))
                    await emu.send_text(user, chat, text)
                    queries = await fuzz.feed()
                    label = f"{side.system} {chat.type} {text[:40]!r}"
                    _check(fuzz, label, since, queries, fuzz.log.take())
    _report(fuzz, request, "commands")


async def test_every_button_prefix_answers_forged_data(
    fuzz: Fuzz, request: pytest.FixtureRequest
) -> None:
    emu = fuzz.emu
    sides = [await _side(fuzz, system, str(i)) for i, system in enumerate(SYSTEMS)]
    presses = list(forged_presses())
    prefixes = {data.split(":")[0] for data in presses}
    assert prefixes >= {cls.__prefix__ for cls in callback_factories()}
    fuzz.log.take()
    for index, data in enumerate(presses):
        side = sides[index % len(sides)]
        for user in (side.player, side.admin):
            for chat in (side.group, emu.private_chat(user)):
                note = side.notes[f"{user.id}:{chat.id}"]
                since = len(emu.calls(include_polling=False))
                await emu.press_button(user, note, data=data, forged=True)
                queries = await fuzz.feed()
                label = f"{side.system} {chat.type} press {data!r}"
                _check(fuzz, label, since, queries, fuzz.log.take())
    _report(fuzz, request, "buttons")


def _report(fuzz: Fuzz, request: pytest.FixtureRequest, what: str) -> None:
    counts = fuzz.counts
    counts.tracebacks = fuzz.log.tracebacks
    line = (
        f"hostile {what}: inputs tried {counts.tried}, answered {counts.answered}, "
        f"tracebacks {counts.tracebacks}"
    )
    print(f"\n{line}")
    request.node.user_properties.append((f"hostile_{what}", line))
    assert counts.unanswered == [], counts.unanswered[:20]
    assert counts.errors == [], counts.errors[:20]
    assert counts.tried == counts.answered and counts.tracebacks == 0
