"""The message economy of a pool fight (Telegram allows ~20 messages a minute in a group): a
fight of four played to its end posts exactly one new group message per round (the round's
results with the new live message; round 1 opens in a new message too, so that its mentions
notify); every other step edits, or writes privately."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiogram import Dispatcher

from bot.callbacks import EncounterCallback
from bot.services.codec import load
from bot.services.fights import CHOOSING, FINISHED, KIND
from rules.pool.fight_flow import expected
from rules.pool.fight_table import PoolTable
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import Table, challenge, character, fight_record, pool_table, press

MAX_ROUNDS = 30
T = TypeVar("T")


class Handled:
    """Counts the updates the dispatcher has finished (an outer middleware), so the test waits
    for everything a press sets off, not only for the press's answer."""

    def __init__(self, dp: Dispatcher) -> None:
        self.count = 0
        self.sent = 0
        self._changed = asyncio.Event()
        dp.update.outer_middleware(self)

    async def __call__(
        self,
        handler: Callable[[Any, dict[str, Any]], Awaitable[Any]],
        event: Any,
        data: dict[str, Any],
    ) -> Any:
        try:
            return await handler(event, data)
        finally:
            self.count += 1
            self._changed.set()

    async def after(self, update: Awaitable[T]) -> T:
        """Send one update (a message or a press) and wait until it is fully handled."""
        self.sent += 1
        result = await update
        async with asyncio.timeout(10):
            while self.count < self.sent:
                self._changed.clear()
                await self._changed.wait()
        return result


def group_sends(gm: Harness, table: Table) -> int:
    """New messages the bot sent to the group (edits are not new messages)."""
    return sum(
        1
        for call in gm.emu.calls()
        if call.method.lower().startswith("send")
        and call.method.lower() != "sendchataction"
        and str(call.params.get("chat_id")) == str(table.group.id)
    )


async def _private_choice(gm: Harness, table: Table, done: Handled) -> bool:
    """Press the first target of an open private opponent choice, if any."""
    for number in range(1, len(table.players) + 1):
        prompt = gm.emu.last_bot_message(table.private(number))
        if prompt is not None and prompt.button_texts:
            await done.after(press(table, number, prompt, prompt.button_texts[0]))
            return True
    return False


async def _act(gm: Harness, table: Table, done: Handled, fight: PoolTable) -> None:
    """Every fighter still to act this round presses: attack, or stand up when fallen."""
    state = fight.state
    assert state is not None
    characters = [await character(table, n) for n in state.initiative]
    acted = {a.fighter for a in fight.actions}
    live = gm.emu.last_bot_message(table.group)
    assert live is not None
    for number in expected(state, characters):
        if number in acted:
            continue
        me = characters[state.initiative.index(number)]
        move = "stand" if me.fallen else "attack"
        fight_id = (await fight_record(table)).id
        data = EncounterCallback(kind=KIND, id=fight_id, move=move, at=state.round).pack()
        await done.after(gm.emu.press_button(table.player(number), live, data=data))


async def _round_of(table: Table) -> int:
    state = load(PoolTable, (await fight_record(table)).state).state
    return state.round if state is not None else 0


async def test_every_round_of_a_fight_of_four_is_one_new_group_message(gm: Harness) -> None:
    done = Handled(gm.dp)
    table = await pool_table(gm, 4)
    rng = random.Random(4)  # seeded dice: initiative, then every round
    gm.game_dice.add(10, *(rng.randint(1, 10) for _ in range(5000)))
    live = await done.after(challenge(table, 1, "/fight 2"))
    for number in (3, 4):
        await done.after(press(table, number, live, "Вступить"))
    await done.after(press(table, 1, live, "Начать"))
    assert group_sends(gm, table) == 1  # only /fight's live message so far

    for _ in range(MAX_ROUNDS * 8):
        record = await fight_record(table)
        if record.stage == FINISHED:
            break
        sends, rounds = group_sends(gm, table), await _round_of(table)
        if not await _private_choice(gm, table, done):
            fight = load(PoolTable, record.state)
            await _act(gm, table, done, fight)
        resolved = await _round_of(table) - rounds
        opened = record.stage == CHOOSING and (await fight_record(table)).stage != CHOOSING
        assert resolved in (0, 1)
        assert group_sends(gm, table) - sends == resolved + opened, f"after round {rounds}"
    assert (await fight_record(table)).stage == FINISHED
    rounds = await _round_of(table)
    assert rounds >= 2
    # /fight's message, round 1's opening (its mentions notify), then one per round
    assert group_sends(gm, table) == 2 + rounds
