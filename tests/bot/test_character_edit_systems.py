"""/edit N in duel and d20 games: what their rule state holds, within and beyond the limits."""

from __future__ import annotations

from bot.db.models import Character, Game, GameSystem
from bot.services import games
from bot.services.characters import Build, D20Build, DuelBuild, create_character
from rules.d20 import Race
from rules.d20.character import CharacterClass, D20Character
from rules.duel.character import DuelCharacter
from tests.bot.character_edit_rig import Editor, actions_of, state_of
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat


async def _game(gm: Harness, system: GameSystem, build: Build) -> tuple[Editor, EmuChat, Game]:
    """A group with an admin and one player whose character №1 is ``build``; the editor open."""
    admin = gm.emu.add_user("Мастер", language_code="ru", started=True)
    player = gm.emu.add_user("Игрок", language_code="ru", started=True)
    group = gm.emu.add_group("Арена", admins=[admin], members=[player])
    game = await games.create_game(
        group.id, system, admin.id, "ru", default_duel_skills=("пеший", "конный")
    )
    await create_character(game, player.id, "Борис", build)
    editor = Editor(gm, admin, game)
    await editor.open(1)
    return editor, group, game


async def _duel(game: Game) -> DuelCharacter:
    state = await state_of(game, 1)
    assert isinstance(state, DuelCharacter)
    return state


async def _d20(game: Game) -> D20Character:
    state = await state_of(game, 1)
    assert isinstance(state, D20Character)
    return state


DUELIST = DuelBuild((("пеший", 5),), agility=10)


async def test_duel_hp_and_max_hp(gm: Harness) -> None:
    editor, group, game = await _game(gm, GameSystem.DUEL, DUELIST)
    assert "Характеристики" not in " ".join(editor.window.button_texts)
    await editor.press("❤️ Хиты")
    await editor.type("31", "от 0 до 30")
    await editor.type("12", "здоровье 30 → 12")
    notice = await editor.save("рана от падения", group)
    assert "№1 Борис: здоровье 30 → 12." in notice.body
    window = await editor.edit("💗 Максимум хитов", "40", expect="выходит за правила")
    assert "при создании в этой игре хитов 30" in window.body
    await editor.press("⚠️ Всё равно применить")
    await editor.save("закалка", group)
    character = await _duel(game)
    assert (character.hp, character.max_hp) == (12, 40)
    await editor.edit("💗 Максимум хитов", "10", expect="максимум хитов 40 → 10; здоровье 12 → 10")
    await editor.press("⚠️ Всё равно применить")
    await editor.save("проклятие слабости", group)
    assert ((await _duel(game)).hp, (await _duel(game)).max_hp) == (10, 10)


async def test_duel_agility_and_skills(gm: Harness) -> None:
    editor, group, game = await _game(gm, GameSystem.DUEL, DUELIST)
    await editor.press("🤸 Ловкость")
    await editor.type("101", "от 0 до 100")
    window = await editor.type("80", "выходит за правила")
    assert "в этой игре — от 0 до 50" in window.body
    await editor.press("✖ Отмена")
    await editor.edit("🤸 Ловкость", "25", expect="ловкость 10 → 25")
    await editor.save("тренировки", group)
    await editor.press("⚔️ Навыки")
    assert editor.window.button_texts[:2] == ["пеший: 5", "конный: 0"]
    await editor.press("конный: 0")
    await editor.type("3", "навык «конный» 0 → 3")
    await editor.save("научился ездить", group)
    await editor.press("⚔️ Навыки")
    await editor.press("пеший: 5")
    await editor.type("0", "навык «пеший» 5 → 0")
    await editor.save("сломал ногу", group)
    await editor.press("⚔️ Навыки")
    await editor.press("конный: 3")
    await editor.type("0", "Последний навык убрать нельзя")
    character = await _duel(game)
    assert (character.agility, character.skills) == (25, (("конный", 3),))
    assert len(await actions_of(game)) == 3


async def test_duel_kill_and_revive(gm: Harness) -> None:
    editor, group, game = await _game(gm, GameSystem.DUEL, DUELIST)
    await editor.press("💀 Убить")
    notice = await editor.save("казнь", group)
    assert ": смерть." in notice.body
    row = await Character.get(game_id=game.id, number=1)
    assert row.status == "dead" and (await _duel(game)).dead
    await editor.press("✨ Оживить")
    await editor.save("чудо", group)
    character = await _duel(game)
    assert not character.dead and character.hp == character.max_hp


async def test_d20_hp_class_and_kill(gm: Harness) -> None:
    fighter = D20Build(CharacterClass.FIGHTER)
    editor, group, game = await _game(gm, GameSystem.D20, fighter)
    await editor.press("❤️ Хиты")
    await editor.type("21", "от 0 до 20")
    await editor.press("← Назад")
    await editor.press("🧙 Класс")
    assert "воин" not in editor.window.button_texts
    await editor.press("маг")
    assert "класс воин → маг; здоровье 20 → 12" in editor.window.body
    notice = await editor.save("превращение", group)
    assert "класс воин → маг; здоровье 20 → 12" in notice.body
    character = await _d20(game)
    assert (character.character_class, character.hp) == (CharacterClass.WIZARD, 12)
    await editor.edit("❤️ Хиты", "5", expect="здоровье 12 → 5")
    await editor.save("ловушка", group)
    await editor.press("💀 Убить")
    await editor.save("добит", group)
    character = await _d20(game)
    assert character.dead and character.hp == 0
    assert [a.reason for a in await actions_of(game)] == ["превращение", "ловушка", "добит"]


async def test_d20_race_from_the_list_in_own_words_and_none(gm: Harness) -> None:
    """rulebook: d20 / Race: a game master sets, changes and clears it under /edit."""
    fighter = D20Build(CharacterClass.FIGHTER, race="elf")
    editor, group, game = await _game(gm, GameSystem.D20, fighter)
    assert "🧬 Раса: эльф" in editor.window.body  # the sheet shows it
    await editor.press("🧬 Раса")
    assert "эльф" not in editor.window.button_texts  # the current one is not offered
    await editor.press("полуорк")
    notice = await editor.save("проклятие крови", group)
    assert "раса: эльф → полуорк" in notice.body
    assert (await _d20(game)).race is Race.HALF_ORC
    await editor.press("🧬 Раса")
    await editor.type("к" * 25, "от 1 до 24 символов (у вас 25)")  # refused, nothing asked
    await editor.type("<b>кенку</b>", "раса: полуорк → <b>кенку</b>")
    notice = await editor.save("перерождение", group)
    assert "раса: полуорк → &lt;b&gt;кенку&lt;/b&gt;" in notice.html
    character = await _d20(game)
    assert (character.race, character.race_text) == (Race.OTHER, "<b>кенку</b>")
    await editor.press("🧬 Раса")
    await editor.press("— не указана")
    notice = await editor.save("забвение", group)
    assert "раса: <b>кенку</b> → —" in notice.body
    assert (await _d20(game)).race is None
