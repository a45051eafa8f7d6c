"""A d20 table for the battle tests: a group, an admin, players with characters, and helpers
that call a battle, join it, start it and play turns through the emulator."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tortoise.timezone import now

from bot.db.models import Character, Encounter, Game, GameSystem, Timer
from bot.services import games
from bot.services.characters import D20Build, create_character, rule_state
from bot.services.codec import dump
from bot.services.settings import change_setting
from rules.d20 import CharacterClass
from rules.gender import Gender
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

ATTACK, HARM, BUFF = "⚔️ Атака", "🔥 Заклинание (урон)", "✨ Исцеление"
FIRST, SECOND = "За первую сторону", "За вторую сторону"


@dataclass
class Table:
    gm: Harness
    admin: EmuUser
    stranger: EmuUser
    group: EmuChat
    game: Game
    users: dict[str, EmuUser] = field(default_factory=dict)

    async def hp(self, name: str) -> int:
        row = await Character.get(game_id=self.game.id, name=name)
        return int(rule_state(self.game, row).hp)

    async def set_hp(self, name: str, hp: int) -> None:
        row = await Character.get(game_id=self.game.id, name=name)
        state = rule_state(self.game, row)
        await Character.filter(id=row.id).update(state=dump(replace(state, hp=hp)))

    async def encounter(self) -> Encounter:
        record = await Encounter.filter(game_id=self.game.id).order_by("-id").first()
        assert record is not None
        return record

    async def call(self, user: EmuUser | None = None, args: str = "") -> EmuMessage:
        text = f"/battle {args}".strip()
        await self.gm.emu.send_text(user or self.admin, self.group, text)
        return await self.gm.emu.wait_for_message(self.group, lambda m: "Сбор на бой" in m.body)

    async def join(self, call: EmuMessage, name: str, button: str) -> EmuMessage:
        """Join a side; the call is edited (before the answer) to list the sides."""
        query = await self.gm.emu.press_button(self.users[name], call, button)
        answer = await self.gm.emu.wait_for_callback_answer(query)
        assert name in (answer.text or ""), answer.text
        return await self.gm.emu.wait_for_edit(call)

    async def start(
        self, sides: list[tuple[str, str]], initiative: list[int], opener: EmuUser | None = None
    ) -> EmuMessage:
        """Call a battle, join ``(name, side button)`` in order, roll ``initiative``, start."""
        call = await self.call(opener)
        for name, button in sides:
            await self.join(call, name, button)
        self.gm.game_dice.add(20, *initiative)
        await self.gm.emu.press_button(opener or self.admin, call, "⚔️ Начать бой")
        return await self.turn_message()

    async def turn_message(self) -> EmuMessage:
        return await self.gm.emu.wait_for_message(self.group, lambda m: bool(m.buttons))

    async def act(
        self, user_name: str, live: EmuMessage, action: str, target: str, die: int
    ) -> EmuMessage:
        """Press ``action``, then the button starting with ``target``; return the result."""
        user = self.users[user_name]
        await self.gm.emu.press_button(user, live, action)
        await self.gm.emu.wait_for_edit(live)
        self.gm.game_dice.add(20, die)
        await self.gm.emu.press_button(user, live, button_starting(live, target))
        return await self.gm.emu.wait_for_message(self.group, lambda m: "d20:" in m.body)

    async def pass_turn(self, user_name: str, live: EmuMessage) -> EmuMessage:
        await self.gm.emu.press_button(self.users[user_name], live, "⏭ Пропустить ход")
        return await self.gm.emu.wait_for_message(self.group, lambda m: "пропускает ход" in m.body)

    async def fire(self, kind: str) -> None:
        """Make the pending timer of ``kind`` due now."""
        updated = await Timer.filter(kind=kind, fired_at__isnull=True).update(due_at=now())
        assert updated == 1, kind


def button_starting(message: EmuMessage, prefix: str) -> str:
    return next(text for text in message.button_texts if text.startswith(prefix))


async def d20_table(
    gm: Harness,
    fighters: list[tuple[str, CharacterClass]],
    *,
    locale: str = "ru",
    women: tuple[str, ...] = (),
    any_action: bool = False,
    basic_group: bool = False,
) -> Table:
    """The characters are men unless named in ``women``. ``any_action``: the game lets every
    class take every action (rulebook: d20 / Class actions). ``basic_group``: a group that is
    not a supergroup (yet)."""
    admin = gm.emu.add_user("Мастер", language_code="ru")
    stranger = gm.emu.add_user("Зевака", language_code="ru")
    users = {name: gm.emu.add_user(f"Игрок {name}", language_code="ru") for name, _ in fighters}
    members = [*users.values(), stranger]
    group = gm.emu.add_group("Таверна", admins=[admin], members=members, supergroup=not basic_group)
    game = await games.create_game(group.id, GameSystem.D20, admin.id, locale)
    if any_action:
        settings = change_setting(games.settings_of(game), "d20_any_action", True)
        await games.save_settings(game, settings)
    for name, character_class in fighters:
        gender = Gender.FEMALE if name in women else Gender.MALE
        build = D20Build(character_class, gender=gender)
        await create_character(game, users[name].id, name, build)
    await game.refresh_from_db()
    return Table(gm, admin, stranger, group, game, users)
