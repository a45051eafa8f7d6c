"""/rules, /log, /verify and /odds through the real dispatcher and the emulator.

Rolls come from the game's real verifiable dice (``games.game_dice``), so /verify can
recompute them; /odds figures are computed here from ``rules.odds`` and looked up in the text.
"""

from __future__ import annotations

import re
from fractions import Fraction

from bot.db.models import Game, GameSystem, RollLog
from bot.services import games
from bot.services.characters import DuelBuild, create_character
from rules.d20.table import AttackKind, Outcome
from rules.dice import RollRecord, verify
from rules.odds.d20 import check_chances, outcome_probabilities
from rules.odds.duel import duel_odds, round_odds
from rules.odds.pool import attack_odds
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser


def pct(chance: Fraction) -> str:
    """A chance as the Russian locale writes it: a decimal comma, a space before the sign."""
    return f"{float(chance) * 100:.1f}\u00a0%".replace(".", ",")


def line(text: str, start: str) -> str:
    found = [row for row in text.splitlines() if row.startswith(start)]
    assert len(found) == 1, (start, text)
    return found[0]


async def _table(
    gm: Harness, system: GameSystem = GameSystem.POOL
) -> tuple[EmuUser, EmuUser, EmuChat, Game]:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    player = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[player])
    game = await games.create_game(group.id, system, admin.id, "ru", ("пеший",))
    return admin, player, group, game


async def _ask(gm: Harness, user: EmuUser, chat: EmuChat, text: str) -> EmuMessage:
    await gm.emu.send_text(user, chat, text)
    return await gm.emu.wait_for_message(chat)


async def _roll(game: Game, purpose: str, actor: str, count: int, sides: int) -> list[int]:
    async with games.game_dice(game, purpose, actor) as dice:
        return [dice.roll(sides) for _ in range(count)]


async def _some_rolls(game: Game) -> None:
    await _roll(game, "pool_round", "fight 1", 5, 10)
    await _roll(game, "pool_initiative", "Петя", 3, 10)
    await _roll(game, "<секрет>", "", 1, 20)


async def test_log_shows_every_die_with_its_size_and_index(gm: Harness) -> None:
    admin, player, group, game = await _table(gm)
    assert "бросков пока не было" in (await _ask(gm, player, group, "/log")).body
    await _some_rolls(game)
    values = await RollLog.filter(game_id=game.id).order_by("index").values_list("value", flat=True)
    assert len(values) == 9
    log = await _ask(gm, player, group, "/log")
    text = log.body
    assert "Последние кубики: 9, всего за игру: 9" in text
    attack = ", ".join(str(v) for v in values[:5])
    defense = ", ".join(str(v) for v in values[5:8])
    assert f"#0–4 Бой №1 — раунд: 5d10 → {attack}" in text
    assert f"#5–7 Петя — инициатива: 3d10 → {defense}" in text
    assert f"#8 игра — <секрет>: d20 → {values[8]}" in text
    assert "&lt;секрет&gt;" in (log.raw_text or "")
    await gm.emu.send_text(admin, group, "/endgame")
    await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    after = await _ask(gm, player, group, "/log")
    assert f"#0–4 Бой №1 — раунд: 5d10 → {attack}" in after.body


async def test_log_and_verify_need_a_game_and_a_group(gm: Harness) -> None:
    user = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Пусто", members=[user])
    assert "нет игры" in (await _ask(gm, user, group, "/log")).body
    assert "нет игры" in (await _ask(gm, user, group, "/verify")).body
    private = gm.emu.private_chat(user)
    assert "групповом чате" in (await _ask(gm, user, private, "/log")).body
    assert "групповом чате" in (await _ask(gm, user, private, "/verify")).body


async def test_verify_during_the_game_explains_and_shows_the_commitment(gm: Harness) -> None:
    _, player, group, game = await _table(gm)
    await _some_rolls(game)
    reply = (await _ask(gm, player, group, "/verify")).body
    assert "после /endgame" in reply and game.commitment in reply
    assert "Бросков за игру пока: 9" in reply
    assert game.seed_hex not in reply


async def test_verify_after_the_end_recomputes_every_roll(gm: Harness) -> None:
    admin, player, group, game = await _table(gm)
    await _some_rolls(game)
    await gm.emu.send_text(admin, group, "/endgame")
    await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    ok = (await _ask(gm, player, group, "/verify")).body
    assert "Всё сходится: проверено бросков — 9" in ok and game.commitment in ok
    assert f"Зерно игры открыто: {game.seed_hex}" in ok
    supplied = (await _ask(gm, player, group, f"/verify {game.seed_hex.upper()}")).body
    assert "присланное зерно" in supplied and "Всё сходится" in supplied


