"""Telegram's group privacy mode (the emulator enforces it here as Telegram does): the GM is
told on /newgame and /game when the bot cannot read the group, and a d20 narration still
arrives as a reply to the bot's prompt."""

from __future__ import annotations

import pytest

from bot.db.models import GameSystem
from bot.i18n import Translator
from bot.services import games
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, SECOND, d20_table
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

RU = Translator("ru").for_locale("ru")
WARNING = RU.text("privacy-cannot-read", bot="@gm_test_bot")
HINT = RU.text("privacy-reply-hint")
PRIVACY_ON = pytest.mark.parametrize("privacy_mode", [True])


async def _new_game(gm: Harness, *, bot_admin: bool = False) -> tuple[EmuUser, EmuChat]:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[admin], bot_admin=bot_admin)
    await gm.emu.send_text(admin, group, "/newgame")
    menu = await gm.emu.wait_for_message(group)
    assert "Какую систему" in menu.body
    return admin, group


def _warnings(gm: Harness, group: EmuChat) -> list[EmuMessage]:
    return [m for m in gm.emu.bot_messages(group) if "режим приватности" in m.body]


@PRIVACY_ON
async def test_newgame_tells_the_gm_what_to_do_when_the_bot_cannot_read(gm: Harness) -> None:
    admin, group = await _new_game(gm)
    warning = await gm.emu.wait_for_message(group)
    assert warning.body == WARNING
    assert warning.reply_to is not None and warning.reply_to.sender is admin
    for step in ("/setprivacy → @gm_test_bot → Disable", "удалите бота из группы и добавьте"):
        assert step in warning.body
    assert "назначьте @gm_test_bot администратором" in warning.body
    assert "игроки пишут ответом на его сообщение («Ответить»)" in warning.body
    await gm.emu.expect_no_message(group)
    assert len(_warnings(gm, group)) == 1


@PRIVACY_ON
async def test_game_warns_too_with_the_cached_getme(gm: Harness) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[admin])
    await games.create_game(group.id, GameSystem.D20, admin.id, "ru")
    asked = len(gm.emu.calls("getMe"))
    for _ in range(2):
        await gm.emu.send_text(admin, group, "/game")
        link = await gm.emu.wait_for_message(group)
        assert "Настройки игры" in link.body
        assert (await gm.emu.wait_for_message(group)).body == WARNING
    # aiogram asked getMe when polling started: a warning adds no call to it.
    assert len(gm.emu.calls("getMe")) == asked


@pytest.mark.parametrize(
    ("privacy_mode", "bot_admin"), [(True, True), (False, False)], ids=["admin", "privacy-off"]
)
async def test_no_warning_when_the_bot_reads_the_group(gm: Harness, bot_admin: bool) -> None:
    admin, group = await _new_game(gm, bot_admin=bot_admin)
    await gm.emu.expect_no_message(group, timeout=0.6)
    await games.create_game(group.id, GameSystem.POOL, admin.id, "ru")
    await gm.emu.send_text(admin, group, "/game")
    assert "Настройки игры" in (await gm.emu.wait_for_message(group)).body
    await gm.emu.expect_no_message(group, timeout=0.6)
    assert _warnings(gm, group) == []


def _delivered(gm: Harness, message: EmuMessage) -> bool:
    return any(
        u.kind == "message"
        and u.payload["message_id"] == message.message_id
        and u.payload["chat"]["id"] == message.chat.id
        for u in gm.emu.updates
    )


@PRIVACY_ON
async def test_a_narration_arrives_as_a_reply_to_the_prompt(gm: Harness) -> None:
    table = await d20_table(
        gm, [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
    )
    live = await table.start([("Догвор", FIRST), ("Эльф", SECOND)], [20, 10])
    prompt = await table.act("Догвор", live, ATTACK, "Эльф", 1)
    assert "Догвор, опишите состояние персонажа" in prompt.body
    assert HINT in prompt.body.splitlines()  # its own line, after the request
    narrator, other = table.users["Догвор"], table.users["Эльф"]
    # A plain message never reaches a bot in privacy mode: the battle keeps waiting.
    plain = await gm.emu.send_text(narrator, table.group, "Догвор встаёт, ругаясь.")
    assert not _delivered(gm, plain)
    # Another player's reply reaches the bot, but only the narrator's counts.
    foreign = await gm.emu.send_text(other, table.group, "Ха, споткнулся!", reply_to=prompt)
    assert _delivered(gm, foreign)
    await gm.emu.expect_no_message(table.group, timeout=0.6)
    assert (await table.encounter()).stage == "narration"
    answer = await gm.emu.send_text(
        narrator, table.group, "Догвор поднимается, отряхивая колени.", reply_to=prompt
    )
    done = await gm.emu.wait_for_message(table.group, lambda m: "Описание принято" in m.body)
    assert "(Догвор)" in done.body and "Ходит Эльф" in done.body
    # The next turn is a message the battle owes (the outbox), not a reply: it names the
    # narrator instead.
    assert _delivered(gm, answer)
    assert (await table.encounter()).stage == "fighting"
