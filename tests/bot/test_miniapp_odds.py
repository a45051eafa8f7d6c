"""The Mini App's Odds page through the real app: ``api/odds`` answers exactly what
``rules.odds`` computes (the chat's /odds service), refuses out-of-range and malformed numbers
with the chat's usage text, refuses forged initData, and starts from the caller's own sheet."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from bot.db.models import Character, GameSystem
from bot.services.characters import DuelBuild, create_character
from bot.services.games import create_game, save_settings, settings_of
from bot.services.settings import change_setting
from rules.gender import Gender
from rules.odds.d20 import check_chances, outcome_probabilities
from rules.odds.duel import duel_odds, round_win_chance
from rules.odds.pool import attack_odds
from tests.bot.conftest import Harness
from tests.bot.miniapp_rig import PREFIX, auth, miniapp_client
from tests.bot.world_table import QUIET, pool_table
from tests.telegram_emulator import EmuMessage

POOL = "system=pool&attack={}&defense={}&attack_penalty={}&defense_penalty={}"
DUEL = "system=duel&skill_a=9&skill_b=8&agility_a=20&agility_b=30&hp_a={}&hp_b={}"


def exact(section: dict[str, Any]) -> list[Fraction]:
    return [Fraction(row["exact"]) for row in section["rows"]]


def shares(section: dict[str, Any]) -> list[float]:
    return [row["share"] for row in section["rows"]]


async def test_the_pool_chart_is_the_rules_exact_distribution(gm: Harness) -> None:
    user = gm.emu.add_user("Аня", language_code="ru")
    async with miniapp_client(gm) as client:
        answer = await client.get(
            f"{PREFIX}/api/odds?{POOL.format(7, 4, 2, 1)}", headers=auth(user)
        )
        assert answer.status == 200
        body = await answer.json()
    rules = attack_odds(7, 4, 2, 1)
    hit, damage, drops = body["sections"]
    assert body["system"] == "pool" and body["note"] is None
    assert "Атака 7d10 против защиты 4d10" in body["head"]
    assert exact(hit) == [rules.hit_chance]
    shown = {k: p for k, p in rules.damage.items() if round(float(p) * 100, 1) > 0}
    assert exact(damage) == list(shown.values())
    assert [row["label"] for row in damage["rows"]][:2] == ["промах", "1"]
    assert damage["notes"] == ["остальное — реже 0,1\u00a0%"]  # 7 hits exist, under 0.05 %
    assert exact(drops) == [rules.attacker_drops, rules.defender_drops]
    assert hit["rows"][0]["percent"] == f"{float(rules.hit_chance) * 100:.1f}\u00a0%".replace(
        ".", ","
    )
    assert [f["value"] for f in body["fields"]] == [7, 4, 2, 1]
    assert [(f["min"], f["max"]) for f in body["fields"]] == [(0, 30), (0, 30), (0, 30), (0, 30)]


async def test_the_duel_and_d20_charts_are_the_rules_figures(gm: Harness) -> None:
    user = gm.emu.add_user("Ann", language_code="en")
    english = auth(user, language="en")
    async with miniapp_client(gm) as client:
        duel = await (
            await client.get(f"{PREFIX}/api/odds?{DUEL.format(12, 10)}", headers=english)
        ).json()
        d20 = await (await client.get(f"{PREFIX}/api/odds?system=d20", headers=english)).json()
    rounds, whole = duel["sections"]
    won = round_win_chance(9, 8)
    assert exact(rounds) == [won, 1 - won]
    rules = duel_odds(
        9, 8, challenger_hp=12, opponent_hp=10, challenger_agility=20, opponent_agility=30
    )
    assert shares(whole) == [float(rules.challenger_wins), float(rules.opponent_wins)]
    assert whole["rows"][0]["label"] == "The first wins the duel fought out"
    blows, checks = d20["sections"]
    assert sorted(exact(blows)) == sorted(outcome_probabilities().values())
    assert exact(checks) == list(check_chances().values())
    assert checks["rows"][2]["percent"] == "5.0%" and checks["rows"][2]["label"] == "DC 3"
    assert d20["fields"] == [] and d20["system"] == "d20"


async def test_out_of_range_and_malformed_numbers_get_the_chats_usage(gm: Harness) -> None:
    user = gm.emu.add_user("Аня", language_code="ru")
    async with miniapp_client(gm) as client:
        for query in (
            POOL.format(31, 3, 0, 0),
            POOL.format(5, 3, -1, 0),
            POOL.format(5, "x", 0, 0),
            POOL.format(5, "3+3", 0, 0),
            "system=pool&attack=5&defense=3",
            DUEL.format(0, 30),
            DUEL.format(30, 1001),
        ):
            answer = await client.get(f"{PREFIX}/api/odds?{query}", headers=auth(user))
            assert answer.status == 422, query
            body = await answer.json()
            assert body["error"] == "odds_usage", query
            usage = "Кубиков 0–30" if "pool" in query else "Навык 1–100"
            assert usage in body["message"], query
        unknown = await client.get(f"{PREFIX}/api/odds?system=chess", headers=auth(user))
        assert unknown.status == 400
        assert (await unknown.json())["message"] == "Непонятный запрос: обновите страницу."
        forged = auth(user, token="4242:another-bots-token-0123456789abcdefghij")
        refused = await client.get(f"{PREFIX}/api/odds?{POOL.format(5, 3, 0, 0)}", headers=forged)
        assert refused.status == 401 and (await refused.json())["error"] == "auth_forged"
        bare = await client.get(f"{PREFIX}/api/odds?{POOL.format(5, 3, 0, 0)}")
        assert bare.status == 401


async def test_the_numbers_start_from_the_callers_own_sheet(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    kit = (await table.character(1)).inventory
    await table.edit(1, inventory=replace(kit, trousers=False))  # +1 penalty
    game = await create_game(-500, GameSystem.DUEL, anya.id, "ru", ("пеший", "конный"))
    await save_settings(game, change_setting(settings_of(game), "duel_hp", 40))
    build = DuelBuild((("пеший", 3), ("конный", 7)), agility=25, gender=Gender.FEMALE)
    await create_character(game, anya.id, "Арья", build)
    async with miniapp_client(gm) as client:
        pool = await (await client.get(f"{PREFIX}/api/odds", headers=auth(anya))).json()
        query = f"system=duel&game_id={game.id}"
        duel = await (await client.get(f"{PREFIX}/api/odds?{query}", headers=auth(anya))).json()
        stranger = gm.emu.add_user("Боря", language_code="ru")
        none = await (await client.get(f"{PREFIX}/api/odds", headers=auth(stranger))).json()
    assert pool["system"] == "pool"
    assert [f["value"] for f in pool["fields"]] == [QUIET.attack, QUIET.defense, 1, 0]
    assert pool["note"] == "Числа взяты из вашего листа: Аня. Их можно менять."
    assert exact(pool["sections"][0]) == [attack_odds(QUIET.attack, QUIET.defense, 1).hit_chance]
    assert [f["value"] for f in duel["fields"]] == [7, 7, 25, 25, 40, 40]
    assert "Арья" in duel["note"]
    assert await Character.filter(user_id=stranger.id).count() == 0
    assert [f["value"] for f in none["fields"]] == [5, 3, 0, 0] and none["note"] is None


URL = "https://example.org/app/"


def _web_apps(message: EmuMessage) -> list[str]:
    return [b["web_app"]["url"] for row in message.buttons for b in row if "web_app" in b]


@pytest.mark.parametrize("miniapp_url", [URL])
async def test_a_private_odds_answer_opens_the_odds_tab(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    chat = table.private(anya)
    await gm.emu.send_text(anya, chat, "/odds pool 5 3 1 0")
    answer = await gm.emu.wait_for_message(chat, lambda m: "Попадание" in m.body)
    [app] = [b for row in answer.buttons for b in row if "web_app" in b]
    assert app["text"] == "🎲 Шансы в приложении"
    assert app["web_app"]["url"] == (
        f"{URL}?tab=odds&system=pool&attack=5&defense=3&attack_penalty=1&defense_penalty=0"
    )
    await gm.emu.send_text(anya, chat, "/odds")  # the usage, with the bare tab
    usage = await gm.emu.wait_for_message(chat, lambda m: "Точные шансы" in m.body)
    assert _web_apps(usage) == [f"{URL}?tab=odds"]
    await gm.emu.send_text(anya, table.group, "/odds 5 3")  # a group: no web_app buttons...
    public = await gm.emu.wait_for_message(table.group, lambda m: "Попадание" in m.body)
    assert _web_apps(public) == []
    link = f"https://t.me/gm_test_bot?startapp=g{table.game.id}-odds"  # ...the Main Mini App's
    assert [b["url"] for row in public.buttons for b in row] == [link]
    assert public.button_texts == ["🎲 Шансы в приложении"]
    await gm.emu.send_text(anya, table.group, "/odds")  # the usage too
    usage = await gm.emu.wait_for_message(table.group, lambda m: "0–30" in m.body)
    assert [b["url"] for row in usage.buttons for b in row] == [link]


async def test_no_odds_button_with_the_miniapp_off(gm: Harness) -> None:
    user = gm.emu.add_user("Аня", language_code="ru")
    chat = gm.emu.private_chat(user)
    await gm.emu.send_text(user, chat, "/odds pool 5 3")
    answer = await gm.emu.wait_for_message(chat, lambda m: "Попадание" in m.body)
    assert "Атака 5d10" in answer.body and _web_apps(answer) == []
    table = await pool_table(gm, ("Боря", QUIET))
    await gm.emu.send_text(table.players[0], table.group, "/odds 5 3")
    public = await gm.emu.wait_for_message(table.group, lambda m: "Попадание" in m.body)
    assert public.buttons == []
