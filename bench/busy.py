"""The busy group: eight fighters in one group play pool fights one after another for a given
time, each fighter pressing the moment the live message shows them ⏳ (no thinking time), through
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
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from tortoise.expressions import F

from bench.fights import NAMES, USER_BASE, set_up, to_act
from bench.production import dispatcher
from bot.callbacks import EncounterCallback
from bot.db.models import Character, CharacterStatus, LiveMessage, OwedMessage
from bot.pacing import Limits
from bot.session import make_bot
from bot.storage import Storage
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator, running_polling
from tests.telegram_emulator.models import CallRecord

TOKEN = "4343:BUSY-group-token-for-the-load-benchmark-01234"
FIGHTERS = 8
TABLE = 0
STALL_SECONDS = 320.0  # a 429 may hold a send for up to 5 minutes (bot/session.py)
WINDOW_SECONDS = 60.0  # Telegram's window for a group's 20 messages

Press = tuple[int, EmuMessage, str]  # the character's number, the message, the button's data
PressKind = Literal["setup", "round"]  # joining and starting a fight, or playing its rounds
# What Telegram counts toward a chat's limits: new messages, edits and deletions.
COUNTED = ("send", "edit", "delete")
Step = list[Press] | Literal["over"]
T = TypeVar("T")


def buttons(message: EmuMessage | None) -> list[str]:
    if message is None:
        return []
    return [b["callback_data"] for row in message.buttons for b in row if "callback_data" in b]


@dataclass
class BusyRun:
    seconds: float
    fights: int  # fights begun
    finished: int
    rounds: int  # rounds pressed in
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
class Fighters:
    """The eight players, pressing through the emulator what the bot's messages ask of them."""

    emu: TelegramEmulator
    group: EmuChat
    players: list[EmuUser]
    deadline: float  # the event loop's time at which they stop
    rng: random.Random = field(default_factory=lambda: random.Random(FIGHTERS))
    presses: int = 0
    rounds: set[tuple[int, int]] = field(default_factory=set)  # (fight, round)
    pressed: list[tuple[float, PressKind]] = field(default_factory=list)  # wall-clock seconds
    _done: set[tuple[int, int, int]] = field(default_factory=set)  # (message, round, fighter)
    _answered: set[tuple[int, int, tuple[str, ...]]] = field(default_factory=set)  # prompts

    def late(self) -> bool:
        return asyncio.get_running_loop().time() >= self.deadline

    async def _until(self, check: Callable[[], T | None]) -> T | None:
        """Wait for ``check`` as the emulator sees the bot's calls: None when the time is up
        or nothing came for :data:`STALL_SECONDS`."""
        left = self.deadline - asyncio.get_running_loop().time()
        if left <= 0:
            return None
        return await self.emu.state.changed.wait_for(check, min(left, STALL_SECONDS))

    async def _press(
        self, number: int, message: EmuMessage, data: str, kind: PressKind = "round"
    ) -> str:
        self.presses += 1
        self.pressed.append((time.time(), kind))
        return await self.emu.press_button(self.players[number - 1], message, data=data)

    async def fight(self) -> bool | None:
        """``/fight 2``, the others join, the challenger starts, then every round: True when
        the fight ended, False when the bot stalled, None when the time is up."""
        before = self.emu.last_bot_message(self.group)
        since = before.message_id if before is not None else 0
        await self.emu.send_text(self.players[0], self.group, "/fight 2")

        def challenge() -> EmuMessage | None:
            live = self.emu.last_bot_message(self.group)
            return live if live is not None and live.message_id > since and buttons(live) else None

        live = await self._until(challenge)
        if live is None:
            return None if self.late() else False
        join, start = buttons(live)[:2]
        fight_id = EncounterCallback.unpack(join).id
        joins = [await self._press(n, live, join, "setup") for n in range(3, len(self.players) + 1)]
        for query in joins:
            await self.emu.wait_for_callback_answer(query, timeout=STALL_SECONDS)
        await self._press(1, live, start, "setup")
        return await self._rounds(fight_id)

    async def _rounds(self, fight_id: int) -> bool | None:
        seen = [0]  # the newest round message seen: a newer one without buttons ends the fight
        while True:
            step: Step | None = await self._until(lambda: self._step(fight_id, seen))
            if step is None:
                return None if self.late() else False
            if isinstance(step, str):  # "over"
                return True
            for number, message, data in step:
                await self._press(number, message, data)

    def _step(self, fight_id: int, seen: list[int]) -> Step | None:
        """What the fighters do now: private choices first, then the ⏳ fighters' presses."""
        choices = []
        for number, player in enumerate(self.players, start=1):
            prompt = self.emu.last_bot_message(self.emu.private_chat(player))
            targets = tuple(d for d in buttons(prompt) if d.startswith("en:pool:"))
            if prompt is not None and targets:
                key = (prompt.chat.id, prompt.message_id, targets)
                if key not in self._answered:
                    self._answered.add(key)
                    choices.append((number, prompt, self.rng.choice(targets)))
        if choices:
            return choices
        live = self.emu.last_bot_message(self.group)
        attacks = [EncounterCallback.unpack(d) for d in buttons(live) if d.startswith("en:pool:")]
        rounds = [a.at for a in attacks if a.move == "attack"]
        if live is None or not rounds:
            return "over" if live is not None and seen[0] and live.message_id > seen[0] else None
        seen[0] = live.message_id
        self.rounds.add((fight_id, rounds[0]))
        presses = []
        for _, number, data in to_act(fight_id, live.raw_text or live.body, rounds[0]):
            if (live.message_id, rounds[0], number) not in self._done:
                self._done.add((live.message_id, rounds[0], number))
                presses.append((number, live, data))
        return presses or None


