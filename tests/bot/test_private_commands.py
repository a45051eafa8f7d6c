"""Every command sent to the bot in private gets an answer in private words: a private chat is
never "this chat" of a game, and /newgame is never offered where it cannot work."""

from __future__ import annotations

import pytest

from bot.commands import COMMAND_NAMES
from tests.bot.conftest import Harness

GROUP_WORDS = {
    "ru": ("В этом чате", "Здесь нет идущей игры", "командой /newgame."),
    "en": ("in this chat", "No game is running here", "start one with /newgame."),
}


@pytest.mark.parametrize("language", ["ru", "en"])
async def test_every_command_in_private_answers_in_private_words(
    gm: Harness, language: str
) -> None:
    user = gm.emu.add_user("Ира", language_code=language)
    private = gm.emu.private_chat(user)
    words = GROUP_WORDS[language]
    wrong = []
    for name in COMMAND_NAMES:
        before = len(gm.emu.bot_messages(private))
        await gm.emu.send_text(user, private, f"/{name}")
        await gm.emu.wait_for_message(private)
        await gm.emu.expect_no_message(private, timeout=0.2)  # every answer to it is in
        answers = gm.emu.bot_messages(private)[before:]
        assert answers, name
        wrong += [(name, a.body) for a in answers if any(w in a.body for w in words)]
    assert not wrong, wrong
