"""The live message of a pool fight, edited at most once a second after action presses.

Every action press used to edit the group's live message at once ("Ход сделали: 2 из 4"):
three edits a round in a fight of four, most of them a moment apart, out of the ~20 messages a
minute Telegram allows a group. Now a press asks for an edit; the first asks schedule one
:data:`EDIT_SECONDS` later, and the presses in between ride along. The edit reads the fight as
it is then (inside the game's lock) and is dropped when the round has been resolved meanwhile:
the results were posted as a new live message.

Nothing here is game state: every press is saved before it is answered. A graceful stop sends
the pending edits at once; after a crash the next press or round shows the choices.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

from aiogram import Bot

from bot.handlers.pool_fight_publish import edit_live, group_l10n
from bot.i18n import Translator
from bot.services.errors import ServiceError
from bot.services.fight_store import FIGHTING, FightView, load_open
from bot.services.runtime import Runtime

EDIT_SECONDS = 1.0
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Asked:
    bot: Bot
    game_id: int
    fight_id: int
    message_id: int
    round: int


class LiveEdits:
    """Pending edits of live messages, one per fight at most, in this process."""

    def __init__(self, translator: Translator, runtime: Runtime, seconds: float = EDIT_SECONDS):
        self._translator = translator
        self._runtime = runtime
        self._seconds = seconds
        self._pending: dict[int, asyncio.Task[None]] = {}  # by fight: not yet reading
        self._tasks: set[asyncio.Task[None]] = set()  # every edit not finished
        self._now = asyncio.Event()  # set by flush(): pending edits go out at once

    def ask(self, bot: Bot, view: FightView) -> None:
        """Show ``view``'s fight in its live message soon (the state saved by then)."""
        state = view.fight.state
        if view.record.message_id is None or state is None or view.id in self._pending:
            return
        asked = _Asked(bot, view.game.id, view.id, view.record.message_id, state.round)
        task = asyncio.create_task(self._edit(asked), name=f"live:{view.id}")
        self._pending[view.id] = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def flush(self) -> None:
        """Send every pending edit now and wait for them (a graceful stop)."""
        self._now.set()
        try:
            while self._tasks:
                await asyncio.gather(*self._tasks, return_exceptions=True)
        finally:
            self._now.clear()

    async def _edit(self, asked: _Asked) -> None:
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._now.wait(), self._seconds)
            # From here on a press asks for an edit of its own: this one may have read too early.
            self._pending.pop(asked.fight_id, None)
            async with self._runtime.locks.game(asked.game_id) as game:
                view = await load_open(game, asked.fight_id, FIGHTING)
            state = view.fight.state
            if view.record.message_id != asked.message_id or state is None:
                return
            if state.round != asked.round:
                return  # resolved meanwhile: the new live message shows it
            await edit_live(asked.bot, view, group_l10n(self._translator, view))
        except ServiceError:
            return  # over, stopped, paused or ended: nothing to show
        except Exception:
            logger.exception("could not edit the live message of fight %s", asked.fight_id)
        finally:
            if self._pending.get(asked.fight_id) is asyncio.current_task():
                self._pending.pop(asked.fight_id, None)