def stale_buttons(emu: TelegramEmulator, group: EmuChat) -> int:
    """The group's messages with buttons but the newest (an open fight's live message)."""
    return max(0, sum(1 for m in emu.bot_messages(group) if m.buttons) - 1)


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
    if len(with_buttons) < 2:
        return []
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


async def busy_group(storage: Storage, seconds: float, *, count_edits: bool = True) -> BusyRun:
    """Fights in one group for ``seconds`` of wall time, on the current database; the
    emulator counts edits toward the group's limits, the bot's pacer only if ``count_edits``."""
    async with TelegramEmulator(TOKEN, bot_username="gm_busy_bot", bot_first_name="GM") as emu:
        players = [
            emu.add_user(
                f"Player {NAMES[k]}",
                language_code="ru",
                started=True,
                user_id=USER_BASE + 10 * TABLE + k,
            )
            for k in range(FIGHTERS)
        ]
        group = emu.add_group("Busy", members=players)
        table = await set_up(TABLE, FIGHTERS, group_id=group.id)
        fresh = await Character.filter(game_id=table.game_id).values("id", "state", "active_key")
        emu.enforce_limits = True
        emu.limits.count_edits = True
        bot = make_bot(TOKEN, emu.base_url)
        dp = dispatcher(storage, TOKEN)
        dp["courier"].pacer.limits = Limits(count_edits=count_edits)
        loop = asyncio.get_running_loop()
        start, wall = loop.time(), time.time()
        fighters = Fighters(emu, group, players, start + seconds)
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
                ended = await fighters.fight()
                finished += ended is True
                if ended is False:
                    stalled = True
                    break
            elapsed, stopped = loop.time() - start, time.time()
            # The fighters stopped; what the bot owes still goes out: an old message's retire
            # may wait for the group's minute (a message with buttons but the newest is stale).
            await emu.state.changed.wait_for(
                lambda: True if stale_buttons(emu, group) == 0 else None, WINDOW_SECONDS + 5
            )
            stale = await explain_stale(emu, group, wall, stopped)
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
        stale_buttons(emu, group),
        len(in_group),
        results_delays(sends, fighters.pressed),
        count_edits,
        stale,
    )
