"""Demo scenario ``d20``: a d20 game, two heroes built in private, a difficulty check
(``/check``), and a battle turn by turn (with the narration turns after a 1 or a 19)."""

from __future__ import annotations

import asyncio
import re
from functools import partial

from tests.demo_kit import (
    PAUSE,
    RECORDED,
    Recording,
    finish_creation,
    new_game,
    open_creation,
    pace,
    press,
    say,
    stage,
    until,
    window,
)
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator

INTRO = (
    "Система d20. Мастер начинает игру, Ирма (маг, эльф) и Догвор (варвар, полуорк) собирают "
    "героев в личке, Ирма проходит проверку (`/check 2 …`), мастер созывает бой "
    "(`/battle Орден | Орда`), "
    "каждый встаёт на свою сторону, и бой идёт ход за ходом до конца. После 1 или 19 бот просит"
    " пострадавшего описать состояние — игрок отвечает на его сообщение."
    " " + RECORDED + " Записано командой `python -m tests.demo d20 --save`."
)
ATTACK, HARM = "⚔️ Атака", "🔥 Заклинание (урон)"
MAX_TURNS = 60
TURN = re.compile(r"Ходит (?P<name>[^(]+?) \(")
ASKED = re.compile(r"(?P<name>\S+), опишите состояние")
STANDING = re.compile(r"На ногах: (?P<name>[^.,\n]+)")
STORIES = {
    "Ирма": "Ирма шатается, но снова сплетает пальцы для заклятия.",
    "Догвор": "Догвор сплёвывает кровь и перехватывает топор поудобнее.",
}


async def _build(
    emu: TelegramEmulator,
    user: EmuUser,
    link: str,
    hero: tuple[str, str, str],
    about: str,
    gender: str,
) -> None:
    name, cls, race = hero
    step = await open_creation(emu, user, link, name, "выберите класс", gender)
    await press(emu, user, step, cls)
    chat = emu.private_chat(user)
    step = await window(emu, chat, lambda m: "Раса" in m.body, "ask the race")
    await press(emu, user, step, race)
    await window(emu, chat, lambda m: "Коротко опишите" in m.body, "ask the description")
    await pace(emu, user)
    await emu.send_text(user, chat, about)
    step = await window(emu, chat, lambda m: "Проверьте персонажа" in m.body, "show the preview")
    await finish_creation(emu, user, step, "✅ Создать")


def _live(emu: TelegramEmulator, group: EmuChat) -> EmuMessage | None:
    """The bot's latest group message, when it is a turn with buttons or the battle's end."""
    message = emu.last_bot_message(group)
    if message is None:
        return None
    turn = message.buttons and TURN.search(message.body)
    if turn or "Бой окончен" in message.body or ASKED.search(message.body):
        return message
    return None


async def _battle(
    emu: TelegramEmulator, master: EmuUser, group: EmuChat, heroes: dict[str, EmuUser]
) -> None:
    call = await say(emu, master, group, "/battle Орден | Орда", "Сбор на бой")
    await press(emu, heroes["Ирма"], call, "За сторону «Орден»")
    await press(emu, heroes["Догвор"], call, "За сторону «Орда»")
    await press(emu, master, call, "⚔️ Начать бой")
    for _ in range(MAX_TURNS):
        live = await until(emu, lambda: _live(emu, group), "show a turn")
        asked = ASKED.search(live.body)
        if asked and not live.buttons:
            name = asked["name"]
            # As the prompt asks: a reply reaches the bot even in privacy mode.
            await say(emu, heroes[name], group, STORIES[name], "Описание принято", live)
            continue
        if "Бой окончен" in live.body:
            standing = STANDING.search(live.body)
            if standing and "🕊 Пощадить" in live.button_texts:  # the winner spares the fallen
                await press(emu, heroes[standing["name"]], live, "🕊 Пощадить")
                await until(emu, partial(_spared, live), "spare the fallen")
            return
        await asyncio.sleep(PAUSE)  # the player reads the turn before pressing
        turn = TURN.search(live.body)
        assert turn is not None, live.body
        name = turn["name"].strip()
        other = next(n for n in heroes if n != name)
        user = heroes[name]
        await press(emu, user, live, HARM if name == "Ирма" else ATTACK)
        target = await until(emu, partial(_target, live, other), "offer the targets")
        seen = len(emu.bot_messages(group))
        await press(emu, user, live, target)
        await until(emu, partial(_more_than, emu, group, seen), "roll the attack")


def _target(live: EmuMessage, name: str) -> str | None:
    return next((t for t in live.button_texts if t.startswith(name + " (")), None)


def _spared(live: EmuMessage) -> bool | None:
    return True if "в живых" in live.body else None


def _more_than(emu: TelegramEmulator, group: EmuChat, seen: int) -> bool | None:
    return True if len(emu.bot_messages(group)) > seen else None


async def play(seed: str | None = None) -> Recording:
    recording = Recording("d20", "d20: запись демо-сессии", INTRO)
    async with stage(seed) as emu:
        master = emu.add_user("Мастер", language_code="ru")
        irma = emu.add_user("Ирма", language_code="ru")
        dogvor = emu.add_user("Догвор", language_code="ru")
        group = emu.add_group("Таверна «Кабанъ»", admins=[master], members=[irma, dogvor])

        link = await new_game(emu, master, group, "d20 (таблица исходов)")
        mage, barbarian = (
            ("Ирма", "маг — 12\u00a0ХП", "эльф"),
            ("Догвор", "варвар — 22\u00a0ХП", "полуорк"),
        )
        await _build(emu, irma, link, mage, "Юная волшебница из Академии.", "она")
        await _build(emu, dogvor, link, barbarian, "Полуорк с топором.", "он")
        await say(emu, irma, group, "/check 2 распутать охранное заклятие", "проверка УС 2")
        await _battle(emu, master, group, {"Ирма": irma, "Догвор": dogvor})

        recording.show(f"Группа «{group.title}»", group)
        recording.show("Личный чат: Ирма и бот", emu.private_chat(irma))
    return recording
