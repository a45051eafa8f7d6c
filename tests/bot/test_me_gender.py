"""/me asks, once, the gender of a character made before creation asked it: «Он» / «Она» under
the sheet, for the owner alone; once set, the question is gone from the message."""

from __future__ import annotations

from bot.callbacks import GenderCallback
from bot.db.models import Character, Game, GameSystem
from bot.services import games
from bot.services.characters import DuelBuild, PoolBuild, create_character, rule_state
from rules.gender import Gender
from rules.pool.model import PoolCharacter, Stats
from tests.bot.conftest import Harness
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

ASK = "Укажите род персонажа — так бот будет правильно писать о нём: «упал» или «упала»."


async def _duel(gm: Harness) -> tuple[EmuUser, EmuUser, EmuChat, Game]:
    owner = gm.emu.add_user("Аня", language_code="ru", started=True)
    other = gm.emu.add_user("Бронн", language_code="ru", started=True)
    group = gm.emu.add_group("Ристалище", members=[owner, other])
    game = await games.create_game(group.id, GameSystem.DUEL, 1, "ru", ("пеший",))
    await create_character(game, owner.id, "Аня Ветер", DuelBuild((("пеший", 5),), 10))
    await create_character(game, other.id, "Бронн", DuelBuild((("пеший", 5),), 10, Gender.MALE))
    return owner, other, group, game


async def _me(gm: Harness, user: EmuUser, chat: EmuChat) -> EmuMessage:
    await gm.emu.send_text(user, chat, "/me")
    return await gm.emu.wait_for_message(chat)


async def _press(
    gm: Harness, user: EmuUser, message: EmuMessage, text: str | None = None, data: str = ""
) -> str:
    """Press a button by its text, or send ``data`` as if a button carried it."""
    if data:
        query = await gm.emu.press_button(user, message, data=data, forged=True)
    else:
        query = await gm.emu.press_button(user, message, text)
    return (await gm.emu.wait_for_callback_answer(query)).text or ""


async def test_the_owner_answers_once_in_private(gm: Harness) -> None:
    owner, _, _, game = await _duel(gm)
    private = gm.emu.private_chat(owner)
    sheet = await _me(gm, owner, private)
    assert sheet.body.endswith(f"\n\n{ASK}") and "№1 Аня Ветер" in sheet.body
    assert sheet.button_texts == ["Он", "Она"]
    she = sheet.buttons[0][1]["callback_data"]

    assert await _press(gm, owner, sheet, text="Она") == (
        "Готово: теперь бот пишет о персонаже «она»."
    )
    edited = await gm.emu.wait_for_edit(sheet)
    assert ASK not in edited.body and "№1 Аня Ветер" in edited.body and edited.buttons == []
    assert (await Character.get(game_id=game.id, number=1)).gender == Gender.FEMALE

    # The old button, pressed again (a second tab, a slow client): polite, nothing changes.
    answer = await _press(gm, owner, sheet, data=she)
    assert answer == "Род персонажа уже указан. Изменить его может мастер игры (/edit)."
    he = GenderCallback(character_id=GenderCallback.unpack(she).character_id, gender=Gender.MALE)
    await _press(gm, owner, sheet, data=he.pack())
    assert (await Character.get(game_id=game.id, number=1)).gender == Gender.FEMALE
    again = await _me(gm, owner, private)
    assert ASK not in again.body and again.buttons == []


async def test_in_the_group_only_the_owner_may_answer(gm: Harness) -> None:
    owner, other, group, game = await _duel(gm)
    reply = await _me(gm, owner, group)
    assert reply.body.endswith(ASK) and reply.button_texts == ["Он", "Она"]
    refused = await _press(gm, other, reply, text="Он")
    assert refused == "Это не ваша кнопка: нажать её может только владелец персонажа."
    assert (await Character.get(game_id=game.id, number=1)).gender is None
    await _press(gm, owner, reply, text="Она")
    edited = await gm.emu.wait_for_edit(reply)
    assert ASK not in edited.body and "Аня Ветер" in edited.body and edited.buttons == []
    assert (await Character.get(game_id=game.id, number=1)).gender == Gender.FEMALE
    # Бронн's gender is set: his /me asks nothing; a forged press on a foreign id is refused.
    his = await _me(gm, other, group)
    assert ASK not in his.body and his.buttons == []
    bronn = await Character.get(game_id=game.id, number=2)
    forged = GenderCallback(character_id=bronn.id, gender=Gender.FEMALE).pack()
    assert "не ваша кнопка" in await _press(gm, owner, reply, data=forged)
    assert (await Character.get(id=bronn.id)).gender == Gender.MALE


async def test_a_pool_character_gets_the_rules_gender_too(gm: Harness) -> None:
    owner = gm.emu.add_user("Аня", language_code="ru", started=True)
    group = gm.emu.add_group("Подземелье", members=[owner])
    game = await games.create_game(group.id, GameSystem.POOL, 1, "ru")
    stats = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
    row = await create_character(game, owner.id, "Аня Ветер", PoolBuild(Gender.MALE, stats))
    await Character.filter(id=row.id).update(gender=None)  # not set: as if it were never asked
    private = gm.emu.private_chat(owner)
    sheet = await _me(gm, owner, private)
    assert sheet.body.endswith(ASK)
    assert sheet.button_texts[:2] == ["Он", "Она"] and len(sheet.button_texts) == 3  # inventory
    await _press(gm, owner, sheet, text="Она")
    edited = await gm.emu.wait_for_edit(sheet)
    assert ASK not in edited.body and len(edited.button_texts) == 1  # the inventory stays
    stored = await Character.get(id=row.id)
    state = rule_state(game, stored)
    assert isinstance(state, PoolCharacter)
    assert stored.gender == Gender.FEMALE and state.gender == Gender.FEMALE
