"""The GM's world page (pool) through the real app: the game's admin gets halls, portals, who
is where and how, the floors and the open fights with their timers; a player or a bystander is
refused with a JSON error and sees nothing of it."""

from __future__ import annotations

from tests.bot.conftest import Harness
from tests.bot.miniapp_rig import PREFIX, auth, miniapp_client
from tests.bot.world_map_rig import world_table


async def test_the_admin_sees_the_world_and_others_are_refused(gm: Harness) -> None:
    table = await world_table(gm)
    url = f"{PREFIX}/api/world?game_id={table.game.id}"
    async with miniapp_client(gm) as client:
        answer = await client.get(url, headers=auth(table.admin))
        assert answer.status == 200, await answer.text()
        seen = await answer.json()
        for who in (table.player(1), table.stranger):
            refused = await client.get(url, headers=auth(who))
            assert refused.status == 403
            body = await refused.json()
            assert body["error"] == "refused" and "администратор" in body["message"]
            assert "Арья" not in str(body)
        bad = await client.get(f"{PREFIX}/api/world?game_id=x", headers=auth(table.admin))
        assert bad.status == 400

    assert [h["number"] for h in seen["halls"]] == [1, 2, 3]
    assert [h["characters"] for h in seen["halls"]] == [[1, 2], [3], [4]]
    assert seen["halls"][0]["floor"] == ["2 меча"] and seen["halls"][1]["floor"] == []
    assert seen["portals"] and all(1 <= a < b <= 3 for a, b in seen["portals"])
    people = {c["number"]: c for c in seen["characters"]}
    assert people[1]["name"] == "Арья" and people[1]["bleeding"] is True
    assert people[2]["bleeding"] is False and people[2]["asleep"] is False
    assert people[3]["asleep"] is True and people[3]["hall"] == 2
    assert people[4]["at_zero"] is True and people[4]["health"] == 0
    [fight] = seen["fights"]
    assert fight["fighters"] == [1, 2] and fight["stage"] == "joining"
    assert isinstance(fight["seconds_left"], int) and 0 < fight["seconds_left"] <= 3600
