"""A pool game in a group for the fight tests: players, characters set up directly, helpers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from tortoise.timezone import now

from bot.db.models import Character, Encounter, Game, GameSystem, Timer
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.codec import dump, load
from bot.services.fights import FIGHTING
from bot.services.settings import change_setting
from rules.pool.fight_table import PoolTable
from rules.pool.model import Gender, Item, PocketContent, PoolCharacter, Stats
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

# Initiative 2, Атака 3, Защита 2, Живучесть 5: health 5 carries no wound penalty.
FIGHTER = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
NAMES = ("Арья", "Бран", "Вера", "Гоша", "Дана", "Ефим", "Жора", "Зоя")


@dataclass
class Table:
    gm: Harness
    game: Game
    group: EmuChat
    players: list[EmuUser]  # players[i] owns character i + 1
    admin: EmuUser
    stranger: EmuUser

    def player(self, number: int) -> EmuUser:
        return self.players[number - 1]

    def private(self, number: int) -> EmuChat:
        return self.gm.emu.private_chat(self.player(number))


async def pool_table(
    gm: Harness,
    count: int = 2,
    *,
    unstarted: tuple[int, ...] = (),
    forum: bool = False,
    **settings: Any,
) -> Table:
    """``count`` players with a character each (numbers 1..count, hall 1), a GM, a bystander."""
    players = [
        gm.emu.add_user(f"Игрок {NAMES[i]}", language_code="ru", started=i + 1 not in unstarted)
        for i in range(count)
    ]
    admin = gm.emu.add_user("Мастер", language_code="ru", started=True)
    stranger = gm.emu.add_user("Зевака", language_code="ru", started=True)
    group = gm.emu.add_group(
        "Подземелье", admins=[admin], members=[*players, stranger], forum=forum
    )
    game = await games.create_game(group.id, GameSystem.POOL, admin.id, "ru")
    game_settings = games.settings_of(game)
    for name, value in settings.items():
        game_settings = change_setting(game_settings, name, value)
    await games.save_settings(game, game_settings)
    for i, user in enumerate(players):
        gender = Gender.FEMALE if i % 2 == 0 else Gender.MALE
        await create_character(game, user.id, NAMES[i], PoolBuild(gender, FIGHTER))
    await game.refresh_from_db()
    return Table(gm, game, group, players, admin, stranger)


async def character(table: Table, number: int) -> PoolCharacter:
    row = await Character.get(game_id=table.game.id, number=number)
    return load(PoolCharacter, row.state)


async def change(table: Table, number: int, **changes: Any) -> None:
    """Set a character's rule state directly (health, hall, sleep...)."""
    row = await Character.get(game_id=table.game.id, number=number)
    updated = replace(load(PoolCharacter, row.state), **changes)
    await Character.filter(id=row.id).update(state=dump(updated))


# The pill buttons of every round: a fixed set, whatever anyone holds (a stock is a secret).
PILL_BUTTONS = ["💊 1", "💊 2", "💊 3", "💊 все"]


async def pills(table: Table, number: int, left: int, right: int = 0) -> None:
    current = await character(table, number)
    inventory = replace(
        current.inventory,
        left_pocket=PocketContent(Item.PILL, left) if left else PocketContent(),
        right_pocket=PocketContent(Item.PILL, right) if right else PocketContent(),
    )
    await change(table, number, inventory=inventory)


async def fight_record(table: Table) -> Encounter:
    record = await Encounter.filter(game_id=table.game.id).order_by("-id").first()
    assert record is not None
    return record


async def fight_state(table: Table) -> PoolTable:
    return load(PoolTable, (await fight_record(table)).state)


async def fire(kind: str) -> None:
    """Make the pending timer of ``kind`` due now (the scheduler fires it within 0.5 s)."""
    await Timer.filter(kind=kind, fired_at__isnull=True).update(due_at=now())


async def challenge(table: Table, attacker: int, text: str) -> EmuMessage:
    await table.gm.emu.send_text(table.player(attacker), table.group, text)
    return await table.gm.emu.wait_for_message(table.group)


async def start(table: Table, attacker: int, target: int) -> EmuMessage:
    """``/fight target`` and the challenger's "Начать": the live message, now choosing (the
    join window's message, edited) or fighting (round 1 opens in a new message, which pings
    the fighters; the old one keeps who fights). Initiative dice must be scripted before."""
    live = await challenge(table, attacker, f"/fight {target}")
    assert "Бой №" in live.body, live.body
    await press(table, attacker, live, "Начать")
    await table.gm.emu.wait_for_edit(live)
    if (await fight_record(table)).stage == FIGHTING:
        return await opened_round(table)
    return live


async def opened_round(table: Table) -> EmuMessage:
    """The new live message of round 1 (sent when the choosing ends, or at once)."""
    return await table.gm.emu.wait_for_message(table.group, lambda m: "Раунд 1" in m.body)


async def press(table: Table, number: int | EmuUser, message: EmuMessage, text: str) -> str:
    """A press by character ``number``'s player (or any user); returns the callback answer."""
    user = table.player(number) if isinstance(number, int) else number
    query = await table.gm.emu.press_button(user, message, text)
    answer = await table.gm.emu.wait_for_callback_answer(query)
    return answer.text or ""


def round_dice(gm: Harness, *rolls: tuple[int, ...]) -> None:
    """Script d10 rolls in the order the round makes them (attack, then its defense)."""
    for roll in rolls:
        gm.game_dice.add(10, *roll)


async def settled(message: EmuMessage, check: Callable[[EmuMessage], bool]) -> EmuMessage:
    """Wait (up to 5 s) until ``message`` satisfies ``check`` after its edits."""
    for _ in range(100):
        if check(message):
            return message
        await asyncio.sleep(0.05)
    raise AssertionError(f"{message!r} never settled: {message.body}")
