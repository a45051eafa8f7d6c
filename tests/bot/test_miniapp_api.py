"""The Mini App's server through the real aiohttp app: initData checked on every request,
the caller's own characters only, and inventory moves through the same service as the chat."""

from __future__ import annotations

from dataclasses import replace

from aiogram.utils.web_app import safe_parse_webapp_init_data

from bot.db.models import Character, Game, GameStatus
from rules.pool.model import BackpackContent, Item, PocketContent, start_kit
from tests.bot.conftest import TOKEN, Harness
from tests.bot.miniapp_rig import PREFIX, auth, init_data, miniapp_client, twin_tables
from tests.bot.world_table import QUIET, pool_table


async def test_the_signer_signs_as_telegram_does(gm: Harness) -> None:
    user = gm.emu.add_user("Аня", language_code="ru")
    parsed = safe_parse_webapp_init_data(TOKEN, init_data(user))
    assert parsed.user is not None and parsed.user.id == user.id
    forged = init_data(user).replace("auth_date=", "auth_date=1")
    try:
        safe_parse_webapp_init_data(TOKEN, forged)
    except ValueError:
        pass
    else:
        raise AssertionError("a changed field kept its signature")


async def test_the_page_is_served_with_its_files(gm: Harness) -> None:
    async with miniapp_client(gm) as client:
        page = await client.get(f"{PREFIX}/")
        assert page.status == 200
        html = await page.text()
        assert "app.js" in html and "https://" not in html  # nothing from the network
        assert "default-src 'none'" in page.headers["Content-Security-Policy"]
        for name in ("app.js", "app.css", "dice.js", "tg.js"):
            assert (await client.get(f"{PREFIX}/static/{name}")).status == 200, name
        assert (await client.get(f"{PREFIX}/static/..%2Fserver.py")).status == 404
        texts = await (await client.get(f"{PREFIX}/api/texts?lang=en")).json()
        assert texts["texts"]["miniapp-tab-character"] == "Character"