async def test_verify_in_the_group_quotes_the_games_start_message(gm: Harness) -> None:
    """The answer replies to the message that published the commitment before the first roll,
    during the game and after it: a tap on the quote leads there, to compare."""
    admin = gm.emu.add_user("Мастер", language_code="ru")
    player = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[player])
    await gm.emu.send_text(admin, group, "/newgame")
    menu = await gm.emu.wait_for_message(group)
    query = await gm.emu.press_button(admin, menu, "Пул d10 (выживание в залах)")
    await gm.emu.wait_for_callback_answer(query)
    started = await gm.emu.wait_for_edit(menu)
    game = await Game.get(chat_id=group.id)
    assert game.commitment in started.body
    during = await _ask(gm, player, group, "/verify")
    assert during.reply_to is not None and during.reply_to.message_id == started.message_id
    assert game.commitment in during.body
    await gm.emu.send_text(admin, group, "/endgame")
    await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    after = await _ask(gm, player, group, "/verify")
    assert after.reply_to is not None and after.reply_to.message_id == started.message_id
    assert "Всё сходится" in after.body and game.commitment in after.body


async def test_verify_finds_a_tampered_roll(gm: Harness) -> None:
    admin, player, group, game = await _table(gm)
    await _some_rolls(game)
    row = await RollLog.get(game_id=game.id, index=3)
    await RollLog.filter(id=row.id).update(value=row.value % 10 + 1)
    await gm.emu.send_text(admin, group, "/endgame")
    await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    reply = (await _ask(gm, player, group, "/verify")).body
    assert "Бросок #3 не сходится с зерном" in reply
    assert "Всё сходится" not in reply and "не совпадает с хэшем" not in reply


async def test_verify_rejects_a_wrong_or_malformed_seed(gm: Harness) -> None:
    admin, player, group, game = await _table(gm)
    await _some_rolls(game)
    await gm.emu.send_text(admin, group, "/endgame")
    await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    wrong = "ab" * 32
    rows = await RollLog.filter(game_id=game.id).order_by("index")
    report = verify(bytes.fromhex(wrong), [RollRecord(r.index, r.sides, r.value) for r in rows])
    assert report.first_mismatch is not None
    reply = (await _ask(gm, player, group, f"/verify {wrong}")).body
    assert "не совпадает с хэшем" in reply and "Всё сходится" not in reply
    assert f"Бросок #{report.first_mismatch.index} не сходится" in reply
    for bad in ("xyz", "abc", "ab" * 31, "ab" * 33, "zz" * 32):
        refused = (await _ask(gm, player, group, f"/verify {bad}")).body
        assert "Не похоже на зерно: нужно 64 шестнадцатеричных символа" in refused, bad


async def test_odds_for_pool_match_the_rules(gm: Harness) -> None:
    _, player, group, _ = await _table(gm)
    text = (await _ask(gm, player, group, "/odds 5 3 1 0")).body
    odds = attack_odds(5, 3, 1, 0)
    assert "Атака 5d10 против защиты 3d10 (штраф атаки +1, защиты +0)" in text
    assert line(text, "Попадание:").endswith(pct(odds.hit_chance))
    average = f"{float(odds.expected_damage):.2f}".replace(".", ",")
    assert line(text, "Урон в среднем:").endswith(average)
    assert line(text, "промах:").endswith(pct(odds.damage[0]))
    for damage, chance in odds.damage.items():
        if damage and pct(chance) != "0,0\u00a0%":
            assert line(text, f"{damage}:").endswith(pct(chance))
    assert line(text, "Атакующий роняет меч").endswith(pct(odds.attacker_drops))
    assert line(text, "Защитник роняет меч").endswith(pct(odds.defender_drops))
    private = gm.emu.private_chat(player)
    again = (await _ask(gm, player, private, "/odds pool 30 30")).body
    assert line(again, "Попадание:").endswith(pct(attack_odds(30, 30).hit_chance))
    assert "реже 0,1\u00a0%" in again


async def test_odds_for_duel_match_the_rules(gm: Harness) -> None:
    _, player, group, _ = await _table(gm, GameSystem.DUEL)
    text = (await _ask(gm, player, group, "/odds 9 8 20 30")).body
    rounds = round_odds(9, 8, 20, 30)
    duel = duel_odds(
        9, 8, challenger_hp=30, opponent_hp=30, challenger_agility=20, opponent_agility=30
    )
    assert "Навык 9 против 8 · ловкость 20\u00a0% и 30\u00a0% · хиты 30 и 30" in text
    assert line(text, "Раунд выигрывает первый").endswith(pct(rounds.challenger_wins))
    assert line(text, "Раунд выигрывает второй").endswith(pct(1 - rounds.challenger_wins))
    damage = line(text, "Урон за раунд")
    to_a = f"{float(rounds.expected_damage_to_challenger):.2f}".replace(".", ",")
    to_b = f"{float(rounds.expected_damage_to_opponent):.2f}".replace(".", ",")
    assert f"первому {to_a}, второму {to_b}" in damage
    assert line(text, "Поединок до конца выигрывает первый").endswith(pct(duel.challenger_wins))
    assert line(text, "Поединок до конца выигрывает второй").endswith(pct(duel.opponent_wins))
    # Past 30 x 30 HP the same chain runs in floating point: the figures must still agree.
    private = gm.emu.private_chat(player)
    big = (await _ask(gm, player, private, "/odds duel 3 4 10 25% 41 37")).body
    exact = duel_odds(
        3, 4, challenger_hp=41, opponent_hp=37, challenger_agility=10, opponent_agility=25
    )
    assert line(big, "Поединок до конца выигрывает первый").endswith(pct(exact.challenger_wins))
    assert line(big, "Поединок до конца выигрывает второй").endswith(pct(exact.opponent_wins))
    endless = (await _ask(gm, player, private, "/odds duel 5 5 100 100 10 10")).body
    assert "никогда не закончится" in endless


