"""A game master's /give, /revive and /place through the real dispatcher: each needs a reason,
each lands in the GM log, and /log shows it among the rolls."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.db.models import Character, CharacterStatus, Game, GameSystem, GmAction
from bot.services import games
from bot.services.characters import (
    D20Build,
    DuelBuild,
    PoolBuild,
    create_character,
    rule_state,
)
from bot.services.codec import dump
from bot.services.world import load_world, save_world
from bot.services.world_play import peek
from rules.d20 import CharacterClass
from rules.pool.model import Gender, Item, PocketContent
from rules.pool.world import with_character
from tests.bot.conftest import Harness
from tests.bot.d20_rig import d20_table
from tests.bot.pool_fight_rig import FIGHTER, Table, character, pool_table
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser


async def _say(gm: Harness, user: EmuUser, group: EmuChat, text: str) -> EmuMessage:
    await gm.emu.send_text(user, group, text)
    return await gm.emu.wait_for_message(group)


def _speaker(gm: Harness, user: EmuUser, group: EmuChat) -> Callable[[str], Awaitable[EmuMessage]]:
    async def say(text: str) -> EmuMessage:
        return await _say(gm, user, group, text)

    return say


async def _kill(table: Table, number: int) -> None:
    """Death the way the rules save it: the world's character dies, the row leaves play."""
    await table.game.refresh_from_db()  # as the game's lock would read it
    world, rows = await load_world(table.game)
    dead = replace(world.character(number), alive=False, health=-1, fallen=True)
    await save_world(table.game, world, with_character(world, dead), rows)


async def _actions(game: Game) -> list[tuple[str, int | None, str]]:
    rows = await GmAction.filter(game_id=game.id).order_by("id")
    return [(r.action, r.target_number, r.reason) for r in rows]


async def test_give_places_items_as_a_found_prize_and_logs_why(gm: Harness) -> None:
    table = await pool_table(gm)
    say = _speaker(gm, table.admin, table.group)

    given = await say("/give 1 меч нашёл в сундуке")
    # Items are a secret the seed sells: the group learns who, the owner what and where.
    assert given.body.startswith("🎁 Мастер что-то даёт персонажу №1 Арья. Что и куда — тайна")
    assert "меч" not in given.body and "рук" not in given.body
    mine = await gm.emu.wait_for_message(table.private(1))
    assert mine.body == "🎁 Мастер дал вашему персонажу 1 меч: 1 меч в левую руку."  # right: full
    assert (await character(table, 1)).inventory.left_hand == Item.SWORD

    await say("/give 1 мечи 2 ещё два в сундуке")
    overflow = await gm.emu.wait_for_message(table.private(1))
    assert overflow.body.endswith("2 меча: 2 меча на пол.")  # both hands full: the floor
    world = await peek(table.game)
    assert world.floor(1).count(Item.SWORD) == 2

    coins = await say("/give 2 coins 12 награда за загадку")
    assert "монет" not in coins.body and "карман" not in coins.body
    mine = await gm.emu.wait_for_message(table.private(2))
    assert mine.body == "🎁 Мастер дал вашему персонажу 12 монет: 12 монет в правый карман."
    assert (await character(table, 2)).inventory.right_pocket == PocketContent(Item.COIN, 12)

    assert await _actions(table.game) == [
        ("give", 1, "нашёл в сундуке"),
        ("give", 1, "ещё два в сундуке"),
        ("give", 2, "награда за загадку"),
    ]
    first = await GmAction.filter(game_id=table.game.id).order_by("id").first()
    assert first is not None and first.actor_id == table.admin.id
    assert first.details == {"item": "sword", "count": 1, "places": {"left_hand": 1}}

    log = await _say(gm, table.stranger, table.group, "/log")
    assert "бросков пока не было" in log.body
    assert "🛠 Мастер Мастер: /give №1 (что и куда — тайна игрока) — «нашёл в сундуке»" in log.body
    assert "/give №2 (что и куда — тайна игрока) — «награда за загадку»" in log.body
    assert "монет" not in log.body and "меч" not in log.body


