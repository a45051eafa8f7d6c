"""/game: admins get a deep link to the game's settings, which they change in private."""

from __future__ import annotations

from typing import Any

from bot.db.models import Game
from bot.services.games import settings_of
from bot.services.settings import GameSettings, read_settings
from tests.bot.conftest import Harness
from tests.telegram_emulator import CallbackAnswer, ChatMemberInfo, EmuChat, EmuMessage, EmuUser

SYSTEM_BUTTONS = {
    "pool": "Пул d10 (выживание в залах)",
    "duel": "Поединок",
    "d20": "d20 (таблица исходов)",
}


async def _new_game(gm: Harness, system: str) -> tuple[EmuUser, EmuUser, EmuChat, Game]:
    """A group with its creator, a second admin and a player, and a game of ``system``."""
    owner = gm.emu.add_user("Мастер", language_code="ru")
    admin = gm.emu.add_user("Помощник", language_code="ru")
    player = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[owner, admin], members=[player])
    await gm.emu.send_text(owner, group, "/newgame")
    menu = await gm.emu.wait_for_message(group)
    query = await gm.emu.press_button(owner, menu, SYSTEM_BUTTONS[system])
    await gm.emu.wait_for_callback_answer(query)
    game = await Game.get(chat_id=group.id)
    return owner, admin, group, game


async def _open(gm: Harness, user: EmuUser, game: Game) -> EmuMessage:
    await gm.emu.open_deep_link(user, f"s{game.id}")
    return await gm.emu.wait_for_message(
        gm.emu.private_chat(user), lambda m: "Настройки игры" in m.body
    )


async def _stored(game: Game) -> GameSettings:
    return settings_of(await Game.get(id=game.id))


def _window(gm: Harness, user: EmuUser) -> EmuMessage:
    message = gm.emu.last_bot_message(gm.emu.private_chat(user))
    assert message is not None
    return message


def _row(window: EmuMessage, label: str) -> list[dict[str, Any]]:
    for row in window.buttons:
        if any(str(button["text"]).startswith(label) for button in row):
            return row
    raise AssertionError(f"no row {label!r} in {window.button_texts}")


async def _click(gm: Harness, user: EmuUser, button: dict[str, Any]) -> CallbackAnswer:
    query = await gm.emu.press_button(user, _window(gm, user), data=button["callback_data"])
    return await gm.emu.wait_for_callback_answer(query)


async def _step(gm: Harness, user: EmuUser, label: str, plus: bool) -> CallbackAnswer:
    """Press - (``plus=False``) or + in the row of the setting whose button starts with label."""
    return await _click(gm, user, _row(_window(gm, user), label)[2 if plus else 0])


async def _press(gm: Harness, user: EmuUser, label: str) -> CallbackAnswer:
    return await _click(gm, user, _row(_window(gm, user), label)[0])


async def _press_middle(gm: Harness, user: EmuUser, label: str) -> None:
    await _click(gm, user, _row(_window(gm, user), label)[1])


async def _type(gm: Harness, user: EmuUser, text: str, expect: str) -> EmuMessage:
    """Send ``text`` in private; the answer containing ``expect``, once the window is back."""
    chat = gm.emu.private_chat(user)
    await gm.emu.send_text(user, text)
    found = await gm.emu.wait_for_message(chat, lambda m: expect in m.body)
    if not found.buttons:  # a refusal: the dialog's window follows it
        await gm.emu.wait_for_message(chat, lambda m: bool(m.buttons))
    return found


async def test_game_gives_admins_a_deep_link_and_refuses_others(gm: Harness) -> None:
    owner, _, group, game = await _new_game(gm, "pool")
    await gm.emu.send_text(owner, group, "/game")
    reply = await gm.emu.wait_for_message(group, lambda m: "Настройки игры" in m.body)
    [[button]] = reply.buttons
    assert button["text"] == "Открыть настройки в личке"
    assert button["url"] == f"https://t.me/gm_test_bot?start=s{game.id}"

    player = gm.emu.add_user("Чужак", language_code="ru")
    gm.emu.chat(group.id).members[player.id] = ChatMemberInfo(player, "member")
    await gm.emu.send_text(player, group, "/game")
    refused = await gm.emu.wait_for_message(group)
    assert "только администраторы" in refused.body and not refused.buttons


