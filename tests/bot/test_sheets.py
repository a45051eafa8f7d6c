"""/me, /players, /sheet N and /kick N through the real dispatcher and the emulator."""

from __future__ import annotations

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
from rules.d20.character import CharacterClass
from rules.pool.model import Gender, Stats
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

# Vitality 3: health 3 gives a wound penalty of 2; attack + defense 5 looks «норма».
VASYA = Stats(initiative=2, attack=3, defense=2, vitality=3, charisma=2)
PETYA = Stats(initiative=0, attack=5, defense=4, vitality=1, charisma=2)


async def _pool_table(gm: Harness) -> tuple[EmuUser, EmuUser, EmuUser, EmuChat, Game]:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    vasya = gm.emu.add_user("Игрок Васи", language_code="ru", started=True)
    petya = gm.emu.add_user("Игрок Пети", language_code="ru", started=True)
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[vasya, petya])
    game = await games.create_game(group.id, GameSystem.POOL, admin.id, "ru")
    await create_character(game, vasya.id, "Вася", PoolBuild(Gender.MALE, VASYA))
    await create_character(game, petya.id, "Петя", PoolBuild(Gender.FEMALE, PETYA))
    return admin, vasya, petya, group, game


async def _ask(gm: Harness, user: EmuUser, chat: EmuChat, text: str) -> EmuMessage:
    await gm.emu.send_text(user, chat, text)
    return await gm.emu.wait_for_message(chat)


async def test_private_me_shows_the_whole_pool_sheet(gm: Harness) -> None:
    _, vasya, _, _, _ = await _pool_table(gm)
    sheet = (await _ask(gm, vasya, gm.emu.private_chat(vasya), "/me")).body
    assert "Подземелье" in sheet and "Пул d10" in sheet
    assert "№1 Вася (м)" in sheet
    assert "❤️ ▰▰▰ 3/3" in sheet
    assert "Инициатива 2 · Атака 3 · Защита 2 · Живучесть 3 · Харизма 2" in sheet
    # in the creation preview's words (it read «Харизма и сложение — норма»)
    assert "👁 Сложение «норма» (Атака + Защита = 5) и Харизму видят все." in sheet
    assert "Штраф к атаке и защите: +2 (успех — 8 и выше)" in sheet
    assert "• раны — +2" in sheet
    assert "Руки: левая — пусто, правая — меч" in sheet
    assert "Надето: куртка, брюки, рюкзак" in sheet
    assert "Карманы куртки: левый — пусто, правый — пусто" in sheet
    assert "Рюкзак: 5 рационов, 5 таблеток (место: 5 из 10)" in sheet
    assert "🍞 Без еды 0 циклов: штрафа нет" in sheet and "😴 Без сна 0 циклов" in sheet
    for fact in ("без еды", "без сна", "3/3", "зал 1", "харизма 2"):  # each fact on one line
        assert sum(fact in line.lower() for line in sheet.split("\n")) == 1, (fact, sheet)
    assert "🚪 Зал 1" in sheet
    assert "Состояние: 🩸" not in sheet and "Состояние: в строю" in sheet


async def test_private_me_shows_the_changed_state_with_every_cause(gm: Harness) -> None:
    _, _, petya, _, game = await _pool_table(gm)
    row = await Character.get(game_id=game.id, number=2)
    state = rule_state(game, row)
    hurt = replace(
        state,
        health=1,
        asleep=True,
        cycles_slept=1,
        cycles_without_food=6,
        inventory=replace(state.inventory, jacket=False, trousers=False, right_hand=None),
    )
    await Character.filter(id=row.id).update(state=dump(hurt))
    sheet = (await _ask(gm, petya, gm.emu.private_chat(petya), "/me")).body
    assert "№2 Петя (ж)" in sheet
    assert "😴 спит, без охраны беззащитна" in sheet and "🩸 кровотечение" in sheet
    assert sheet.count("1 из 2") == 1 and "😴 Сон: 1 из 2 циклов" in sheet  # said once
    assert "❤️ ▰ 1/1" in sheet
    for cause in ("раны — +4", "нет брюк — +1", "нет меча в руке — +2"):
        assert cause in sheet
    assert "женщина без куртки — +1" in sheet and "голод — +2" in sheet
    assert "+10 (успех — 16 и выше)" in sheet and "ни один кубик" in sheet
    assert "Карманов нет" in sheet and "Надето: рюкзак" in sheet


