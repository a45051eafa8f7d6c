"""A d20 character's race as a player or a game master gives it (rulebook: d20 / Race): a code
from the list's buttons, or their own word, cleaned like a name and kept within the limit."""

from __future__ import annotations

from bot.services.errors import Refusal, ServiceError
from bot.services.names import visible_text
from rules.d20 import RACE_TEXT_MAX, Race

NO_RACE = ""  # a button's code for "not told"
KNOWN = {race.value: race for race in Race if race is not Race.OTHER}


def parse_race(raw: str) -> tuple[Race | None, str]:
    """``""`` is no race, a list's code is that race, anything else the player's own word
    (``Race.OTHER``), cleaned; blank or too long is refused."""
    if raw == NO_RACE:
        return None, ""
    if raw in KNOWN:
        return KNOWN[raw], ""
    text = visible_text(raw)
    if not text or len(text) > RACE_TEXT_MAX:
        raise ServiceError(Refusal.BAD_RACE, limit=RACE_TEXT_MAX, length=len(text))
    return Race.OTHER, text


def race_code(race: Race | None, race_text: str) -> str:
    """The inverse of :func:`parse_race`: what the edit log keeps as the race."""
    if race is None:
        return NO_RACE
    return race_text if race is Race.OTHER else race.value
