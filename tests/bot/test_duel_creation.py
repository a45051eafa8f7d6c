"""The ``duel`` creation dialog on the real dispatcher, Redis and SQLite (aiogram-dialog tools)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services.characters import DuelBuild, create_character, rule_state
from bot.services.games import create_game, save_settings, settings_of
from bot.services.settings import change_setting
from rules.duel.character import DuelCharacter
from rules.gender import Gender
from rules.odds.duel import round_win_chance
from tests.bot.conftest import Harness
from tests.bot.dialog_rig import ForgedButton, Rig, open_rig

USER = 7
SKILLS = ("пеший", "конный")
NEXT, BACK, CANCEL, CREATE = "Дальше ▶️", "◀️ Назад", "✖️ Отмена", "✅ Создать"
HE, SHE = "он", "она"


async def duel_game(chat_id: int = -100, **limits: Any) -> Game:
    game = await create_game(chat_id, GameSystem.DUEL, 1, "ru", SKILLS)
    if limits:
        settings = settings_of(game)
        for name, value in limits.items():
            settings = change_setting(settings, name, value)
        await save_settings(game, settings)
    return game


async def to_skills(rig: Rig, game: Game, name: str = "Сандор Клиган") -> None:
    await rig.send(f"/start j{game.id}")
    await rig.send(name)
    assert "он или она?" in rig.text
    await rig.press(HE)
    assert "боевые навыки" in rig.text


async def to_preview(rig: Rig, game: Game, name: str = "Сандор Клиган") -> None:
    await to_skills(rig, game, name)
    await rig.press("▫️ пеший")
    await rig.press(NEXT)
    await rig.press(NEXT)
    assert "Проверьте бойца" in rig.text


async def press_times(rig: Rig, data_suffix: str, times: int) -> None:
    for _ in range(times):
        await rig.press_data(data_suffix)


def percent(chance: float) -> str:
    """The preview's figure: one decimal, Russian comma."""
    return f"{chance * 100:.1f}".replace(".", ",")


async def test_happy_path_saves_exactly_what_was_chosen(clean_redis: str, database: str) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        assert "Как зовут вашего персонажа" in rig.text
        assert rig.buttons() == [CANCEL]
        await rig.send("  Сандор   Клиган ")
        assert rig.text.startswith("<b>Сандор Клиган</b> — он или она?")
        assert "«упал» или «упала»" in rig.text
        assert rig.buttons() == [HE, SHE, BACK, CANCEL]
        await rig.press(HE)
        assert "<b>Сандор Клиган</b>: боевые навыки" in rig.text
        assert "от 1 до 10" in rig.text and "начинается с 5" in rig.text
        assert rig.buttons() == ["▫️ пеший", "▫️ конный", BACK, NEXT, CANCEL]

        await rig.press("▫️ пеший")
        await rig.press("▫️ конный")
        assert rig.buttons()[:8] == ["✅ пеший", "−", "5", "+", "✅ конный", "−", "5", "+"]
        await press_times(rig, "skills:0:skill_plus", 4)
        await press_times(rig, "skills:1:skill_minus", 2)
        assert rig.buttons()[:8] == ["✅ пеший", "−", "9", "+", "✅ конный", "−", "3", "+"]

        await rig.press(NEXT)
        assert "ловкость — <b>25\u00a0%</b>" in rig.text and "от 0 до 50\u00a0%" in rig.text
        await rig.press("−5")
        await rig.press("−1")
        assert "<b>19\u00a0%</b>" in rig.text
        await rig.send("20")
        assert "<b>20\u00a0%</b>" in rig.text and "20\u00a0%" in rig.buttons()
        await rig.press(NEXT)

        preview = rig.text
        assert "Имя: <b>Сандор Клиган</b> (он)" in preview
        assert "Ловкость: 20\u00a0%" in preview and "Хиты: 30" in preview
        nine = (percent(float(round_win_chance(9, 1))), percent(float(round_win_chance(9, 10))))
        three = (percent(float(round_win_chance(3, 1))), percent(float(round_win_chance(3, 10))))
        assert nine == ("99,1", "45,1") and three == ("89,6", "8,4")
        assert (
            f"• пеший 9 — шанс выиграть раунд против навыка 1: {nine[0]}\u00a0%, "
            f"против навыка 10: {nine[1]}\u00a0%"
        ) in preview
        assert f"• конный 3 — шанс выиграть раунд против навыка 1: {three[0]}\u00a0%" in preview
        assert await Character.filter(game_id=game.id).count() == 0

        await rig.press(CREATE)
        assert rig.window.reply_markup is None
        assert rig.bot.sent[-1].startswith("✅ Персонаж №1 «Сандор Клиган» создан")
        assert "/me" in rig.bot.sent[-1]

    character = await Character.get(game_id=game.id)
    assert (character.number, character.user_id, character.name) == (1, USER, "Сандор Клиган")
    assert character.status == CharacterStatus.ACTIVE and character.description == ""
    assert character.gender == Gender.MALE
    assert rule_state(game, character) == DuelCharacter(
        "Сандор Клиган", (("пеший", 9), ("конный", 3)), hp=30, max_hp=30, agility=20
    )