async def test_game_without_a_game_or_in_private_is_refused(gm: Harness) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group("Пусто", admins=[admin])
    await gm.emu.send_text(admin, group, "/game")
    assert "нет игры" in (await gm.emu.wait_for_message(group)).body
    await gm.emu.send_text(admin, "/game")
    reply = await gm.emu.wait_for_message(gm.emu.private_chat(admin))
    assert "групповом чате" in reply.body


async def test_the_settings_link_is_for_that_games_admins_only(gm: Harness) -> None:
    _, _, _, game = await _new_game(gm, "pool")
    stranger = gm.emu.add_user("Чужак", language_code="ru")
    await gm.emu.open_deep_link(stranger, f"s{game.id}")
    refused = await gm.emu.wait_for_message(gm.emu.private_chat(stranger))
    assert "только администраторы" in refused.body and not refused.buttons
    await gm.emu.expect_no_message(gm.emu.private_chat(stranger))
    await gm.emu.open_deep_link(stranger, "s99999")
    assert (
        "игра уже закончилась"
        in (await gm.emu.wait_for_message(gm.emu.private_chat(stranger))).body
    )


async def test_pool_settings_show_what_applies_to_pool(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "pool")
    window = await _open(gm, owner, game)
    join = "Сбор на бой и ответ на вызов: 15\u00a0мин"
    for shown in ("Пул d10", "«Подземелье»", "Время на ход: 10\u00a0мин", join):
        assert shown in window.body
    for shown in ("Выбор противника: 5\u00a0мин", "Залов: 5", "Автоцикл: выключен"):
        assert shown in window.body
    assert "после гибели: можно" in window.body
    assert "Навыки" not in window.body and "Время на описание" not in window.body
    assert "Закрыть" in window.button_texts
    assert not any(text.startswith("☠️") for text in window.button_texts)


async def test_plus_and_minus_save_at_once(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "pool")
    await _open(gm, owner, game)
    await _step(gm, owner, "⏱ Время на ход", plus=True)
    await _step(gm, owner, "🏛 Залов", plus=False)
    await _step(gm, owner, "🔁 Автоцикл", plus=True)
    stored = await _stored(game)
    assert (stored.round_timeout, stored.halls, stored.auto_tick_minutes) == (900, 4, 15)
    window = _window(gm, owner)
    assert "Время на ход: 15\u00a0мин" in window.body and "Залов: 4" in window.body
    assert "каждые 15\u00a0мин" in window.body
    assert [b["text"] for b in _row(window, "−5")] == ["−5", "⏱ Время на ход: 15\u00a0мин", "+5"]


async def test_out_of_range_is_refused_and_changes_nothing(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "pool")
    await _open(gm, owner, game)
    for _ in range(2):
        await _step(gm, owner, "⏱ Время на ход", plus=False)
    assert (await _stored(game)).round_timeout == 60  # 10 min, 5 min, then 1 min: the floor
    answer = await _step(gm, owner, "⏱ Время на ход", plus=False)
    assert answer.show_alert and "от 1 до 1\xa0440\u00a0мин" in (answer.text or "")
    assert (await _stored(game)).round_timeout == 60
    for _ in range(4):
        await _step(gm, owner, "🏛 Залов", plus=False)
    answer = await _step(gm, owner, "🏛 Залов", plus=False)
    assert "от 1 до 20" in (answer.text or "")
    assert (await _stored(game)).halls == 1


