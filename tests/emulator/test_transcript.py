"""The human-readable transcript of a chat."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from tests.telegram_emulator import TelegramEmulator
from tests.telegram_emulator.formatting import entities_to_marks


async def test_transcript_shows_messages_buttons_edits_and_answers(
    emu: TelegramEmulator, bot: Bot
) -> None:
    alice = emu.add_user("Alice")
    group = emu.add_group("Table", members=[alice])
    await emu.send_text(alice, group, "/roll 2d6")
    markup = InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(text="Reroll", callback_data="reroll"),
                InlineKeyboardButton(text="Keep", callback_data="keep"),
            ],
            [InlineKeyboardButton(text="Rules", url="https://example.org")],
        ]
    )
    sent = await bot.send_message(
        group.id, "🎲 2d6 = <b>7</b>\nnice", parse_mode="HTML", reply_markup=markup
    )
    message = emu.last_bot_message(group)
    assert message is not None
    query_id = await emu.press_button(alice, message, "Reroll")
    await bot.answer_callback_query(query_id, text="Rerolling…")
    await bot.edit_message_text(
        text="🎲 2d6 = <b>9</b>", chat_id=group.id, message_id=sent.message_id, parse_mode="HTML"
    )
    await bot.delete_message(group.id, sent.message_id)

    assert emu.transcript(group) == "\n".join(
        [
            "Alice: /roll 2d6",
            "Bot: 🎲 2d6 = 7",
            "  nice",
            "  [Reroll] [Keep]",
            "  [Rules → https://example.org]",
            "Alice pressed [Reroll]",
            "Bot (toast): Rerolling…",
            "Bot edited: 🎲 2d6 = 9",
            "Bot deleted: 🎲 2d6 = 9",
        ]
    )
    html = emu.transcript(group, html=True, show_ids=True)
    assert "#2 Bot: 🎲 2d6 = <b>7</b>" in html
    assert "Bot edited #2: 🎲 2d6 = <b>9</b>" in html


def test_marks_show_bold_and_strikethrough_only() -> None:
    text = "🎲 атака: 8, 1, 4\nитог"  # the emoji is two UTF-16 units
    entities = [
        {"type": "bold", "offset": 10, "length": 1},
        {"type": "strikethrough", "offset": 13, "length": 1},
        {"type": "italic", "offset": 18, "length": 4},
    ]
    assert entities_to_marks(text, entities) == "🎲 атака: **8**, ~~1~~, 4\nитог"
