"""A duel's Russian reads right: names that would decline stay in the nominative, and every word
that agrees with a fighter takes the fighter's gender (a woman against a man, scripted dice)."""

from __future__ import annotations

import pytest
from tortoise.timezone import now

from bot.db.models import Encounter, Game, GameSystem, Timer
from bot.i18n import Translator
from bot.services import duels, games
from bot.services.characters import DuelBuild, create_character
from bot.views.duel import side_rolls
from rules.gender import Gender
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser


async def _table(gm: Harness) -> tuple[EmuUser, EmuUser, EmuChat, Game]:
    anya = gm.emu.add_user("Аня", language_code="ru")
    bronn = gm.emu.add_user("Игрок Бронна", language_code="ru")
    group = gm.emu.add_group("Ристалище", members=[anya, bronn])
    game = await games.create_game(group.id, GameSystem.DUEL, 1, "ru", ("пеший",))
    she = DuelBuild((("пеший", 9),), 50, Gender.FEMALE)
    await create_character(game, anya.id, "Аня Ветер", she)
    await create_character(game, bronn.id, "Бронн", DuelBuild((("пеший", 8),), 20, Gender.MALE))
    await game.refresh_from_db()
    return anya, bronn, group, game


async def _round(gm: Harness, group: EmuChat, number: int) -> list[str]:
    message = await gm.emu.wait_for_message(group, lambda m: f"Раунд {number}," in m.body)
    return message.body.split("\n")


async def _both_go_on(gm: Harness, group: EmuChat, users: list[EmuUser], number: int) -> None:
    live = gm.emu.last_bot_message(group)
    assert live is not None and f"Раунд {number}," in live.body
    for user in users:
        await gm.emu.wait_for_callback_answer(await gm.emu.press_button(user, live, "Продолжить"))


async def _challenge(gm: Harness, anya: EmuUser, group: EmuChat) -> EmuMessage:
    await gm.emu.send_text(anya, group, "/duel 2 пеший")
    return await gm.emu.wait_for_message(group, lambda m: "Вызов на поединок:" in m.body)


async def test_a_woman_against_a_man_in_nominative_russian(gm: Harness) -> None:
    anya, bronn, group, _ = await _table(gm)
    challenge = await _challenge(gm, anya, group)
    assert challenge.body.split("\n")[:2] == [
        "⚔️ Вызов на поединок: Аня Ветер → Бронн",
        "Навык «пеший»: 9 против 8.",
    ]
    assert "Принять или отказаться может только Бронн." in challenge.body

    # Round 1: Аня Ветер 3:2 (9-17 are hers); Бронн dodges one blow of three.
    gm.game_dice.add(17, 1, 15, 11, 3, 10).add(100, 5, 56, 92)
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await _round(gm, group, 1)
    accepted = await gm.emu.wait_for_edit(challenge)
    assert accepted.body == "🤝 Вызов принят: Аня Ветер → Бронн. Бой начинается!"
    assert first[:6] == [  # the outcome first, the dice in a collapsed quote (lines 3-4)
        "⚔️ Раунд 1, навык «пеший»: Аня Ветер (9) — Бронн (8).",
        "Счёт 3:2 — раунд выиграла Аня Ветер. Урон: Бронн −18 (2 × 9).",
        "🎲 1–17 · Аня Ветер 3 (15, 11, 10) : Бронн 2 (1, 3)",
        "Ловкость: Бронн, 20\u00a0%; d100: 5 56 92 → уклонений: 1 из 3.",
        "Аня Ветер: ▰▰▰▰▰▰▰▰▰▰ 30/30",
        "Бронн: ▰▰▰▰▱▱▱▱▱▱ 12/30",
    ]

    # Round 2: Бронн 3:2, and she dodges all three blows (agility 50).
    gm.game_dice.add(17, 1, 2, 3, 10, 11).add(100, 10, 20, 30)
    await _both_go_on(gm, group, [anya, bronn], 1)
    second = await _round(gm, group, 2)
    assert (
        second[1]
        == "Счёт 3:2 — раунд выиграл Бронн. Урона нет: Аня Ветер увернулась от всех ударов."
    )
    assert second[2] == "🎲 1–17 · Аня Ветер 2 (10, 11) : Бронн 3 (1, 2, 3)"
    assert "Ловкость: Аня Ветер, 50\u00a0%; d100: 10 20 30 → уклонений: 3 из 3." in second

    # Round 3: Бронн 4:1, no dodge: 32 damage knocks her out.
    gm.game_dice.add(17, 1, 2, 3, 4, 9).add(100, 90, 90, 90, 90)
    await _both_go_on(gm, group, [anya, bronn], 2)
    third = await _round(gm, group, 3)
    assert third[1:] == [
        "Счёт 4:1 — раунд выиграл Бронн. Урон: Аня Ветер −32 (4 × 8).",
        "🎲 1–17 · Аня Ветер 1 (9) : Бронн 4 (1, 2, 3, 4)",
        "Ловкость: Аня Ветер, 50\u00a0%; d100: 90 90 90 90 → уклонений: 0 из 4.",
        "Аня Ветер: ▱▱▱▱▱▱▱▱▱▱ 0/30 — повержена",
        "Бронн: ▰▰▰▰▱▱▱▱▱▱ 12/30",
        "💥 Аня Ветер повержена. Победа: Бронн. Аня Ветер не сможет сражаться, "
        "пока мастер не восстановит хиты (/heal).",
    ]