async def test_back_on_every_step_keeps_the_values(clean_redis: str, database: str) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_skills(rig, game, "Бронн")
        await rig.press("▫️ конный")
        await rig.press("+")
        await rig.press(NEXT)
        await rig.press("+5")
        await rig.press(NEXT)
        assert "• конный 6" in rig.text and "Ловкость: 30\u00a0%" in rig.text

        await rig.press(BACK)
        assert "ловкость — <b>30\u00a0%</b>" in rig.text
        await rig.press(BACK)
        assert rig.buttons()[:5] == ["▫️ пеший", "✅ конный", "−", "6", "+"]
        await rig.press(BACK)
        assert "он или она?" in rig.text
        await rig.press(BACK)
        assert "Как зовут" in rig.text and "Сейчас: <b>Бронн</b>" in rig.text
        assert rig.buttons() == [NEXT, CANCEL]
        await rig.press(NEXT)
        await rig.press(SHE)  # changed her mind: the choice is taken again
        assert rig.buttons()[:5] == ["▫️ пеший", "✅ конный", "−", "6", "+"]
        await rig.press(BACK)
        await rig.press(BACK)
        await rig.send("Бронн Черноводный")
        await rig.press(HE)
        await rig.press(NEXT)
        await rig.press(NEXT)
        assert "Имя: <b>Бронн Черноводный</b> (он)" in rig.text and "• конный 6" in rig.text
        await rig.press(CREATE)

    character = await Character.get(game_id=game.id)
    assert character.gender == Gender.MALE
    assert rule_state(game, character) == DuelCharacter(
        "Бронн Черноводный", (("конный", 6),), hp=30, max_hp=30, agility=30
    )


@pytest.mark.parametrize("step", ["name", "gender", "skills", "agility", "preview"])
async def test_cancel_on_every_step_saves_nothing(
    clean_redis: str, database: str, step: str
) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        if step != "name":
            await rig.send("Сандор")
        if step not in ("name", "gender"):
            await rig.press(HE)
            await rig.press("▫️ пеший")
        if step in ("agility", "preview"):
            await rig.press(NEXT)
        if step == "preview":
            await rig.press(NEXT)
        await rig.press(CANCEL)
        assert rig.window.reply_markup is None
        assert "отменено" in rig.bot.sent[-1]
        shown = len(rig.windows.sent_messages)
        await rig.send("Бронн")  # the dialog is over: this text starts nothing
        assert len(rig.windows.sent_messages) == shown
    assert await Character.filter(game_id=game.id).count() == 0


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("Я", "Имя должно быть длиной от 2 до 32 символов."),
        ("Я" * 33, "Имя должно быть длиной от 2 до 32 символов."),
        ("<b>Вася</b>", "В имени можно использовать только буквы"),
        ("Вася!", "В имени можно использовать только буквы"),
        ("БРОНН", "Имя уже занято: в этой игре есть «Бронн»"),
        (" бРоНн ", "Имя уже занято: в этой игре есть «Бронн»"),
        ("\u202eБpoнн\u200b", "Имя уже занято: в этой игре есть «Бронн»"),  # Latin p and o
    ],
)
async def test_name_refusals_show_the_reason_and_stay(
    clean_redis: str, database: str, raw: str, reason: str
) -> None:
    game = await duel_game()
    await create_character(game, 99, "Бронн", DuelBuild(skills=(("пеший", 8),), agility=20))
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        await rig.send(raw)
        assert rig.text.startswith(f"⚠️ {reason}")
        assert "Как зовут" in rig.text and "Сейчас" not in rig.text
        assert rig.buttons() == [CANCEL]
        await rig.send("Сандор")
        assert "он или она?" in rig.text and "⚠️" not in rig.text


