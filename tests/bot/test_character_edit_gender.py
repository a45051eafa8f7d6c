"""/edit N: the game master sets a character's gender in every system. In pool the rules hold
it too (a woman without a jacket has a penalty): the column and the rule state change together."""

from __future__ import annotations

from bot.db.models import Character, GameSystem, GmAction
from bot.services import encounter_store, games
from bot.services.characters import DuelBuild, create_character, rule_state
from rules.duel.encounter import KIND, open_duel
from rules.encounter import Seat
from rules.gender import Gender
from rules.pool.model import PoolCharacter
from tests.bot.character_edit_rig import Editor
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import pool_table

BUTTON = "👤 Он / она"


async def test_pool_gender_changes_the_rules_and_the_column_together(gm: Harness) -> None:
    table = await pool_table(gm, 2)  # №1 Арья is a woman
    editor = Editor(gm, table.admin, table.game)
    await editor.open(1)
    await editor.press(BUTTON)
    assert "Род</b>" in editor.window.html and "Сейчас: она." in editor.window.body
    assert editor.window.button_texts == ["он", "она", "← Назад"]
    refused = await editor.press("она")
    assert "Ничего не меняется" in (refused.text or "")
    await editor.press("он")
    assert editor.window.body.startswith("✍️ Правка: род: она → он.\nКоротко напишите причину")
    notice = await editor.save("ошиблась при создании", table.group)
    assert notice.body == (
        "🛠 Правка мастера — №1 Арья: род: она → он. Мастер: Мастер. Причина: ошиблась при создании"
    )
    row = await Character.get(game_id=table.game.id, number=1)
    state = rule_state(table.game, row)
    assert isinstance(state, PoolCharacter)
    assert row.gender == Gender.MALE and state.gender == Gender.MALE
    [action] = await GmAction.filter(game_id=table.game.id)
    assert action.target_number == 1 and action.reason == "ошиблась при создании"


async def test_a_duelist_without_a_gender_gets_one_even_mid_duel(gm: Harness) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru", started=True)
    players = [gm.emu.add_user(f"Игрок {n}", language_code="ru", started=True) for n in (1, 2)]
    group = gm.emu.add_group("Арена", admins=[admin], members=players)
    game = await games.create_game(group.id, GameSystem.DUEL, admin.id, "ru", ("пеший",))
    build = DuelBuild((("пеший", 5),), 10)  # made before the gender was asked: NULL
    await create_character(game, players[0].id, "Аня Ветер", build)
    await create_character(game, players[1].id, "Бронн", build)
    # An open duel holds the fighters' HP, not their gender: the gender may change meanwhile.
    sandor, bronn = (rule_state(game, c) for c in await Character.filter(game_id=game.id))
    table = open_duel((Seat(1, players[0].id), sandor), (Seat(2, players[1].id), bronn), "пеший")
    await encounter_store.create(game, KIND, "challenged", table.state, group.id, None)
    editor = Editor(gm, admin, game)
    await editor.open(1)
    await editor.press(BUTTON)
    assert "Сейчас: не указан." in editor.window.body
    await editor.press("она")
    assert "Правка: род: не указан → она." in editor.window.body
    notice = await editor.save("так задумано", group)
    assert "№1 Аня Ветер: род: не указан → она." in notice.body
    row = await Character.get(game_id=game.id, number=1)
    assert row.gender == Gender.FEMALE
    await editor.press("❤️ Хиты")  # the HP the duel holds stay refused
    await editor.type("5", "сейчас в бою")
