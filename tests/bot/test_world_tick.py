"""/tick through the real dispatcher: private reports, a secret-free group summary, admins only,
the automatic tick exactly once."""

from __future__ import annotations

import asyncio

from tortoise.timezone import now

from bot.app import build_dispatcher
from bot.db.models import Game, OwedMessage, RollLog, Timer
from bot.i18n import Translator
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.cycles import AUTO_TICK
from bot.services.settings import change_setting
from bot.services.world_play import peek
from rules.dice import RecordingDice
from rules.pool.model import Gender, Stats
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, pool_table

LUCKY = Stats(initiative=2, attack=3, defense=2, vitality=3, charisma=2)


async def test_each_player_gets_their_dice_privately_and_the_group_no_secrets(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", LUCKY), ("Боря", QUIET))
    vera = gm.emu.add_user("Игрок Вера", language_code="ru")  # never opened the bot
    await create_character(table.game, vera.id, "Вера", PoolBuild(Gender.FEMALE, QUIET))
    anya, borya = table.players
    gm.game_dice.add(10, 8, 4)  # Аня's two charisma dice: a coin, a sword
    summary = await table.tick()

    report = await table.report(anya, 1)
    assert "Бросок Харизмы, 2d10: 8, 4" in report.body
    assert "• 8 — монета → в правый карман" in report.body
    assert "• 4 — меч → в левую руку" in report.body
    assert "Без еды 1 цикл: штрафа нет, он появится через 4 цикла без еды." in report.body
    quiet = await table.report(borya, 1)
    assert "Харизма 0: бросать нечего" in quiet.body and "Аня" not in quiet.body
    assert gm.emu.bot_messages(gm.emu.private_chat(vera)) == []  # nothing, and no error

    text = (await gm.emu.wait_for_edit(summary)).body  # Вера's report was given up since
    assert "Цикл 1 прошёл." in text and "Порталы открылись" in text
    for secret in ("монет", "меч", "8", "4", "d10", "руку", "зале 1"):
        assert secret not in text, secret
    assert "Личный отчёт не доставлен: Вера" in text
    assert "нажмите «Запустить»" in text  # the button's name in Telegram's Russian
    assert "Аня" not in text and "Боря" not in text
    world = await peek(table.game)
    assert world.cycle == 1
    assert world.character(1).inventory.left_hand is not None
    rolls = await RollLog.filter(game_id=table.game.id).order_by("index")
    assert [(r.value, r.purpose) for r in rolls] == [(8, "pool_tick"), (4, "pool_tick")]


async def test_a_report_to_a_player_who_blocked_the_bot_is_given_up_and_named(gm: Harness) -> None:
    """The report is owed with the tick; the courier gives it up on Telegram's 403, and its hook
    has the group's summary name the player (an edit: still one group message per cycle)."""
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    await gm.emu.block_bot(borya)
    summary = await table.tick()
    await table.report(anya, 1)
    edited = await gm.emu.wait_for_edit(summary)
    assert "Личный отчёт не доставлен: Боря" in edited.body
    assert "Аня" not in edited.body and "Цикл 1 прошёл." in edited.body
    assert [m for m in gm.emu.bot_messages(table.group) if "прошёл" in m.body] == [summary]
    assert gm.emu.bot_messages(table.private(borya)) == []
    rows = await OwedMessage.filter(chat_id=borya.id)
    assert [(row.done, row.failed) for row in rows] == [(True, True)]
    assert await OwedMessage.filter(done=False).count() == 0


async def test_tick_by_a_non_admin_is_refused_and_changes_nothing(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    answer = await table.say(anya, "/tick")
    assert "администраторы" in answer.body
    world = await peek(table.game)
    assert world.cycle == 0 and world.character(1).cycles_without_food == 0
    await gm.emu.expect_no_message(table.private(anya))


async def test_tick_changes_the_private_sheet(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    chat = table.private(anya)
    before = await table.say(anya, "/me", chat)
    assert "Без еды 0 циклов: штрафа нет, он появится через 5 циклов без еды." in before.body
    assert "🎒 Инвентарь" in before.button_texts
    await table.tick()
    await table.report(anya, 1)
    after = await table.say(anya, "/me", chat)
    assert "Без еды 1 цикл: штрафа нет, он появится через 4 цикла без еды." in after.body
    assert "Без сна 1 цикл" in after.body
    query = await gm.emu.press_button(anya, after, "🎒 Инвентарь")
    await gm.emu.wait_for_callback_answer(query)
    window = await gm.emu.wait_for_message(chat, lambda m: "Инвентарь — Аня, зал 1" in m.body)
    assert "рюкзак: 5 рационов" in window.button_texts
    assert "Без еды 1 цикл" in after.body  # the sheet stays; the inventory is a new message


async def test_the_automatic_tick_fires_once_even_with_two_replicas(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    game = await Game.get(id=table.game.id)
    await games.save_settings(game, change_setting(games.settings_of(game), "auto_tick_minutes", 1))
    await table.tick()  # the manual tick arms the automatic one
    [pending] = await Timer.filter(kind=AUTO_TICK, ref=game.id, fired_at__isnull=True)
    assert (pending.due_at - now()).total_seconds() > 50

    script = gm.game_dice
    replica = build_dispatcher(
        storage=gm.storage.fsm,
        isolation=gm.storage.isolation,
        translator=Translator("ru"),
        redis=gm.storage.redis,
        dice_factory=lambda g: RecordingDice(script, g.next_roll_index),
    )
    await Timer.filter(id=pending.id).update(due_at=now())
    await replica["scheduler"].fire_due(gm.bot, dict(replica.workflow_data))
    second = await gm.emu.wait_for_message(table.group, lambda m: "прошёл" in m.body)
    assert "Цикл 2 прошёл." in second.body
    await asyncio.sleep(1.2)  # the polling replica's scheduler looks at least twice meanwhile
    await gm.emu.expect_no_message(table.group)
    world = await peek(table.game)
    assert world.cycle == 2
    rearmed = await Timer.filter(kind=AUTO_TICK, ref=game.id, fired_at__isnull=True)
    assert len(rearmed) == 1 and rearmed[0].id != pending.id


async def test_turning_the_automatic_tick_off_disarms_it(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    game = await Game.get(id=table.game.id)
    await games.save_settings(game, change_setting(games.settings_of(game), "auto_tick_minutes", 5))
    await table.tick()
    [pending] = await Timer.filter(kind=AUTO_TICK, ref=game.id, fired_at__isnull=True)
    await games.save_settings(game, change_setting(games.settings_of(game), "auto_tick_minutes", 0))
    await Timer.filter(id=pending.id).update(due_at=now())  # fires, sees the setting off
    await gm.emu.expect_no_message(table.group, timeout=1.2)
    world = await peek(table.game)
    assert world.cycle == 1
    assert not await Timer.filter(kind=AUTO_TICK, fired_at__isnull=True).exists()