async def test_forged_expired_and_missing_init_data_are_refused(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    async with miniapp_client(gm) as client:
        ok = await client.get(f"{PREFIX}/api/me", headers=auth(anya))
        assert ok.status == 200
        cases = {
            "auth_missing": {},
            "auth_forged": auth(anya, token="4242:another-bots-token-0123456789abcdefghij"),
            "auth_expired": auth(anya, age=3601),
        }
        for code, headers in cases.items():
            answer = await client.get(f"{PREFIX}/api/me", headers=headers)
            assert answer.status == 401, code
            body = await answer.json()
            assert body["error"] == code and body["message"], code
        # a valid signature over another user id is another user: the field cannot be swapped
        tampered = init_data(anya).replace(str(anya.id), str(anya.id + 1))
        answer = await client.get(f"{PREFIX}/api/me", headers={"Authorization": f"tma {tampered}"})
        assert answer.status == 401
        expired = await client.get(f"{PREFIX}/api/me", headers=auth(anya, age=3601))
        assert "больше часа" in (await expired.json())["message"]


async def test_me_shows_only_the_callers_own_sheet_and_things(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, _ = table.players
    async with miniapp_client(gm) as client:
        body = await (await client.get(f"{PREFIX}/api/me", headers=auth(anya))).json()
    [mine] = body["characters"]
    assert mine["game_id"] == table.game.id and "Аня" in mine["sheet"]
    assert "Боря" not in str(body)
    places = {p["id"]: p for p in mine["inventory"]["places"]}
    assert [s["label"] for s in places["right_hand"]["stacks"]] == ["1 меч"]
    pills = next(s for s in places["backpack"]["stacks"] if s["key"] == "backpack.pill")
    assert pills["key"] == "backpack.pill" and "left_pocket" in pills["to"]
    assert "floor" in pills["to"] and "right_hand" not in pills["to"]


async def test_another_players_game_is_refused_and_nothing_changes(gm: Harness) -> None:
    ours = await pool_table(gm, ("Аня", QUIET))
    theirs = await pool_table(gm, ("Боря", QUIET))
    [anya] = ours.players
    before = await theirs.character(1)
    move = {"game_id": theirs.game.id, "stack": "right_hand.sword", "to": "floor", "count": 1}
    async with miniapp_client(gm) as client:
        answer = await client.post(f"{PREFIX}/api/move", json=move, headers=auth(anya))
        assert answer.status == 403
        assert (await answer.json())["error"] == "refused"
        rolls = await client.get(f"{PREFIX}/api/rolls?game_id={theirs.game.id}", headers=auth(anya))
        assert rolls.status == 403
    assert await theirs.character(1) == before


async def test_bad_bodies_get_json_errors_and_change_nothing(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    before = await table.character(1)
    game = table.game.id
    url = f"{PREFIX}/api/move"
    async with miniapp_client(gm) as client:
        huge = await client.post(url, data="x" * 100_000, headers=auth(anya))
        assert huge.status == 413 and (await huge.json())["error"] == "too-large"
        for body in (
            "{not json",
            "[1, 2]",
            '{"game_id": "1", "stack": "right_hand.sword", "to": "floor", "count": 1}',
            f'{{"game_id": {game}, "stack": "hand.sword", "to": "floor", "count": 1}}',
            f'{{"game_id": {game}, "stack": "right_hand.sword", "to": "roof", "count": 1}}',
            f'{{"game_id": {game}, "stack": "right_hand.sword", "to": "floor", "count": 0}}',
            f'{{"game_id": {game}, "stack": "right_hand.sword", "to": "floor", "count": true}}',
        ):
            answer = await client.post(url, data=body, headers=auth(anya))
            assert answer.status == 400, body
            assert (await answer.json())["message"] == "Непонятный запрос: обновите страницу."
        bad_game = await client.get(f"{PREFIX}/api/rolls?game_id=x", headers=auth(anya))
        assert bad_game.status == 400
    assert await table.character(1) == before


async def test_a_move_the_rules_refuse_answers_the_dialogs_words(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    await table.edit(1, inventory=replace(start_kit(), pack=BackpackContent(pills=12)))
    before = await table.character(1)
    move = {"game_id": table.game.id, "stack": "backpack.pill", "to": "left_pocket", "count": 12}
    async with miniapp_client(gm) as client:
        answer = await client.post(f"{PREFIX}/api/move", json=move, headers=auth(anya))
        assert answer.status == 409
        message = (await answer.json())["message"]
        assert "Не помещается" in message and "Места там: 10" in message
        assert await table.character(1) == before
        done = await client.post(
            f"{PREFIX}/api/move", json={**move, "count": 10}, headers=auth(anya)
        )
        assert done.status == 200
        assert (await done.json())["notice"] == "✅ Готово: 10 таблеток — в левый карман."
    me = await table.character(1)
    assert me.inventory.left_pocket == PocketContent(Item.PILL, 10)
    assert me.inventory.pack.pills == 2


async def test_a_move_through_the_page_equals_the_same_move_in_the_chat(gm: Harness) -> None:
    """Two identical games: the same moves by the /inventory dialog and by the page."""
    chat_table, page_table = await twin_tables(gm)
    [chat_user] = chat_table.players
    chat = chat_table.private(chat_user)
    await gm.emu.send_text(chat_user, chat, "/inventory")
    window = await gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)
    for press in (
        "рюкзак: 12 таблеток",
        "Все",
        "−",
        "−",
        "→ в левый карман",
        "правая рука: 1 меч",
        "→ на пол",
        "пол зала: 2 меча",
        "✋ Подобрать (куда поместится)",
    ):
        query = await gm.emu.press_button(chat_user, window, press)
        await gm.emu.wait_for_callback_answer(query)
    [page_user] = page_table.players
    game = page_table.game.id
    async with miniapp_client(gm) as client:
        for stack, to, count in (
            ("backpack.pill", "left_pocket", 10),
            ("right_hand.sword", "floor", 1),
            ("floor.sword", "any", 1),
        ):
            move = {"game_id": game, "stack": stack, "to": to, "count": count}
            answer = await client.post(f"{PREFIX}/api/move", json=move, headers=auth(page_user))
            assert answer.status == 200, await answer.text()
    by_chat, by_page = await chat_table.character(1), await page_table.character(1)
    assert by_chat.inventory.left_pocket == PocketContent(Item.PILL, 10)
    assert by_chat.inventory.swords_in_hand == 1
    assert by_page == by_chat
    rows = [await Character.get(game_id=t.game.id, number=1) for t in (chat_table, page_table)]
    assert rows[0].state == rows[1].state
    told = await gm.emu.wait_for_message(page_table.private(page_user), lambda m: "✋" in m.body)
    assert told.body == "✋ Подобрано: 1 меч → в правую руку."  # owed and sent, as in chat


async def test_a_move_after_the_game_ended_says_so_in_private_words(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    before = await table.character(1)
    await Game.filter(id=table.game.id).update(status=GameStatus.ENDED, active_chat_id=None)
    move = {"game_id": table.game.id, "stack": "right_hand.sword", "to": "floor", "count": 1}
    async with miniapp_client(gm) as client:
        answer = await client.post(f"{PREFIX}/api/move", json=move, headers=auth(anya))
        assert answer.status == 409
        body = await answer.json()
    assert body["message"].startswith("Эта игра уже закончилась."), body
    assert await table.character(1) == before
