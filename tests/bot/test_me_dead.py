"""/me of a dead character says it died, when and how, and what can bring it back, instead
of "you have no character" (through the real dispatcher, dice scripted)."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import Character, Game, GameSystem
from bot.i18n import Translator
from bot.services.deaths import death_of, noted
from bot.services.world import load_world, save_fighters
from bot.views.death import death_text
from rules.d20 import CharacterClass
from rules.gender import Gender
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, SECOND, d20_table
from tests.bot.pool_fight_rig import change, pool_table

RU = Translator("ru").for_locale("ru")


async def test_me_of_a_pool_character_dead_at_a_tick_says_when_and_how(gm: Harness) -> None:
    table = await pool_table(gm)
    await change(table, 1, health=0, health_at_cycle_start=0)  # at 0 for the whole cycle
    await gm.emu.send_text(table.admin, table.group, "/tick")
    await gm.emu.wait_for_message(table.group, lambda m: "Погибли: Арья" in m.body)
    row = await Character.get(game_id=table.game.id, number=1)
    assert row.status == "dead" and row.state["death"] == {"cycle": 1, "tick": True}
    await gm.emu.send_text(table.player(1), "/me")
    sheet = await gm.emu.wait_for_message(
        table.private(1), lambda m: "погибла" in m.body or "нет персонажа" in m.body
    )
    assert "У вас пока нет персонажа" not in sheet.body
    assert sheet.body.endswith(
        "💀 №1 Арья погибла.\n"
        "Когда: в конце цикла 1.\n"
        "Причина: здоровье 0, и до конца раунда или цикла его не подняли.\n"
        "Вернуть её в игру может только мастер: /revive 1 причина.\n"
        "Новый персонаж в этой игре: /join в группе."
    ), sheet.body
    await gm.emu.send_text(table.player(1), table.group, "/me")
    public = await gm.emu.wait_for_message(table.group, lambda m: "💀" in m.body)
    assert public.body.startswith("💀 №1 Арья погибла.\nКогда: в конце цикла 1.")
    await gm.emu.send_text(table.player(2), table.group, "/me")  # the living: as before
    alive = await gm.emu.wait_for_message(table.group, lambda m: "Бран" in m.body)
    assert "погиб" not in alive.body


async def test_me_of_a_finished_d20_hero_names_the_battle(gm: Harness) -> None:
    table = await d20_table(
        gm, [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
    )
    await table.set_hp("Эльф", 1)
    live = await table.start([("Догвор", FIRST), ("Эльф", SECOND)], [20, 10])
    end = await table.act("Догвор", live, ATTACK, "Эльф", 15)
    battle = (await table.encounter()).id
    await gm.emu.press_button(table.users["Догвор"], end, "⚔️ Добить: Эльф")
    await gm.emu.wait_for_message(table.group, lambda m: "погибает" in m.body)
    await gm.emu.send_text(table.users["Эльф"], "/me")
    sheet = await gm.emu.wait_for_message(gm.emu.private_chat(table.users["Эльф"]))
    assert (
        "💀 №2 Эльф погиб.\n"
        f"Когда: в бою №{battle}.\n"
        "Причина: добит после падения в бою.\n"
        "Вернуть его в игру может только мастер: /revive 2 причина."
    ) in sheet.body, sheet.body


def test_a_duel_to_the_death_names_the_duel_and_the_opponent() -> None:
    """Written by the duel's save (:mod:`bot.services.duels`), read by /me."""
    game = Game(id=1, system=GameSystem.DUEL, settings={})
    state = noted({"name": "Сандор", "hp": -4, "dead": True}, {"duel": 3, "by": "Бронн"})
    row = Character(number=1, name="Сандор", status="dead", state=state, gender=Gender.MALE)
    text = death_text(RU, death_of(game, row))
    assert text.splitlines()[:3] == [
        "💀 <b>№1 Сандор</b> погиб.",
        "Когда: в поединке №3, противник — Бронн.",
        "Причина: поединок насмерть.",
    ]
    old = Character(number=1, name="Сандор", status="dead", state={"hp": 0}, gender=None)
    assert "Когда" not in death_text(RU, death_of(game, old))  # died before notes were kept


async def test_a_pool_fight_death_is_noted_with_its_fight(gm: Harness) -> None:
    """The round's save (:func:`bot.services.world.save_fighters`) notes the fight."""
    table = await pool_table(gm)
    world, rows = await load_world(table.game)
    before = [world.character(1)]
    after = [replace(before[0], alive=False, health=-2)]
    await save_fighters(table.game, {1: rows[1]}, before, after, fight=7)
    row = await Character.get(game_id=table.game.id, number=1)
    assert row.status == "dead" and row.state["death"] == {"cycle": 1, "fight": 7}
    lines = death_text(RU, death_of(table.game, row)).splitlines()
    assert lines[1:3] == ["Когда: в бою №7.", "Причина: смертельные раны — здоровье ниже 0."]