async def test_private_me_at_zero_outside_a_fight_names_the_cycle(gm: Harness) -> None:
    _, vasya, _, _, game = await _pool_table(gm)
    row = await Character.get(game_id=game.id, number=1)
    state = rule_state(game, row)
    chat = gm.emu.private_chat(vasya)
    # dropped to 0 during a cycle that began at 3: this cycle's end only records it
    await Character.filter(id=row.id).update(state=dump(replace(state, health=0)))
    sheet = (await _ask(gm, vasya, chat, "/me")).body
    assert "если здоровье так и останется 0, смерть — в конце следующего цикла" in sheet
    assert "иначе смерть в конце раунда" not in sheet  # the old words, untrue out of a fight
    began = replace(state, health=0, health_at_cycle_start=0)  # the cycle began at 0
    await Character.filter(id=row.id).update(state=dump(began))
    sheet = (await _ask(gm, vasya, chat, "/me")).body
    assert "смерть — в конце этого цикла (в бою — в конце раунда, начатого на нуле)" in sheet


async def test_private_me_asks_which_game_then_shows_duel_and_d20_sheets(gm: Harness) -> None:
    player = gm.emu.add_user("Игрок", language_code="ru", started=True)
    arena = gm.emu.add_group("Арена", members=[player])
    duel = await games.create_game(arena.id, GameSystem.DUEL, 1, "ru", ("пеший", "конный"))
    await create_character(duel, player.id, "Ратибор", DuelBuild((("пеший", 9), ("конный", 4)), 20))
    # A game whose group the bot cannot see any more: its sheet is headed by system and number.
    d20 = await games.create_game(-5550001, GameSystem.D20, 1, "ru")
    await create_character(d20, player.id, "Ариэль", D20Build(CharacterClass.WIZARD, "Тихий маг"))
    private = gm.emu.private_chat(player)
    await gm.emu.send_text(player, private, "/me")
    pick = await gm.emu.wait_for_message(private)
    assert pick.button_texts == [
        "Арена · Поединок · Ратибор",
        f"#{d20.id} · d20 (таблица исходов) · Ариэль",
    ]
    await gm.emu.press_button(player, pick, pick.button_texts[0])
    first = (await gm.emu.wait_for_message(private, lambda m: m is not pick)).body
    await gm.emu.press_button(player, pick, pick.button_texts[1])
    second = (await gm.emu.wait_for_message(private, lambda m: "Ариэль" in m.body)).body
    assert "Арена" in first and "№1 Ратибор" in first
    assert "❤️ ▰▰▰▰▰▰▰▰▰▰ 30/30" in first
    assert "Навыки: пеший 9, конный 4" in first and "Ловкость: 20\u00a0%" in first
    assert f"d20 (таблица исходов) · игра №{d20.id}" in second
    assert "№1 Ариэль, маг" in second and "❤️ ▰▰▰▰▰▰▰▰▰▰▰▰ 12/12" in second
    assert "Класс защиты: 12" in second and "📝 Тихий маг" in second


async def test_private_me_without_a_character_explains_how_to_join(gm: Harness) -> None:
    user = gm.emu.add_user("Новичок", language_code="ru")
    reply = await _ask(gm, user, gm.emu.private_chat(user), "/me")
    assert "нет персонажа" in reply.body and "/join" in reply.body


async def test_players_shows_only_public_facts_with_names_escaped(gm: Harness) -> None:
    _, vasya, _, group, game = await _pool_table(gm)
    # A name with HTML (older data, imports): shown as text, never as markup.
    row = await Character.get(game_id=game.id, number=1)
    odd = "<b>Вася</b> & Co"
    await Character.filter(id=row.id).update(
        name=odd, state=dump(replace(rule_state(game, row), name=odd))
    )
    listing = await _ask(gm, vasya, group, "/players")
    text = listing.body
    assert "в игре: 2" in text
    assert "№1 <b>Вася</b> & Co — Харизма 2, сложение: норма" in text
    assert "№2 Петя — Харизма 2, сложение: кабанъ" in text
    assert "стоит 1 монету" in text
    for secret in ("❤️", "🚪 Зал", "Руки:", "Рюкзак:", "меч", "Атака", "Живучесть", "Штраф"):
        assert secret not in text
    assert "&lt;b&gt;" in (listing.raw_text or "")