async def _timed_out(gm: Harness, game: Game, group: EmuChat) -> EmuMessage:
    record = await Encounter.get(game_id=game.id, kind="duel")
    await Timer.filter(kind=duels.CHOICE_TIMEOUT, ref=record.id).update(due_at=now())
    return await gm.emu.wait_for_message(group, lambda m: "Время на решение" in m.body)


@pytest.mark.parametrize("round_winner", ["Бронн", "Аня Ветер"])
async def test_she_did_not_answer_in_time_and_forfeits(gm: Harness, round_winner: str) -> None:
    """rulebook: duel / The duel: who does not answer while the other goes on loses, even
    having won the round (once "Аня Ветер не ответила. … Победа: Аня Ветер")."""
    anya, bronn, group, game = await _table(gm)
    challenge = await _challenge(gm, anya, group)
    rolls = (1, 2, 3, 10, 11) if round_winner == "Бронн" else (9, 10, 11, 1, 2)
    gm.game_dice.add(17, *rolls).add(100, 90, 90, 90)  # 3:2, no dodge
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1," in m.body)
    won = "выиграл Бронн" if round_winner == "Бронн" else "выиграла Аня Ветер"
    assert f"раунд {won}." in first.body
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(bronn, first, "Продолжить"))
    end = await _timed_out(gm, game, group)
    assert end.body == (
        "⌛ Время на решение вышло: Аня Ветер не ответила, а Бронн был готов продолжать."
        " Поединок окончен: молчание засчитано как поражение. Победа: Бронн."
    )


async def test_when_neither_answers_the_round_winner_wins_and_the_end_says_why(
    gm: Harness,
) -> None:
    anya, bronn, group, game = await _table(gm)
    challenge = await _challenge(gm, anya, group)
    gm.game_dice.add(17, 9, 10, 11, 1, 2).add(100, 90, 90, 90)  # Аня Ветер 3:2
    await gm.emu.press_button(bronn, challenge, "Принять")
    await gm.emu.wait_for_message(group, lambda m: "Раунд 1," in m.body)
    end = await _timed_out(gm, game, group)
    assert end.body == (
        "⌛ Время на решение вышло: ни Аня Ветер, ни Бронн не ответили."
        " Поединок окончен: последний раунд выиграла Аня Ветер — ей и победа."
    )


async def test_a_duel_round_fits_ten_lines_with_its_dice_marked(gm: Harness) -> None:
    """The whole round message (dice, a blank line, the question or who has chosen, the clock)
    stays within 10 lines; every die of both sides and the loser's dodges are bold."""
    anya, bronn, group, _ = await _table(gm)
    challenge = await _challenge(gm, anya, group)
    gm.game_dice.add(17, 1, 15, 11, 3, 10).add(100, 5, 56, 92)
    await gm.emu.press_button(bronn, challenge, "Принять")
    live = await gm.emu.wait_for_message(group, lambda m: "Раунд 1," in m.body)
    assert len(live.body.split("\n")) <= 10, live.body
    assert (
        "Аня Ветер 3 (<b>15</b>, <b>11</b>, <b>10</b>) : Бронн 2 (<b>1</b>, <b>3</b>)"
    ) in live.html
    assert "d100: <b>5</b> 56 92 → уклонений: 1 из 3." in live.html
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(anya, live, "Продолжить"))
    chosen = "✅ Аня Ветер выбирает «Продолжить». Ждём ответа: Бронн."
    for _ in range(100):
        if chosen in live.body:
            break
        await gm.emu.wait_for_edit(live)
    lines = live.body.split("\n")
    assert len(lines) <= 10, live.body
    assert chosen in lines and "Продолжаете?" not in live.body


def test_a_side_without_successes_shows_its_zero_alone() -> None:
    """Every die is shown on the side it counts for; a side with none has no empty brackets."""
    l10n = Translator("ru").for_locale("ru")
    assert side_rolls(l10n, "Бронн", []) == "Бронн 0"
    assert side_rolls(l10n, "Бронн", [1, 3]) == "Бронн 2 (<b>1</b>, <b>3</b>)"
