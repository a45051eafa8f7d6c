"""Rendering the narrative line of a d20 outcome (which line: :func:`rules.d20.tell`)."""

from __future__ import annotations

from bot.i18n import Html, L10n
from bot.views.grammar import MASCULINE


def narrative(
    l10n: L10n,
    msg_id: str,
    attacker: str,
    target: str,
    ally: str = "",
    *,
    self_target: bool = False,
    attacker_gender: str = MASCULINE,
    target_gender: str = MASCULINE,
) -> str:
    """One narrative line, names filled in (escaped), words agreeing with each one's gender.
    A buff on oneself names "the caster"."""
    if self_target:
        target = Html(l10n.text("d20-narrative-self", gender=attacker_gender))
        target_gender = attacker_gender
    return l10n.text(
        msg_id,
        attacker=attacker,
        target=target,
        ally=ally,
        attacker_gender=attacker_gender,
        target_gender=target_gender,
    )
