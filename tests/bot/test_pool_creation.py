"""The ``pool`` creation dialog on the real dispatcher, real Redis and SQLite.

aiogram-dialog's test tools drive it: ``MockMessageManager`` records the dialog's windows and a
recording bot catches what handlers send directly (the final message, refusals, alerts).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiogram.types import Message
from aiogram_dialog.test_tools import BotClient, MockMessageManager
from aiogram_dialog.test_tools.keyboard import InlineButtonDataLocator, InlineButtonTextLocator

from bot.app import build_dispatcher
from bot.db.models import Character, Game, GameSystem
from bot.i18n import Translator
from bot.services.characters import PoolBuild, create_character, rule_state
from bot.services.games import create_game, end_game
from bot.storage import Storage, open_storage
from rules.pool.model import Gender, PoolCharacter, Stats, start_kit
from tests.bot.conftest import Harness
from tests.bot.dialog_rig import RecordingBot

USER = 501
OTHER = 502
GROUP = -100777
DEFAULT = Stats(initiative=1, attack=3, defense=2, vitality=5, charisma=1)


def plain(html: str | None) -> str:
    return re.sub(r"<[^>]+>", "", html or "")


@dataclass
class Player:
    client: BotClient
    mm: MockMessageManager
    bot: RecordingBot

    @property
    def last(self) -> Message:
        return self.mm.last_message()

    @property
    def text(self) -> str:
        return plain(self.last.text)

    def buttons(self) -> list[str]:
        markup = self.last.reply_markup
        return [b.text for row in markup.inline_keyboard for b in row] if markup else []

    async def send(self, text: str) -> None:
        await self.client.send(text)

    async def click(self, text: str) -> None:
        await self.client.click(self.last, InlineButtonTextLocator(re.escape(text)))

    async def stat(self, action: str, stat: str, times: int = 1) -> None:
        for _ in range(times):
            await self.client.click(self.last, InlineButtonDataLocator(f".*{action}_{stat}"))


@pytest.fixture
async def storage(clean_redis: str, database: str) -> AsyncIterator[Storage]:
    opened = await open_storage(clean_redis, 20)
    yield opened
    await opened.close()


@pytest.fixture
async def game(database: str) -> Game:
    return await create_game(GROUP, GameSystem.POOL, created_by=1, locale="ru")


def connect(storage: Storage, user_id: int = USER) -> Player:
    """A fresh dispatcher on ``storage`` (as after a restart) and a client of one user."""
    mm = MockMessageManager()  # type: ignore[no-untyped-call]
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        message_manager=mm,
    )
    bot = RecordingBot()
    return Player(BotClient(dp, user_id=user_id, chat_id=user_id, bot=bot), mm, bot)


async def to_stats(player: Player, game: Game, name: str = "Гром", gender: str = "м") -> None:
    await player.send(f"/start j{game.id}")
    await player.send(name)
    await player.click("Мужчина" if gender == "м" else "Женщина")
    assert "шаг 3 из 4" in player.text


async def test_happy_path_creates_the_exact_build(storage: Storage, game: Game) -> None:
    player = connect(storage)
    await player.send(f"/start j{game.id}")
    assert "шаг 1 из 4" in player.text and "Отмена" in player.buttons()[-1]
    await player.send("Гром")
    assert "шаг 2 из 4" in player.text and "Гром" in player.text
    assert "женщина без куртки" in player.text
    assert player.buttons()[:2] == ["Мужчина", "Женщина"]  # plain words, no «м — мужчина»
    await player.click("Женщина")
    assert "Осталось очков: 0 из 12" in player.text  # the default build is already legal
    await player.stat("dec", "vitality", 4)
    assert "Осталось очков: 4 из 12" in player.text
    await player.stat("inc", "initiative")
    await player.stat("inc", "attack")
    await player.stat("inc", "defense", 2)
    assert "Живучесть: 1" in player.buttons() and "Защита: 4" in player.buttons()
    await player.click("Дальше ▶️")
    assert "шаг 4 из 4" in player.text
    await player.click("✅ Создать персонажа")

    [character] = await Character.filter(game_id=game.id)
    assert (character.user_id, character.number, character.name) == (USER, 1, "Гром")
    state = rule_state(game, character)
    assert isinstance(state, PoolCharacter)
    assert state.stats == Stats(initiative=2, attack=4, defense=4, vitality=1, charisma=1)
    assert state.gender == Gender.FEMALE and state.health == 1
    assert character.gender == Gender.FEMALE  # the column the texts read agrees with the rules
    assert state.inventory == start_kit()
    assert "Персонаж №1 «Гром» создан" in player.bot.sent[-1] and "/me" in player.bot.sent[-1]
    assert player.last.reply_markup is None  # the dialog closed and took its keyboard away


async def test_default_build_needs_no_taps_and_previews_without_penalty(
    storage: Storage, game: Game
) -> None:
    player = connect(storage)
    await to_stats(player, game)
    await player.click("Дальше ▶️")
    text = player.text
    assert "Гром, мужчина" in text
    assert "Здоровье: 5 из 5" in text
    assert "Штрафа на старте нет: успех на кубике атаки и защиты — 6 и выше" in text
    assert "Харизма 1, сложение «норма» (Атака + Защита = 5)" in text
    assert "в рюкзаке 5 рационов и 5 таблеток" in text
    assert "кровотечения" not in text
    await player.click("✅ Создать персонажа")
    character = await Character.get(game_id=game.id)
    assert rule_state(game, character).stats == DEFAULT
    assert rule_state(game, character).inventory == start_kit()  # pills moved only when asked


async def test_last_step_moves_the_start_pills_to_the_left_pocket(
    storage: Storage, game: Game
) -> None:
    player = connect(storage)
    await to_stats(player, game, gender="ж")
    await player.click("Дальше ▶️")
    assert "При здоровье 0 спасают только таблетки из левого кармана куртки" in player.text
    assert "💊 Переложить 5 в левый карман" in player.buttons()
    await player.click("💊 Переложить 5 в левый карман")
    text = player.text
    assert "в рюкзаке 5 рационов, в левом кармане куртки 5 таблеток; правый карман пуст" in text
    assert "Таблетки в левом кармане куртки: при здоровье 0 их можно выпить" in text
    assert "стартовые лежат в рюкзаке" not in text
    assert not [b for b in player.buttons() if "Переложить" in b]  # nothing is left elsewhere
    await player.click("◀️ Назад")  # the move is kept across steps
    await player.click("Дальше ▶️")
    assert "в левом кармане куртки 5 таблеток" in player.text
    await player.click("✅ Создать персонажа")

    state = rule_state(game, await Character.get(game_id=game.id))
    assert isinstance(state, PoolCharacter)
    assert state.inventory.pills_in_left_pocket == 5 and state.inventory.pack.pills == 0
    kit = start_kit()
    assert state.inventory.pack.rations == kit.pack.rations
    assert state.inventory.right_pocket == kit.right_pocket


async def test_preview_shows_the_wound_penalty_bleeding_and_the_build_word(
    storage: Storage, game: Game
) -> None:
    player = connect(storage)
    await to_stats(player, game, gender="ж")
    await player.stat("dec", "vitality", 3)  # vitality 2: wounds +3, bleeding
    await player.stat("inc", "attack", 3)  # attack 6 + defense 2 = 8: «кабанъ»
    await player.click("Дальше ▶️")
    text = player.text
    assert "Штраф к броскам атаки и защиты на старте: +3 (успех — 9 и выше" in text
    assert "раны: здоровье 2 — +3" in text
    assert "При Живучести 2 штраф за раны есть даже при полном здоровье" in text
    assert "сложение «кабанъ» (Атака + Защита = 8)" in text
    assert "без куртки" not in text  # she starts with a jacket: no jacket penalty
    assert "При здоровье 0 спасают только таблетки из левого кармана куртки" in text
    await player.click("◀️ Назад")
    await player.stat("dec", "attack", 5)  # attack 1 + defense 2 = 3: «дохлятина»
    await player.stat("inc", "vitality", 5)  # vitality 7: no penalty
    await player.click("Дальше ▶️")
    assert "сложение «дохлятина»" in player.text and "Штрафа на старте нет" in player.text


async def test_back_on_every_step_keeps_what_was_chosen(storage: Storage, game: Game) -> None:
    player = connect(storage)
    await to_stats(player, game)
    await player.stat("dec", "charisma")
    await player.stat("inc", "initiative")
    await player.click("◀️ Назад")
    assert "шаг 2 из 4" in player.text
    await player.click("◀️ Назад")
    assert "шаг 1 из 4" in player.text and "Сейчас: Гром" in player.text
    await player.click("Дальше ▶️")  # keeps the name without typing it again
    assert "шаг 2 из 4" in player.text
    await player.click("Женщина")
    assert "Инициатива: 2" in player.buttons() and "Харизма: 0" in player.buttons()
    await player.click("Дальше ▶️")
    assert "Гром, женщина" in player.text
    await player.click("◀️ Назад")
    assert "шаг 3 из 4" in player.text and "Инициатива: 2" in player.buttons()
    await player.click("Дальше ▶️")
    await player.click("✅ Создать персонажа")
    state = rule_state(game, await Character.get(game_id=game.id))
    assert state.gender == Gender.FEMALE
    assert state.stats == Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)


@pytest.mark.parametrize("steps", [0, 1, 2, 3])
async def test_cancel_on_any_step_creates_nothing(storage: Storage, game: Game, steps: int) -> None:
    player = connect(storage)
    await player.send(f"/start j{game.id}")
    for step in range(steps):
        if step == 0:
            await player.send("Гром")
        else:
            await player.click(["Мужчина", "Дальше ▶️"][step - 1])
    assert f"шаг {steps + 1} из 4" in player.text
    open_window = player.last
    await player.click("✖️ Отмена")
    assert "Создание персонажа отменено" in player.bot.sent[-1]
    assert player.last.reply_markup is None
    assert await Character.filter(game_id=game.id).count() == 0
    await player.client.click(open_window, InlineButtonTextLocator("✖️ Отмена"))
    assert "кнопка устарела" in player.bot.alerts[-1]  # stale: a polite alert, nothing else


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Я", "от 2 до 32 символов"),
        ("Б" * 33, "от 2 до 32 символов"),
        ("<b>x</b>", "только буквы, цифры"),
        ("Вася; DROP", "только буквы, цифры"),
        ("гРОМ", "уже занято"),
        ("  гром  ", "уже занято"),
        ("\u3164Гром", "в этой игре есть «Гром»"),  # a Hangul filler: dropped, then the same
        ("Гpoм", "в этой игре есть «Гром»"),  # Latin p and o
        ("\u3164\u200b\u202e", "от 2 до 32 символов"),  # nothing visible
    ],
)
async def test_name_refusals_say_why_and_stay_on_the_step(
    storage: Storage, game: Game, name: str, reason: str
) -> None:
    await create_character(game, OTHER, "Гром", PoolBuild(Gender.MALE, DEFAULT))
    player = connect(storage)
    await player.send(f"/start j{game.id}")
    await player.send(name)
    assert "шаг 1 из 4" in player.text and reason in player.text
    assert "<b>x</b>" not in (player.last.text or "")
    assert "Дальше ▶️" not in player.buttons()
    await player.send("Гроза")
    assert "шаг 2 из 4" in player.text and reason not in player.text


async def test_invisible_characters_never_reach_the_stored_name(
    storage: Storage, game: Game
) -> None:
    player = connect(storage)
    await player.send(f"/start j{game.id}")
    await player.send("\u202eГроза\u200b\u00a0\u00a0Севера\ufe0f")
    assert "шаг 2 из 4" in player.text
    await player.click("Женщина")
    await player.click("Дальше ▶️")
    await player.click("✅ Создать персонажа")
    [character] = await Character.filter(game_id=game.id)
    assert character.name == "Гроза Севера"
    assert "Персонаж №1 «Гроза Севера» создан" in player.bot.sent[-1]


async def test_stat_bounds(storage: Storage, game: Game) -> None:
    player = connect(storage)
    await to_stats(player, game)
    await player.click("↺ Всё к минимуму")
    assert "Осталось очков: 11 из 12" in player.text
    assert "Живучесть: 1" in player.buttons() and "Атака: 0" in player.buttons()
    await player.stat("dec", "vitality")
    assert "Живучесть не может быть меньше 1" in player.text
    assert "Живучесть: 1" in player.buttons()
    await player.stat("dec", "attack")
    assert "Атака не может быть меньше 0" in player.text and "Атака: 0" in player.buttons()
    await player.click("Дальше ▶️")
    assert "шаг 3 из 4" in player.text and "Распределите все очки: осталось 11" in player.text
    await player.stat("inc", "attack", 11)
    assert "Осталось очков: 0 из 12" in player.text and "Атака: 11" in player.buttons()
    await player.stat("inc", "charisma")
    assert "Свободных очков нет" in player.text and "Харизма: 0" in player.buttons()
    await player.stat("dec", "attack")
    await player.stat("inc", "charisma")
    assert "Свободных очков нет" not in player.text and "Харизма: 1" in player.buttons()
    await player.stat("about", "charisma")
    assert "приз" in player.text
    await player.click("Дальше ▶️")
    assert "шаг 4 из 4" in player.text


async def test_second_living_character_is_refused_at_the_deep_link(
    storage: Storage, game: Game
) -> None:
    await create_character(game, USER, "Гром", PoolBuild(Gender.MALE, DEFAULT))
    player = connect(storage)
    await player.send(f"/start j{game.id}")
    assert "уже есть живой персонаж" in player.bot.sent[-1]
    assert player.mm.sent_messages == []  # no dialog opened


async def test_second_living_character_is_refused_at_confirm(storage: Storage, game: Game) -> None:
    player = connect(storage)
    await to_stats(player, game)
    await player.click("Дальше ▶️")
    await create_character(game, USER, "Гроза", PoolBuild(Gender.MALE, DEFAULT))  # another tab
    await player.click("✅ Создать персонажа")
    assert "уже есть живой персонаж" in player.bot.sent[-1]
    assert [c.name for c in await Character.filter(game_id=game.id)] == ["Гроза"]
    assert player.last.reply_markup is None


async def test_name_taken_meanwhile_goes_back_to_the_name(storage: Storage, game: Game) -> None:
    player = connect(storage)
    await to_stats(player, game)
    await player.stat("dec", "vitality")
    await player.stat("inc", "defense")
    await player.click("Дальше ▶️")
    await create_character(game, OTHER, "ГРОМ", PoolBuild(Gender.MALE, DEFAULT))
    await player.click("✅ Создать персонажа")
    assert "шаг 1 из 4" in player.text and "уже занято" in player.text
    assert "Дальше ▶️" not in player.buttons()
    assert await Character.filter(game_id=game.id).count() == 1
    await player.send("Гроза")
    await player.click("Мужчина")
    assert "Живучесть: 4" in player.buttons() and "Защита: 3" in player.buttons()
    await player.click("Дальше ▶️")
    await player.click("✅ Создать персонажа")
    mine = await Character.get(game_id=game.id, user_id=USER)
    assert (mine.name, mine.number) == ("Гроза", 2)


async def test_game_ended_before_confirm_creates_nothing(storage: Storage, game: Game) -> None:
    player = connect(storage)
    await to_stats(player, game)
    await player.click("Дальше ▶️")
    await end_game(GROUP)
    await player.click("✅ Создать персонажа")
    assert player.bot.sent[-1].startswith("Эта игра уже закончилась.")  # no "in this chat"
    assert await Character.filter(game_id=game.id).count() == 0


async def test_restart_mid_dialog_resumes_with_the_same_values(
    storage: Storage, game: Game, clean_redis: str
) -> None:
    before = connect(storage)
    await to_stats(before, game, name="Пётр")
    await before.stat("dec", "vitality", 2)
    await before.stat("inc", "attack", 2)
    last_window = before.last
    await storage.close()  # the bot stops; only Redis remembers

    restarted = await open_storage(clean_redis, 20)
    try:
        after = connect(restarted)
        await after.client.click(last_window, InlineButtonDataLocator(".*inc_charisma"))
        assert "Осталось очков: 0 из 12" in after.text  # nothing to add: values came back
        await after.client.click(last_window, InlineButtonTextLocator("Дальше ▶️"))
        assert "Пётр, мужчина" in after.text
        assert "Атака: <b>5</b>" in (after.last.text or "")
        await after.click("✅ Создать персонажа")
        character = await Character.get(game_id=game.id)
        assert rule_state(game, character).stats == Stats(1, 5, 2, 3, 1)
    finally:
        await restarted.close()


async def test_emulator_deep_link_to_a_created_character(gm: Harness) -> None:
    player = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Подземелье", members=[player])
    game = await create_game(group.id, GameSystem.POOL, created_by=player.id, locale="ru")
    chat = gm.emu.private_chat(player)
    await gm.emu.open_deep_link(player, f"j{game.id}")
    asking = await gm.emu.wait_for_message(chat)
    assert "шаг 1 из 4" in asking.body
    await gm.emu.send_text(player, chat, "О'Нил <i>")
    refused = await gm.emu.wait_for_message(chat)
    assert "только буквы" in refused.body
    await gm.emu.send_text(player, chat, "О'Нил")
    window = await gm.emu.wait_for_message(chat, lambda m: "шаг 2 из 4" in m.body)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, "Мужчина"))
    assert "шаг 3 из 4" in window.body
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, "+"))
    assert "Свободных очков нет" in window.body
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, "Дальше ▶️"))
    assert "О'Нил, мужчина" in window.body and "«норма»" in window.body
    query = await gm.emu.press_button(player, window, "✅ Создать персонажа")
    await gm.emu.wait_for_callback_answer(query)
    done = await gm.emu.wait_for_message(chat, lambda m: "создан" in m.body)
    assert "Персонаж №1 «О'Нил» создан" in done.body
    assert window.buttons == []
    character = await Character.get(game_id=game.id, user_id=player.id)
    assert rule_state(game, character).stats == DEFAULT
