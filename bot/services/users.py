"""Users the bot has seen: who opened the private chat, which language they speak."""

from __future__ import annotations

from collections.abc import Iterable

from aiogram.types import User as TelegramUser

from bot.db.models import User


async def remember_user(tg_user: TelegramUser, *, started: bool = False) -> User:
    """Create or refresh the user's row; ``started`` marks that they opened the private chat."""
    defaults: dict[str, object] = {
        "first_name": tg_user.first_name[:128],
        "username": tg_user.username,
        "language_code": tg_user.language_code,
    }
    user, created = await User.get_or_create(defaults=defaults, telegram_id=tg_user.id)
    changed = {key: value for key, value in defaults.items() if getattr(user, key) != value}
    if started and not user.started:
        changed["started"] = True
    if changed and not created:
        await User.filter(id=user.id).update(**changed)
        for key, value in changed.items():
            setattr(user, key, value)
    elif created and started:
        await User.filter(id=user.id).update(started=True)
        user.started = True
    return user


async def language_of(telegram_id: int) -> str | None:
    """The language code Telegram gave for the user, if the bot has seen them (a round's
    private prompts ask it for every chooser)."""
    user = await User.get_or_none(telegram_id=telegram_id)
    return user.language_code if user is not None else None


async def languages_of(telegram_ids: Iterable[int]) -> dict[int, str | None]:
    """:func:`language_of` for several users in one statement (a user never seen is absent)."""
    wanted = sorted(set(telegram_ids))
    if not wanted:
        return {}
    rows = await User.filter(telegram_id__in=wanted).values_list("telegram_id", "language_code")
    return {int(telegram_id): code for telegram_id, code in rows}
