"""A local Telegram Bot API emulator for end-to-end tests of aiogram bots.

Example::

    async with TelegramEmulator("42:secret", bot_username="gm_test_bot") as emu:
        alice = emu.add_user("Alice", language_code="ru")
        group = emu.add_group("Table", admins=[alice])
        bot = emu.create_bot()  # or Bot(token, session=AiohttpSession(api=emu.api_server))
        polling = asyncio.create_task(dp.start_polling(bot, handle_signals=False))

        await emu.send_text(alice, group, "/roll 2d6")
        reply = await emu.wait_for_message(group)
        query_id = await emu.press_button(alice, reply, "Reroll")
        await emu.wait_for_callback_answer(query_id)
        print(emu.transcript(group))

The API is served at ``{emu.base_url}/bot<token>/<method>``.
"""

from .emulator import DEFAULT_TOKEN, TelegramEmulator
from .errors import ApiError, ButtonNotFound, EmulatorError, EmulatorTimeout
from .holds import CallHold
from .limits import InjectedFailure, RateLimits
from .models import (
    CallbackAnswer,
    CallRecord,
    ChatMemberInfo,
    EmuCallbackQuery,
    EmuChat,
    EmuMessage,
    EmuUser,
    ForumTopic,
    MessageEdit,
    PendingUpdate,
    WebhookConfig,
)
from .polling import running_polling
from .webhook import SECRET_HEADER, DeliveryAttempt

__all__ = [
    "DEFAULT_TOKEN",
    "SECRET_HEADER",
    "ApiError",
    "ButtonNotFound",
    "CallHold",
    "CallRecord",
    "CallbackAnswer",
    "ChatMemberInfo",
    "DeliveryAttempt",
    "EmuCallbackQuery",
    "EmuChat",
    "EmuMessage",
    "EmuUser",
    "EmulatorError",
    "EmulatorTimeout",
    "ForumTopic",
    "InjectedFailure",
    "MessageEdit",
    "PendingUpdate",
    "RateLimits",
    "TelegramEmulator",
    "WebhookConfig",
    "running_polling",
]
