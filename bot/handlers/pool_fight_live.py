"""Edits of a pool fight's live message: at most one a second per message, a second late.

Telegram lets a bot speak about once a second in a chat. When four fighters press in the same
second, four edits of one message would run into its flood limit, and all but the last are
outdated before they are shown. So a press's edit waits ``every`` seconds, and the newest view
of that time goes out then: one edit for all the presses in between. After an edit (or a new
message: sending is speaking too) the message is quiet for ``every`` seconds, and what comes
meanwhile waits for that time to end. A round's new live message drops the old message's
waiting edit: the last press of a round is shown by the new message itself, so a round whose
fighters all press within a second edits nothing at all. The press itself is answered at once
(its pop-up); only its mark on the live message may be up to ``every`` seconds late.

An edit that changes the fight's stage (the fight starts, ends, is stopped) goes out at once:
it changes what the buttons do. So does the first edit of a message this process has not shown
(after a restart, or sent by another replica): its stage is not known here. A view older than
one already shown or waiting is never shown. Each edit is the whole message (text and keyboard)
rendered from a saved view, so dropping or merging edits loses nothing: the game state is in
the database, and the next edit shows it. A graceful stop sends what is waiting
(:meth:`LiveEdits.flush`). An edit that waited is sent only if the fight's row still has its
message and version: another replica may have moved the fight on (a new round's message,
whose old one must not get its buttons back).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from dataclasses import dataclass

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import InlineKeyboardMarkup

from bot.handlers.pool_fight_keyboards import live_keyboard
from bot.i18n import L10n
from bot.services.fight_store import FINISHED, FightView, shown_step
from bot.services.games import settings_of
from bot.views.pool_fight import live_text

logger = logging.getLogger(__name__)
EVERY_SECONDS = 1.0
KEPT = 10_000  # live messages whose shown step is remembered (a forgotten one edits at once)


@dataclass
class _Shown:
    """A live message as this process showed it: its step, its quiet time (``timer``) or the
    wait of a press's edit, and the view that waits."""

    message_id: int
    version: int
    stage: str
    timer: asyncio.TimerHandle | None = None
    waiting: tuple[Bot, FightView, L10n] | None = None


class LiveEdits:
    """One per dispatcher (``live`` in handlers' and timers' data); ``every`` 0 edits at once."""

    def __init__(self, every: float = EVERY_SECONDS, kept: int = KEPT) -> None:
        self.every = every
        self.kept = kept
        self._shown: OrderedDict[int, _Shown] = OrderedDict()  # fight id -> its live message
        self._tasks: set[asyncio.Task[None]] = set()

    async def edit(self, bot: Bot, view: FightView, l10n: L10n) -> None:
        """Show ``view`` in the fight's live message: at ``every`` seconds' end, or now."""
        message_id = view.record.message_id
        if message_id is None:
            return
        shown = self._shown.get(view.id)
        if shown is not None:
            if view.record.version < shown.version:
                return  # a newer view is shown or waiting (or a newer message replaced this one)
            if shown.message_id == message_id and view.stage == shown.stage:
                shown.version, shown.waiting = view.record.version, (bot, view, l10n)
                if shown.timer is None:
                    shown.timer = self._later(view.id)
                return
        self._spoke(view.id, message_id, view)
        await _edit(bot, view, l10n, message_id)

    def sent(self, view: FightView) -> None:
        """A new live message was sent for the fight: the old one's pending edit is dropped."""
        if view.record.message_id is not None:
            self._spoke(view.id, view.record.message_id, view)

    async def flush(self) -> None:
        """Send every waiting edit now and wait for edits under way (a graceful stop)."""
        for fight_id, shown in list(self._shown.items()):
            if shown.timer is not None:
                shown.timer.cancel()
            del self._shown[fight_id]
            if shown.waiting is not None:
                bot, view, l10n = shown.waiting
                await _deferred(bot, view, l10n, shown.message_id)
        if self._tasks:
            await asyncio.wait(list(self._tasks))

    @property
    def waiting(self) -> int:
        """Edits waiting for their time."""
        return sum(1 for shown in self._shown.values() if shown.waiting is not None)

    def _spoke(self, fight_id: int, message_id: int, view: FightView) -> None:
        """The message was sent or edited just now: quiet for ``every`` seconds."""
        old = self._shown.pop(fight_id, None)
        if old is not None and old.timer is not None:
            old.timer.cancel()
        if self.every <= 0:
            return
        shown = _Shown(message_id, view.record.version, view.stage)
        shown.timer = self._later(fight_id)
        self._shown[fight_id] = shown
        while len(self._shown) > self.kept:
            _, oldest = self._shown.popitem(last=False)
            if oldest.timer is not None:
                oldest.timer.cancel()
            if oldest.waiting is not None:
                self._send(oldest.waiting, oldest.message_id)

    def _later(self, fight_id: int) -> asyncio.TimerHandle:
        return asyncio.get_running_loop().call_later(self.every, self._due, fight_id)

    def _due(self, fight_id: int) -> None:
        shown = self._shown.get(fight_id)
        if shown is None:
            return
        if shown.waiting is None:  # quiet: the next press's edit waits its own time
            shown.timer = None
            if shown.stage == FINISHED:
                del self._shown[fight_id]
            return
        waiting, shown.waiting = shown.waiting, None
        shown.timer = self._later(fight_id)
        self._send(waiting, shown.message_id)

    def _send(self, waiting: tuple[Bot, FightView, L10n], message_id: int) -> None:
        # In the context of the update that began the wait (call_later keeps it): the
        # database's connections are found there, outside any transaction.
        task = asyncio.get_running_loop().create_task(_deferred(*waiting, message_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


async def _edit(bot: Bot, view: FightView, l10n: L10n, message_id: int) -> None:
    markup = await live_keyboard(bot, l10n, view)
    # The step is saved already; a lost edit ("not modified", deleted message) changes nothing.
    with contextlib.suppress(TelegramAPIError):
        await bot.edit_message_text(
            live_text(l10n, view, settings_of(view.game)),
            chat_id=view.record.chat_id,
            message_id=message_id,
            reply_markup=markup or InlineKeyboardMarkup(inline_keyboard=[]),
        )


async def _deferred(bot: Bot, view: FightView, l10n: L10n, message_id: int) -> None:
    """An edit after its quiet time, if its view is still the fight's newest step; no update is
    there to report a failure to, so log it."""
    try:
        if await shown_step(view.id) != (message_id, view.record.version):
            return
        await _edit(bot, view, l10n, message_id)
    except Exception:
        logger.exception("could not edit the live message of fight %s", view.id)
