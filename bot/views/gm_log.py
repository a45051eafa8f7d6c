"""A game master's intervention as one /log line: who, what changed, and why."""

from __future__ import annotations

from typing import Any

from bot.i18n import Html, L10n
from bot.services.gm_log import GmEntry
from bot.views.character_edit import log_text as edit_log_text

# /log is read in the group: what /give, /place and a pool /revive changed (items, a hall)
# is the character's secret there, as in the group's notice; the GM log keeps the details.


def _revive(l10n: L10n, number: int, details: dict[str, Any]) -> str:
    if "health" in details:
        return l10n.text("log-gm-revive-pool", number=number)
    return l10n.text("log-gm-revive", number=number, hp=details["hp"])


def _resume(l10n: L10n, details: dict[str, Any]) -> str:
    return l10n.text("log-gm-resume", minutes=round(int(details.get("seconds", 0)) / 60))


def _other(l10n: L10n, entry: GmEntry) -> str:
    """An action this view has no words for (a later kind of edit): shown as stored."""
    parts = [f"#{entry.target_number}"] if entry.target_number is not None else []
    parts += [f"{key}: {value}" for key, value in entry.details.items()]
    return l10n.text("log-gm-other", action=entry.action, details=", ".join(parts))


def what_text(l10n: L10n, entry: GmEntry) -> str:
    number, details = entry.target_number or 0, entry.details
    try:
        if entry.action == "give":
            return l10n.text("log-gm-give", number=number)
        if entry.action == "revive":
            return _revive(l10n, number, details)
        if entry.action == "place":
            return l10n.text("log-gm-place", number=number)
        if entry.action == "kick":
            return l10n.text("log-gm-kick", number=number)
        if entry.action == "heal":
            if "health" in details:  # pool: health is the player's secret
                return l10n.text("log-gm-heal-pool", number=number)
            before, after = details["hp"]
            return l10n.text("log-gm-heal", number=number, before=before, after=after)
        if entry.action == "rest":
            numbers = ", ".join(str(int(n)) for n, _before, _after in details["rested"])
            return l10n.text("log-gm-rest", numbers=numbers)
        if entry.action == "pause":
            return l10n.text("log-gm-pause")
        if entry.action == "resume":
            return _resume(l10n, details)
        if entry.action == "edit":  # the character edit dialog (bot/dialogs/character_edit.py)
            return edit_log_text(l10n, number, details)
    except (KeyError, ValueError, TypeError, AttributeError):
        pass  # details of an unexpected shape: show them as stored
    return _other(l10n, entry)


def entry_line(l10n: L10n, entry: GmEntry) -> str:
    return l10n.text(
        "log-gm-line",
        actor=entry.actor_name,
        what=Html(what_text(l10n, entry)),
        reason=entry.reason,
    )
