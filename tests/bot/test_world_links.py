"""The GM's world page links each character and fight to a private dialog with the bot
(``https://t.me/<bot>?start=<payload>``): ``e<game>_<number>`` opens the /edit dialog,
``v<game>_<fight>`` the fight as the GM sees it. The payload is trusted for nothing: a player,
a fight of another game, a closed fight, an ended game and a malformed link are refused
politely."""

from __future__ import annotations

from tests.bot.conftest import Harness
from tests.bot.miniapp_rig import PREFIX, auth, miniapp_client
from tests.bot.pool_fight_rig import fight_record, pool_table
from tests.bot.world_map_rig import world_table

LINK = "https://t.me/gm_test_bot?start="


async def test_the_world_links_open_the_gms_dialogs(gm: Harness) -> None:
    table = await world_table(gm)
    game = table.game.id
    fight = (await fight_record(table)).id
    async with miniapp_client(gm) as client:
        seen = await (
            await client.get(f"{PREFIX}/api/world?game_id={game}", headers=auth(table.admin))
        ).json()
    assert [c["link"] for c in seen["characters"]] == [f"{LINK}e{game}_{n}" for n in (1, 2, 3, 4)]
    [shown] = seen["fights"]
    assert shown["link"] == f"{LINK}v{game}_{fight}"

    private = gm.emu.private_chat(table.admin)
    await gm.emu.send_text(table.admin, private, f"/start v{game}_{fight}")
    view = await gm.emu.wait_for_message(private)
    assert f"Бой №{fight}" in view.body and "Арья" in view.body and "Бран" in view.body
    assert f"/fight_next {fight}" in view.body and f"/fight_stop {fight}" in view.body
    [[to_group]] = view.buttons
    live = next(m for m in gm.emu.bot_messages(table.group) if f"Бой №{fight}" in m.body)
    group_part = str(table.group.id).removeprefix("-100")
    assert to_group["url"] == f"https://t.me/c/{group_part}/{live.message_id}"

    await gm.emu.send_text(table.admin, private, f"/start e{game}_1")
    edit = await gm.emu.wait_for_message(private)
    assert "Правка персонажа" in edit.body and "Арья" in edit.body


async def test_world_links_refuse_players_strangers_and_bad_payloads(gm: Harness) -> None:
    table = await world_table(gm)
    game = table.game.id
    fight = (await fight_record(table)).id
    for user in (table.player(1), table.stranger):
        private = gm.emu.private_chat(user)
        for payload in (f"v{game}_{fight}", f"e{game}_2"):
            await gm.emu.send_text(user, private, f"/start {payload}")
            refused = await gm.emu.wait_for_message(private)
            assert "только администраторы" in refused.body, refused.body
            assert "Бран" not in refused.body

    # Another game's admin with this game's fight: the fight is not theirs to see.
    other = await pool_table(gm, 2)
    mine = gm.emu.private_chat(other.admin)
    await gm.emu.send_text(other.admin, mine, f"/start v{other.game.id}_{fight}")
    assert "Такого боя сейчас нет" in (await gm.emu.wait_for_message(mine)).body

    # This game's admin: a fight that is over, and a link cut short.
    private = gm.emu.private_chat(table.admin)
    await gm.emu.send_text(table.admin, table.group, f"/fight_stop {fight}")
    await gm.emu.wait_for_message(table.group, lambda m: f"№{fight}" in m.body)
    await gm.emu.send_text(table.admin, private, f"/start v{game}_{fight}")
    assert "Такого боя сейчас нет" in (await gm.emu.wait_for_message(private)).body
    await gm.emu.send_text(table.admin, private, f"/start v{game}_")
    broken = await gm.emu.wait_for_message(private)
    assert "ссылка устарела или повреждена" in broken.body
    assert "мастер игры" in (await gm.emu.wait_for_message(private)).body  # then the welcome

    # The game is over: both links say so in private words, never "in this chat".
    await gm.emu.send_text(table.admin, table.group, "/endgame")
    await gm.emu.wait_for_message(table.group, lambda m: "окончена" in m.body)
    for payload in (f"v{game}_{fight}", f"e{game}_1"):
        await gm.emu.send_text(table.admin, private, f"/start {payload}")
        ended = await gm.emu.wait_for_message(private)
        assert ended.body.startswith("Эта игра уже закончилась."), ended.body
        assert "В этом чате" not in ended.body and not ended.buttons