async def test_group_me_shows_own_public_facts_or_a_hint(gm: Harness) -> None:
    _, vasya, _, group, _ = await _pool_table(gm)
    mine = (await _ask(gm, vasya, group, "/me")).body
    assert "№1 Вася — Харизма 2, сложение: норма" in mine
    assert "Петя" not in mine and "❤️" not in mine and "Рюкзак" not in mine
    assert "/me в личном чате" in mine
    stranger = gm.emu.add_user("Зевака", language_code="ru")
    await gm.emu.join_group(stranger, group)
    await gm.emu.send_text(stranger, group, "/me")
    await gm.emu.wait_for_message(group, lambda m: "нет персонажа в этой игре" in m.body)


async def test_players_for_duel_and_d20_and_without_a_game(gm: Harness) -> None:
    player = gm.emu.add_user("Игрок", language_code="ru")
    arena = gm.emu.add_group("Арена", members=[player])
    duel = await games.create_game(arena.id, GameSystem.DUEL, 1, "ru", ("пеший",))
    await create_character(duel, player.id, "Ратибор", DuelBuild((("пеший", 7),), 15))
    listing = (await _ask(gm, player, arena, "/players")).body
    assert "№1 Ратибор — пеший 7 · ловкость 15\u00a0% · ❤️ 30/30" in listing
    tavern = gm.emu.add_group("Таверна", members=[player])
    d20 = await games.create_game(tavern.id, GameSystem.D20, 1, "ru")
    await create_character(d20, player.id, "Гром", D20Build(CharacterClass.BARBARIAN))
    assert "№1 Гром — варвар · ❤️ 22/22" in (await _ask(gm, player, tavern, "/players")).body
    empty = gm.emu.add_group("Пусто", members=[player])
    assert "нет игры" in (await _ask(gm, player, empty, "/players")).body
    private = gm.emu.private_chat(player)
    assert "групповом чате" in (await _ask(gm, player, private, "/players")).body


async def test_admin_sheet_goes_to_the_admins_private_chat(gm: Harness) -> None:
    admin, _, _, group, _ = await _pool_table(gm)
    await gm.emu.open_deep_link(admin)  # the admin has opened the private chat once
    private = gm.emu.private_chat(admin)
    await gm.emu.wait_for_message(private)
    reply = await _ask(gm, admin, group, "/sheet 2")
    assert "отправлен вам в личные сообщения" in reply.body
    assert "Рюкзак" not in reply.body
    sheet = (await gm.emu.wait_for_message(private)).body
    assert "Лист для администратора" in sheet and "статус: в игре" in sheet
    assert "№2 Петя (ж)" in sheet and "❤️ ▰ 1/1" in sheet and "Рюкзак:" in sheet


async def test_admin_who_never_started_the_bot_gets_a_link(gm: Harness) -> None:
    admin, _, _, group, _ = await _pool_table(gm)
    reply = await _ask(gm, admin, group, "/sheet 1")
    assert "не могу написать вам первым" in reply.body
    assert reply.buttons[0][0]["url"] == "https://t.me/gm_test_bot?start="
    assert gm.emu.bot_messages(gm.emu.private_chat(admin)) == []


async def test_sheet_refusals(gm: Harness) -> None:
    admin, vasya, _, group, _ = await _pool_table(gm)
    refused = await _ask(gm, vasya, group, "/sheet 2")
    assert "только администраторы" in refused.body
    assert gm.emu.bot_messages(gm.emu.private_chat(vasya)) == []
    assert "Напишите номер" in (await _ask(gm, admin, group, "/sheet два")).body
    assert "Персонажа с номером 9 нет" in (await _ask(gm, admin, group, "/sheet 9")).body
    private = gm.emu.private_chat(admin)
    assert "групповом чате" in (await _ask(gm, admin, private, "/sheet 1")).body