async def test_a_typed_number_is_checked_then_saved(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "pool")
    await _open(gm, owner, game)
    await _press_middle(gm, owner, "⏱ Время на ход")
    assert "в минутах: от 1 до 1\xa0440" in _window(gm, owner).body
    await _type(gm, owner, "1441", "Можно только от 1 до 1\xa0440\u00a0мин")
    await _type(gm, owner, "скоро", "Можно только от 1 до 1\xa0440\u00a0мин")
    assert (await _stored(game)).round_timeout == 600
    window = await _type(gm, owner, "90", "Настройки игры")
    assert "Время на ход: 1\u00a0ч 30\u00a0мин" in window.body
    assert (await _stored(game)).round_timeout == 90 * 60  # stored in seconds
    await _press_middle(gm, owner, "⏱ Время на ход")
    window = await _type(gm, owner, "3", "Настройки игры")
    assert "Время на ход: 3\u00a0мин" in window.body
    # From 3 min, - stops at the minimum instead of refusing.
    await _step(gm, owner, "⏱ Время на ход", plus=False)
    assert (await _stored(game)).round_timeout == 60


async def test_duel_limits_stay_in_order(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "duel")
    window = await _open(gm, owner, game)
    assert "Поединок" in window.body and "Здоровье в поединке: 30" in window.body
    assert "Навыки поединка: пеший, конный" in window.body
    assert "Залов" not in window.body and "Выбор противника" not in window.body
    await _press_middle(gm, owner, "🗡 Навык до")
    await _type(gm, owner, "3", "Настройки игры")
    await _step(gm, owner, "🗡 Навык от", plus=True)
    await _step(gm, owner, "🗡 Навык от", plus=True)
    answer = await _step(gm, owner, "🗡 Навык от", plus=True)
    assert "от 1 до 3" in (answer.text or "")
    answer = await _step(gm, owner, "🗡 Навык до", plus=False)
    assert "от 3 до 100" in (answer.text or "")
    await _step(gm, owner, "❤️ Здоровье", plus=True)
    await _step(gm, owner, "🤸 Ловкость до", plus=True)
    stored = await _stored(game)
    assert (stored.skill_min, stored.skill_max, stored.duel_hp, stored.agility_max) == (
        3,
        3,
        35,
        55,
    )


async def test_toggles(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "duel")
    await _open(gm, owner, game)
    await _press(gm, owner, "☠️ Поединки до смерти: нет")
    await _press(gm, owner, "♻️ Новый персонаж после гибели: можно")
    stored = await _stored(game)
    assert stored.duel_to_death and not stored.allow_new_after_death
    texts = _window(gm, owner).button_texts
    assert "☠️ Поединки до смерти: да" in texts
    assert "♻️ Новый персонаж после гибели: нельзя" in texts
    await _press(gm, owner, "☠️ Поединки до смерти")
    assert not (await _stored(game)).duel_to_death


async def test_duel_skills_added_by_name_and_removed_by_button(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "duel")
    await _open(gm, owner, game)
    await _press(gm, owner, "📋 Навыки поединка (2)")
    assert "пришлите его название" in _window(gm, owner).body
    await _type(gm, owner, "  Стрельба   из лука ", "Стрельба из лука")
    assert (await _stored(game)).duel_skills == ("пеший", "конный", "Стрельба из лука")
    await _type(gm, owner, "СТРЕЛЬБА ИЗ ЛУКА", "уже есть")
    await _type(gm, owner, "я", "от 2 до 24")
    await _type(gm, owner, "<b>меч</b>", "только буквы")
    await _type(gm, owner, "меч 2", "только буквы")
    assert len((await _stored(game)).duel_skills) == 3
    for name in ("пеший", "конный"):
        await _press(gm, owner, f"✖ {name}")
    assert (await _stored(game)).duel_skills == ("Стрельба из лука",)
    answer = await _press(gm, owner, "✖ Стрельба из лука")
    assert answer.show_alert and "Хотя бы один" in (answer.text or "")
    assert (await _stored(game)).duel_skills == ("Стрельба из лука",)
    for number in range(9):
        await _type(gm, owner, f"навык-{'а' * (number + 1)}", f"навык-{'а' * (number + 1)}")
    assert len((await _stored(game)).duel_skills) == 10
    await _type(gm, owner, "лишний", "больше 10")
    assert len((await _stored(game)).duel_skills) == 10
    await _press(gm, owner, "← Назад")
    assert "Навыки поединка (10)" in " ".join(_window(gm, owner).button_texts)


