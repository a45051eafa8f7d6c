"""Delivers the messages the game owes (:mod:`bot.services.outbox`), in order per chat, once.

Every replica runs one courier. The update (or timer) that owed messages delivers them as it
ends (:meth:`Courier.deliver`), so a player sees them at once; a poll every second delivers
what is left: rows of a crashed or stopped replica, rows held back by pacing or by a 429, rows
whose send failed on the network. One replica delivers a chat at a time (a lease per chat, in
Redis), so each chat's messages go out in the order they were owed.

A row is marked done after Telegram has answered. A crash between the answer and the mark
repeats that one message after the restart: an edit repeats harmlessly, a new message twice.
A mark the database refuses (a full disk, a read-only file) is tried again, with a growing
wait, until it lands: the process remembers what Telegram accepted and never sends it again.
The poll leaves such a chat to its wait; an update that owed the chat more (it has just
written, so the database may write again) tries the mark at once.

Sends, edits and retires are paced (:mod:`bot.pacing`), and all of them count toward a group's
minute, as Telegram counts them. Edits of one live message that are still waiting merge into
the newest, and an edit that would show what the message shows already is not sent. When the
group's minute is short, an edit of a live message is held (the chat's later rows go first: the
new messages the game owes, the retires) until its turn comes or a later edit of the same
message replaces it. A live message that cannot be edited any more (deleted, too old, left in a
group's old chat) is sent anew. When a new live message replaces one with buttons, the old
one's retire (its buttons go) is owed in the same transaction as the new one's mark, and goes
before the chat's other waiting rows: paced, and tried again after a 429. A group that became
a supergroup takes its rows to its new chat id (:attr:`Courier.mover`). A 429
delays the chat for as long as Telegram asks; network and server errors are tried again, with
a growing wait; a group closed to all but its admins (the bot being none) is tried every half
minute until it opens. The courier gives up only on what cannot succeed (the bot blocked or
removed, the chat gone), logs it, and tells the row's hook.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, cast
from weakref import WeakValueDictionary

import orjson
from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNotFound,
    TelegramRetryAfter,
)
from aiogram.types import InlineKeyboardMarkup, ReplyParameters
from redis.asyncio import Redis
from redis.exceptions import LockError
from tortoise.expressions import RawSQL
from tortoise.transactions import in_transaction

from bot import killpoints, tasks
from bot.db.models import LiveMessage, OwedMessage
from bot.faults import is_outage
from bot.leases import lease
from bot.pacing import Call, Pacer
from bot.services import outbox
from bot.session import CountedCalls, paced_by_caller

logger = logging.getLogger(__name__)
Hook = Callable[[Bot, OwedMessage, bool], Awaitable[None]]
Mover = Callable[[Bot, int, int], Awaitable[None]]  # the bot, a group's old chat id, its new one
POLL_SECONDS = 1.0
# The poll leaves a fresh row to the update or timer that owed it (it delivers as it ends): the
# poll is for what a crash, a stop, another replica or a wait left behind.
GRACE_SECONDS = 2.0
KEEP_SECONDS = 86_400.0  # delivered rows are kept a day (for /log-like forensics), then dropped
MARK_WAIT_MAX = 30.0  # a refused mark is tried again after 1, 2, 4 ... 30 s
STOP_SECONDS = 10.0  # how long a stop waits for the deliveries under way
FLUSH_SECONDS = 3.0  # a delivery paced this soon still goes out as the courier stops
MAX_ATTEMPTS = 30  # network/server failures in a row before giving up (~15 min of waits)
NOT_MODIFIED = "message is not modified"
# A group closed for a while (only its admins write, and the bot is none): the messages wait.
MUTED = ("not enough rights to send",)
MUTED_WAIT = 30.0
# What each row's live message shows now, read with the rows (one statement, not one a row).
_SHOWN = 'SELECT "{}" FROM "live_messages" WHERE "key" = "owed_messages"."live"'
SHOWN_COLUMNS = ("chat_id", "message_id", "head", "digest", "buttons")
SHOWN = {f"shown_{c}": RawSQL(f"({_SHOWN.format(c)})") for c in SHOWN_COLUMNS}
Shown = dict[str, LiveMessage | None]  # live key -> the message that shows it (None: none yet)


@dataclass
class Accepted:
    """What a row of ``chat_id`` Telegram accepted still has to write: its mark (the message's
    id), the live message it now is (with what it shows), the live message before it, whose
    retire is then owed; how many times the database has refused that mark, and when the poll
    may try it again."""

    chat_id: int
    message_id: int
    shown: LiveMessage | None = None
    retire: LiveMessage | None = None
    refused: int = 0
    due: float = 0.0  # time.time()


class MarkFailed(Exception):
    """Telegram accepted a message, the database refused its mark."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(repr(error))
        self.error = error


