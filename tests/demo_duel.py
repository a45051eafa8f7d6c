"""Demo scenario ``duel``: a duel game, two fighters built in private, ``/players``, a challenge
(``/duel 2 пеший``) and the duel round by round until someone stops or falls, then ``/heal``."""

from __future__ import annotations

from functools import partial

from tests.demo_kit import (
    RECORDED,
    WAIT,
    Recording,
    finish_creation,
    new_game,
    open_creation,
    pace,
    press,
    say,
    stage,
    window,
)
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator

INTRO = (
    "Система «Поединок». Мастер начинает игру, Сандор и Бронн собирают бойцов в личке (навык "
    "«пеший», ловкость), Сандор вызывает Бронна (`/duel 2 пеший`), Бронн принимает, оба жмут "
    "«Продолжить», пока хиты одного не кончатся, затем мастер лечит проигравшего (`/heal`)."
    " " + RECORDED + " Записано командой `python -m tests.demo duel --save`."
)
MAX_ROUNDS = 20


async def _build(
    emu: TelegramEmulator, user: EmuUser, link: str, name: str, skill_steps: int, agility: str
) -> None:
    """Mark «пеший», move it ``skill_steps`` from the middle, type the agility, create."""
    step = await open_creation(emu, user, link, name, "боевые навыки", "он")
    await press(emu, user, step, "▫️ пеший")
    button = "+" if skill_steps > 0 else "−"
    for _ in range(abs(skill_steps)):
        await press(emu, user, step, button)
    await press(emu, user, step, "Дальше ▶️")
    chat = emu.private_chat(user)
    step = await window(emu, chat, lambda m: "ловкость" in m.body, "ask the agility")
    await pace(emu, user)
    await emu.send_text(user, chat, agility)
    step = await window(
        emu, chat, lambda m: f"<b>{agility}\u00a0%</b>" in m.html, "take the agility"
    )
    await press(emu, user, step, "Дальше ▶️")
    step = await window(emu, chat, lambda m: "Проверьте бойца" in m.body, "show the preview")
    await finish_creation(emu, user, step, "✅ Создать")


async def _duel(emu: TelegramEmulator, group: EmuChat, sandor: EmuUser, bronn: EmuUser) -> str:
    """The challenge, the rounds (both go on) and the ending; returns the loser's number."""
    challenge = await say(emu, sandor, group, "/duel 2 пеший", "Вызов на поединок:")
    await press(emu, bronn, challenge, "Принять")
    for round_number in range(1, MAX_ROUNDS + 1):
        title = f"Раунд {round_number}</b>"
        result = await emu.wait_for_message(group, partial(_titled, title), timeout=WAIT)
        if "Победа:" in result.body:  # a knockout ends the round's own message
            break
        for user in (sandor, bronn):
            await press(emu, user, result, "Продолжить")
    else:
        await press(emu, sandor, result, "Остановиться")
        result = await emu.wait_for_message(group, lambda m: "Победа:" in m.body, timeout=WAIT)
    return "1" if result.body.split("Победа:")[-1].strip().startswith("Бронн") else "2"


def _titled(title: str, message: EmuMessage) -> bool:
    return title in message.html


async def play(seed: str | None = None) -> Recording:
    recording = Recording("duel", "Поединок: запись демо-сессии", INTRO)
    async with stage(seed) as emu:
        master = emu.add_user("Мастер", language_code="ru")
        sandor = emu.add_user("Игрок Сандора", language_code="ru")
        bronn = emu.add_user("Игрок Бронна", language_code="ru")
        group = emu.add_group("Королевская гавань", admins=[master], members=[sandor, bronn])

        link = await new_game(emu, master, group, "Поединок")
        await _build(emu, sandor, link, "Сандор", 3, "10")
        await _build(emu, bronn, link, "Бронн", 1, "30")
        await say(emu, sandor, group, "/players", "Бронн")
        loser = await _duel(emu, group, sandor, bronn)
        await say(emu, master, group, f"/heal {loser} отдых после боя", "хиты восстановлены")

        recording.show(f"Группа «{group.title}»", group)
        recording.show("Личный чат: игрок Сандора и бот", emu.private_chat(sandor))
    return recording
