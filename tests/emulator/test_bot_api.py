"""A real aiogram Bot calling the emulator's Bot API methods."""

from __future__ import annotations

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.exceptions import TelegramBadRequest, TelegramUnauthorizedError
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeChat,
    ChatMemberAdministrator,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberOwner,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    ReplyParameters,
)

from tests.telegram_emulator import TelegramEmulator

from .conftest import TOKEN


def keyboard(*labels: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [InlineKeyboardButton(text=label, callback_data=f"cb:{label}") for label in labels],
            [InlineKeyboardButton(text="Rules", url="https://example.org/rules")],
        ]
    )


async def test_get_me(emu: TelegramEmulator) -> None:
    # Plain aiogram wiring, as a bot process under test would do it.
    session = AiohttpSession(api=TelegramAPIServer.from_base(emu.base_url))
    async with Bot(TOKEN, session=session) as bot:
        me = await bot.get_me()
    assert me.id == 42
    assert me.is_bot
    assert me.username == "gm_test_bot"
    assert me.first_name == "GM"
    assert emu.calls("getMe")[0].ok


async def test_unknown_token_is_unauthorized(emu: TelegramEmulator) -> None:
    stranger = Bot("43:not-the-right-token", session=emu.create_bot().session)
    with pytest.raises(TelegramUnauthorizedError, match="Unauthorized"):
        await stranger.get_me()
    await stranger.session.close()
    assert emu.calls() == []  # rejected before reaching the method log


async def test_send_message_with_html_and_inline_keyboard(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    sent = await bot.send_message(
        alice.id,
        "<b>Roll</b> for <i>initiative</i> &amp; luck",
        parse_mode="HTML",
        reply_markup=keyboard("Roll", "Pass"),
    )
    assert sent.text == "Roll for initiative & luck"
    assert sent.html_text == "<b>Roll</b> for <i>initiative</i> &amp; luck"
    assert sent.from_user is not None and sent.from_user.id == 42
    assert sent.reply_markup is not None
    assert sent.reply_markup.inline_keyboard[0][0].callback_data == "cb:Roll"

    stored = emu.messages(emu.private_chat(alice))[-1]
    assert stored.raw_text == "<b>Roll</b> for <i>initiative</i> &amp; luck"
    assert stored.parse_mode == "HTML"
    assert stored.text == "Roll for initiative & luck"
    assert [e["type"] for e in stored.entities] == ["bold", "italic"]
    assert stored.button_texts == ["Roll", "Pass", "Rules"]
    call = emu.calls("sendMessage")[0]
    assert call.params["chat_id"] == alice.id
    assert call.params["reply_markup"]["inline_keyboard"][1][0]["url"].startswith("https://")


async def test_default_parse_mode_and_parse_errors(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Alice", started=True)
    bot = emu.create_bot(default=DefaultBotProperties(parse_mode="HTML"))
    try:
        with pytest.raises(TelegramBadRequest, match='Unsupported start tag "br"'):
            await bot.send_message(alice.id, "line<br>line")
        with pytest.raises(TelegramBadRequest, match="can't parse entities"):
            await bot.send_message(alice.id, "2 < 3")
        with pytest.raises(TelegramBadRequest, match="message text is empty"):
            await bot.send_message(alice.id, "   ")
        with pytest.raises(TelegramBadRequest, match="message is too long"):
            await bot.send_message(alice.id, "x" * 4097)
        with pytest.raises(TelegramBadRequest, match="reserved"):
            await bot.send_message(alice.id, "1.5", parse_mode="MarkdownV2")
        ok = await bot.send_message(alice.id, "*bold* 1\\.5", parse_mode="MarkdownV2")
        assert ok.text == "bold 1.5"
    finally:
        await bot.session.close()


async def test_button_validation(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    too_long = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="x", callback_data="d" * 65)]]
    )
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await bot.send_message(alice.id, "hi", reply_markup=too_long)