class Courier:
    def __init__(self, pacer: Pacer, redis: Redis | None = None) -> None:
        self.pacer = pacer
        self.redis = redis
        self.bot: Bot | None = None
        self.hooks: dict[str, Hook] = {}
        self.mover: Mover | None = None  # what moves a group's game to its new chat id
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._again: set[int] = set()
        self._wakes: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._poller: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self._swept = 0.0
        # Rows Telegram accepted whose mark the database has not taken yet, by row id.
        self._accepted: dict[int, Accepted] = {}

    def on(self, name: str, hook: Hook) -> None:
        """Call ``hook`` when a row whose hook is ``name:...`` is delivered or given up."""
        self.hooks[name] = hook

    def bind(self, bot: Bot) -> None:
        """The bot the courier delivers with; its other calls to chats are counted by the
        courier's pacer too (:class:`~bot.session.CountedCalls`)."""
        if self.bot is None:
            self.bot = bot
            self._count_calls(bot)

    def _count_calls(self, bot: Bot) -> None:
        session = getattr(bot, "session", None)  # none: a test's bot that calls no server
        if session is None:
            return
        counting = [m for m in session.middleware if isinstance(m, CountedCalls)]
        if counting:  # a courier before this one (a restart in the same process)
            counting[0].pacer = self.pacer
        else:
            session.middleware(CountedCalls(self.pacer))

    async def start(self, bot: Bot) -> None:
        """Deliver what is owed (before new updates are taken), then poll."""
        self.bind(bot)
        self._stopping.clear()
        await self.deliver_due()
        self._poller = asyncio.create_task(self._poll(), name="courier")

    async def stop(self) -> None:
        """Stop polling and wait for the deliveries under way: one cut between Telegram's
        answer and its mark would be sent again after the restart."""
        self._stopping.set()
        if self._poller is not None:
            done, _ = await asyncio.wait({self._poller}, timeout=STOP_SECONDS)
            if not done:
                await tasks.stop(self._poller)
            self._poller = None
        # What pacing held back for a moment (a second between two calls to a chat) still goes
        # out, and what that delivery holds back in turn; a longer wait (a 429, a full minute)
        # is left to the next start.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_SECONDS
        while True:
            for chat_id, wake in list(self._wakes.items()):
                wake.cancel()
                del self._wakes[chat_id]
                if wake.when() - loop.time() <= FLUSH_SECONDS:
                    self._flush(chat_id, max(0.0, wake.when() - loop.time()))
            left = deadline - loop.time()
            if not self._tasks or left <= 0:
                break
            await asyncio.wait(list(self._tasks), timeout=left)
        for wake in self._wakes.values():
            wake.cancel()
        self._wakes.clear()
        # Unmarked rows Telegram accepted: the process that sent them ends here (a restart
        # may send them once more, the documented repeat).
        self._accepted.clear()

    async def deliver(self, chats: Iterable[int]) -> None:
        """Deliver what ``chats`` are owed now, as far as pacing allows (the rest later)."""
        for chat_id in sorted(chats):
            await self._chat(chat_id)

    async def deliver_due(self, grace: float = 0.0) -> int:
        """Every chat with a row due ``grace`` seconds ago or earlier, but one whose refused mark
        waits to be tried again (its wake tries it); the number of chats."""
        now = time.time()
        chats = await (
            OwedMessage.filter(done=False, due_at__lte=now - grace)
            .distinct()
            .values_list("chat_id", flat=True)
        )
        waiting = {accepted.chat_id for accepted in self._accepted.values() if accepted.due > now}
        due = [chat_id for chat_id in cast(list[int], chats) if chat_id not in waiting]
        await asyncio.gather(*(self._chat(chat_id) for chat_id in due))
        return len(due)

    async def _poll(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(POLL_SECONDS):
                    await self._stopping.wait()
                return  # between two passes: none is cut short
            try:
                await self.deliver_due(GRACE_SECONDS)
                await self._sweep()
            except Exception as error:
                _log_failure(error, "the courier's poll failed; trying again")

    async def _sweep(self) -> None:
        now = time.time()
        if now - self._swept < 600:
            return
        self._swept = now
        await OwedMessage.filter(done=True, due_at__lt=now - KEEP_SECONDS).delete()

    async def _chat(self, chat_id: int) -> None:
        lock = self._locks.get(chat_id)
        if lock is None:
            lock = self._locks[chat_id] = asyncio.Lock()
        if lock.locked():
            self._again.add(chat_id)  # the holder looks again before it lets go
            return
        async with lock:
            # A delivery asked for while this one holds the lock (even while it gives back
            # its lease, an await) is looked at before the lock is let go: nothing is awaited
            # between the last look and the release.
            while True:
                self._again.discard(chat_id)
                try:
                    async with self._lease(chat_id):
                        while await self._run(chat_id) and chat_id in self._again:
                            self._again.discard(chat_id)
                except LockError:
                    return  # another replica delivers this chat now
                except Exception as error:
                    _log_failure(error, "could not deliver to chat %s", chat_id)
                    return
                if chat_id not in self._again:
                    return

    @contextlib.asynccontextmanager
    async def _lease(self, chat_id: int) -> Any:
        if self.redis is None:
            yield
            return
        async with lease(self.redis, f"gm:outbox:{chat_id}", blocking_timeout=0):
            yield

    async def _run(self, chat_id: int) -> bool:
        """Deliver the chat's rows in order until one must wait; False if one waits."""
        rows = await (
            OwedMessage.filter(chat_id=chat_id, done=False).annotate(**SHOWN).order_by("id")
        )
        shown = _shown(rows)
        rows = await _merge_edits(rows)
        # Old buttons go first: a retire waits only for its own live message (owed once that
        # was sent), and a stale button must not outlive a cosmetic edit.
        rows.sort(key=lambda row: row.action != outbox.Action.RETIRE)
        held: float | None = None  # the soonest an edit held for the group's minute may go
        for row in rows:
            call = _call(row)
            due = row.due_at - time.time()
            wait = max(due, self.pacer.wait(chat_id, call))
            short = wait > 0 and due <= 0 and call is Call.EDIT
            if short and self.pacer.wait(chat_id, Call.MESSAGE) <= 0:
                # The group's minute is short for a cosmetic edit: the rows after it go first,
                # and a later edit of its live message replaces it (the last state wins).
                held = wait if held is None else min(held, wait)
                continue
            if wait > 0:
                self._wake(chat_id, wait if held is None else min(wait, held))
                return False
            killpoints.reached("sending", _join(row.head, row.text))
            with self.pacer.calling(chat_id):
                sent = await self._one(row, shown)
            if not sent:
                return False
            killpoints.reached("marked", _join(row.head, row.text))
            if chat_id in self._again:  # a retire was owed (or more): read the rows again
                return True
        if held is not None:
            self._wake(chat_id, held)
            return False
        return True

    def _wake(self, chat_id: int, seconds: float) -> None:
        old = self._wakes.pop(chat_id, None)
        if old is not None:
            old.cancel()
        self._wakes[chat_id] = asyncio.get_running_loop().call_later(seconds, self._spawn, chat_id)

    def _flush(self, chat_id: int, delay: float) -> None:
        """Deliver ``chat_id`` after ``delay`` as the courier stops (waited for by :meth:`stop`)."""

        async def later() -> None:
            await asyncio.sleep(delay)
            await self._chat(chat_id)

        task = asyncio.get_running_loop().create_task(later())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _spawn(self, chat_id: int) -> None:
        self._wakes.pop(chat_id, None)
        task = asyncio.get_running_loop().create_task(self._chat(chat_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _one(self, row: OwedMessage, shown: Shown) -> bool:
        """Deliver one row; False when the chat must wait (a 429, a failure to retry)."""
        assert self.bot is not None, "the courier has no bot (bind() it first)"
        accepted = self._accepted.get(row.id)
        try:
            if accepted is not None:  # Telegram has it: only its mark is left, never a resend
                await self._mark(row, accepted)
            else:
                with paced_by_caller():
                    await self._send(self.bot, row, shown)
        except MarkFailed as failed:
            return self._mark_later(row, self._accepted[row.id], failed.error)
        except TelegramRetryAfter as error:
            self.pacer.hold(row.chat_id, error.retry_after)
            logger.warning("429 in chat %s: waiting %ss", row.chat_id, error.retry_after)
            await _later(row, error.retry_after, attempt=False)
            self._wake(row.chat_id, error.retry_after)
            return False
        except TelegramMigrateToChat as error:  # the group became a supergroup
            if self.mover is None:
                return await self._give_up(row, error)
            logger.warning("chat %s moved to %s", row.chat_id, error.migrate_to_chat_id)
            await self.mover(self.bot, row.chat_id, error.migrate_to_chat_id)
            self._spawn(error.migrate_to_chat_id)
            return False
        except TelegramBadRequest as error:
            if not any(sign in error.message for sign in MUTED):
                return await self._give_up(row, error)
            logger.warning(
                "chat %s does not let the bot write: again in %ss", row.chat_id, MUTED_WAIT
            )
            await _later(row, MUTED_WAIT, attempt=False)
            self._wake(row.chat_id, MUTED_WAIT)
            return False
        except (TelegramForbiddenError, TelegramNotFound) as error:
            return await self._give_up(row, error)
        except Exception as error:  # the network, Telegram's 5xx: later
            if row.attempts + 1 >= MAX_ATTEMPTS:
                logger.error("gave up a message to chat %s after %s tries", row.chat_id, error)
                await _finish(row, None, failed=True)
                await self._hook(row, delivered=False)
                return True
            wait = min(2.0**row.attempts, 60.0)
            logger.warning(
                "could not deliver to chat %s (%r): again in %ss",
                row.chat_id,
                error,
                wait,
                exc_info=True,
            )
            await _later(row, wait, attempt=True)
            self._wake(row.chat_id, wait)
            return False
        await self._hook(row, delivered=True)
        return True

    async def _give_up(self, row: OwedMessage, error: TelegramAPIError) -> bool:
        logger.warning("gave up a message to chat %s: %s", row.chat_id, error.message)
        await _finish(row, None, failed=True)
        await self._hook(row, delivered=False)
        return True

    async def _send(self, bot: Bot, row: OwedMessage, live: Shown) -> int | None:
        markup = _markup(row.markup)
        if row.action == outbox.Action.RETIRE:
            return await self._retire(bot, row)
        if row.action == outbox.Action.EDIT and row.live is not None:
            shown = live.get(row.live)
            if shown is not None and shown.chat_id != row.chat_id:  # the group moved
                return await self._send_live(bot, row, shown.head, shown, markup, live)
            if shown is not None:
                text = _join(shown.head, row.text)
                now = _showing(shown, text, row.markup)
                if now.digest != shown.digest:  # else it shows this already: nothing to send
                    try:
                        await bot.edit_message_text(
                            text,
                            chat_id=row.chat_id,
                            message_id=shown.message_id,
                            reply_markup=markup or InlineKeyboardMarkup(inline_keyboard=[]),
                        )
                        self.pacer.spent(row.chat_id, new=False)
                    except TelegramBadRequest as error:
                        if NOT_MODIFIED not in error.message:
                            logger.info("live %s not editable (%s): sent anew", row.live, error)
                            return await self._send_live(bot, row, shown.head, shown, markup, live)
                    live[row.live] = now
                await self._mark(row, Accepted(row.chat_id, int(shown.message_id), now))
                return int(shown.message_id)
            return await self._send_live(bot, row, "", None, markup, live)
        if row.live is not None:
            return await self._send_live(bot, row, row.head or "", live.get(row.live), markup, live)
        reply = None
        if row.reply_to is not None:
            reply = ReplyParameters(message_id=row.reply_to, allow_sending_without_reply=True)
        sent = await bot.send_message(
            row.chat_id,
            row.text,
            message_thread_id=row.thread_id,
            reply_markup=markup,
            reply_parameters=reply,
        )
        self.pacer.spent(row.chat_id, new=True)  # after the answer: later than Telegram's count
        await self._mark(row, Accepted(row.chat_id, sent.message_id))
        return sent.message_id

    async def _send_live(
        self,
        bot: Bot,
        row: OwedMessage,
        head: str,
        old: LiveMessage | None,
        markup: InlineKeyboardMarkup | None,
        live: Shown,
    ) -> int:
        """``row`` as the live message anew (under ``head``); the old one's retire is owed."""
        text = _join(head, row.text)
        sent = await bot.send_message(
            row.chat_id, text, message_thread_id=row.thread_id, reply_markup=markup
        )
        self.pacer.spent(row.chat_id, new=True)
        assert row.live is not None
        shown = LiveMessage(key=row.live, chat_id=row.chat_id, message_id=sent.message_id)
        shown = _showing(shown, text, row.markup, head)
        live[row.live] = shown  # the chat's later rows of this run edit the new message
        # A group's old chat (before it became a supergroup) is read-only: nothing to retire;
        # an old message without buttons keeps its text unless the row gives it another.
        retire = None
        replaced = old is not None and old.message_id != sent.message_id
        if old is not None and replaced and old.chat_id == row.chat_id:
            retire = old if old.buttons is not False or row.retire else None
        await self._mark(row, Accepted(row.chat_id, sent.message_id, shown, retire))
        return sent.message_id

    async def _retire(self, bot: Bot, row: OwedMessage) -> int | None:
        """An earlier live message loses its buttons (and takes the retire text, if any). A
        message gone, too old or already without them has nothing left to retire."""
        assert row.target is not None
        try:
            if row.text:
                await bot.edit_message_text(
                    _join(row.head, row.text), chat_id=row.chat_id, message_id=row.target
                )
            else:
                await bot.edit_message_reply_markup(
                    chat_id=row.chat_id, message_id=row.target, reply_markup=None
                )
            self.pacer.spent(row.chat_id, new=False)
        except TelegramBadRequest as error:
            if any(sign in error.message for sign in MUTED):
                raise
            logger.info("nothing to retire in %s/%s: %s", row.chat_id, row.target, error)
        target = int(row.target)
        await self._mark(row, Accepted(row.chat_id, target))
        return target

    async def _mark(self, row: OwedMessage, accepted: Accepted) -> None:
        """Mark a row Telegram has accepted (and make it the live message, and retire the one
        before it). Until the database takes the mark, the row is remembered as accepted: it is
        marked again later, never sent again by this process (:class:`MarkFailed`)."""
        self._accepted[row.id] = accepted
        try:
            async with in_transaction():
                await _finish(row, accepted.message_id)
                if accepted.shown is not None:  # one upsert: the old row was read with ``row``
                    await LiveMessage.bulk_create(
                        [accepted.shown],
                        on_conflict=["key"],
                        update_fields=["chat_id", "message_id", "head", "digest", "buttons"],
                    )
                if accepted.retire is not None:
                    await _owe_retire(accepted.retire, row.retire)
        except Exception as error:
            raise MarkFailed(error) from error
        if accepted.retire is not None:
            self._again.add(row.chat_id)  # its turn comes before the chat's cosmetic edits
        del self._accepted[row.id]
        if accepted.refused:
            logger.warning(
                "chat %s: a message's mark landed after %d tries", row.chat_id, accepted.refused
            )

    def _mark_later(self, row: OwedMessage, accepted: Accepted, error: BaseException) -> bool:
        """The database refused a mark: try it again after a growing wait (the message is
        Telegram's already). One log line when a row's mark starts failing."""
        accepted.refused += 1
        wait = min(2.0 ** (accepted.refused - 1), MARK_WAIT_MAX)
        accepted.due = time.time() + wait
        if accepted.refused == 1:
            logger.warning(
                "chat %s: Telegram accepted a message but the database refused its mark (%r):"
                " the mark is tried again, the message is not sent again",
                row.chat_id,
                error,
            )
        self._wake(row.chat_id, wait)
        return False

    async def _hook(self, row: OwedMessage, *, delivered: bool) -> None:
        if row.hook is None or self.bot is None:
            return
        name = row.hook.split(":", 1)[0]
        hook = self.hooks.get(name)
        if hook is None:
            logger.error("no hook %r for an owed message", name)
            return
        with outbox.collecting() as chats:
            try:
                await hook(self.bot, row, delivered)
            except Exception:
                logger.exception("the hook %r of an owed message failed", row.hook)
        if row.chat_id in chats:  # this chat is being delivered: its holder looks again
            chats.discard(row.chat_id)
            self._again.add(row.chat_id)
        if chats:
            self._spawn_many(chats)

    def _spawn_many(self, chats: Iterable[int]) -> None:
        for chat_id in chats:
            self._spawn(chat_id)


def _shown(rows: list[OwedMessage]) -> Shown:
    """The live messages of ``rows`` as read with them (:data:`SHOWN`)."""
    shown: Shown = {}
    for row in rows:
        if row.live is not None and row.live not in shown:
            values = dict(zip(SHOWN_COLUMNS, (getattr(row, name) for name in SHOWN), strict=True))
            found = values["message_id"] is not None
            shown[row.live] = LiveMessage(key=row.live, **values) if found else None
    return shown


async def _merge_edits(rows: list[OwedMessage]) -> list[OwedMessage]:
    """Waiting edits of a live message that a later row of it replaces are done already."""
    later: set[str] = set()
    merged: list[int] = []
    kept: list[OwedMessage] = []
    for row in reversed(rows):
        if row.live is not None:
            if row.action == outbox.Action.EDIT and row.live in later:
                merged.append(row.id)
                continue
            later.add(row.live)
        kept.append(row)
    if merged:
        await OwedMessage.filter(id__in=merged).update(done=True)
    kept.reverse()
    return kept


async def _finish(row: OwedMessage, message_id: int | None, *, failed: bool = False) -> None:
    killpoints.reached("unmarked", _join(row.head, row.text))
    await OwedMessage.filter(id=row.id).update(done=True, failed=failed, message_id=message_id)
    row.done, row.failed, row.message_id = True, failed, message_id


async def _later(row: OwedMessage, seconds: float, *, attempt: bool) -> None:
    attempts = row.attempts + 1 if attempt else row.attempts
    due = time.time() + seconds
    await OwedMessage.filter(id=row.id).update(due_at=due, attempts=attempts)
    row.due_at, row.attempts = due, attempts


async def _owe_retire(old: LiveMessage, text: str | None) -> None:
    """Owe the retire of ``old``, the live message a new one replaced (delivered, paced and
    retried like any message: a stale button must not stay on the screen)."""
    await OwedMessage.create(
        chat_id=old.chat_id,
        action=outbox.Action.RETIRE,
        head=old.head,
        text=text or "",
        target=old.message_id,
        due_at=time.time(),
    )


def _showing(
    shown: LiveMessage, text: str, markup: dict[str, Any] | None, head: str | None = None
) -> LiveMessage:
    """``shown`` as it is once it shows ``text`` with ``markup`` (under ``head``: its own)."""
    rows = (markup or {}).get("inline_keyboard") or []
    data = orjson.dumps([text, rows], option=orjson.OPT_SORT_KEYS)
    return LiveMessage(
        key=shown.key,
        chat_id=shown.chat_id,
        message_id=shown.message_id,
        head=shown.head if head is None else head,
        digest=hashlib.blake2b(data, digest_size=16).hexdigest(),
        buttons=any(rows),
    )


def _call(row: OwedMessage) -> Call:
    """How urgent ``row`` is for the pacer: a new message, a retire, or an edit of a live
    message that a later one may replace."""
    if row.action == outbox.Action.RETIRE:
        return Call.RETIRE
    return Call.EDIT if row.action == outbox.Action.EDIT else Call.MESSAGE


def _join(head: str | None, text: str) -> str:
    return f"{head}\n\n{text}" if head else text


def _markup(data: dict[str, Any] | None) -> InlineKeyboardMarkup | None:
    return InlineKeyboardMarkup.model_validate(data) if data else None


def _log_failure(error: Exception, message: str, *args: object) -> None:
    """A bug gets its traceback; Redis or the database being down (tried again by the next
    poll, :mod:`bot.health`) one line."""
    if is_outage(error):
        logger.warning(f"{message} (%s: %s)", *args, type(error).__name__, error)
    else:
        logger.exception(message, *args)
