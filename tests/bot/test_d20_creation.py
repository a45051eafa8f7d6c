"""The ``d20`` creation dialog on the real dispatcher, Redis and SQLite (aiogram-dialog tools)."""

from __future__ import annotations

import pytest

from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services.characters import D20Build, create_character, rule_state
from bot.services.games import create_game
from rules.d20 import Race
from rules.d20.character import CharacterClass, D20Character
from rules.gender import Gender
from tests.bot.conftest import Harness
from tests.bot.dialog_rig import ForgedButton, Rig, open_rig

USER = 7
NEXT, BACK, CANCEL, CREATE = "Дальше ▶️", "◀️ Назад", "✖️ Отмена", "✅ Создать"
SKIP, KEEP = "Пропустить", "Оставить это ▶️"
HE, SHE = "он", "она"
RACE_BUTTONS = [
    "человек",
    "эльф",
    "дварф",
    "полуорк",
    "полурослик",
    "гном",
    "тифлинг",
    "драконорождённый",
    "другая…",
]
CLASS_BUTTONS = [
    "колдун — 12\u00a0ХП",
    "маг — 12\u00a0ХП",
    "клирик — 16\u00a0ХП",
    "монах — 16\u00a0ХП",
    "воин — 20\u00a0ХП",
    "паладин — 20\u00a0ХП",
    "следопыт — 20\u00a0ХП",
    "варвар — 22\u00a0ХП",
]


async def d20_game(chat_id: int = -200) -> Game:
    return await create_game(chat_id, GameSystem.D20, 1, "ru")


async def to_description(rig: Rig, game: Game, name: str = "Догвор", cls: str = "варвар") -> None:
    await rig.send(f"/start j{game.id}")
    await rig.send(name)
    await rig.press(HE)
    await rig.press(next(b for b in CLASS_BUTTONS if b.startswith(cls + " ")))
    assert "Раса</b> — по желанию" in rig.text
    await rig.press(SKIP)
    assert "Коротко опишите персонажа" in rig.text


async def test_happy_path_saves_exactly_what_was_chosen(clean_redis: str, database: str) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        assert "Как зовут вашего героя" in rig.text
        assert rig.buttons() == [CANCEL]
        await rig.send("Догвор")
        assert rig.text.startswith("<b>Догвор</b> — он или она?")
        assert rig.buttons() == [HE, SHE, BACK, CANCEL]
        await rig.press(HE)
        assert "<b>Догвор</b>: выберите класс" in rig.text and "класс защиты у всех 12" in rig.text
        assert rig.buttons() == [*CLASS_BUTTONS, BACK, CANCEL]

        await rig.press("варвар — 22\u00a0ХП")
        assert "Раса</b> — по желанию" in rig.text
        assert rig.buttons() == [*RACE_BUTTONS, SKIP, BACK, CANCEL]
        await rig.press("полуорк")
        assert "<b>Догвор</b>, варвар." in rig.text and "до 280 символов" in rig.text
        assert "характер, откуда он (до" in rig.text
        assert rig.buttons() == [SKIP, BACK, CANCEL]
        await rig.send("  <b>Полуорк</b> с топором & щитом  ")

        preview = rig.text
        assert "Имя: <b>Догвор</b> (он)" in preview and "Класс: варвар" in preview
        assert "Хиты: 22, класс защиты: 12" in preview and "Раса: полуорк" in preview
        assert "Описание: &lt;b&gt;Полуорк&lt;/b&gt; с топором &amp; щитом" in preview
        assert rig.buttons() == [CREATE, BACK, CANCEL]
        assert await Character.filter(game_id=game.id).count() == 0

        await rig.press(CREATE)
        assert rig.window.reply_markup is None
        assert rig.bot.sent[-1].startswith("✅ Персонаж №1 «Догвор» создан")
        assert "/me" in rig.bot.sent[-1]

    character = await Character.get(game_id=game.id)
    assert (character.number, character.user_id, character.name) == (1, USER, "Догвор")
    assert character.status == CharacterStatus.ACTIVE
    assert character.description == "<b>Полуорк</b> с топором & щитом"
    assert character.gender == Gender.MALE
    state = rule_state(game, character)
    assert state == D20Character("Догвор", CharacterClass.BARBARIAN, 22, race=Race.HALF_ORC)


@pytest.mark.parametrize(
    ("button", "character_class", "hp"),
    [
        ("колдун — 12\u00a0ХП", CharacterClass.WARLOCK, 12),
        ("монах — 16\u00a0ХП", CharacterClass.MONK, 16),
        ("следопыт — 20\u00a0ХП", CharacterClass.RANGER, 20),
    ],
)
async def test_skipping_the_description(
    clean_redis: str, database: str, button: str, character_class: CharacterClass, hp: int
) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        await rig.send("Ирма")
        await rig.press(SHE)
        await rig.press(button)
        await rig.press(SKIP)  # no race
        await rig.press(SKIP)  # no description
        assert "Описание: нет" in rig.text and "Раса:" not in rig.text
        assert f"Хиты: {hp}," in rig.text
        await rig.press(CREATE)
    character = await Character.get(game_id=game.id)
    assert character.description == "" and character.gender == Gender.FEMALE
    assert rule_state(game, character) == D20Character("Ирма", character_class, hp)


