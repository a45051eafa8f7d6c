"""Demo scenario ``pool``: a d10 pool game, two characters built in private through the deep
link, ``/players``, a one-on-one fight to the end, a cycle (``/tick``) and ``/log``."""

from __future__ import annotations

import asyncio
from functools import partial

from tests.demo_kit import (
    PAUSE,
    RECORDED,
    Recording,
    finish_creation,
    new_game,
    open_creation,
    press,
    say,
    stage,
    window,
)
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator
from tests.telegram_emulator.errors import EmulatorTimeout

INTRO = (
    "Система «Пул d10». Мастер начинает игру, Аня и Борис собирают персонажей в личке (Борис "
    "меняет одно очко Харизмы на Атаку), смотрят `/players`, Аня нападает на Бориса (`/fight "
    "2`) и бой идёт до конца, затем мастер запускает цикл (`/tick`), смотрит журнал бросков "
    "(`/log`) и завершает игру (`/endgame`), а Аня проверяет кубики (`/verify`)."
    " " + RECORDED + " Записано командой `python -m tests.demo pool --save`."
)
ATTACK, STAND = "⚔️ Атаковать", "🧍 Встать"
MAX_ROUNDS = 30


async def _build(
    emu: TelegramEmulator, user: EmuUser, link: str, name: str, gender: str, trade: bool
) -> None:
    step = await open_creation(emu, user, link, name, "шаг 2 из 4")
    await press(emu, user, step, gender)
    chat = emu.private_chat(user)
    step = await window(emu, chat, lambda m: "шаг 3 из 4" in m.body, "show the stats")
    if trade:  # one point from Харизма to Атака
        await press(emu, user, step, suffix="dec_charisma")
        await press(emu, user, step, suffix="inc_attack")
    await press(emu, user, step, "Дальше ▶️")
    step = await window(emu, chat, lambda m: "шаг 4 из 4" in m.body, "show the preview")
    await finish_creation(emu, user, step, "✅ Создать персонажа")


async def _fight(
    emu: TelegramEmulator, master: EmuUser, group: EmuChat, fighters: list[EmuUser]
) -> None:
    """Both fighters act every round (stand up when fallen) until the fight is over."""
    challenge = await say(emu, fighters[0], group, "/fight 2", "Бой №1")
    await press(emu, fighters[0], challenge, "Начать")
    # round 1 opens in a new message, which mentions (and so notifies) both fighters
    live = await emu.wait_for_message(group, lambda m: ATTACK in m.button_texts, timeout=5)
    for round_number in range(1, MAX_ROUNDS + 1):
        await asyncio.sleep(PAUSE)  # the players read the round before pressing
        for user in fighters:
            if ATTACK not in live.button_texts:
                break
            answer = await press(emu, user, live, ATTACK)
            if "встать" in (answer.text or "") and STAND in live.button_texts:
                await press(emu, user, live, STAND)
        title = f"раунд {round_number}</b>"
        try:
            result = await emu.wait_for_message(group, partial(_titled, title), timeout=5)
        except EmulatorTimeout:  # someone could not act: the master resolves the round now
            result = await say(emu, master, group, "/fight_next", title.removesuffix("</b>"))
        if "окончен" in result.body:
            return
        live = result
    await say(emu, master, group, "/fight_stop", "остановил")


def _titled(title: str, message: EmuMessage) -> bool:
    return title in message.html


async def play(seed: str | None = None) -> Recording:
    recording = Recording("pool", "Пул d10: запись демо-сессии", INTRO)
    async with stage(seed) as emu:
        master = emu.add_user("Мастер", language_code="ru")
        anya = emu.add_user("Аня", language_code="ru")
        boris = emu.add_user("Борис", language_code="ru")
        group = emu.add_group("Подземелье", admins=[master], members=[anya, boris])

        link = await new_game(emu, master, group, "Пул d10 (выживание в залах)")
        await _build(emu, anya, link, "Аня Ветер", "Женщина", trade=False)
        await _build(emu, boris, link, "Борис", "Мужчина", trade=True)
        await say(emu, anya, group, "/players", "Борис")
        await say(emu, anya, emu.private_chat(anya), "/me", "Аня Ветер")
        await _fight(emu, master, group, [anya, boris])
        await say(emu, master, group, "/tick", "Цикл")
        await say(emu, master, group, "/log", "🎲")
        await say(emu, master, group, "/endgame", "окончена")
        await say(emu, anya, group, "/verify", "")

        recording.show(f"Группа «{group.title}»", group)
        recording.show("Личный чат: Аня и бот", emu.private_chat(anya))
        recording.show("Личный чат: Борис и бот", emu.private_chat(boris))
    return recording