async def test_skills_stay_within_the_games_limits(clean_redis: str, database: str) -> None:
    game = await duel_game(skill_min=3, skill_max=6)
    async with open_rig(clean_redis, USER) as rig:
        await to_skills(rig, game)
        assert "от 3 до 6" in rig.text and "начинается с 4" in rig.text
        await rig.press("▫️ пеший")
        await press_times(rig, "skills:0:skill_plus", 2)
        assert rig.buttons()[:4] == ["✅ пеший", "−", "6", "+"]
        await rig.press("+")
        assert rig.text.startswith("⚠️ Больше 6 нельзя")
        assert rig.buttons()[:4] == ["✅ пеший", "−", "6", "+"]
        await press_times(rig, "skills:0:skill_minus", 3)
        assert rig.buttons()[:4] == ["✅ пеший", "−", "3", "+"]
        await rig.press("−")
        assert rig.text.startswith("⚠️ Меньше 3 нельзя")
        assert rig.buttons()[:4] == ["✅ пеший", "−", "3", "+"]
        await rig.press(NEXT)
        await rig.press(NEXT)
        await rig.press(CREATE)
    character = await Character.get(game_id=game.id)
    assert rule_state(game, character).skills == (("пеший", 3),)


async def test_agility_stays_within_the_games_limits(clean_redis: str, database: str) -> None:
    game = await duel_game(agility_min=10, agility_max=40)
    async with open_rig(clean_redis, USER) as rig:
        await to_skills(rig, game)
        await rig.press("▫️ пеший")
        await rig.press(NEXT)
        assert "<b>25\u00a0%</b>" in rig.text and "от 10 до 40\u00a0%" in rig.text
        for _ in range(3):
            await rig.press("−5")
        assert "<b>10\u00a0%</b>" in rig.text
        await rig.press("−1")
        assert rig.text.startswith("⚠️ Ловкость в этой игре — от 10 до 40\u00a0%.")
        assert "<b>10\u00a0%</b>" in rig.text
        await rig.send("41")
        assert rig.text.startswith("⚠️ Ловкость в этой игре — от 10 до 40\u00a0%.")
        await rig.send("ловкая")
        assert rig.text.startswith("⚠️ Напишите ловкость целым числом от 10 до 40")
        await rig.send("-5")
        assert rig.text.startswith("⚠️ Напишите ловкость целым числом")
        await rig.send("38 %")
        assert "<b>38\u00a0%</b>" in rig.text and "⚠️" not in rig.text
        await rig.press("+5")
        assert "<b>40\u00a0%</b>" in rig.text and "⚠️" not in rig.text
        await rig.press("+1")
        assert rig.text.startswith("⚠️ Ловкость в этой игре")
        assert "<b>40\u00a0%</b>" in rig.text
        await rig.press(NEXT)
        await rig.press(CREATE)
    character = await Character.get(game_id=game.id)
    assert rule_state(game, character).agility == 40


async def test_at_least_one_skill_is_required(clean_redis: str, database: str) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_skills(rig, game)
        await rig.press(NEXT)
        assert rig.text.startswith("⚠️ Отметьте хотя бы один навык.")
        assert "боевые навыки" in rig.text
        await rig.press("▫️ конный")
        await rig.press("✅ конный")
        await rig.press(NEXT)
        assert rig.text.startswith("⚠️ Отметьте хотя бы один навык.")
    assert await Character.filter(game_id=game.id).count() == 0


async def test_a_second_living_character_is_refused(clean_redis: str, database: str) -> None:
    game = await duel_game()
    await create_character(game, USER, "Бронн", DuelBuild(skills=(("пеший", 8),), agility=20))
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        assert "уже есть живой персонаж" in rig.bot.sent[-1]
        assert rig.windows.sent_messages == []
    assert await Character.filter(game_id=game.id).count() == 1


async def test_a_refusal_at_confirm_is_polite_and_creates_nothing(
    clean_redis: str, database: str
) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_preview(rig, game)
        # Meanwhile the same user finished another creation (a second tab, say).
        await create_character(game, USER, "Бронн", DuelBuild(skills=(("пеший", 8),), agility=20))
        await rig.press(CREATE)
        assert "уже есть живой персонаж" in rig.bot.sent[-1]
        assert rig.window.reply_markup is None
    assert [c.name for c in await Character.filter(game_id=game.id)] == ["Бронн"]