async def test_back_on_every_step_keeps_the_values(clean_redis: str, database: str) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_description(rig, game, "Догвор", "варвар")
        await rig.send("Полуорк")
        assert "Описание: Полуорк" in rig.text

        await rig.press(BACK)
        assert "Сейчас: Полуорк" in rig.text and rig.buttons() == [SKIP, KEEP, BACK, CANCEL]
        await rig.press(BACK)
        assert "Раса</b> — по желанию" in rig.text and "Сейчас:" not in rig.text
        await rig.press(BACK)
        assert "✅ варвар — 22\u00a0ХП" in rig.buttons()
        await rig.press(BACK)
        assert "он или она?" in rig.text
        await rig.press(BACK)
        assert "Как зовут" in rig.text and "Сейчас: <b>Догвор</b>" in rig.text
        assert rig.buttons() == [NEXT, CANCEL]
        await rig.send("Догвор Старший")
        await rig.press(HE)
        await rig.press("паладин — 20\u00a0ХП")
        await rig.press("дварф")
        await rig.press(KEEP)
        assert "Раса: дварф" in rig.text
        assert "Имя: <b>Догвор Старший</b>" in rig.text and "Класс: паладин" in rig.text
        assert "Описание: Полуорк" in rig.text
        await rig.press(CREATE)
    character = await Character.get(game_id=game.id)
    assert character.description == "Полуорк"
    state = rule_state(game, character)
    assert state == D20Character("Догвор Старший", CharacterClass.PALADIN, 20, race=Race.DWARF)


@pytest.mark.parametrize("step", ["name", "gender", "class", "description", "preview"])
async def test_cancel_on_every_step_saves_nothing(
    clean_redis: str, database: str, step: str
) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        if step != "name":
            await rig.send("Догвор")
        if step not in ("name", "gender"):
            await rig.press(HE)
        if step in ("description", "preview"):
            await rig.press("маг — 12\u00a0ХП")
        if step == "preview":
            await rig.press(SKIP)
        await rig.press(CANCEL)
        assert rig.window.reply_markup is None
        assert "отменено" in rig.bot.sent[-1]
        shown = len(rig.windows.sent_messages)
        await rig.send("Догвор")
        assert len(rig.windows.sent_messages) == shown
    assert await Character.filter(game_id=game.id).count() == 0


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("Я", "Имя должно быть длиной от 2 до 32 символов."),
        ("Я" * 33, "Имя должно быть длиной от 2 до 32 символов."),
        ("<i>Маг</i>", "В имени можно использовать только буквы"),
        ("ДОГВОР", "Имя уже занято: в этой игре есть «Догвор»"),
        ("догвор", "Имя уже занято: в этой игре есть «Догвор»"),
        ("\u3164Догвор", "Имя уже занято: в этой игре есть «Догвор»"),
        ("ДOГBOP", "Имя уже занято: в этой игре есть «Догвор»"),  # Latin O, B and P
    ],
)
async def test_name_refusals_show_the_reason_and_stay(
    clean_redis: str, database: str, raw: str, reason: str
) -> None:
    game = await d20_game()
    await create_character(game, 99, "Догвор", D20Build(CharacterClass.FIGHTER))
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        await rig.send(raw)
        assert rig.text.startswith(f"⚠️ {reason}")
        assert "Как зовут" in rig.text and rig.buttons() == [CANCEL]
        await rig.send("Ирма")
        assert "он или она?" in rig.text and "⚠️" not in rig.text


async def test_a_description_too_long_is_refused_with_the_reason(
    clean_redis: str, database: str
) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_description(rig, game)
        await rig.send("ы" * 281)
        assert rig.text.startswith(
            "⚠️ Описание длиннее 280 символов (у вас 281). Сократите его, пожалуйста."
        )
        assert "Коротко опишите персонажа" in rig.text
        await rig.send("ы" * 280)
        assert "Проверьте персонажа" in rig.text
        await rig.press(CREATE)
    character = await Character.get(game_id=game.id)
    assert character.description == "ы" * 280


async def test_a_second_living_character_is_refused(clean_redis: str, database: str) -> None:
    game = await d20_game()
    await create_character(game, USER, "Ирма", D20Build(CharacterClass.CLERIC))
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        assert "уже есть живой персонаж" in rig.bot.sent[-1]
        assert rig.windows.sent_messages == []
    assert await Character.filter(game_id=game.id).count() == 1


async def test_a_refusal_at_confirm_is_polite_and_creates_nothing(
    clean_redis: str, database: str
) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await to_description(rig, game)
        await rig.press(SKIP)
        await create_character(game, USER, "Ирма", D20Build(CharacterClass.CLERIC))
        await rig.press(CREATE)
        assert "уже есть живой персонаж" in rig.bot.sent[-1]
        assert rig.window.reply_markup is None
    assert [c.name for c in await Character.filter(game_id=game.id)] == ["Ирма"]


