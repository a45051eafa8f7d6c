"""The busy group: eight fighters in one group play pool fights one after another for a given
time (or two players duels, or d20 battles: :data:`KINDS`, one driver shape per kind), each
fighter pressing the moment the live message shows them ⏳ (no thinking time), through
the local Bot API emulator (``tests/telegram_emulator``) with Telegram's flood limits enforced:
a call at most once a second per chat, 20 a minute per group, 30 a second per bot, edits and
deletions counted as Telegram counts them. ``count_edits`` False runs the bot's pacer as it was
before it counted them (only new messages toward a group's minute): the "before" of issue 41.

It runs in wall time. The emulator takes a clock, but the bot keeps time in three places: the
event loop (its live edits' pacing, the wait after a 429), Redis (its leases and throttle) and
the database (its timers, and the outbox to come). A clock faster than the wall would have to
drive the event loop as well, and would still disagree with Redis and the database: a bot that
paced its sends by either would look slower than it is, and pass where it should not. Ten
minutes is the budget's duration (``./scripts/bench.sh --busy-group``); the routine run plays
a shorter stretch and says so.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

from tortoise.expressions import F

from bench.fights import FIGHTER, GM_BASE, NAMES, USER_BASE, new_game, to_act
from bench.production import dispatcher
from bot.callbacks import EncounterCallback
from bot.db.models import Character, CharacterStatus, Game, GameSystem, LiveMessage, OwedMessage
from bot.pacing import Limits
from bot.services.characters import D20Build, DuelBuild, PoolBuild, create_character
from bot.session import make_bot
from bot.storage import Storage
from rules.d20 import CharacterClass
from rules.gender import Gender
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator, running_polling
from tests.telegram_emulator.models import CallRecord

TOKEN = "4343:BUSY-group-token-for-the-load-benchmark-01234"
FIGHTERS = 8
TABLE = 0
STALL_SECONDS = 320.0  # a 429 may hold a send for up to 5 minutes (bot/session.py)
WINDOW_SECONDS = 60.0  # Telegram's window for a group's 20 messages
SETTLED_LOOKS, LOOK_SECONDS = 4, 0.5  # nothing owed to the group for 2 s: the bot is done
TELEGRAM = Limits()  # Telegram's own limits, as the bot knows them

# The character's number, the message and the button's data; no message: the player says the
# text to the group.
Press = tuple[int, EmuMessage | None, str]
PressKind = Literal["setup", "round"]  # joining and starting a fight, or playing its rounds
# What Telegram counts toward a chat's limits: new messages, edits and deletions.
COUNTED = ("send", "edit", "delete")
Step = list[Press] | Literal["over"]
T = TypeVar("T")
TURN = re.compile(r"Ходит (.+?) \(")  # a d20 turn's message names whose turn it is
NARRATE = re.compile(r"✍️ (\S+?), опишите")  # a d20 battle waits for a description


def buttons(message: EmuMessage | None) -> list[str]:
    if message is None:
        return []
    return [b["callback_data"] for row in message.buttons for b in row if "callback_data" in b]


@dataclass
class BusyRun:
    seconds: float
    fights: int  # encounters begun
    finished: int
    rounds: int  # rounds pressed in (a d20 battle's: turns)
    presses: int
    stalled: bool
    calls: Counter[str]  # Bot API calls by method
    refused: Counter[str]  # 429 answers by method
    group_sends: list[float]  # when each new group message went out (wall-clock seconds)
    stale_buttons: int = 0  # group messages left with buttons but the open fight's live one
    group_calls: int = 0  # calls Telegram counts toward the group (sends, edits, deletions)
    results_delays: list[float] = field(default_factory=list)  # a round's last press → results
    count_edits: bool = True  # whether the bot's pacer counted edits toward the group's minute
    stale: list[str] = field(default_factory=list)  # what each stale message went through
    kind: str = "pool"  # the encounters played
    fighters: int = FIGHTERS

    @property
    def calls_per_round(self) -> float:
        return self.group_calls / self.rounds if self.rounds else 0.0

    @property
    def busiest_window(self) -> int:
        """The most new group messages in any :data:`WINDOW_SECONDS`."""
        sends, most, first = sorted(self.group_sends), 0, 0
        for last, moment in enumerate(sends):
            while moment - sends[first] >= WINDOW_SECONDS:
                first += 1
            most = max(most, last - first + 1)
        return most


@dataclass
class Watch:
    """One encounter as its fighters follow it: the newest of its messages with its buttons,
    and whether its end was pressed (a d20 battle's «spare»): then its message without
    buttons is its end, though no newer one came."""

    id: int
    seen: int = 0
    ending: bool = False


class Kind:
    """A kind of encounter the busy group plays: how its table is set up, how an encounter is
    opened, and which presses its live message asks for. Its buttons are ``en:<name>:``."""

    name: str
    system: GameSystem
    fighters: int
    admin = False  # the first player is the group's admin (and the game's master)
    skills: tuple[str, ...] = ()  # the game's skills (a duel's)

    @property
    def prefix(self) -> str:
        return f"en:{self.name}:"

    async def characters(self, game: Game, players: list[EmuUser]) -> None:
        raise NotImplementedError

    async def open(self, f: Fighters) -> int | None:
        """Open an encounter (the command, the setup presses): its id, None when it did not
        open (the time is up or the bot stalled)."""
        raise NotImplementedError

    def step(self, f: Fighters, watch: Watch, live: EmuMessage, ours: list[str]) -> Step:
        """What the group's newest message asks of the fighters now (each press once):
        ``ours``, its buttons of the encounter. Without them, a message newer than the last
        with them is the encounter's end."""
        if not ours:
            return "over" if watch.seen and live.message_id > watch.seen else []
        watch.seen = live.message_id
        return self.presses(f, watch, live, ours)

    def presses(self, f: Fighters, watch: Watch, live: EmuMessage, ours: list[str]) -> list[Press]:
        raise NotImplementedError


class Pool(Kind):
    """Pool fights of eight: ``/fight 2``, the others join, the challenger starts, the private
    opponent choices, then each ⏳ fighter attacks (stands up, takes pills) every round."""

    name, system, fighters = "pool", GameSystem.POOL, FIGHTERS

    async def characters(self, game: Game, players: list[EmuUser]) -> None:
        for k, player in enumerate(players):
            gender = Gender.FEMALE if k % 2 == 0 else Gender.MALE
            await create_character(game, player.id, NAMES[k], PoolBuild(gender, FIGHTER))

    async def open(self, f: Fighters) -> int | None:
        live = await f.command(1, "/fight 2")
        if live is None:
            return None
        join, start = buttons(live)[:2]
        joins = [await f.press(n, live, join, "setup") for n in range(3, len(f.players) + 1)]
        for query in joins:
            await f.emu.wait_for_callback_answer(query, timeout=STALL_SECONDS)
        await f.press(1, live, start, "setup")
        return EncounterCallback.unpack(join).id

    def step(self, f: Fighters, watch: Watch, live: EmuMessage, ours: list[str]) -> Step:
        """Only a round's message (its attack buttons) is the fight's: a newer message without
        them is its end."""
        return super().step(f, watch, live, [d for d in ours if ":attack:" in d])

    def presses(self, f: Fighters, watch: Watch, live: EmuMessage, ours: list[str]) -> list[Press]:
        moves = [EncounterCallback.unpack(d) for d in ours]
        rounds = [m.at for m in moves if m.move == "attack"]
        if not rounds:
            return []
        f.rounds.add((watch.id, rounds[0]))
        return [
            (number, live, data)
            for _, number, data in to_act(watch.id, live.raw_text or live.body, rounds[0])
            if f.once((live.message_id, rounds[0], number))
        ]


class Duel(Kind):
    """Duels of two: ``/duel 2 Пеший``, the challenged accepts, then both go on every round
    until one is knocked out."""

    name, system, fighters = "duel", GameSystem.DUEL, 2
    skills = ("пеший", "конный")

    async def characters(self, game: Game, players: list[EmuUser]) -> None:
        for k, (player, skill) in enumerate(zip(players, (9, 8), strict=True)):
            await create_character(game, player.id, NAMES[k], DuelBuild((("пеший", skill),), 20))

    async def open(self, f: Fighters) -> int | None:
        live = await f.command(1, "/duel 2 Пеший")
        if live is None:
            return None
        accept = next(d for d in buttons(live) if ":accept:" in d)
        duel = EncounterCallback.unpack(accept)
        f.rounds.add((duel.id, 0))  # the acceptance plays round 1
        await f.press(2, live, accept)
        return duel.id

    def presses(self, f: Fighters, watch: Watch, live: EmuMessage, ours: list[str]) -> list[Press]:
        go_on = [d for d in ours if ":go_on:" in d]
        if not go_on:
            return []
        at = EncounterCallback.unpack(go_on[0]).at
        f.rounds.add((watch.id, at))
        return [
            (number, live, go_on[0]) for number in (1, 2) if f.once((live.message_id, at, number))
        ]


class D20(Kind):
    """d20 battles of two, a fighter against a wizard: ``/battle`` by the game's master (the
    fighter), both join a side, the master starts; at each turn the one whose turn it is opens
    their attack (or harmful spell) and picks a target, and describes their character's state
    when the battle waits for it; at the end the winner spares the fallen."""

    name, system, fighters, admin = "d20", GameSystem.D20, 2, True
    CLASSES = (CharacterClass.FIGHTER, CharacterClass.WIZARD)

    async def characters(self, game: Game, players: list[EmuUser]) -> None:
        for k, player in enumerate(players):
            build = D20Build(self.CLASSES[k % len(self.CLASSES)], gender=Gender.MALE)
            await create_character(game, player.id, NAMES[k], build)

    async def open(self, f: Fighters) -> int | None:
        live = await f.command(1, "/battle")
        if live is None:
            return None
        data = buttons(live)
        for number in range(1, len(f.players) + 1):  # sides 1, 2, 1, 2
            join = next(d for d in data if f":join_{2 - number % 2}:" in d)
            query = await f.press(number, live, join, "setup")
            await f.emu.wait_for_callback_answer(query, timeout=STALL_SECONDS)
        start = next(d for d in data if ":start:" in d)
        await f.press(1, live, start, "setup")
        return EncounterCallback.unpack(start).id

    def step(self, f: Fighters, watch: Watch, live: EmuMessage, ours: list[str]) -> Step:
        """Without buttons: the end («Бой окончен», or the fallen spared), or a wait for a
        description, which its character's player gives."""
        if ours:
            watch.seen = live.message_id
            return self.presses(f, watch, live, ours)
        if not watch.seen:
            return []
        if watch.ending or "Бой окончен" in live.body:
            return "over"
        asked = NARRATE.search(live.body)
        if asked is None or asked.group(1) not in NAMES:
            return []
        number = NAMES.index(asked.group(1)) + 1
        said = f.once((live.message_id, "narrate", number))
        return [(number, None, f"{asked.group(1)} переводит дух.")] if said else []

    def presses(self, f: Fighters, watch: Watch, live: EmuMessage, ours: list[str]) -> list[Press]:
        moves = {d: EncounterCallback.unpack(d).move for d in ours}
        spare = [d for d, move in moves.items() if move == "spare"]
        if spare:  # the end: whoever may spare the fallen does (the others are told no)
            watch.ending = True
            return [
                (number, live, spare[0])
                for number in range(1, len(f.players) + 1)
                if f.once((live.message_id, spare[0], number))
            ]
        turn = TURN.search(live.body)
        if turn is None or turn.group(1) not in NAMES:
            return []
        number = NAMES.index(turn.group(1)) + 1
        targets = [d for d, move in moves.items() if move.startswith("act_")]
        if targets:  # the target keyboard of the one whose turn it is
            target = f.rng.choice(targets)
            if f.once((live.message_id, "target", number)):
                f.rounds.add((watch.id, EncounterCallback.unpack(target).at))
                return [(number, live, target)]
            return []
        harm = [d for d, move in moves.items() if move in ("menu_p", "menu_m")]
        if harm and f.once((live.message_id, harm[0], number)):
            return [(number, live, harm[0])]
        return []


KINDS: dict[str, Kind] = {kind.name: kind for kind in (Pool(), Duel(), D20())}


@dataclass
class Fighters:
    """The players, pressing through the emulator what the bot's messages ask of them."""

    emu: TelegramEmulator
    group: EmuChat
    players: list[EmuUser]
    kind: Kind
    deadline: float  # the event loop's time at which they stop
    rng: random.Random = field(default_factory=lambda: random.Random(FIGHTERS))
    presses: int = 0
    rounds: set[tuple[int, int]] = field(default_factory=set)  # (encounter, round)
    pressed: list[tuple[float, PressKind]] = field(default_factory=list)  # wall-clock seconds
    queries: list[str] = field(default_factory=list)  # every press's callback query
    _done: set[tuple[object, ...]] = field(default_factory=set)  # presses made, by a kind's key
    _answered: set[tuple[int, int, tuple[str, ...]]] = field(default_factory=set)  # prompts

    def late(self) -> bool:
        return asyncio.get_running_loop().time() >= self.deadline

    def once(self, key: tuple[object, ...]) -> bool:
        """True the first time a press of ``key`` is asked for."""
        if key in self._done:
            return False
        self._done.add(key)
        return True

    async def _until(self, check: Callable[[], T | None]) -> T | None:
        """Wait for ``check`` as the emulator sees the bot's calls: None when the time is up
        or nothing came for :data:`STALL_SECONDS`."""
        left = self.deadline - asyncio.get_running_loop().time()
        if left <= 0:
            return None
        return await self.emu.state.changed.wait_for(check, min(left, STALL_SECONDS))

    async def press(
        self, number: int, message: EmuMessage, data: str, kind: PressKind = "round"
    ) -> str:
        self.presses += 1
        self.pressed.append((time.time(), kind))
        query = await self.emu.press_button(self.players[number - 1], message, data=data)
        self.queries.append(query)
        return query

    async def say(self, number: int, text: str) -> None:
        self.presses += 1
        self.pressed.append((time.time(), "round"))
        await self.emu.send_text(self.players[number - 1], self.group, text)

    async def command(self, number: int, text: str) -> EmuMessage | None:
        """Player ``number`` sends ``text`` to the group: the bot's next group message with
        buttons of this kind (None: the time is up or the bot stalled)."""
        before = self.emu.last_bot_message(self.group)
        since = before.message_id if before is not None else 0
        await self.emu.send_text(self.players[number - 1], self.group, text)

        def answer() -> EmuMessage | None:
            live = self.emu.last_bot_message(self.group)
            ours = any(d.startswith(self.kind.prefix) for d in buttons(live))
            return live if live is not None and live.message_id > since and ours else None

        return await self._until(answer)

    async def encounter(self) -> bool | None:
        """Open an encounter and play it: True when it ended, False when the bot stalled,
        None when the time is up."""
        opened = await self.kind.open(self)
        if opened is None:
            return None if self.late() else False
        watch = Watch(opened)
        while True:
            step: Step | None = await self._until(lambda: self._step(watch))
            if step is None:
                return None if self.late() else False
            if isinstance(step, str):  # "over"
                return True
            for number, message, data in step:
                if message is None:
                    await self.say(number, data)
                else:
                    await self.press(number, message, data)

    def _step(self, watch: Watch) -> Step | None:
        """What the fighters do now: private choices first, then what the live message asks;
        "over" when the encounter's newest message has none of its buttons."""
        choices: list[Press] = []
        for number, player in enumerate(self.players, start=1):
            prompt = self.emu.last_bot_message(self.emu.private_chat(player))
            targets = tuple(d for d in buttons(prompt) if d.startswith(self.kind.prefix))
            if prompt is not None and targets:
                key = (prompt.chat.id, prompt.message_id, targets)
                if key not in self._answered:
                    self._answered.add(key)
                    choices.append((number, prompt, self.rng.choice(targets)))
        if choices:
            return choices
        live = self.emu.last_bot_message(self.group)
        if live is None:
            return None
        ours = [
            d
            for d in buttons(live)
            if d.startswith(self.kind.prefix) and EncounterCallback.unpack(d).id == watch.id
        ]
        return self.kind.step(self, watch, live, ours) or None


def stale_buttons(
    emu: TelegramEmulator, group: EmuChat, live: Collection[int] | None = None
) -> int:
    """The group's messages with buttons but an open encounter's live message: those of
    ``live`` (the bot's live messages with buttons); without it, all but the newest with
    buttons (which takes an ended encounter's unretired last live message for an open one's)."""
    with_buttons = [m.message_id for m in emu.bot_messages(group) if m.buttons]
    if live is None:
        return max(0, len(with_buttons) - 1)
    return sum(1 for message_id in with_buttons if message_id not in live)


async def live_with_buttons(group: EmuChat) -> set[int]:
    """The group's messages the bot shows a live key in with buttons now (an open encounter's;
    not known, from an earlier version: taken as with buttons)."""
    rows = await LiveMessage.filter(chat_id=group.id).exclude(buttons=False)
    return {row.message_id for row in rows}


async def settle(
    emu: TelegramEmulator, group: EmuChat, window: float, queries: Iterable[str] = ()
) -> str:
    """Once the fighters stop, wait (the bot still polling) until it has answered their
    presses (``queries``) and owes the group nothing for a moment: a round's last press may
    still be handled, its new live message wait for the group's window, and the old one's
    retire then wait for the next. Stale buttons are counted then, not after the bot stops: a
    stopping courier leaves a longer wait to its next start. Gives up after two windows and a
    little; says how it ended."""
    loop = asyncio.get_running_loop()
    begun = loop.time()
    deadline, calm = begun + 2 * window + 10, 0
    owed, unanswered = -1, [q for q in queries if emu.callback_answer(q) is None]
    while loop.time() < deadline and calm < SETTLED_LOOKS:
        unanswered = [q for q in unanswered if emu.callback_answer(q) is None]
        owed = await OwedMessage.filter(chat_id=group.id, done=False).count()
        calm = calm + 1 if owed == 0 and not unanswered else 0
        await asyncio.sleep(LOOK_SECONDS)
    return (
        f"the bot settled {loop.time() - begun:.1f} s after the fighters stopped, "
        f"{len(unanswered)} presses unanswered, {owed} rows owed to the group, "
        f"{stale_buttons(emu, group, await live_with_buttons(group))} stale"
    )


def touched(calls: list[CallRecord], message_id: int) -> list[CallRecord]:
    """The calls that sent, edited or deleted message ``message_id`` of one chat."""
    found = []
    for call in calls:
        result = call.result if isinstance(call.result, dict) else {}
        if call.params.get("message_id") is not None:
            if str(call.params["message_id"]) == str(message_id):
                found.append(call)
        elif call.method.lower().startswith("send") and result.get("message_id") == message_id:
            found.append(call)
    return found


async def explain_stale(
    emu: TelegramEmulator, group: EmuChat, start: float, stopped: float
) -> list[str]:
    """For each message left with stale buttons: its id, its text's head, the last calls that
    touched it, and what the bot still owes the group or thinks it shows (the next run explains
    itself). Times are seconds since the fighters began; they stopped at ``stopped``."""
    with_buttons = [m for m in emu.bot_messages(group) if m.buttons]
    in_group = [c for c in emu.state.calls if str(c.params.get("chat_id")) == str(group.id)]
    lines = [f"the fighters stopped at {stopped - start:.1f} s"]
    for message in with_buttons:
        head = (message.raw_text or message.body).replace("\n", " ")[:60]
        lines.append(f"message {message.message_id} with buttons: {head!r}")
        for call in touched(in_group, message.message_id)[-6:]:
            markup = "markup" if "reply_markup" in call.params else "no markup"
            lines.append(f"    {call.time - start:7.1f} s  {call.method} {call.status} ({markup})")
    owed = await OwedMessage.filter(chat_id=group.id, done=False).order_by("id")
    for row in owed:
        lines.append(
            f"owed, not done: #{row.id} {row.action} live={row.live} target={row.target} "
            f"attempts={row.attempts} due in {row.due_at - time.time():.1f} s"
        )
    for live in await LiveMessage.filter(chat_id=group.id):
        lines.append(f"live {live.key}: message {live.message_id}, buttons {live.buttons}")
    return lines


def results_delays(sends: list[float], pressed: list[tuple[float, PressKind]]) -> list[float]:
    """For each new group message that a round's presses set off (its results), the seconds
    from the last press before it: presses since the previous group message, a round's among
    them (the opening of a fight follows setup presses only)."""
    delays, at = [], 0
    for sent in sorted(sends):
        since = []
        while at < len(pressed) and pressed[at][0] < sent:
            since.append(pressed[at])
            at += 1
        if any(kind == "round" for _, kind in since):
            delays.append(sent - since[-1][0])
    return delays


async def busy_group(
    storage: Storage,
    seconds: float,
    *,
    count_edits: bool = True,
    kind: str = "pool",
    limits: Limits = TELEGRAM,
) -> BusyRun:
    """Encounters of ``kind`` (pool, duel, d20: :data:`KINDS`) one after another in one group
    for ``seconds`` of wall time, on the current database; the emulator counts edits toward
    the group's limits, the bot's pacer only if ``count_edits``. ``limits``: Telegram's, as
    the emulator enforces them and the bot paces its calls (a test shrinks them in time)."""
    plays = KINDS[kind]
    async with TelegramEmulator(TOKEN, bot_username="gm_busy_bot", bot_first_name="GM") as emu:
        players = [
            emu.add_user(
                f"Player {NAMES[k]}",
                language_code="ru",
                started=True,
                user_id=USER_BASE + 10 * TABLE + k,
            )
            for k in range(plays.fighters)
        ]
        admins = players[:1] if plays.admin else []
        group = emu.add_group("Busy", admins=admins, members=players[len(admins) :])
        gm = players[0].id if plays.admin else GM_BASE + TABLE
        game = await new_game(TABLE, group.id, plays.system, gm, plays.skills)
        await plays.characters(game, players)
        fresh = await Character.filter(game_id=game.id).values("id", "state", "active_key")
        emu.enforce_limits = True
        emu.limits.count_edits = True
        emu.limits.per_chat_window = limits.per_chat_gap
        emu.limits.per_group_messages = limits.group_messages
        emu.limits.per_group_window = limits.group_window
        bot = make_bot(TOKEN, emu.base_url)
        dp = dispatcher(storage, TOKEN)
        dp["courier"].pacer.limits = replace(limits, count_edits=count_edits)
        loop = asyncio.get_running_loop()
        start, wall = loop.time(), time.time()
        fighters = Fighters(emu, group, players, plays, start + seconds)
        fights = finished = 0
        stalled = False
        async with running_polling(dp, bot):
            while not fighters.late():
                for row in fresh:  # everyone back on their feet (and alive) between fights
                    await Character.filter(id=row["id"]).update(
                        state=row["state"],
                        status=CharacterStatus.ACTIVE,
                        active_key=row["active_key"],
                        version=F("version") + 1,
                    )
                fights += 1
                ended = await fighters.encounter()
                finished += ended is True
                if ended is False:
                    stalled = True
                    break
            elapsed, stopped = loop.time() - start, time.time()
            waited = await settle(emu, group, limits.group_window, fighters.queries)
            live = await live_with_buttons(group)
            left = stale_buttons(emu, group, live)
            stale = [waited, *await explain_stale(emu, group, wall, stopped)] if left else []
        await bot.session.close()
        calls = [c for c in emu.state.calls if c.method.lower() != "getupdates"]
    in_group = [
        c
        for c in calls
        if c.status == 200
        and str(c.params.get("chat_id")) == str(group.id)
        and c.method.lower().startswith(COUNTED)
        and c.method.lower() != "sendchataction"
    ]
    sends = [c.time for c in in_group if c.method.lower().startswith("send")]
    return BusyRun(
        elapsed,
        fights,
        finished,
        len(fighters.rounds),
        fighters.presses,
        stalled,
        Counter(c.method for c in calls),
        Counter(c.method for c in calls if c.status == 429),
        sends,
        left,
        len(in_group),
        results_delays(sends, fighters.pressed),
        count_edits,
        stale,
        kind,
        plays.fighters,
    )
