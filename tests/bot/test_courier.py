"""The courier delivers what the game owes: in order per chat, once, paced, after any crash.

Against the real database, the real Redis (leases) and the Bot API emulator; the rows are owed
the way services owe them (:func:`bot.services.outbox.owe` inside a transaction).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiogram import Bot
from redis.asyncio import Redis
from tortoise.transactions import in_transaction

from bot.courier import Courier
from bot.db.models import LiveMessage, OwedMessage
from bot.db.setup import close_database, init_database
from bot.pacing import OFF, Limits, Pacer
from bot.services.outbox import Action, Outgoing, collecting, owe
from bot.session import make_bot
from tests.bot.read_only_rig import allow_writes
from tests.telegram_emulator import EmuChat, TelegramEmulator

BUTTONS = {"inline_keyboard": [[{"text": "⚔", "callback_data": "x"}]]}


@pytest.fixture
async def bot(emu: TelegramEmulator) -> AsyncIterator[Bot]:
    bot = make_bot(emu.token, emu.base_url)
    yield bot
    await bot.session.close()


@pytest.fixture
async def redis(clean_redis: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(clean_redis)
    yield client
    await client.aclose()


@pytest.fixture
def group(emu: TelegramEmulator) -> EmuChat:
    player = emu.add_user("Аня", started=True)
    return emu.add_group("Подземелье", members=[player])


async def owed(*messages: Outgoing) -> set[int]:
    with collecting() as chats:
        async with in_transaction():
            await owe(messages)
    return chats


def texts(emu: TelegramEmulator, chat: EmuChat) -> list[str]:
    return [m.text or "" for m in emu.bot_messages(chat)]


async def test_a_chats_messages_go_out_in_order_and_waiting_edits_merge(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:1"}
    chats = await owed(
        Outgoing(text="Раунд 1", head="🎲 кубики раунда 1", markup=BUTTONS, **live),
        Outgoing(text="Раунд 1: 1 из 3", action=Action.EDIT, markup=BUTTONS, **live),
        Outgoing(text="Раунд 1: 2 из 3", action=Action.EDIT, markup=BUTTONS, **live),
        Outgoing(group.id, "Новости зала"),
    )
    assert chats == {group.id}
    await courier.deliver(chats)
    assert texts(emu, group) == ["🎲 кубики раунда 1\n\nРаунд 1: 2 из 3", "Новости зала"]
    assert len(emu.calls("editMessageText", include_polling=False)) == 1  # two edits, one call
    assert await OwedMessage.filter(done=False).count() == 0


async def test_a_live_edit_keeps_the_dice_above_it_and_a_new_round_retires_the_old_message(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:1", "markup": BUTTONS}
    await courier.deliver(await owed(Outgoing(text="Раунд 2", head="🎲 раунд 1", **live)))
    await courier.deliver(await owed(Outgoing(text="Раунд 2: 1 из 2", action=Action.EDIT, **live)))
    first = emu.bot_messages(group)[0]
    assert first.text == "🎲 раунд 1\n\nРаунд 2: 1 из 2"  # the dice stay
    await courier.deliver(await owed(Outgoing(text="Раунд 3", head="🎲 раунд 2", **live)))
    first, second = emu.bot_messages(group)
    assert first.text == "🎲 раунд 1\n\nРаунд 2: 1 из 2" and not first.reply_markup
    assert second.text == "🎲 раунд 2\n\nРаунд 3" and second.reply_markup
    shown = await LiveMessage.get(key="pool:1")
    assert shown.message_id == second.message_id


async def test_an_edit_of_a_deleted_live_message_is_sent_anew_with_its_dice(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:7"}
    await courier.deliver(await owed(Outgoing(text="Раунд 2", head="🎲 раунд 1", **live)))
    await bot.delete_message(group.id, emu.bot_messages(group)[0].message_id)
    await courier.deliver(await owed(Outgoing(text="Раунд 2: 1 из 2", action=Action.EDIT, **live)))
    assert texts(emu, group) == ["🎲 раунд 1\n\nРаунд 2: 1 из 2"]


async def test_pacing_keeps_a_group_within_its_limit_and_loses_nothing(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    emu.limits.per_group_messages, emu.limits.per_group_window = 3, 2.0
    emu.limits.per_chat_window = 0.2
    emu.enforce_limits = True
    courier = Courier(Pacer(Limits(0.2, 3, 2.0)), redis)
    courier.bind(bot)
    await courier.deliver(await owed(*(Outgoing(group.id, f"№{n}") for n in range(7))))
    assert texts(emu, group) == ["№0"]  # the rest waits: a chat's gap, then the group's window
    for _ in range(100):
        if len(texts(emu, group)) == 7:
            break
        await asyncio.sleep(0.1)
    assert texts(emu, group) == [f"№{n}" for n in range(7)]
    sends = emu.calls("sendMessage", include_polling=False)
    assert [c for c in sends if c.status != 200] == []  # paced before Telegram had to say no
    assert sends[3].time - sends[0].time >= 1.9  # the fourth waited for the group's window
    await courier.stop()


async def test_a_429_delays_the_chat_and_loses_nothing(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    emu.fail_next("sendMessage", 429, retry_after=1, times=5)
    await courier.deliver(await owed(*(Outgoing(group.id, f"№{n}") for n in range(3))))
    for _ in range(60):
        if len(texts(emu, group)) == 3:
            break
        await asyncio.sleep(0.1)
    assert texts(emu, group) == ["№0", "№1", "№2"]
    await courier.stop()


async def test_a_group_closed_to_all_but_admins_keeps_its_messages_until_it_opens(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    """An admin closes the group for the night; the bot is no admin: what the game owes it
    waits (tried every half minute), then goes out in order once the group is open again."""
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    emu.set_members_can_send(group, False)
    await courier.deliver(await owed(*(Outgoing(group.id, f"№{n}") for n in range(3))))
    assert texts(emu, group) == []
    held = await OwedMessage.filter(chat_id=group.id).order_by("id")
    assert [(row.done, row.failed, row.attempts) for row in held] == [(False, False, 0)] * 3
    assert held[0].due_at > time.time() + 20  # not given up: tried again in half a minute

    emu.set_members_can_send(group, True)
    await OwedMessage.filter(chat_id=group.id).update(due_at=time.time())  # half a minute on
    await courier.deliver([group.id])
    assert texts(emu, group) == ["№0", "№1", "№2"]
    assert await OwedMessage.filter(chat_id=group.id, done=True, failed=False).count() == 3
    await courier.stop()


async def test_a_server_error_is_tried_again_and_a_blocked_user_is_given_up_with_its_hook(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    told: list[tuple[str | None, bool]] = []

    async def hook(bot: Bot, row: OwedMessage, delivered: bool) -> None:
        told.append((row.hook, delivered))

    courier.on("seen", hook)
    walker = emu.add_user("Боря", started=True)
    await emu.block_bot(walker)
    emu.fail_next("sendMessage", 500, when=lambda params: int(params["chat_id"]) == group.id)
    await courier.deliver(
        await owed(
            Outgoing(group.id, "в группу", hook="seen:group"),
            Outgoing(walker.id, "в личку", hook="seen:walker"),
        )
    )
    assert told == [("seen:walker", False)]
    for _ in range(40):  # the hook runs once the row is marked, just after Telegram answered
        if len(told) == 2:
            break
        await asyncio.sleep(0.1)
    assert texts(emu, group) == ["в группу"]
    assert told == [("seen:walker", False), ("seen:group", True)]
    failed = await OwedMessage.get(chat_id=walker.id)
    assert failed.done and failed.failed
    await courier.stop()


async def test_what_a_dead_replica_owed_goes_out_at_start_before_anything_new(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    await owed(Outgoing(group.id, "🎲 раунд 1"), Outgoing(group.id, "Раунд 2"))  # then "killed"
    assert texts(emu, group) == []
    courier = Courier(Pacer(OFF), redis)
    await courier.start(bot)
    assert texts(emu, group) == ["🎲 раунд 1", "Раунд 2"]
    await courier.stop()


async def test_a_delivery_asked_for_while_the_holder_gives_back_its_lease_is_not_left_waiting(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    """The round's last press owes the results while the press before it still delivers its
    edit: the second delivery finds the chat taken and leaves its row to the holder. The holder
    must look again even when the ask comes as it gives back its lease (an await), not leave
    the row to the poll seconds later (it used to: a fight's results then came late)."""
    courier = Courier(Pacer(OFF), redis)  # not started: no poll would deliver what is left
    courier.bind(bot)
    held = emu.hold_next("sendMessage")
    first = asyncio.create_task(courier.deliver(await owed(Outgoing(group.id, "Раунд 1: 1 из 2"))))
    await asyncio.wait_for(held.reached.wait(), 10)
    # Redis holds every write for a while: the holder's release of its lease waits in it.
    await redis.client_pause(600, all=False)  # CLIENT PAUSE 600 WRITE
    held.release()
    for _ in range(100):  # the first row is marked sent: the holder goes on to its release
        if await OwedMessage.filter(done=True).exists():
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.1)
    assert not first.done()
    second = await owed(Outgoing(group.id, "Итоги раунда 1"))
    await courier.deliver(second)  # the chat is taken: left to the holder
    await asyncio.wait_for(first, 10)
    assert texts(emu, group) == ["Раунд 1: 1 из 2", "Итоги раунда 1"]
    assert await OwedMessage.filter(done=False).count() == 0


