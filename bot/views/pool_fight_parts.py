"""Small pieces of pool fight texts: names, health bars, states and penalties with causes."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Html, L10n, user_text
from rules.pool.health import is_bleeding
from rules.pool.model import PoolCharacter
from rules.pool.penalty import Penalty, PenaltyCause

CAUSES = {
    PenaltyCause.WOUNDS: "pool-fight-cause-wounds",
    PenaltyCause.NO_TROUSERS: "pool-fight-cause-no-trousers",
    PenaltyCause.NO_SWORD: "pool-fight-cause-no-sword",
    PenaltyCause.NO_JACKET: "pool-fight-cause-no-jacket",
    PenaltyCause.HUNGER: "pool-fight-cause-hunger",
    PenaltyCause.SLEEPLESSNESS: "pool-fight-cause-sleeplessness",
}


def name_of(character: PoolCharacter) -> str:
    """The character's name, escaped and isolated, for joining into lists."""
    return user_text(character.name)


def names(characters: Iterable[PoolCharacter]) -> Html:
    return Html(", ".join(name_of(c) for c in characters))


def causes(l10n: L10n, found: Penalty, separator: str = ", ") -> str:
    return separator.join(l10n.text(CAUSES[p.cause], amount=p.amount) for p in found.parts)


def penalty_text(l10n: L10n, found: Penalty) -> str:
    """The penalty with its causes (e.g. 3 = wounds 1 + no sword 2), or nothing without one."""
    if not found.total:
        return ""
    return l10n.text("pool-fight-penalty", total=found.total, causes=causes(l10n, found))


def threshold_text(l10n: L10n, threshold: int, found: Penalty) -> str:
    """The threshold a roll was read against and why (e.g. 8 = 6 + wounds 1 + no jacket 1):
    ``found``, the roller's penalty as they rolled."""
    if not found.total:
        return l10n.text("pool-fight-threshold-plain", threshold=threshold)
    return l10n.text("pool-fight-threshold", threshold=threshold, causes=causes(l10n, found, " + "))


def states(l10n: L10n, character: PoolCharacter, *, in_fight: bool = True) -> list[str]:
    """What marks a fighter now: dead, out, at 0, fallen, unarmed, bleeding."""
    gender = character.gender.value
    if not character.alive:
        return [l10n.text("pool-fight-state-dead", gender=gender)]
    if not in_fight:
        return [l10n.text("pool-fight-state-out")]
    found: list[str] = []
    if character.health <= 0:
        found.append(l10n.text("pool-fight-state-zero"))
    if character.fallen:
        found.append(l10n.text("pool-fight-state-fallen", gender=gender))
    if not character.inventory.swords_in_hand:
        found.append(l10n.text("pool-fight-state-unarmed"))
    if is_bleeding(character.health) and character.health < character.max_health:
        found.append(l10n.text("pool-fight-state-bleeding"))
    return found
