"""Links into Telegram for the Mini App and from it: the group's URL buttons open the bot's Main
Mini App with a start parameter naming the game and the tab (``g<game>-<tab>``), and the GM's
world page links to private dialogs with ``/start <payload>`` deep links.

Telegram allows ``web_app`` inline buttons in private chats only; a group opens the Main Mini
App (set in BotFather to ``MINIAPP_URL``) through ``https://t.me/<bot>?startapp=<param>``, and
the param comes back signed inside the initData (``start_param``): the server reads it there
(:mod:`bot.webapp.start`), never from the page's own URL.
"""

from __future__ import annotations

import re

from bot.services.numbers import ID_MAX, parse_int

# The param's tab words and the page's tabs they open.
TABS = {"me": "character", "rolls": "rolls", "odds": "odds"}
START_PARAM = re.compile(r"^g([0-9]{1,12})-(me|rolls|odds)$")  # Telegram: [A-Za-z0-9_-], <= 64


def start_param(game_id: int, tab: str) -> str:
    assert tab in TABS
    return f"g{game_id}-{tab}"


def parse_start_param(text: str) -> tuple[int, str] | None:
    """``(game_id, page tab)`` of a param this bot made, else None."""
    match = START_PARAM.fullmatch(text)
    game_id = None if match is None else parse_int(match[1], low=1, high=ID_MAX)
    return None if match is None or game_id is None else (game_id, TABS[match[2]])


def app_link(username: str, param: str) -> str:
    """The bot's Main Mini App opened with ``param`` (a direct link: works in groups)."""
    return f"https://t.me/{username}?startapp={param}"


def start_link(username: str, payload: str) -> str:
    """The private chat with the bot, opened with ``/start <payload>``."""
    return f"https://t.me/{username}?start={payload}"