async def test_odds_for_d20_match_the_rules(gm: Harness) -> None:
    _, player, group, _ = await _table(gm, GameSystem.D20)
    text = (await _ask(gm, player, group, "/odds")).body
    physical = outcome_probabilities(AttackKind.PHYSICAL)
    assert physical == outcome_probabilities(AttackKind.MAGIC)
    assert "удар и заклинание — одинаково" in text
    assert line(text, "1 провал").endswith(pct(physical[Outcome.FUMBLE]))
    # Conditional outcomes say their condition (the misfire hits oneself with no ally up).
    ally = line(text, "2–3 промах; по соратнику, если он на ногах, иначе по себе (1–2\u00a0ХП):")
    assert ally.endswith(pct(physical[Outcome.ALLY_HIT]))
    stun = line(text, "19 урон 7 и пропуск хода, если цель устоит:")
    assert stun.endswith(pct(physical[Outcome.STUN_HIT]))
    assert line(text, "12–17 урон 1–6").endswith(pct(physical[Outcome.HIT]))
    assert line(text, "20 крит").endswith(pct(physical[Outcome.CRITICAL]))
    assert sum(1 for row in text.splitlines() if row.endswith("%")) == len(physical) + 3
    for difficulty, chance in check_chances().items():
        assert line(text, f"УС {int(difficulty)}:").endswith(pct(chance))


async def test_odds_refuses_bad_numbers_politely(gm: Harness) -> None:
    user = gm.emu.add_user("Игрок", language_code="ru")
    private = gm.emu.private_chat(user)
    for args in ("", "5 3", "5 3 1 0", "1 2 3 4 5"):
        reply = (await _ask(gm, user, private, f"/odds {args}")).body
        assert "Точные шансы" in reply and "/odds pool 5 3" in reply, args
    for args in ("pool 31 3", "pool -1 3", "pool 5 x", "pool 5 3 31", "pool 5", "pool 5% 3"):
        reply = (await _ask(gm, user, private, f"/odds {args}")).body
        assert "Кубиков 0–30, штраф 0–30" in reply, args
    for args in ("duel 0 8", "duel 101 8", "duel 9 8 20 101", "duel 9 8 0 0 1001 30", "duel 9"):
        reply = (await _ask(gm, user, private, f"/odds {args}")).body
        assert "Навык 1–100, ловкость 0–100, хиты 1–1000" in reply, args


async def test_rules_summaries(gm: Harness) -> None:
    _, player, group, game = await _table(gm, GameSystem.DUEL)
    duel = (await _ask(gm, player, group, "/rules")).body
    assert "Поединок" in duel and "5 бросков от 1 до A+B" in duel
    private = gm.emu.private_chat(player)
    hint = (await _ask(gm, player, private, "/rules")).body
    assert "/rules pool, /rules duel, /rules d20" in hint
    d20 = (await _ask(gm, player, private, "/rules d20")).body
    assert "варвар 22" in d20 and "УС 2 — 17–20" in d20
    assert "12 очков" in (await _ask(gm, player, private, "/rules pool")).body
    await create_character(game, player.id, "Ратибор", DuelBuild((("пеший", 5),), 0))
    own = (await _ask(gm, player, private, "/rules")).body
    assert "5 бросков от 1 до A+B" in own and "12 очков" not in own
    empty = gm.emu.add_group("Пусто", members=[player])
    assert "/rules pool" in (await _ask(gm, player, empty, "/rules")).body


def latin_words(text: str) -> list[str]:
    """Latin words a Russian reader would stumble on: dice notation (5d10, d20) and commands
    (/verify) are the table's own language and do not count."""
    text = re.sub(r"/[a-z_]+", " ", text)
    text = re.sub(r"\b\d*d\d+\b", " ", text)
    return re.findall(r"[A-Za-z]{2,}", text)


async def test_log_and_endgame_speak_russian(gm: Harness) -> None:
    admin, player, group, game = await _table(gm)
    await _roll(game, "pool_initiative", "fight 1", 2, 10)
    await _roll(game, "pool_round", "fight 1", 4, 10)
    await _roll(game, "pool_tick", "cycle 1", 3, 10)
    await _roll(game, "duel_round", "Бронн", 5, 14)
    await _roll(game, "d20_attack", "Аня Ветер", 1, 20)
    log = (await _ask(gm, player, group, "/log")).body
    assert "Бой №1 — инициатива: 2d10" in log and "Цикл 1 — Харизма и споры за вещи" in log
    assert latin_words(log) == [], log
    await gm.emu.send_text(admin, group, "/endgame")
    ended = await gm.emu.wait_for_message(group, lambda m: "окончена" in m.body)
    assert latin_words(ended.body) == [], ended.body
    assert game.seed_hex not in ended.body and game.commitment not in ended.body
