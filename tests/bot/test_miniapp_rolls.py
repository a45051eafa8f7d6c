"""The Mini App's roll log: the commitment before the end, the seed after /endgame, and the
page's check (dice.js under node) marks a real game's rolls ✓ and an altered one ✗; and the
Mini App's buttons under /me and in /inventory (private only, when MINIAPP_URL is set)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.db.models import RollLog
from bot.services import games
from rules.dice import draw
from tests.bot.conftest import Harness
from tests.bot.miniapp_rig import PREFIX, auth, miniapp_client
from tests.bot.pool_fight_rig import fight_record, press, round_dice, start
from tests.bot.pool_fight_rig import pool_table as fight_table
from tests.bot.world_table import QUIET, pool_table
from tests.node import NODE, run_json
from tests.telegram_emulator import EmuMessage

DICE_JS = Path(__file__).resolve().parents[2] / "bot" / "webapp" / "static" / "dice.js"
CHECK = """
const dice = require(process.argv[1]);
let input = '';
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', async () => {
  const log = JSON.parse(input);
  const result = await dice.verify(log.seed, log.commitment, log.rolls);
  process.stdout.write(JSON.stringify(result));
});
"""
URL = "https://example.org/app/"


def _check_in_node(log: dict[str, object]) -> dict[str, object]:
    if NODE is None:
        pytest.skip("node is not installed")
    return run_json(CHECK, DICE_JS, log)


async def test_the_log_shows_the_seed_only_after_the_end_and_the_page_checks_it(
    gm: Harness,
) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    game = table.game
    seed = bytes.fromhex(game.seed_hex)
    await RollLog.bulk_create(
        [
            RollLog(
                game=game,
                index=i,
                sides=10,
                value=draw(seed, i, 10),
                purpose="pool_tick",
                actor="cycle 1",
            )
            for i in range(30)
        ]
    )
    url = f"{PREFIX}/api/rolls?game_id={game.id}"
    async with miniapp_client(gm) as client:
        before = await (await client.get(url, headers=auth(anya))).json()
        assert before["seed"] is None and before["commitment"] == game.commitment
        assert before["ended"] is False and len(before["rolls"]) == 30
        first = before["rolls"][0]
        assert first["index"] == 0 and first["sides"] == 10 and first["actor"] == "Цикл 1"
        assert first["purpose"] == "Харизма и споры за вещи"
        listed = await (await client.get(f"{PREFIX}/api/games", headers=auth(anya))).json()
        assert [g["game_id"] for g in listed["games"]] == [game.id]
        await games.end_game(table.group.id)
        after = await (await client.get(url, headers=auth(anya))).json()
    assert after["ended"] is True and after["seed"] == game.seed_hex
    checked = _check_in_node(after)
    assert checked == {"seedOk": True, "marks": [True] * 30}
    after["rolls"][12]["value"] = after["rolls"][12]["value"] % 10 + 1  # one die altered
    altered = _check_in_node(after)
    assert altered["marks"] == [i != 12 for i in range(30)]


def _web_apps(message: EmuMessage) -> list[dict[str, Any]]:
    return [b for row in message.buttons for b in row if "web_app" in b]


async def test_without_miniapp_url_there_is_no_button(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    chat = table.private(anya)
    await gm.emu.send_text(anya, chat, "/me")
    sheet = await gm.emu.wait_for_message(chat, lambda m: "Аня" in m.body)
    assert sheet.button_texts == ["🎒 Инвентарь"]
    await gm.emu.send_text(anya, chat, "/inventory")
    window = await gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)
    assert window.button_texts and _web_apps(window) == []


@pytest.mark.parametrize("miniapp_url", [URL])
async def test_private_me_and_inventory_carry_the_miniapp_button(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    chat = table.private(anya)
    link = f"{URL}?game={table.game.id}"
    await gm.emu.send_text(anya, chat, "/me")
    sheet = await gm.emu.wait_for_message(chat, lambda m: "Аня" in m.body)
    [app] = [b for row in sheet.buttons for b in row if "web_app" in b]
    assert app["text"] == "📱 Открыть в приложении" and app["web_app"] == {"url": link}
    await gm.emu.send_text(anya, chat, "/inventory")
    window = await gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)
    assert {"url": link} in [b.get("web_app") for row in window.buttons for b in row]
    await gm.emu.send_text(anya, table.group, "/me")  # the group's /me: public, no web_app
    public = await gm.emu.wait_for_message(table.group)
    assert _web_apps(public) == []


async def test_the_log_names_whose_die_each_fight_roll_is(gm: Harness) -> None:
    """A real round of a pool fight (Арья and Бран attack each other): every die of the
    round says whose it is and what for, in the page's log and in its language."""
    table = await fight_table(gm)
    gm.game_dice.add(10, 8, 3)  # initiative: Арья first
    live = await start(table, 1, 2)
    round_dice(gm, (10, 10, 10), (2, 2), (2, 2, 2), (5, 5))
    await press(table, 1, live, "⚔️ Атаковать")
    await press(table, 2, live, "⚔️ Атаковать")
    await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    url = f"{PREFIX}/api/rolls?game_id={table.game.id}"
    async with miniapp_client(gm) as client:
        ru = await (await client.get(url, headers=auth(table.player(1)))).json()
        en = await (await client.get(url, headers=auth(table.player(1), language="en"))).json()
    fight = [r for r in ru["rolls"] if r["purpose"] == "раунд"]
    assert [(r["value"], r["owner"]) for r in fight] == [
        *[(10, "Арья: атака → Бран")] * 3,
        *[(2, "Бран: защита ← Арья")] * 2,
        *[(2, "Бран: атака → Арья")] * 3,
        *[(5, "Арья: защита ← Бран")] * 2,
    ]
    assert {r["actor"] for r in fight} == {f"Бой №{(await fight_record(table)).id}"}
    initiative = [r for r in ru["rolls"] if r["purpose"] == "инициатива"]
    assert [r["owner"] for r in initiative] == ["Арья", "Бран"]
    assert en["rolls"][2]["owner"] == "Арья: attack → Бран"
    stored = await RollLog.filter(game_id=table.game.id, purpose="pool_round").order_by("index")
    assert [r.owner for r in stored][:4] == ["attack 1>2"] * 3 + ["defense 2<1"]
    # the chat's /log groups the round's dice by whose they are, in the same words
    await gm.emu.send_text(table.player(1), table.group, "/log")
    log = await gm.emu.wait_for_message(table.group, lambda m: "Журнал бросков" in m.body)
    label = f"Бой №{(await fight_record(table)).id}"
    first = stored[0].index
    assert f"#{first}–{first + 2} {label} — раунд (Арья: атака → Бран): 3d10 → 10, 10, 10" in (
        log.body
    )
    assert f"#{first + 8}–{first + 9} {label} — раунд (Арья: защита ← Бран): 2d10 → 5, 5" in (
        log.body
    )
