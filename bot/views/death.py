"""A dead character as its owner's /me shows it: died, when, how, and what can bring them
back (:mod:`bot.services.deaths`)."""

from __future__ import annotations

from bot.i18n import L10n
from bot.services.deaths import Death
from bot.services.games import settings_of
from rules.gender import Gender


def death_text(l10n: L10n, death: Death) -> str:
    row = death.row
    gender = row.gender or Gender.MALE
    lines = [l10n.text("me-dead-head", number=row.number, name=row.name, gender=gender)]
    if death.where != "unknown":
        when = {"where": death.where, "cycle": death.cycle, "ref": death.ref, "by": death.by}
        lines.append(l10n.text("me-dead-when", **when))
    lines.append(l10n.text("me-dead-how", cause=death.cause, gender=gender))
    lines.append(l10n.text("me-dead-back", number=row.number, gender=gender))
    new = settings_of(death.game).allow_new_after_death
    lines.append(l10n.text("me-dead-new" if new else "me-dead-no-new"))
    return "\n".join(lines)
