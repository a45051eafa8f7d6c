"""Fixed dice seeds, for recordings only (the committed transcripts and their test).

A real game's seed is secret and fresh (:func:`rules.dice.new_seed`). The transcripts in
``docs/transcripts/`` must come out the same on every run, so the demo stage starts the bot with
``GM_FIXED_DICE_SEED=<text>``: every new game then gets the seed
``SHA-256("<text>:<chat id>:<games the chat had before>")``, which anyone who knows the text can
compute, so its dice are not secret. Production can never use it by accident: the variable is
read from the process environment only (never from ``.env``), and the bot refuses to start with
it (exit code 2, one line) unless ``GM_TEST_ONLY=fixed-dice`` is set too and Telegram is the
emulator on a loopback address (``TELEGRAM_API_URL=http://127.0.0.1:...``). Every game created
so is logged as a warning. Unset, which is always the case outside recordings, nothing changes.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import os
from urllib.parse import urlsplit

from rules.dice import new_seed

SEED_VAR = "GM_FIXED_DICE_SEED"
FLAG_VAR = "GM_TEST_ONLY"
FLAG_VALUE = "fixed-dice"

log = logging.getLogger(__name__)


def fixed_text() -> str | None:
    return os.environ.get(SEED_VAR) or None


def refusal(telegram_api_url: str | None) -> str | None:
    """Why a set ``GM_FIXED_DICE_SEED`` may not be used here (None: allowed or unset)."""
    if fixed_text() is None:
        return None
    if os.environ.get(FLAG_VAR) != FLAG_VALUE:
        return f"is set without {FLAG_VAR}={FLAG_VALUE}"
    if not _loopback(telegram_api_url):
        return "is set while Telegram is not an emulator on a loopback address"
    return None


def game_seed(chat_id: int, earlier_games: int) -> bytes:
    """The seed of a new game: fresh and secret, or the fixed one of a recording."""
    text = fixed_text()
    if text is None:
        return new_seed()
    log.warning(
        "%s: the dice of the new game in chat %s are NOT secret (a recording, never a real game)",
        SEED_VAR,
        chat_id,
    )
    return hashlib.sha256(f"{text}:{chat_id}:{earlier_games}".encode()).digest()


def _loopback(url: str | None) -> bool:
    host = urlsplit(url).hostname if url else None
    if host is None:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
