"""rulebook: duel / NPC duels. Through the real dispatcher and the emulator, with scripted dice:
the game master challenges a player with an NPC (skill, agility, HP); the NPC goes on by
itself, the player alone chooses; the NPC has no character row; bad forms get the usage."""

from __future__ import annotations

from bot.db.models import Character, Encounter, Game, GameSystem
from bot.services import games
from bot.services.characters import DuelBuild, create_character, rule_state
from rules.duel.encounter import DuelStage
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuUser

SEED_ROUND = {17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}  # the challenger wins 3:2


async def _table(gm: Harness) -> tuple[EmuUser, EmuUser, EmuChat, Game]:
    master = gm.emu.add_user("Мастер", language_code="ru")
    bronn = gm.emu.add_user("Игрок Бронна", language_code="ru")
    group = gm.emu.add_group("Королевская гавань", admins=[master], members=[bronn])
    game = await games.create_game(group.id, GameSystem.DUEL, master.id, "ru", ("пеший",))
    await create_character(game, bronn.id, "Бронн", DuelBuild((("пеший", 8),), 20))
    await game.refresh_from_db()
    return master, bronn, group, game


async def test_the_game_master_s_npc_challenges_a_player_and_goes_on_by_itself(
    gm: Harness,
) -> None:
    master, bronn, group, game = await _table(gm)
    await gm.emu.send_text(master, group, "/duel 1 пеший | Разбойник 9 10 40")
    challenge = await gm.emu.wait_for_message(group, lambda m: "Вызов на поединок" in m.body)
    assert challenge.body.startswith(
        "⚔️ Вызов на поединок: 🎭 Разбойник → Бронн\nНавык «пеший»: 9 против 8."
    )
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    assert "Урон: Бронн −18 (2 × 9)." in first.body
    character = await Character.get(game_id=game.id, number=1)
    assert rule_state(game, character).hp == 12  # the player's HP carry over
    assert await Character.filter(game_id=game.id).count() == 1  # the NPC has no row
    record = await Encounter.get(game_id=game.id, kind="duel")
    assert record.state["challenger"]["user"] is None
    # The NPC has gone on already: only Бронн chooses, and his stop ends it.
    await gm.emu.press_button(bronn, first, "Остановиться")
    end = await gm.emu.wait_for_message(group, lambda m: "останавливает" in m.body)
    assert "Бронн останавливает поединок. Победа: 🎭 Разбойник." in end.body
    assert (await Encounter.get(game_id=game.id, kind="duel")).stage == DuelStage.FINISHED


async def test_only_the_game_master_fields_an_npc_and_bad_forms_get_the_usage(
    gm: Harness,
) -> None:
    master, bronn, group, game = await _table(gm)
    await gm.emu.send_text(bronn, group, "/duel 1 пеший | Разбойник 9")
    refused = await gm.emu.wait_for_message(group)
    assert "Вызов на поединок" not in refused.body
    for args in ("1 пеший | Разбойник", "1 пеший | Разбойник 9 101", "пеший | Разбойник 9"):
        await gm.emu.send_text(master, group, f"/duel {args}")
        usage = await gm.emu.wait_for_message(group)
        assert usage.body.startswith("Вызов от НПС мастера"), args
    assert not await Encounter.filter(game_id=game.id, kind="duel").exists()