async def test_a_name_taken_meanwhile_sends_back_to_the_name(
    clean_redis: str, database: str
) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_preview(rig, game, "Бронн")
        await create_character(game, 99, "бронн", DuelBuild(skills=(("пеший", 8),), agility=20))
        await rig.press(CREATE)
        assert rig.text.startswith("⚠️ Имя уже занято: в этой игре есть «бронн»")
        assert "Как зовут" in rig.text and rig.buttons() == [CANCEL]
        await rig.send("Сандор")
        await rig.press(HE)
        assert rig.buttons()[:4] == ["✅ пеший", "−", "5", "+"]
        await rig.press(NEXT)
        await rig.press(NEXT)
        await rig.press(CREATE)
        assert rig.bot.sent[-1].startswith("✅ Персонаж №2 «Сандор» создан")


async def test_a_restart_mid_dialog_resumes_with_the_same_values(
    clean_redis: str, database: str
) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as before:
        await to_skills(before, game, "Сандор")
        await before.press("▫️ пеший")
        await before.press("▫️ конный")
        await press_times(before, "skills:0:skill_plus", 2)
        await press_times(before, "skills:1:skill_minus", 3)
        await before.press(NEXT)
        await before.press("+5")
        last_window = before.window
    async with open_rig(clean_redis, USER) as after:
        await after.press(NEXT, on=last_window)
        assert "Имя: <b>Сандор</b>" in after.text
        assert "• пеший 7" in after.text and "• конный 2" in after.text
        assert "Ловкость: 30\u00a0%" in after.text
        await after.press(CREATE)
        assert after.bot.sent[-1].startswith("✅ Персонаж №1 «Сандор» создан")
    character = await Character.get(game_id=game.id)
    assert rule_state(game, character) == DuelCharacter(
        "Сандор", (("пеший", 7), ("конный", 2)), hp=30, max_hp=30, agility=30
    )


async def test_a_player_builds_a_duelist_through_the_deep_link(gm: Harness) -> None:
    player = gm.emu.add_user("Сандор", language_code="ru")
    group = gm.emu.add_group("Ристалище", members=[player])
    game = await duel_game(group.id)
    private = gm.emu.private_chat(player)

    await gm.emu.open_deep_link(player, f"j{game.id}")
    prompt = await gm.emu.wait_for_message(private)
    assert "Как зовут вашего персонажа" in prompt.body
    await gm.emu.send_text(player, private, "Пёс")
    window = await gm.emu.wait_for_message(private, lambda m: "он или она?" in m.body)
    for button in (HE, "▫️ конный", "+", "+", NEXT):
        await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, button))
        window = await gm.emu.wait_for_edit(window)
    assert "ловкость — 25\u00a0%" in window.body
    await gm.emu.send_text(player, private, "15")
    window = await gm.emu.wait_for_message(private, lambda m: "ловкость — 15\u00a0%" in m.body)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, NEXT))
    window = await gm.emu.wait_for_edit(window)
    assert "• конный 7" in window.body and "Хиты: 30" in window.body
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, CREATE))
    done = await gm.emu.wait_for_message(private, lambda m: "создан" in m.body)
    assert done.body.startswith("✅ Персонаж №1 «Пёс» создан")

    character = await Character.get(game_id=game.id)
    assert character.user_id == player.id and character.gender == Gender.MALE
    assert rule_state(game, character) == DuelCharacter(
        "Пёс", (("конный", 7),), hp=30, max_hp=30, agility=15
    )


async def test_forged_skill_rows_change_nothing(clean_redis: str, database: str) -> None:
    game = await duel_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_skills(rig, game)
        await rig.press("▫️ пеший")
        markup = rig.window.reply_markup
        assert markup is not None
        real = markup.inline_keyboard[0][3].callback_data or ""
        assert real.endswith("skills:0:skill_plus")
        before = rig.buttons()
        for forged in ("skills:7:skill_plus", "skills:²:skill_on", "skills:1:skill_minus"):
            query = await rig.client.click(
                rig.window, ForgedButton(real.replace("skills:0:skill_plus", forged))
            )
            rig.windows.assert_answered(query)
            assert rig.buttons() == before
