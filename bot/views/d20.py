"""d20 messages: checks, the call to battle, initiative, the roster, turns and the end."""

from __future__ import annotations

from bot.i18n import Html, L10n, isolate, user_text
from bot.services.reminders import Wait
from bot.services.settings import GameSettings
from bot.views.marks import d20_die, duration, mention
from bot.views.waits import timeout_line
from rules.d20 import Battle, CheckResult, Combatant
from rules.d20.checks import CHECK_MINIMUM
from rules.d20.encounter import SIDES, BattleSnapshot, BattleStage
from rules.d20.encounter import BattleTable as BattleState

DEFAULT_SIDES = {"1": "d20-side-first", "2": "d20-side-second"}


def check_text(l10n: L10n, who: str, what: str, result: CheckResult) -> str:
    low = CHECK_MINIMUM[result.difficulty]
    told = l10n.text("d20-range-top") if low == 20 else l10n.text("d20-range", low=low)
    args = {"who": who, "dc": int(result.difficulty), "range": Html(told)}
    head = (
        l10n.text("d20-check-head-what", what=what, **args)
        if what
        else l10n.text("d20-check-head", **args)
    )
    verdict = l10n.text("d20-check-success" if result.success else "d20-check-failure")
    die = d20_die(result.die)
    return "\n".join([head, l10n.text("d20-check-die", die=die, verdict=Html(verdict))])


def side_name(l10n: L10n, state: BattleState, side: str, *, escape: bool = True) -> str:
    """The side's own name in quotes, or the locale's default; ``escape=False`` for plain-text
    places (buttons and alerts), which Telegram does not parse as HTML."""
    given = state.side_names[SIDES.index(side)]
    if not given:
        return l10n.text(DEFAULT_SIDES[side])
    return l10n.text("d20-side-named", name=given if escape else Html(isolate(given)))


def shown(l10n: L10n, state: BattleState, name: str) -> str:
    """A fighter's name as the group sees it (HTML): an NPC's masked (rulebook: d20 / NPCs)."""
    return Html(l10n.text("d20-npc", name=name)) if state.is_npc(name) else user_text(name)


def _sides_lines(l10n: L10n, state: BattleState) -> list[str]:
    lines = []
    for side in SIDES:
        names = ", ".join(shown(l10n, state, f.name) for f in state.on_side(side))
        listed = names or l10n.text("d20-battle-side-empty")
        lines.append(
            l10n.text(
                "d20-battle-side", side=Html(side_name(l10n, state, side)), names=Html(listed)
            )
        )
    return lines


def join_text(l10n: L10n, state: BattleState, opener: str, seconds: int) -> str:
    head = l10n.text("d20-battle-open", opener=opener, time=duration(l10n, seconds))
    return "\n".join([head, *_sides_lines(l10n, state)])


def join_closed_text(l10n: L10n, snap: BattleSnapshot) -> str:
    msg_id = "d20-battle-lapsed" if snap.stage is BattleStage.LAPSED else "d20-battle-begun"
    return "\n".join([l10n.text(msg_id), *_sides_lines(l10n, snap.state)])


def _fighter(l10n: L10n, state: BattleState, combatant: Combatant) -> str:
    character, name = combatant.character, Html(shown(l10n, state, combatant.name))
    if character.dead:
        return l10n.text("d20-roster-dead", name=name)
    msg_id = "d20-roster-standing" if character.standing else "d20-roster-fallen"
    return l10n.text(msg_id, name=name, hp=character.hp, max=character.max_hp)


def roster(
    l10n: L10n, state: BattleState, battle: Battle, only: frozenset[str] | None = None
) -> list[str]:
    """Each side's fighters with their HP; ``only``: just these (a side with none of them is
    left out)."""
    lines = []
    for side in SIDES:
        shown_here = [
            c for c in battle.combatants if c.side == side and (only is None or c.name in only)
        ]
        if not shown_here:
            continue
        fighters = ", ".join(_fighter(l10n, state, c) for c in shown_here)
        named = Html(side_name(l10n, state, side))
        lines.append(l10n.text("d20-roster-side", side=named, fighters=Html(fighters)))
    return lines


def start_head(l10n: L10n, snap: BattleSnapshot) -> str:
    """The sides and the initiative dice: the fixed part of the first turn's message."""
    state, battle = snap.state, snap.battle
    lines = [
        l10n.text(
            "d20-start-head",
            first=Html(side_name(l10n, state, "1")),
            second=Html(side_name(l10n, state, "2")),
        ),
        l10n.text("d20-initiative-head"),
    ]
    lines += [
        l10n.text(
            "d20-initiative-line",
            place=place,
            name=Html(shown(l10n, state, c.name)),
            die=c.initiative,
        )
        for place, c in enumerate(battle.combatants, start=1)
    ]
    return "\n".join(lines)


def end_text(l10n: L10n, snap: BattleSnapshot) -> str:
    battle = snap.battle
    standing = ", ".join(user_text(c.name) for c in battle.combatants if c.character.standing)
    if battle.winner is None:
        lines = [l10n.text("d20-end-draw")]
    else:
        side = Html(side_name(l10n, snap.state, battle.winner))
        lines = [l10n.text("d20-end", side=side, names=Html(standing))]
    if snap.stage is BattleStage.FINISHED:
        lines.append(l10n.text("d20-finish-offer"))
    return "\n".join(lines)


def next_part(
    l10n: L10n,
    snap: BattleSnapshot,
    settings: GameSettings,
    *,
    full: bool = True,
    changed: frozenset[str] = frozenset(),
) -> str:
    """What the battle waits for now: a description, the next turn, or nothing (its end).
    ``full``: with the whole roster and the clock's consequence (the first turn, a new
    round's); else only what changed: the fighters whose HP did (``changed``), then the prompt
    (the clock's consequence is in the half-time reminder)."""
    battle = snap.battle
    if snap.stage is BattleStage.NARRATION:
        narrator = snap.state.narrator
        assert narrator is not None
        wait = [timeout_line(l10n, Wait.NARRATION, settings.narration_timeout)] if full else []
        moved = [] if full else roster(l10n, snap.state, battle, changed)
        if narrator.user_id is None:  # an NPC's: the game master's to give (no one is pinged)
            ask = l10n.text(
                "d20-narration-ask-npc", name=Html(shown(l10n, snap.state, narrator.name))
            )
            return "\n".join([*moved, ask, *wait])
        who = mention(narrator.user_id, narrator.name)
        ask = l10n.text("d20-narration-ask", name=who)
        # A plain message reaches the bot only with privacy mode off; a reply always does.
        return "\n".join([*moved, ask, l10n.text("privacy-reply-hint"), *wait])
    if snap.stage is BattleStage.FIGHTING:
        current = battle.current.character
        owner = snap.state.owner(current.name)
        prompt = l10n.text(
            "d20-turn" if owner is not None else "d20-turn-npc",
            round=battle.round,
            name=Html(shown(l10n, snap.state, current.name))
            if owner is None
            else mention(owner, current.name),
            hp=current.hp,
            max=current.max_hp,
        )
        if not full:
            return "\n".join([*roster(l10n, snap.state, battle, changed), prompt])
        timeout = timeout_line(l10n, Wait.TURN, settings.round_timeout)
        return "\n".join([*roster(l10n, snap.state, battle), prompt, timeout])
    return "\n".join([*roster(l10n, snap.state, battle), end_text(l10n, snap)])
