"""The Mini App from a group: /log and /players carry a URL button to the bot's Main Mini App
(``?startapp=g<game>-<tab>``), and the server reads the game and the tab from the start
parameter signed inside initData. Anyone in the group may press the button: each presser sees
only their own facts, and a game they are not in is refused with a JSON error."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.conftest import TOKEN, Harness
from tests.bot.miniapp_rig import PREFIX, auth, init_data, miniapp_client
from tests.bot.world_table import QUIET, pool_table

URL = "https://example.org/app/"
BOT = "gm_test_bot"  # the emulator's bot username


def _urls(buttons: list[list[dict[str, Any]]]) -> dict[str, str]:
    return {b["text"]: b["url"] for row in buttons for b in row if "url" in b}


@pytest.mark.parametrize("miniapp_url", [URL])
async def test_log_and_players_carry_the_main_mini_app_link(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, _ = table.players
    game = table.game.id
    await gm.emu.send_text(anya, table.group, "/log")
    log = await gm.emu.wait_for_message(table.group)
    assert _urls(log.buttons) == {"🎲 Журнал бросков": f"https://t.me/{BOT}?startapp=g{game}-rolls"}
    await gm.emu.send_text(anya, table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: "Аня" in m.body)
    assert roster.button_texts[-1] == "📋 Мой персонаж"
    assert _urls(roster.buttons)["📋 Мой персонаж"] == f"https://t.me/{BOT}?startapp=g{game}-me"
    assert any("⚔" in text for text in roster.button_texts)  # the challenge buttons stay


async def test_without_miniapp_url_log_and_players_have_no_app_button(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, _ = table.players
    await gm.emu.send_text(anya, table.group, "/log")
    log = await gm.emu.wait_for_message(table.group)
    assert log.body and log.buttons == []
    await gm.emu.send_text(anya, table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: "Аня" in m.body)
    assert _urls(roster.buttons) == {} and "📋 Мой персонаж" not in roster.button_texts


async def test_the_signed_start_param_opens_the_callers_own_facts(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    other = await pool_table(gm, ("Вера", QUIET))
    anya, borya = table.players
    [vera] = other.players
    game = table.game.id
    me, rolls = f"g{game}-me", f"g{game}-rolls"

    def signed(user: Any, param: str | None) -> dict[str, str]:
        return {"Authorization": f"tma {init_data(user, start_param=param)}"}

    async with miniapp_client(gm) as client:
        # Two players press the same group button: each gets the game, and only their own sheet.
        for user, name, stranger in ((anya, "Аня", "Боря"), (borya, "Боря", "Аня")):
            opened = await client.get(f"{PREFIX}/api/start", headers=signed(user, me))
            assert opened.status == 200, await opened.text()
            assert await opened.json() == {"game_id": game, "tab": "character"}
            body = await (await client.get(f"{PREFIX}/api/me", headers=signed(user, me))).json()
            [mine] = body["characters"]
            assert mine["game_id"] == game and name in mine["sheet"]
            assert stranger not in str(body)
        log = await client.get(f"{PREFIX}/api/start", headers=signed(borya, rolls))
        assert await log.json() == {"game_id": game, "tab": "rolls"}

        # A game the presser is not in: a clear JSON refusal, for either tab.
        for param in (me, rolls):
            refused = await client.get(f"{PREFIX}/api/start", headers=signed(vera, param))
            assert refused.status == 403
            answer = await refused.json()
            assert answer["error"] == "not-in-game"
            assert "нет живого персонажа" in answer["message"]
            assert "Аня" not in str(answer) and "Боря" not in str(answer)

        # The group's /odds link: anyone may open it (nothing but their own numbers shows).
        odds = await client.get(f"{PREFIX}/api/start", headers=signed(vera, f"g{game}-odds"))
        assert await odds.json() == {"game_id": game, "tab": "odds"}
        gone = await client.get(f"{PREFIX}/api/start", headers=signed(vera, "g999999-odds"))
        assert gone.status == 403 and (await gone.json())["error"] == "not-in-game"

        # Opened otherwise (the menu button, a private button): no start parameter.
        plain = await client.get(f"{PREFIX}/api/start", headers=auth(anya))
        assert await plain.json() == {"game_id": None, "tab": None}

        # A param this bot never makes: malformed.
        odd = await client.get(f"{PREFIX}/api/start", headers=signed(anya, f"g{game}-world"))
        assert odd.status == 400 and (await odd.json())["error"] == "malformed"

        # A forged param: swapped in after signing, or signed with another key.
        swapped = init_data(anya, start_param=f"g{other.game.id}-me").replace(
            f"g{other.game.id}-me", me
        )
        wrong_key = init_data(vera, start_param=me, token="4242:" + "x" * 40)
        assert wrong_key != init_data(vera, start_param=me, token=TOKEN)
        for data in (swapped, wrong_key):
            forged = await client.get(
                f"{PREFIX}/api/start", headers={"Authorization": f"tma {data}"}
            )
            assert forged.status == 401 and (await forged.json())["error"] == "auth_forged"
