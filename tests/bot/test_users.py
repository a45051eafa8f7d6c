"""Users the bot has seen, and the language their private messages use."""

from __future__ import annotations

from aiogram.types import User as TelegramUser

from bot.handlers.world_common import user_l10n
from bot.i18n import Translator
from bot.services import users


async def test_a_known_users_language_and_the_fallback_for_others(database: str) -> None:
    await users.remember_user(
        TelegramUser(id=7, is_bot=False, first_name="Ann", language_code="en")
    )
    await users.remember_user(TelegramUser(id=8, is_bot=False, first_name="Вася"))
    assert await users.language_of(7) == "en"
    assert await users.language_of(8) is None  # Telegram did not say
    assert await users.language_of(9) is None  # never seen
    translator = Translator("ru")
    assert (await user_l10n(translator, 7, "ru")).locale == "en"
    assert (await user_l10n(translator, 8, "en")).locale == "en"  # the game's, not the default
    assert (await user_l10n(translator, 9, "ru")).locale == "ru"