async def test_a_restart_mid_dialog_resumes_with_the_same_values(
    clean_redis: str, database: str
) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as before:
        await to_description(before, game, "Догвор", "следопыт")
        await before.send("Лучник из северных лесов")
        await before.press(BACK)
        last_window = before.window
    async with open_rig(clean_redis, USER) as after:
        await after.press(KEEP, on=last_window)
        assert "Имя: <b>Догвор</b>" in after.text and "Класс: следопыт" in after.text
        assert "Описание: Лучник из северных лесов" in after.text
        await after.press(CREATE)
        assert after.bot.sent[-1].startswith("✅ Персонаж №1 «Догвор» создан")
    character = await Character.get(game_id=game.id)
    assert character.description == "Лучник из северных лесов"
    assert rule_state(game, character) == D20Character("Догвор", CharacterClass.RANGER, 20)


async def test_a_player_builds_a_hero_through_the_deep_link(gm: Harness) -> None:
    player = gm.emu.add_user("Ирма", language_code="ru")
    group = gm.emu.add_group("Таверна", members=[player])
    game = await d20_game(group.id)
    private = gm.emu.private_chat(player)

    await gm.emu.open_deep_link(player, f"j{game.id}")
    prompt = await gm.emu.wait_for_message(private)
    assert "Как зовут вашего героя" in prompt.body
    await gm.emu.send_text(player, private, "Ирма")
    window = await gm.emu.wait_for_message(private, lambda m: "он или она?" in m.body)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, SHE))
    window = await gm.emu.wait_for_edit(window)
    assert "выберите класс" in window.body
    await gm.emu.wait_for_callback_answer(
        await gm.emu.press_button(player, window, "клирик — 16\u00a0ХП")
    )
    window = await gm.emu.wait_for_edit(window)
    assert "Раса — по желанию" in window.body
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, "эльф"))
    window = await gm.emu.wait_for_edit(window)
    assert "Ирма, клирик." in window.body and "откуда она (до" in window.body
    await gm.emu.send_text(player, private, "Жрица <Света>")
    window = await gm.emu.wait_for_message(private, lambda m: "Проверьте персонажа" in m.body)
    assert "Описание: Жрица <Света>" in window.body and "Хиты: 16" in window.body
    assert "Имя: Ирма (она)" in window.body and "Раса: эльф" in window.body
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, CREATE))
    done = await gm.emu.wait_for_message(private, lambda m: "создан" in m.body)
    assert done.body.startswith("✅ Персонаж №1 «Ирма» создан")

    character = await Character.get(game_id=game.id)
    assert character.user_id == player.id and character.description == "Жрица <Света>"
    assert character.gender == Gender.FEMALE
    expected = D20Character("Ирма", CharacterClass.CLERIC, 16, race=Race.ELF)
    assert rule_state(game, character) == expected


async def test_a_forged_class_changes_nothing(clean_redis: str, database: str) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        await rig.send("Ирма")
        await rig.press(SHE)
        markup = rig.window.reply_markup
        assert markup is not None
        real = markup.inline_keyboard[0][0].callback_data or ""
        assert real.endswith("class:warlock")
        forged = real.replace("class:warlock", "class:necromancer")
        query = await rig.client.click(rig.window, ForgedButton(forged))
        rig.windows.assert_answered(query)
        assert "выберите класс" in rig.text and rig.buttons() == [*CLASS_BUTTONS, BACK, CANCEL]
    assert await Character.filter(game_id=game.id).count() == 0


async def test_race_in_ones_own_words_and_back_to_the_list(clean_redis: str, database: str) -> None:
    game = await d20_game()
    async with open_rig(clean_redis, USER) as rig:
        await rig.send(f"/start j{game.id}")
        await rig.send("Кра")
        await rig.press(SHE)
        await rig.press("монах — 16\u00a0ХП")
        await rig.press("другая…")
        assert "своими словами — до 24 символов" in rig.text
        assert rig.buttons() == [BACK, CANCEL]
        await rig.send("к" * 25)
        assert "от 1 до 24 символов (у вас 25)" in rig.text  # refused, still asking
        await rig.send("  <i>кенку</i>\u200b ")
        assert "Коротко опишите персонажа" in rig.text
        await rig.press(BACK)  # back to the list, the own word marked
        assert "Сейчас: &lt;i&gt;кенку&lt;/i&gt;" in rig.text and "✅ другая…" in rig.buttons()
        await rig.press(SKIP)  # changed her mind: no race
        await rig.press(SKIP)  # no description
        assert "Раса:" not in rig.text
        await rig.press(BACK)
        await rig.press(BACK)
        await rig.send("кенку")  # typed straight at the list
        await rig.press(SKIP)
        assert "Раса: кенку" in rig.text
        await rig.press(CREATE)
    state = rule_state(game, await Character.get(game_id=game.id))
    assert (state.race, state.race_text) == (Race.OTHER, "кенку")
