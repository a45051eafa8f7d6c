"""The admin's character edit dialog driven by aiogram-dialog's own test tools (BotClient and
MockMessageManager) on the real dispatcher, real Redis and SQLite: a field, a refusal, a limit
break confirmed, a non-admin refused. The emulator tests cover every field group."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from aiogram.methods import GetChatMember, TelegramMethod
from aiogram.types import ChatMemberMember, User
from aiogram_dialog.test_tools import BotClient, MockMessageManager
from aiogram_dialog.test_tools.keyboard import InlineButtonTextLocator
from pydantic import SecretStr

from bot.app import build_dispatcher
from bot.config import Settings
from bot.db.models import Character, Game, GameSystem, GmAction
from bot.i18n import Translator
from bot.services.characters import PoolBuild, create_character, rule_state
from bot.services.games import create_game
from bot.storage import open_storage
from rules.pool.model import Gender, PoolCharacter
from tests.bot.dialog_rig import RecordingBot
from tests.bot.pool_fight_rig import FIGHTER

TOKEN = "4242:TEST-token-for-the-dispatcher-tests-0123456789"
ADMIN, PLAYER, GROUP = 9001, 9002, -100555


class GroupBot(RecordingBot):
    """Also answers getChatMember: everyone but ADMIN_IDS is a plain member of the group."""

    async def __call__(
        self, method: TelegramMethod[Any], request_timeout: int | None = None
    ) -> Any:
        if isinstance(method, GetChatMember):
            user = User(id=int(method.user_id), is_bot=False, first_name="Игрок")
            return ChatMemberMember(user=user)
        return await super().__call__(method, request_timeout)


@asynccontextmanager
async def _client(redis_url: str, user_id: int) -> AsyncIterator[tuple[BotClient, Any, GroupBot]]:
    storage = await open_storage(redis_url, 20)
    windows = MockMessageManager()  # type: ignore[no-untyped-call]
    settings = Settings(  # type: ignore[call-arg]
        bot_token=SecretStr(TOKEN), admin_ids=frozenset({ADMIN}), _env_file=None
    )
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        settings=settings,
        message_manager=windows,
    )
    bot = GroupBot()
    try:
        yield BotClient(dp, user_id=user_id, chat_id=user_id, bot=bot), windows, bot
    finally:
        await storage.close()


async def _game() -> Game:
    game = await create_game(GROUP, GameSystem.POOL, created_by=ADMIN, locale="ru")
    await create_character(game, PLAYER, "Арья", PoolBuild(Gender.FEMALE, FIGHTER))
    return game


async def _health(game: Game) -> int:
    state = rule_state(game, await Character.get(game_id=game.id, number=1))
    assert isinstance(state, PoolCharacter)
    return state.health


def _text(windows: Any) -> str:
    return str(windows.last_message().text or "")


async def _press(client: BotClient, windows: Any, label: str) -> None:
    locator = InlineButtonTextLocator(re.escape(label) + ".*")
    await client.click(windows.last_message(), locator)


async def test_the_edit_dialog_through_aiogram_dialog_test_tools(
    clean_redis: str, database: str
) -> None:
    game = await _game()
    async with _client(clean_redis, ADMIN) as (client, windows, bot):
        await client.send(f"/start e{game.id}_1")
        assert "Правка персонажа" in _text(windows) and "Арья" in _text(windows)

        # A refusal: below zero is impossible, nothing changes.
        await _press(client, windows, "❤️ Здоровье")
        await client.send("-1")
        assert bot.sent[-1].startswith("Так нельзя")
        assert "Пришлите новое здоровье" in _text(windows)  # the same window, asking again
        assert await _health(game) == 5

        # A limit break: above the maximum only with "apply anyway", then the reason.
        await client.send("7")
        assert "выходит за правила" in _text(windows)
        await _press(client, windows, "⚠️ Всё равно применить")
        assert "причину" in _text(windows)
        await client.send("благословение жрицы")
        assert await _health(game) == 7
        [action] = await GmAction.filter(game_id=game.id)
        assert (action.action, action.reason, action.actor_id) == (
            "edit",
            "благословение жрицы",
            ADMIN,
        )
        notices = [text for text in bot.sent if "🛠" in text]
        assert notices and "Сверх правил" in notices[-1]
        assert any("здоровье 5 → 7" in text for text in notices)  # to the owner alone
        assert any("здоровье (подробности — тайна игрока)" in text for text in notices)
        assert "Сохранено" in _text(windows)


async def test_a_player_opening_the_edit_link_is_refused(clean_redis: str, database: str) -> None:
    game = await _game()
    async with _client(clean_redis, PLAYER) as (client, windows, bot):
        await client.send(f"/start e{game.id}_1")
        assert any("только администраторы" in text for text in bot.sent)
        assert not windows.sent_messages  # no dialog window was opened
        assert await GmAction.filter(game_id=game.id).count() == 0
        assert await _health(game) == 5