async def test_give_refusals_change_nothing(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    await _kill(table, 3)
    before = [await character(table, n) for n in (1, 2)]
    admin = _speaker(gm, table.admin, table.group)

    player = await _say(gm, table.player(1), table.group, "/give 1 меч хочу")
    assert "администраторы" in player.body
    usage = (await admin("/give 1 меч")).body
    assert "Причина обязательна" in usage and "/give 3 меч нашёл в сундуке" in usage
    assert "Причина обязательна" in (await admin("/give 1 меч 3")).body
    assert "Причина обязательна" in (await admin("/give Арья меч подарок")).body
    assert "Персонажа с номером 9 нет" in (await admin("/give 9 меч подарок")).body
    assert "Не знаю вещь «лопата»" in (await admin("/give 1 лопата подарок")).body
    assert "от 1 до 1\xa0000" in (await admin("/give 1 меч 0 подарок")).body
    assert "№3 Вера — не среди живых" in (await admin("/give 3 меч подарок")).body
    long = (await admin("/give 1 меч " + "очень " * 40)).body
    assert "Причина длинновата: 239 символов, а можно до 200" in long

    assert [await character(table, n) for n in (1, 2)] == before
    assert await _actions(table.game) == []


async def test_revive_a_dead_pool_character_barely_alive(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    await _kill(table, 2)
    await table.gm.emu.send_text(table.admin, table.group, "/place 2 3 потерялся")
    assert "Персонажа с номером 2 нет" in (await gm.emu.wait_for_message(table.group)).body
    admin = _speaker(gm, table.admin, table.group)

    assert "Причина обязательна" in (await admin("/revive 2")).body
    assert "№1 Арья — среди живых" in (await admin("/revive 1 на всякий случай")).body
    revived = await admin("/revive 2 ошибка бота")
    assert revived.body == "✨ №2 Бран снова среди живых — еле-еле. Записано в журнал /log."
    told = await gm.emu.wait_for_message(table.private(2))
    assert told.body.startswith("✨ Ваш персонаж снова жив — еле-еле: здоровье 1, зал 1.")
    row = await Character.get(game_id=table.game.id, number=2)
    assert row.status == CharacterStatus.ACTIVE
    assert row.active_key == f"{table.game.id}:{table.player(2).id}"
    bran = await character(table, 2)
    assert bran.alive and bran.health == 1 and not bran.fallen and not bran.asleep
    assert bran.health_at_cycle_start == 1  # his cycle begins at that 1, as a newcomer's does
    world = await peek(table.game)  # back in the world, where he died
    assert world.character(2).hall == 1

    placed = await admin("/place 2 3 телепорт мастера")
    assert placed.body.startswith(
        "✅ По воле мастера №2 Бран теперь в другом зале. В каком — тайна"
    )
    assert "3" not in placed.body.replace("№2", "")
    told = await gm.emu.wait_for_message(table.private(2), lambda m: "зале 3" in m.body)
    assert told.body == "🚪 Мастер перенёс вашего персонажа: теперь вы в зале 3."
    assert await _actions(table.game) == [
        ("revive", 2, "ошибка бота"),
        ("place", 2, "телепорт мастера"),
    ]
    log = await _say(gm, table.player(1), table.group, "/log")
    assert "🛠 Мастер Мастер: /revive №2: снова среди живых, еле-еле — «ошибка бота»" in log.body
    assert "/place №2: в другой зал (какой — тайна игрока) — «телепорт мастера»" in log.body
    assert "зал 1" not in log.body


async def test_revive_refuses_a_second_living_character_and_a_kicked_one(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    await _kill(table, 2)
    await create_character(
        table.game, table.player(2).id, "Богдан", PoolBuild(Gender.MALE, FIGHTER)
    )
    await Character.filter(game_id=table.game.id, number=3).update(
        status=CharacterStatus.KICKED, active_key=None
    )
    admin = _speaker(gm, table.admin, table.group)

    second = await admin("/revive 2 ошибка")
    assert "уже есть живой персонаж в игре: Богдан" in second.body
    assert "это исключение из игры (/kick), а не гибель" in (await admin("/revive 3 ошибка")).body
    assert (await Character.get(game_id=table.game.id, number=2)).status == CharacterStatus.DEAD
    assert await _actions(table.game) == []


async def _other_system(gm: Harness, system: GameSystem) -> tuple[Table, Game]:
    table = await pool_table(gm, 0)
    await games.end_game(table.group.id)
    game = await games.create_game(table.group.id, system, table.admin.id, "ru", ("пеший",))
    return table, game


async def test_revive_in_duel_and_d20_restores_full_hp(gm: Harness) -> None:
    table, duel = await _other_system(gm, GameSystem.DUEL)
    user = gm.emu.add_user("Игрок Сандора", language_code="ru")
    sandor = await create_character(duel, user.id, "Сандор", DuelBuild((("пеший", 9),), 0))
    state = rule_state(duel, sandor)
    await Character.filter(id=sandor.id).update(
        status=CharacterStatus.DEAD,
        active_key=None,
        state=dump(replace(state, hp=-4, dead=True)),
    )
    admin = _speaker(gm, table.admin, table.group)
    assert "для пула" in (await admin("/give 1 меч подарок")).body
    assert "для пула" in (await admin("/place 1 2 телепорт")).body
    assert "№1 Сандор снова в строю: хиты 30." in (await admin("/revive 1 ошибка")).body
    row = await Character.get(id=sandor.id)
    assert row.status == CharacterStatus.ACTIVE and rule_state(duel, row).hp == 30
    assert not rule_state(duel, row).dead

    await games.end_game(table.group.id)
    d20 = await games.create_game(table.group.id, GameSystem.D20, table.admin.id, "ru")
    elf = await create_character(d20, user.id, "Эльф", D20Build(CharacterClass.WIZARD))
    await Character.filter(id=elf.id).update(
        status=CharacterStatus.DEAD,
        active_key=None,
        state=dump(replace(rule_state(d20, elf), hp=0, dead=True)),
    )
    assert "№1 Эльф снова в строю: хиты 12." in (await admin("/revive 1 ошибка")).body
    assert (await GmAction.filter(game_id=d20.id).count()) == 1


async def test_the_log_puts_an_intervention_between_the_rolls_it_came_between(gm: Harness) -> None:
    table = await d20_table(gm, [("Эльф", CharacterClass.WIZARD)])
    user = table.users["Эльф"]
    gm.game_dice.add(20, 15, 4)
    await _say(gm, user, table.group, "/check 1 замок")
    elf = await Character.get(game_id=table.game.id, number=1)
    await Character.filter(id=elf.id).update(
        status=CharacterStatus.DEAD,
        active_key=None,
        state=dump(replace(rule_state(table.game, elf), hp=0, dead=True)),
    )
    await _say(gm, table.admin, table.group, "/revive 1 <b>ошибка</b> & бота")
    await _say(gm, user, table.group, "/check 1 дверь")
    log = await _say(gm, table.stranger, table.group, "/log")
    lines = log.body.splitlines()
    assert "Последние кубики: 2, всего за игру: 2" in lines[0]
    assert lines[1].startswith("#0 ") and "d20 → 15" in lines[1]
    assert lines[2] == "🛠 Мастер Мастер: /revive №1: хиты 12 — «<b>ошибка</b> & бота»"
    assert lines[3].startswith("#1 ") and "d20 → 4" in lines[3]
    assert "&lt;b&gt;ошибка&lt;/b&gt; &amp; бота" in log.html  # the reason is escaped
