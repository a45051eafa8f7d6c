"""A real Telegram mention of a player: a ``tg://user?id=`` link whose text is a name.

Telegram notifies the user of a mention in a newly sent message (not in an edit), whether or
not they have a username and even if they blocked the bot; the link text is the character's
name, escaped for HTML. Bidirectional override controls are dropped from it, so a name cannot
flip the text after the link; a name left empty by that still gets a visible link.
"""

from __future__ import annotations

import re

from bot.i18n import Html, user_text

BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
EMPTY = "👤"


def mention(user_id: int, name: str) -> Html:
    shown = BIDI_CONTROLS.sub("", name).strip() or EMPTY
    return Html(f'<a href="tg://user?id={int(user_id)}">{user_text(shown)}</a>')
