"""A d20 character's race in words: the list's name in the locale, or the player's own word."""

from __future__ import annotations

from bot.i18n import Html, L10n, user_text
from rules.d20 import D20Character, Race

RACE_IDS = {
    Race.HUMAN: "d20-race-human",
    Race.ELF: "d20-race-elf",
    Race.DWARF: "d20-race-dwarf",
    Race.HALF_ORC: "d20-race-half-orc",
    Race.HALFLING: "d20-race-halfling",
    Race.GNOME: "d20-race-gnome",
    Race.TIEFLING: "d20-race-tiefling",
    Race.DRAGONBORN: "d20-race-dragonborn",
    Race.OTHER: "d20-race-other",
}


def race_label(l10n: L10n, code: str) -> str:
    """A race code as the edit log keeps it (bot.services.d20_race.race_code), shown: a
    list's name, the player's word (escaped), or a dash for none."""
    known = {race.value: race for race in Race if race is not Race.OTHER}
    if code in known:
        return l10n.text(RACE_IDS[known[code]])
    return user_text(code) if code else "—"


def race_name(l10n: L10n, character: D20Character) -> Html:
    """The race for a sheet or a preview (HTML-safe); empty when not told."""
    if character.race is None:
        return Html("")
    if character.race is Race.OTHER:
        return Html(user_text(character.race_text))
    return Html(l10n.text(RACE_IDS[character.race]))
