"""The page's script (app.js) under node with a minimal DOM, fed the real API's answers: a tap
on a stack outlines the places the dialog would offer, a tap on a place sends the move, and the
real API applies it (the headless-browser test is a later slice). Skipped without node."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rules.pool.model import BackpackContent, Item, PocketContent, start_kit
from tests.bot.conftest import Harness
from tests.bot.miniapp_rig import PREFIX, auth, miniapp_client
from tests.bot.world_table import QUIET, pool_table

HERE = Path(__file__).resolve().parent
APP_JS = HERE.parents[1] / "bot" / "webapp" / "static" / "app.js"


def _tap(answers: dict[str, object], stack: str, place: str) -> dict[str, object]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        [node, str(HERE / "miniapp_fake_dom.js"), str(APP_JS), stack, place],
        input=json.dumps(answers),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


async def test_a_tap_on_a_thing_then_a_place_moves_it(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    await table.edit(1, inventory=replace(start_kit(), pack=BackpackContent(pills=4)))
    async with miniapp_client(gm) as client:
        texts = await (await client.get(f"{PREFIX}/api/texts?lang=ru")).json()
        me = await (await client.get(f"{PREFIX}/api/me", headers=auth(anya))).json()
        start = await (await client.get(f"{PREFIX}/api/start", headers=auth(anya))).json()
        tapped = _tap({"texts": texts, "start": start, "me": me}, "backpack.pill", "left_pocket")
        assert tapped["title"] == "Мастер игры"
        assert "4 таблетки" in str(tapped["before"]) and "Аня" in str(tapped["before"])
        assert "Куда переложить?" in str(tapped["hint"])
        targets = tapped["targets"]
        assert isinstance(targets, list)
        assert "left_pocket" in targets and "floor" in targets and "left_hand" not in targets
        sent = tapped["sent"]
        assert isinstance(sent, list) and len(sent) == 1
        move: dict[str, Any] = sent[0]
        assert move["path"] == "move" and move["auth"] == "tma signed"
        body = move["body"]
        assert body == {
            "game_id": table.game.id,
            "stack": "backpack.pill",
            "to": "left_pocket",
            "count": 4,
        }
        done = await client.post(f"{PREFIX}/api/move", json=body, headers=auth(anya))
        assert done.status == 200
    me_after = await table.character(1)
    assert me_after.inventory.left_pocket == PocketContent(Item.PILL, 4)
