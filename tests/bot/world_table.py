"""A pool game table for the world tests: an admin, players who opened the bot, a group."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.db.models import Character, Game, GameSystem
from bot.services import games
from bot.services.characters import PoolBuild, create_character, rule_state
from bot.services.world import load_world, save_world
from rules.pool.model import Gender, PoolCharacter, Stats
from rules.pool.world import World, with_character
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

QUIET = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)  # rolls no charisma


@dataclass
class Table:
    gm: Harness
    admin: EmuUser
    players: list[EmuUser]
    group: EmuChat
    game: Game

    def private(self, user: EmuUser) -> EmuChat:
        return self.gm.emu.private_chat(user)

    async def tick(self) -> EmuMessage:
        """The admin ticks; the group's summary once it arrives."""
        await self.gm.emu.send_text(self.admin, self.group, "/tick")
        return await self.gm.emu.wait_for_message(self.group, lambda m: "прошёл" in m.body)

    async def say(self, user: EmuUser, text: str, chat: EmuChat | None = None) -> EmuMessage:
        """``user`` writes ``text`` (in the group by default); the bot's next answer there."""
        where = chat or self.group
        await self.gm.emu.send_text(user, where, text)
        return await self.gm.emu.wait_for_message(where)

    async def report(self, user: EmuUser, cycle: int) -> EmuMessage:
        chat = self.private(user)
        return await self.gm.emu.wait_for_message(chat, lambda m: f"Цикл {cycle} —" in m.body)

    async def character(self, number: int) -> PoolCharacter:
        row = await Character.get(game_id=self.game.id, number=number)
        state: PoolCharacter = rule_state(self.game, row)
        return state

    async def edit(self, number: int, **changes: Any) -> None:
        """Set fields of character ``number`` directly (test setup)."""
        await self.edit_world(lambda w: with_character(w, replace(w.character(number), **changes)))

    async def edit_world(self, change: Callable[[World], World]) -> None:
        await self.game.refresh_from_db()  # as the game's lock would read it
        world, rows = await load_world(self.game)
        await save_world(self.game, world, change(world), rows)


async def pool_table(
    gm: Harness,
    *players: tuple[str, Stats],
    started: bool = True,
    genders: tuple[Gender, ...] = (),
) -> Table:
    """A pool game in a group: the admin, and one character per (name, stats), numbered 1, 2..."""
    admin = gm.emu.add_user("Мастер", language_code="ru", started=True)
    users = [
        gm.emu.add_user(f"Игрок {name}", language_code="ru", started=started) for name, _ in players
    ]
    group = gm.emu.add_group("Залы", admins=[admin], members=users)
    game = await games.create_game(group.id, GameSystem.POOL, admin.id, "ru")
    for index, (user, (name, stats)) in enumerate(zip(users, players, strict=True)):
        gender = genders[index] if index < len(genders) else Gender.MALE
        await create_character(game, user.id, name, PoolBuild(gender, stats))
    await game.refresh_from_db()
    return Table(gm, admin, users, group, game)
