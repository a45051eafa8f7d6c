"""/log: a game's latest rolls, every die with its size and index, grouped by action, and the
game master's interventions among them."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.i18n import Html, L10n, user_text
from bot.services.games import LoggedRoll
from bot.services.gm_log import GmEntry
from bot.services.numbers import parse_int
from bot.views.gm_log import entry_line

# Purposes the game code logs, with their locale words; anything else is shown as stored.
PURPOSES = {
    "pool_initiative": "log-purpose-pool-initiative",
    "pool_round": "log-purpose-pool-round",
    "pool_tick": "log-purpose-pool-tick",
    "pool_secret": "log-purpose-pool-secret",
    "duel_round": "log-purpose-duel-round",
    "d20_initiative": "log-purpose-d20-initiative",
    "d20_attack": "log-purpose-d20-attack",
    "d20_check": "log-purpose-d20-check",
}


@dataclass
class _Group:
    """Consecutive dice of one size rolled by one actor (and owner) for one purpose."""

    actor: str
    purpose: str
    sides: int
    rolls: list[LoggedRoll] = field(default_factory=list)
    owner: str = ""

    def takes(self, roll: LoggedRoll) -> bool:
        return (roll.actor, roll.purpose, roll.sides, roll.owner) == (
            self.actor,
            self.purpose,
            self.sides,
            self.owner,
        ) and roll.index == self.rolls[-1].index + 1


# Actors the game code logs for itself ("fight 3", "cycle 2", a duel's and a d20 battle's
# rolls by their encounter), with their locale words.
ACTORS = {
    "fight": "log-actor-fight",
    "cycle": "log-actor-cycle",
    "duel": "log-actor-duel",
    "battle": "log-actor-battle",
}


def actor_text(l10n: L10n, actor: str) -> str:
    """Who rolled, in words of the locale: a character's name as stored, a fight or a cycle by
    its number, or the game itself."""
    if not actor:
        return Html(l10n.text("log-no-actor"))
    kind, _, number = actor.partition(" ")
    msg_id = ACTORS.get(kind)
    if msg_id and number.isascii() and number.isdecimal():
        return Html(l10n.text(msg_id, number=int(number)))
    return actor


# Whose die within an action, as the rules label it (rules.dice.owned): "attack 1>2" is
# character 1's attack on 2, "defense 2<1" 2's defense against 1's attack.
OWNERS = {"attack": ("log-owner-attack", ">"), "defense": ("log-owner-defense", "<")}
ALONE = {"initiative": "log-owner-initiative"}  # "initiative 1": character 1's own die
# A duel's dice (rulebook: duel): "contest", the round's five rolls (each a success of one
# side: both fighters'); "dodge Бронн", the loser's dodges (the name as the duel shows it).
CONTEST, DODGE = "contest", "dodge"


def owner_text(l10n: L10n, owner: str, names: Mapping[int, str]) -> str | None:
    """«Аня: атака → Борис» for a labelled die (names by character number, escaped here), or
    None for a die the rules did not label."""
    kind, _, pair = owner.partition(" ")
    if owner == CONTEST:
        return Html(l10n.text("log-owner-contest"))
    if kind == DODGE and pair:
        return Html(l10n.text("log-owner-dodge", owner=Html(user_text(pair))))
    if kind in ALONE:
        alone = parse_int(pair)
        if alone is None:
            return None
        return Html(l10n.text(ALONE[kind], owner=Html(user_text(names.get(alone, f"№{alone}")))))
    found = OWNERS.get(kind)
    if found is None:
        return None
    msg_id, mark = found
    own, _, other = pair.partition(mark)
    numbers = [parse_int(own), parse_int(other)]
    if None in numbers:
        return None
    who = [Html(user_text(names.get(n, f"№{n}"))) for n in numbers if n is not None]
    return Html(l10n.text(msg_id, owner=who[0], other=who[1]))


def purpose_text(l10n: L10n, purpose: str) -> str:
    """The locale word for a known purpose (safe HTML), else the stored text escaped."""
    msg_id = PURPOSES.get(purpose)
    return Html(l10n.text(msg_id)) if msg_id else purpose


def group_line(l10n: L10n, group: _Group, names: Mapping[int, str] | None = None) -> str:
    first, last = group.rolls[0].index, group.rolls[-1].index
    indices = f"#{first}" if first == last else f"#{first}–{last}"
    count = len(group.rolls)
    dice = f"{count if count > 1 else ''}d{group.sides}"
    purpose = purpose_text(l10n, group.purpose)
    owner = owner_text(l10n, group.owner, names or {})
    if owner is not None:  # «раунд (Арья: атака → Бран)»
        purpose = Html(l10n.text("log-purpose-owned", purpose=purpose, owner=owner))
    return l10n.text(
        "log-line",
        indices=indices,
        actor=actor_text(l10n, group.actor),
        purpose=purpose,
        dice=dice,
        values=", ".join(str(r.value) for r in group.rolls),
    )


def _interleaved(rolls: list[LoggedRoll], entries: Sequence[GmEntry]) -> list[_Group | GmEntry]:
    """Groups of rolls with each GM entry before the first roll made after it (its
    ``roll_index``); a group never spans an entry."""
    shown: list[_Group | GmEntry] = []
    pending = deque(e for e in entries if not rolls or e.roll_index >= rolls[0].index)
    for roll in rolls:
        while pending and pending[0].roll_index <= roll.index:
            shown.append(pending.popleft())
        last = shown[-1] if shown else None
        if isinstance(last, _Group) and last.takes(roll):
            last.rolls.append(roll)
        else:
            shown.append(_Group(roll.actor, roll.purpose, roll.sides, [roll], roll.owner))
    shown.extend(pending)
    return shown


def log_lines(
    l10n: L10n,
    title: str,
    total: int,
    rolls: list[LoggedRoll],
    entries: Sequence[GmEntry] = (),
    names: Mapping[int, str] | None = None,
) -> list[str]:
    """The head, then the rolls grouped by action (and, in a fight, by whose dice: ``names``
    of the game's characters by number) with the game master's interventions in between,
    where they happened."""
    if rolls:
        head = l10n.text("log-head", game=Html(title), shown=len(rolls), total=str(total))
    else:
        head = l10n.text("log-empty", game=Html(title))
    return [
        head,
        *(
            group_line(l10n, part, names) if isinstance(part, _Group) else entry_line(l10n, part)
            for part in _interleaved(rolls, entries)
        ),
    ]
