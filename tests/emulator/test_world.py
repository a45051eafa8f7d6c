"""Update shapes, privacy mode, membership events, uploads and text formatting."""

from __future__ import annotations

from typing import Any

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramMigrateToChat
from aiogram.types import BufferedInputFile, Update

from tests.telegram_emulator import EmulatorError, TelegramEmulator
from tests.telegram_emulator.errors import ApiError
from tests.telegram_emulator.formatting import parse_html, parse_markdown_v2

from .conftest import TOKEN


async def test_every_update_parses_as_aiogram_update(emu: TelegramEmulator, bot: Bot) -> None:
    gm, alice = emu.add_user("Gm", username="gamemaster"), emu.add_user("Alice", last_name="A")
    group = emu.add_group("Table", admins=[gm], bot_admin=True, forum=True)
    topic = emu.add_topic(group, "Scene")
    await emu.join_group(alice, group)
    first = await emu.send_text(alice, group, "hi @gamemaster see https://x.org #tag", thread_id=2)
    await emu.send_text(gm, group, "/kick", reply_to=first)
    await emu.edit_text(alice, first, "edited")
    sent = await bot.send_message(
        group.id,
        "<a href='tg://user?id=1'>x</a>",
        parse_mode="HTML",
        message_thread_id=topic.message_thread_id,
        reply_markup={"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]},  # type: ignore[arg-type]
    )
    message = emu.last_bot_message(group)
    assert message is not None and message.message_id == sent.message_id
    await emu.press_button(alice, message, data="go")
    await emu.leave_group(alice, group)
    await emu.block_bot(gm)

    kinds = []
    for pending in emu.updates:
        update = Update.model_validate(pending.to_json())
        kinds.append(update.event_type)
    assert kinds == [
        "message",  # new_chat_members
        "chat_member",
        "message",
        "message",
        "edited_message",
        "callback_query",
        "message",  # left_chat_member
        "chat_member",
        "my_chat_member",
    ]
    # chat_member is not delivered unless explicitly allowed (Telegram's default)
    assert [u.kind for u in emu.state.updates.dropped] == ["chat_member", "chat_member"]
    entities = emu.updates[2].payload["entities"]
    assert [e["type"] for e in entities] == ["mention", "url", "hashtag"]


async def test_privacy_mode_filters_group_messages() -> None:
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot", privacy_mode=True) as emu:
        alice = emu.add_user("Alice")
        group = emu.add_group("Table", members=[alice])
        await emu.send_text(alice, group, "just chatting")
        await emu.send_text(alice, group, "/roll@gm_test_bot")
        await emu.send_text(alice, group, "/roll@someone_else")
        await emu.send_text(alice, group, "/roll")
        await emu.send_text(alice, group, "see /roll")  # a command must start the message
        texts = [u.payload["text"] for u in emu.pending_updates]
        assert texts == ["/roll@gm_test_bot", "/roll"]


def _text_mention(length: int, user_id: int) -> dict[str, Any]:
    """A mention a client makes by picking a member from the list: it names the user's id."""
    return {"type": "text_mention", "offset": 0, "length": length, "user": {"id": user_id}}


async def test_privacy_mode_delivers_replies_to_the_bot_and_its_mentions() -> None:
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot", privacy_mode=True) as emu:
        alice, bob = emu.add_user("Alice"), emu.add_user("Bob")
        group = emu.add_group("Table", members=[alice, bob])
        client = emu.create_bot()
        try:
            prompt = await client.send_message(group.id, "Describe it")
            assert (await client.get_me()).can_read_all_group_messages is False
        finally:
            await client.session.close()
        from_bot = emu.last_bot_message(group)
        assert from_bot is not None and from_bot.message_id == prompt.message_id
        chatter = await emu.send_text(alice, group, "plain text")
        await emu.send_text(bob, group, "a reply to Alice", reply_to=chatter)
        await emu.send_text(alice, group, "a reply to the bot", reply_to=from_bot)
        await emu.send_text(alice, group, "hey @GM_test_bot look")
        await emu.send_text(alice, group, "hey @gm_test_bot_2 and @someone")
        await emu.send_text(bob, group, "GM, look", entities=[_text_mention(2, emu.bot_user.id)])
        await emu.send_text(bob, group, "Alice, look", entities=[_text_mention(5, alice.id)])
        await emu.edit_text(alice, chatter, "edited, @gm_test_bot")
        delivered = [(u.kind, u.payload["text"]) for u in emu.pending_updates]
        assert delivered == [
            ("message", "a reply to the bot"),
            ("message", "hey @GM_test_bot look"),
            ("message", "GM, look"),
            ("edited_message", "edited, @gm_test_bot"),
        ]
        # What the bot does not get is still in the chat, for everyone else to read.
        assert "a reply to Alice" in [m.body for m in emu.messages(group)]


async def test_an_admin_bot_or_privacy_off_gets_every_message() -> None:
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot", privacy_mode=True) as emu:
        alice = emu.add_user("Alice")
        admin_table = emu.add_group("Admin table", members=[alice], bot_admin=True)
        await emu.send_text(alice, admin_table, "plain text")
        emu.state.privacy_mode = False
        await emu.send_text(alice, emu.add_group("Open table", members=[alice]), "more text")
        assert [u.payload["text"] for u in emu.pending_updates] == ["plain text", "more text"]


async def test_client_entities_are_checked_and_kept_in_order(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice")
    group = emu.add_group("Table", members=[alice])
    mention = {"type": "text_mention", "offset": 6, "length": 3, "user": {"id": alice.id}}
    sent = await emu.send_text(alice, group, "/roll Ali #tag", entities=[mention])
    assert [e["type"] for e in sent.entities] == ["bot_command", "text_mention", "hashtag"]
    with pytest.raises(EmulatorError, match="outside the text"):
        await emu.send_text(alice, group, "hi", entities=[{**mention, "offset": 1}])


async def test_user_side_misuse_raises(emu: TelegramEmulator) -> None:
    alice, bob = emu.add_user("Alice"), emu.add_user("Bob")
    group = emu.add_group("Table", members=[alice])
    with pytest.raises(EmulatorError, match="not a member"):
        await emu.send_text(bob, group, "let me in")
    with pytest.raises(EmulatorError, match="cannot write"):
        await emu.send_text(bob, emu.private_chat(alice), "hi")
    with pytest.raises(EmulatorError, match="invalid deep link"):
        await emu.open_deep_link(alice, "has space")


async def test_multipart_upload(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    sent = await bot.send_photo(
        alice.id,
        BufferedInputFile(b"\x89PNG fake", filename="map.png"),
        caption="The <i>map</i>",
        parse_mode="HTML",
    )
    assert sent.photo is not None and sent.caption == "The map"
    record = emu.calls("sendPhoto")[0]
    assert list(record.files.values()) == [b"\x89PNG fake"]
    assert emu.transcript(emu.private_chat(alice)) == "Bot: [photo] The map"


def test_html_parser_matches_telegram() -> None:
    text, entities = parse_html('<b>a</b> <a href="https://x.org/?a=1&amp;b=2">l</a> 😀<u>é</u>')
    assert text == "a l 😀é"
    assert entities == [
        {"type": "bold", "offset": 0, "length": 1},
        {"type": "text_link", "offset": 2, "length": 1, "url": "https://x.org/?a=1&b=2"},
        {"type": "underline", "offset": 6, "length": 1},  # the emoji is 2 UTF-16 units
    ]
    with pytest.raises(ApiError, match='expected "</b>", found "</i>"'):
        parse_html("<b>x</i>")
    text, entities = parse_html('<pre><code class="language-python">x = 1</code></pre>')
    assert entities == [{"type": "pre", "offset": 0, "length": 5, "language": "python"}]


def test_markdown_v2_parser() -> None:
    text, entities = parse_markdown_v2("*b* _i_ __u__ ||s|| [l](https://x.org) \\!")
    assert text == "b i u s l !"
    assert [e["type"] for e in entities] == [
        "bold",
        "italic",
        "underline",
        "spoiler",
        "text_link",
    ]
    with pytest.raises(ApiError, match="Character '!' is reserved"):
        parse_markdown_v2("Hi!")


async def test_a_group_upgraded_to_a_supergroup_moves_and_its_old_id_answers_upgraded(
    emu: TelegramEmulator, bot: Bot
) -> None:
    gm, alice = emu.add_user("Gm"), emu.add_user("Alice")
    group = emu.add_group("Table", admins=[gm], members=[alice], supergroup=False)
    assert group.type == "group"
    supergroup = await emu.migrate_group(group, by=gm)
    assert supergroup.type == "supergroup" and supergroup.id != group.id
    assert {m.user.id for m in supergroup.members.values()} == {gm.id, alice.id}
    updates = [Update.model_validate(pending.to_json()) for pending in emu.updates]
    here, away = (u.message for u in updates if u.message is not None)
    assert here is not None and away is not None
    assert (here.chat.id, here.migrate_from_chat_id) == (supergroup.id, group.id)
    assert (away.chat.id, away.migrate_to_chat_id) == (group.id, supergroup.id)
    assert [u.event_type for u in updates] == ["message", "message", "my_chat_member"]
    with pytest.raises(TelegramMigrateToChat) as raised:
        await bot.send_message(group.id, "hello")
    assert raised.value.migrate_to_chat_id == supergroup.id
    await bot.send_message(supergroup.id, "hello")
    with pytest.raises(EmulatorError, match="became a supergroup"):
        await emu.send_text(alice, group, "still here?")


async def test_a_group_closed_to_all_but_admins_refuses_a_bot_that_is_no_admin(
    emu: TelegramEmulator, bot: Bot
) -> None:
    gm, alice = emu.add_user("Gm"), emu.add_user("Alice")
    group = emu.add_group("Table", admins=[gm], members=[alice])
    emu.set_members_can_send(group, False)
    with pytest.raises(TelegramBadRequest, match="not enough rights to send text messages"):
        await bot.send_message(group.id, "night news")
    with pytest.raises(EmulatorError, match="closed"):
        await emu.send_text(alice, group, "may I?")
    await emu.send_text(gm, group, "/tick")  # an admin still writes
    emu.set_members_can_send(group, True)
    await bot.send_message(group.id, "morning news")