async def test_a_demoted_admin_can_change_nothing(gm: Harness) -> None:
    _, admin, group, game = await _new_game(gm, "duel")
    await _open(gm, admin, game)
    await _step(gm, admin, "⏱ Время на ход", plus=True)
    assert (await _stored(game)).round_timeout == 900
    await _press_middle(gm, admin, "⏱ Время на ход")
    gm.emu.chat(group.id).members[admin.id] = ChatMemberInfo(admin, "member")
    await _type(gm, admin, "200", "только администраторы")
    await _press(gm, admin, "← Назад")
    for label in ("⏱ Время на ход", "❤️ Здоровье"):
        answer = await _step(gm, admin, label, plus=True)
        assert answer.show_alert and "только администраторы" in (answer.text or "")
    answer = await _press(gm, admin, "☠️ Поединки до смерти")
    assert "только администраторы" in (answer.text or "")
    await _press(gm, admin, "📋 Навыки поединка")
    await _type(gm, admin, "лучник", "только администраторы")
    answer = await _press(gm, admin, "✖ пеший")
    assert "только администраторы" in (answer.text or "")
    assert await _stored(game) == GameSettings(round_timeout=900, duel_skills=("пеший", "конный"))


async def test_two_admins_do_not_undo_each_other(gm: Harness) -> None:
    owner, admin, _, game = await _new_game(gm, "pool")
    await _open(gm, owner, game)
    await _open(gm, admin, game)
    await _step(gm, owner, "⏱ Время на ход", plus=True)
    await _step(gm, admin, "🏛 Залов", plus=True)
    await _step(gm, admin, "⏱ Время на ход", plus=True)
    stored = await _stored(game)
    assert (stored.round_timeout, stored.halls) == (1200, 6)
    assert "Время на ход: 20\u00a0мин" in _window(gm, admin).body


async def test_buttons_after_the_game_ended_are_refused(gm: Harness) -> None:
    owner, _, group, game = await _new_game(gm, "pool")
    window = await _open(gm, owner, game)
    await gm.emu.send_text(owner, group, "/endgame")
    await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    answer = await _step(gm, owner, "⏱ Время на ход", plus=True)
    assert answer.show_alert and "игра уже закончилась" in (answer.text or "")
    assert (await _stored(game)).round_timeout == 600
    assert not gm.emu.chat(window.chat.id).messages[window.message_id].buttons
    await gm.emu.open_deep_link(owner, f"s{game.id}")
    assert (
        "игра уже закончилась" in (await gm.emu.wait_for_message(gm.emu.private_chat(owner))).body
    )


async def test_d20_settings_and_close(gm: Harness) -> None:
    owner, _, _, game = await _new_game(gm, "d20")
    window = await _open(gm, owner, game)
    assert "Время на описание: 15\u00a0мин" in window.body and "Залов" not in window.body
    await _step(gm, owner, "📜 Время на описание", plus=True)
    assert (await _stored(game)).narration_timeout == 20 * 60
    query = await gm.emu.press_button(owner, _window(gm, owner), "Закрыть")
    await gm.emu.wait_for_callback_answer(query)
    assert not _window(gm, owner).buttons


def test_stored_settings_are_read_once_and_stay_apart() -> None:
    stored = {"halls": 3, "duel_skills": ["Меч", "Лук"], "retired_key": 1}
    first = read_settings(stored)
    assert first is read_settings(dict(stored))  # the same JSON: the same frozen settings
    assert (first.halls, first.duel_skills, first.round_timeout) == (3, ("Меч", "Лук"), 600)
    assert read_settings({**stored, "halls": 4}).halls == 4
    by_true = read_settings({"duel_to_death": True})
    assert by_true.duel_to_death is True
    assert read_settings({"duel_to_death": 1}) is not by_true  # 1 is not True: read apart
