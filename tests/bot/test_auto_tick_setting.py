"""Changing the automatic tick in /game arms or disarms its timer at once."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import GameSystem, Timer
from bot.services import games
from bot.services.settings_admin import edit_settings


async def test_auto_tick_setting_arms_and_disarms_the_timer(database: str) -> None:
    game = await games.create_game(-500, GameSystem.POOL, 7, "ru")
    admins = frozenset({7})
    await edit_settings(None, game.id, 7, admins, lambda s: replace(s, auto_tick_minutes=15))  # type: ignore[arg-type]
    pending = await Timer.filter(kind="pool_auto_tick", ref=game.id, fired_at__isnull=True)
    assert len(pending) == 1
    await edit_settings(None, game.id, 7, admins, lambda s: replace(s, auto_tick_minutes=0))  # type: ignore[arg-type]
    assert not await Timer.filter(kind="pool_auto_tick", ref=game.id, fired_at__isnull=True)