async def test_edit_message_text_and_markup(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    sent = await bot.send_message(alice.id, "HP: 10", reply_markup=keyboard("Hit"))

    edited = await bot.edit_message_text(
        text="HP: <b>7</b>",
        chat_id=alice.id,
        message_id=sent.message_id,
        parse_mode="HTML",
        reply_markup=keyboard("Hit", "Heal"),
    )
    assert not isinstance(edited, bool)
    assert edited.text == "HP: 7"
    assert edited.edit_date is not None

    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_text(
            text="HP: <b>7</b>",
            chat_id=alice.id,
            message_id=sent.message_id,
            parse_mode="HTML",
            reply_markup=keyboard("Hit", "Heal"),
        )
    await bot.edit_message_reply_markup(chat_id=alice.id, message_id=sent.message_id)

    stored = emu.bot_messages(emu.private_chat(alice))[0]
    assert stored.text == "HP: 7"
    assert stored.reply_markup is None
    assert [(e.kind, e.old_text, e.new_text) for e in stored.edits] == [
        ("text", "HP: 10", "HP: 7"),
        ("reply_markup", "HP: 7", "HP: 7"),
    ]
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await bot.edit_message_text(text="x", chat_id=alice.id, message_id=999)


async def test_press_button_and_answer_callback_query(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    sent = await bot.send_message(alice.id, "Choose", reply_markup=keyboard("Roll", "Pass"))
    message = emu.last_bot_message(emu.private_chat(alice))
    assert message is not None and message.message_id == sent.message_id

    query_id = await emu.press_button(alice, message, "Roll")
    update = emu.last_update
    assert update is not None and update.kind == "callback_query"
    assert update.payload["data"] == "cb:Roll"
    assert update.payload["message"]["message_id"] == sent.message_id

    assert await bot.answer_callback_query(query_id, text="Rolling!", show_alert=True)
    answer = emu.callback_answer(query_id)
    assert answer is not None and answer.text == "Rolling!" and answer.show_alert
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(query_id)

    with pytest.raises(LookupError, match="no button"):
        await emu.press_button(alice, message, "Nope")


async def test_reply_and_delete(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    question = await emu.send_text(alice, "what is my HP?")
    reply = await bot.send_message(
        alice.id, "10", reply_parameters=ReplyParameters(message_id=question.message_id)
    )
    assert reply.reply_to_message is not None
    assert reply.reply_to_message.text == "what is my HP?"
    with pytest.raises(TelegramBadRequest, match="message to be replied not found"):
        await bot.send_message(alice.id, "x", reply_parameters=ReplyParameters(message_id=777))

    assert await bot.delete_message(alice.id, reply.message_id)
    assert [m.text for m in emu.messages(emu.private_chat(alice))] == ["what is my HP?"]
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_message(alice.id, reply.message_id)


async def test_group_info_and_members(emu: TelegramEmulator, bot: Bot) -> None:
    gm, alice, bob = emu.add_user("Gm"), emu.add_user("Alice"), emu.add_user("Bob")
    outsider = emu.add_user("Eve")
    group = emu.add_group("Table", admins=[gm, alice], members=[bob], bot_admin=True)

    chat = await bot.get_chat(group.id)
    assert chat.type == "supergroup" and chat.title == "Table"
    assert isinstance(await bot.get_chat_member(group.id, gm.id), ChatMemberOwner)
    assert isinstance(await bot.get_chat_member(group.id, alice.id), ChatMemberAdministrator)
    assert isinstance(await bot.get_chat_member(group.id, bob.id), ChatMemberMember)
    assert isinstance(await bot.get_chat_member(group.id, outsider.id), ChatMemberLeft)
    admins = await bot.get_chat_administrators(group.id)
    assert {a.user.id for a in admins} == {gm.id, alice.id, 42}
    assert await bot.get_chat_member_count(group.id) == 4
    assert await bot.send_chat_action(group.id, "typing")
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await bot.get_chat(-100)
    with pytest.raises(TelegramBadRequest, match="no administrators in the private chat"):
        await bot.get_chat_administrators(gm.id)


async def test_forum_topics(emu: TelegramEmulator, bot: Bot) -> None:
    gm = emu.add_user("Gm")
    group = emu.add_group("Guild", admins=[gm], forum=True)
    topic = emu.add_topic(group, "Combat")
    sent = await bot.send_message(group.id, "Round 1", message_thread_id=topic.message_thread_id)
    assert sent.message_thread_id == topic.message_thread_id and sent.is_topic_message
    with pytest.raises(TelegramBadRequest, match="message thread not found"):
        await bot.send_message(group.id, "x", message_thread_id=9999)

    incoming = await emu.send_text(gm, group, "/roll", thread_id=topic.message_thread_id)
    assert emu.last_update is not None
    assert emu.last_update.payload["message_thread_id"] == incoming.thread_id


async def test_commands_per_scope_and_language(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", language_code="ru")
    group = emu.add_group("Table", members=[alice])
    await bot.set_my_commands([BotCommand(command="start", description="Start")])
    await bot.set_my_commands(
        [BotCommand(command="roll", description="Бросок")],
        scope=BotCommandScopeAllGroupChats(),
        language_code="ru",
    )
    await bot.set_my_commands(
        [BotCommand(command="gm", description="GM only")],
        scope=BotCommandScopeChat(chat_id=group.id),
    )
    default = await bot.get_my_commands()
    assert [c.command for c in default] == ["start"]
    ru_groups = await bot.get_my_commands(scope=BotCommandScopeAllGroupChats(), language_code="ru")
    assert [c.command for c in ru_groups] == ["roll"]
    assert await bot.get_my_commands(scope=BotCommandScopeAllGroupChats()) == []
    assert [c["command"] for c in emu.visible_commands(alice, group)] == ["gm"]
    assert [c["command"] for c in emu.visible_commands(alice)] == ["start"]

    await bot.delete_my_commands(scope=BotCommandScopeChat(chat_id=group.id))
    assert [c["command"] for c in emu.visible_commands(alice, group)] == ["roll"]
    with pytest.raises(TelegramBadRequest, match="BOT_COMMAND_INVALID"):
        await bot.set_my_commands([BotCommand(command="Bad-Name", description="x")])


async def test_unknown_method_fallback_and_raw_http(emu: TelegramEmulator) -> None:
    import aiohttp

    base = f"{emu.base_url}/bot{TOKEN}"
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{base}/setMyDescription", data={"description": "Hi"}) as resp:
            assert await resp.json() == {"ok": True, "result": True}
        async with http.post(f"{base}/sendMessage", json={"chat_id": 1, "text": "x"}) as resp:
            assert resp.status == 400
            assert await resp.json() == {
                "ok": False,
                "error_code": 400,
                "description": "Bad Request: chat not found",
            }
        async with http.get(f"{base}/getMe") as resp:
            assert (await resp.json())["result"]["username"] == "gm_test_bot"
        async with http.get(f"{emu.base_url}/botWRONG/getMe") as resp:
            assert resp.status == 401
            assert await resp.json() == {
                "ok": False,
                "error_code": 401,
                "description": "Unauthorized",
            }
    record = emu.calls("setMyDescription")[0]
    assert record.params == {"description": "Hi"} and not record.emulated


async def test_send_dice_is_scriptable(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    emu.queue_dice(6, 1)
    first = await bot.send_dice(alice.id)
    second = await bot.send_dice(alice.id, emoji="🎯")
    assert first.dice is not None and first.dice.value == 6
    assert second.dice is not None and second.dice.value == 1 and second.dice.emoji == "🎯"