async def test_two_replicas_deliver_each_message_once_in_order(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    one, two = Courier(Pacer(OFF), redis), Courier(Pacer(OFF), redis)
    one.bind(bot)
    two.bind(bot)
    chats = await owed(*(Outgoing(group.id, f"№{n}") for n in range(20)))
    await asyncio.gather(one.deliver(chats), two.deliver(chats), one.deliver_due())
    await one.deliver_due()
    await two.deliver_due()
    assert texts(emu, group) == [f"№{n}" for n in range(20)]


async def test_two_replicas_on_postgres_deliver_each_message_once_in_order(
    emu: TelegramEmulator, bot: Bot, redis: Redis, postgres_database: str, group: EmuChat
) -> None:
    """The production layout: PostgreSQL's concurrent connections, two couriers racing for the
    same chats (each replica's update ends and polls deliver at once)."""
    await init_database(postgres_database)
    try:
        one, two = Courier(Pacer(OFF), redis), Courier(Pacer(OFF), redis)
        one.bind(bot)
        two.bind(bot)
        walker = emu.add_user("Боря", started=True)
        chats = await owed(
            *(Outgoing(group.id if n % 3 else walker.id, f"№{n}") for n in range(30))
        )
        await asyncio.gather(
            one.deliver(chats), two.deliver(chats), one.deliver_due(), two.deliver_due()
        )
        await one.deliver_due()
        await two.deliver_due()
        assert texts(emu, group) == [f"№{n}" for n in range(30) if n % 3]
        private = emu.private_chat(walker)
        assert texts(emu, private) == [f"№{n}" for n in range(30) if not n % 3]
        assert await OwedMessage.filter(done=False).count() == 0
    finally:
        await close_database()


async def test_a_429_in_one_chat_does_not_hold_the_others(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    walker = emu.add_user("Боря", started=True)
    emu.fail_next(
        "sendMessage", 429, retry_after=3, when=lambda params: int(params["chat_id"]) == group.id
    )
    started = asyncio.get_running_loop().time()
    await courier.deliver(await owed(Outgoing(group.id, "в группу"), Outgoing(walker.id, "лично")))
    assert texts(emu, emu.private_chat(walker)) == ["лично"]
    assert asyncio.get_running_loop().time() - started < 2  # not after the group's 3 s
    assert texts(emu, group) == []
    assert courier.pacer.crowded(group.id)
    for _ in range(60):
        if texts(emu, group):
            break
        await asyncio.sleep(0.1)
    assert texts(emu, group) == ["в группу"]
    await courier.stop()


async def test_a_429_storm_delays_messages_and_loses_none(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    """Telegram's limits enforced and the courier NOT pacing (as after a replica's restart,
    when it does not know what was sent just before): Telegram says no, and says it often; every
    owed row is still delivered once, in order, none given up."""
    emu.limits.per_group_messages, emu.limits.per_group_window = 4, 3.0
    emu.enforce_limits = True
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    owed_texts = [f"№{n}" for n in range(10)]
    await courier.deliver(await owed(*(Outgoing(group.id, text) for text in owed_texts)))
    for _ in range(150):
        if len(texts(emu, group)) == len(owed_texts):
            break
        await asyncio.sleep(0.1)
    assert texts(emu, group) == owed_texts
    refused = [c for c in emu.calls("sendMessage", include_polling=False) if c.status == 429]
    assert refused  # the storm happened
    rows = await OwedMessage.filter(chat_id=group.id).order_by("id")
    assert [(r.text, r.done, r.failed) for r in rows] == [(t, True, False) for t in owed_texts]
    assert [r.message_id for r in rows] == [m.message_id for m in emu.bot_messages(group)]
    await courier.stop()


async def _delivered_as_writes_fail(
    emu: TelegramEmulator, courier: Courier, message: Outgoing
) -> None:
    """``message`` owed and delivered; the database refuses writes from the moment Telegram
    has it (the disk fills up), before the courier can mark it."""
    chats = await owed(message)
    hold = emu.hold_next("sendMessage")
    delivery = asyncio.create_task(courier.deliver(chats))
    await hold.reached.wait()
    await allow_writes(allowed=False)
    hold.release()
    await delivery


async def test_a_message_telegram_accepted_is_never_sent_again_while_its_mark_fails(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    await _delivered_as_writes_fail(emu, courier, Outgoing(group.id, "🌀 Цикл 5 прошёл."))
    for _ in range(3):  # deliveries look again while the disk is full
        await courier.deliver([group.id])
    assert texts(emu, group) == ["🌀 Цикл 5 прошёл."]
    assert len(emu.calls("sendMessage", include_polling=False)) == 1
    [row] = await OwedMessage.all()
    assert not row.done  # the mark could not be written

    await allow_writes(allowed=True)
    await courier.deliver([group.id])
    [row] = await OwedMessage.all()
    assert row.done and row.message_id == emu.bot_messages(group)[0].message_id
    assert len(emu.calls("sendMessage", include_polling=False)) == 1  # once, in all
    await courier.stop()


async def test_a_live_message_whose_mark_failed_becomes_live_and_retires_the_old_later(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:3", "markup": BUTTONS}
    await courier.deliver(await owed(Outgoing(text="Раунд 1", **live)))
    await _delivered_as_writes_fail(
        emu, courier, Outgoing(text="Раунд 2", head="🎲 раунд 1", **live)
    )
    await courier.deliver([group.id])
    first, second = emu.bot_messages(group)
    assert first.reply_markup and second.reply_markup  # not retired before the mark

    await allow_writes(allowed=True)
    await courier.deliver([group.id])
    assert len(emu.bot_messages(group)) == 2  # the new round was not sent again
    assert not first.reply_markup and second.reply_markup  # one live message
    assert (await LiveMessage.get(key="pool:3")).message_id == second.message_id
    assert await OwedMessage.filter(done=False).count() == 0


async def test_an_edit_that_changes_nothing_is_not_sent(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    """What a live message shows is kept (its digest): the same text and buttons again cost no
    call and provoke no «message is not modified»; another text or other buttons do."""
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:1", "markup": BUTTONS}
    await courier.deliver(await owed(Outgoing(text="Раунд 1", head="🎲 1", **live)))
    for text in ("Раунд 1", "Раунд 1: 1 из 2", "Раунд 1: 1 из 2"):
        await courier.deliver(await owed(Outgoing(text=text, action=Action.EDIT, **live)))
    await courier.deliver(
        await owed(
            Outgoing(text="Раунд 1: 1 из 2", action=Action.EDIT, chat_id=group.id, live="pool:1")
        )
    )  # the same text without its buttons: a change
    edits = emu.calls("editMessageText", include_polling=False)
    assert [call.ok for call in edits] == [True, True]
    assert emu.bot_messages(group)[0].buttons == []
    assert await OwedMessage.filter(done=False).count() == 0


async def test_a_retire_answered_429_is_tried_again_until_the_old_buttons_are_gone(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    """Retiring the old live message's buttons is owed work: a 429 delays it, never drops it
    (it used to be logged «could not retire» and given up)."""
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    live: dict[str, Any] = {"chat_id": group.id, "live": "pool:1", "markup": BUTTONS}
    await courier.deliver(await owed(Outgoing(text="Раунд 1", head="🎲 1", **live)))
    old = emu.bot_messages(group)[0]
    emu.fail_next("editMessageReplyMarkup", 429, retry_after=1)
    await courier.deliver(await owed(Outgoing(text="Раунд 2", head="🎲 2", **live)))
    assert old.reply_markup  # the retire was refused: it waits for Telegram's second
    [retire] = await OwedMessage.filter(done=False)
    assert (retire.action, retire.target) == (Action.RETIRE, old.message_id)
    await courier.start(bot)  # its poll takes the waiting retire
    try:
        await emu.wait_for_edit(old, timeout=10)
    finally:
        await courier.stop()
    assert not old.reply_markup and emu.bot_messages(group)[1].reply_markup
    statuses = [c.status for c in emu.calls("editMessageReplyMarkup", include_polling=False)]
    assert statuses == [429, 200]
    assert await OwedMessage.filter(done=False).count() == 0


async def test_the_poll_leaves_a_refused_mark_to_its_growing_wait(
    emu: TelegramEmulator, bot: Bot, redis: Redis, database: str, group: EmuChat
) -> None:
    """The poll runs every second: were it to try a refused mark each time, the wait between
    tries would never grow. It leaves the chat to the mark's wake; an update that owes the
    chat more (it has written: the database may write again) tries the mark at once."""
    courier = Courier(Pacer(OFF), redis)
    courier.bind(bot)
    await _delivered_as_writes_fail(emu, courier, Outgoing(group.id, "🌀 Цикл 6 прошёл."))
    await allow_writes(allowed=True)
    assert await courier.deliver_due() == 0  # the first wait (1 s) is not over
    [row] = await OwedMessage.all()
    assert not row.done

    await courier.deliver([group.id])
    [row] = await OwedMessage.all()
    assert row.done and row.message_id == emu.bot_messages(group)[0].message_id
    assert len(emu.calls("sendMessage", include_polling=False)) == 1
    await courier.stop()
