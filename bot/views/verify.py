"""/verify: the outcome of recomputing a game's rolls from a seed."""

from __future__ import annotations

from bot.db.models import Game
from bot.i18n import L10n
from bot.services.games import Verification


def verification_text(l10n: L10n, game: Game, result: Verification, *, supplied: bool) -> str:
    if supplied:
        lines = [l10n.text("verify-supplied")]
    else:
        lines = [l10n.text("verify-revealed", seed=game.seed_hex)]
    if result.ok:
        lines.append(
            l10n.text("verify-ok", checked=str(result.rolls_checked), commitment=game.commitment)
        )
        return "\n".join(lines)
    if not result.commitment_ok:
        lines.append(l10n.text("verify-commitment-bad", commitment=game.commitment))
    if result.first_bad_index is not None:
        lines.append(l10n.text("verify-roll-bad", index=str(result.first_bad_index)))
    else:
        lines.append(l10n.text("verify-rolls-match", checked=str(result.rolls_checked)))
    return "\n".join(lines)