async def test_admin_kicks_a_character_who_stays_in_history(gm: Harness) -> None:
    admin, vasya, _, group, game = await _pool_table(gm)
    announced = await _ask(gm, admin, group, "/kick 1 ушёл из <b>чата</b>")
    assert "№1 Вася исключён из игры" in announced.body
    log = (await _ask(gm, vasya, group, "/log")).body
    assert "🛠 Мастер Мастер: /kick №1: исключение из игры — «ушёл из <b>чата</b>»" in log
    row = await Character.get(game_id=game.id, number=1)
    assert row.status == CharacterStatus.KICKED
    listing = (await _ask(gm, admin, group, "/players")).body
    assert "Вася" not in listing and "Петя" in listing
    assert "нет персонажа" in (await _ask(gm, vasya, gm.emu.private_chat(vasya), "/me")).body
    again = await _ask(gm, admin, group, "/kick 1 ещё раз")
    assert "Персонажа с номером 1 нет" in again.body


async def test_kick_refusals_change_nothing(gm: Harness) -> None:
    admin, vasya, _, group, game = await _pool_table(gm)
    assert "только администраторы" in (await _ask(gm, vasya, group, "/kick 2 спам")).body
    assert "Кого исключить" in (await _ask(gm, admin, group, "/kick")).body
    assert "Кого исключить" in (await _ask(gm, admin, group, "/kick -2 спам")).body
    assert "Причина обязательна" in (await _ask(gm, admin, group, "/kick 2")).body
    assert "Персонажа с номером 7 нет" in (await _ask(gm, admin, group, "/kick 7 спам")).body
    rows = await Character.filter(game_id=game.id)
    assert {row.status for row in rows} == {CharacterStatus.ACTIVE}
    empty = gm.emu.add_group("Пусто", admins=[admin])
    assert "нет игры" in (await _ask(gm, admin, empty, "/kick 1 спам")).body
    assert await GmAction.filter(game_id=game.id).count() == 0


async def test_a_fallen_heroine_reads_as_one_on_her_sheet(gm: Harness) -> None:
    player = gm.emu.add_user("Игрок", language_code="ru", started=True)
    arena = gm.emu.add_group("Арена", members=[player])
    duel = await games.create_game(arena.id, GameSystem.DUEL, 1, "ru", ("пеший",))
    build = DuelBuild((("пеший", 5),), 10, Gender.FEMALE)
    row = await create_character(duel, player.id, "Аня Ветер", build)
    beaten = replace(rule_state(duel, row), hp=-12)  # the last blow went past 0
    await Character.filter(id=row.id).update(state=dump(beaten))
    private = gm.emu.private_chat(player)
    sheet = (await _ask(gm, player, private, "/me")).body
    down = "Состояние: выбыла: хиты кончились; пока мастер их не восстановит (/heal или /rest)"
    assert down in sheet
    assert "❤️ ▱▱▱▱▱▱▱▱▱▱ 0/30" in sheet and "−12" not in sheet  # never shown below 0
    listing = (await _ask(gm, player, arena, "/players")).body
    assert "❤️ 0/30" in listing and "−12" not in listing
    await Character.filter(id=row.id).update(state=dump(replace(beaten, dead=True)))
    assert "Состояние: 💀 погибла" in (await _ask(gm, player, private, "/me")).body
    d20_group = gm.emu.add_group("Таверна", members=[player])
    d20 = await games.create_game(d20_group.id, GameSystem.D20, 1, "ru")
    mage = await create_character(d20, player.id, "Ариэль", D20Build(CharacterClass.WIZARD))
    await Character.filter(id=mage.id).update(gender=Gender.FEMALE)
    fallen = replace(rule_state(d20, mage), hp=0)
    await Character.filter(id=mage.id).update(state=dump(fallen))
    await gm.emu.send_text(player, private, "/me")
    pick = await gm.emu.wait_for_message(private)
    await gm.emu.press_button(player, pick, pick.button_texts[-1])
    shown = await gm.emu.wait_for_message(private, lambda m: "Ариэль" in m.body)
    assert "Состояние: упала и выбыла из боя" in shown.body
    assert shown.body.count("0/12") == 1 and "ХП" not in shown.body  # health said once
