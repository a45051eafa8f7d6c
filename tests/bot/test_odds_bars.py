"""Probability bars never lie at the edges: any possible chance shows at least one cell (and
says «меньше 0,1 %» rather than 0,0 %), only an impossible one is empty, only a certain one full."""

from __future__ import annotations

from fractions import Fraction

from bot.db.models import GameSystem
from bot.i18n import Translator
from bot.services import games
from bot.views.marks import EMPTY, FULL, chance_bar
from bot.views.odds import percent_text
from rules.odds.pool import attack_odds
from tests.bot.conftest import Harness

RU = Translator("ru").for_locale("ru")


def test_a_tiny_chance_shows_a_sliver_and_only_zero_is_empty() -> None:
    assert chance_bar(Fraction(4, 1000)) == FULL + EMPTY * 9  # 0,4 %: one cell, not none
    assert chance_bar(Fraction(1, 10**9)) == FULL + EMPTY * 9
    assert chance_bar(0) == EMPTY * 10
    assert chance_bar(Fraction(996, 1000)) == FULL * 9 + EMPTY  # not certain: not full
    assert chance_bar(1) == FULL * 10
    assert chance_bar(Fraction(1, 2)) == FULL * 5 + EMPTY * 5


def test_a_tiny_chance_is_not_written_as_zero() -> None:
    assert percent_text(RU, Fraction(1, 10**5)) == "меньше 0,1\u00a0%"
    assert percent_text(RU, Fraction(99999, 10**5)) == "больше 99,9\u00a0%"
    assert percent_text(RU, 0) == "0,0\u00a0%" and percent_text(RU, 1) == "100,0\u00a0%"
    assert percent_text(RU, Fraction(4, 1000)) == "0,4\u00a0%"


async def test_odds_show_a_sliver_for_a_half_percent_hit(gm: Harness) -> None:
    player = gm.emu.add_user("Игрок", language_code="ru")
    group = gm.emu.add_group("Подземелье", members=[player])
    await games.create_game(group.id, GameSystem.POOL, player.id, "ru")
    assert 0 < attack_odds(1, 10, 4, 0).hit_chance < Fraction(1, 100)
    await gm.emu.send_text(player, group, "/odds 1 10 4 0")
    shown = await gm.emu.wait_for_message(group)
    hit = next(row for row in shown.body.splitlines() if row.startswith("Попадание:"))
    assert hit == f"Попадание: {FULL}{EMPTY * 9} 0,5\u00a0%", shown.body
    await gm.emu.send_text(player, group, "/odds 1 30 4 0")  # 0,012 %
    shown = await gm.emu.wait_for_message(group)
    hit = next(row for row in shown.body.splitlines() if row.startswith("Попадание:"))
    assert hit == f"Попадание: {FULL}{EMPTY * 9} меньше 0,1\u00a0%", shown.body
