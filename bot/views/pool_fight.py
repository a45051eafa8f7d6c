"""The live message of a pool fight: the join window, initiative and choosing, each round's
status (health bars, states, penalties with causes, who has chosen), the final summary; and
the small pieces of every pool text (names, states, penalties and thresholds with causes); and
the private message to a pool character's owner the moment it drops to health 0: what will
happen and when, and what can still save it (rulebook: pool / Health)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Html, L10n, user_text
from bot.services.reminders import Wait
from bot.services.settings import GameSettings
from bot.views.loot import spilled_line
from bot.views.marks import duration, health_bar, mention
from bot.views.waits import timeout_line
from rules.pool.fight_flow import Choosing, Options
from rules.pool.fight_round import left_pocket_pills
from rules.pool.fight_setup import FightState
from rules.pool.fight_table import PoolStage
from rules.pool.fight_view import FightView
from rules.pool.health import cycles_left_at_zero, is_bleeding
from rules.pool.model import Item, PoolCharacter
from rules.pool.penalty import Penalty, PenaltyCause
from rules.pool.places import Place, held
from rules.pool.roll import InitiativeResult
from rules.pool.world_events import Spilled


def live_text(l10n: L10n, view: FightView, settings: GameSettings) -> str:
    """The whole live message for the fight's stage."""
    stage = view.fight.stage
    if stage is PoolStage.JOINING:
        return "\n".join([_header(l10n, view), *_joining(l10n, view, settings)])
    if stage is PoolStage.FINISHED:
        return end_text(l10n, view)
    state = view.fight.state
    assert state is not None and view.fight.initiative is not None
    lines = [_header(l10n, view)]
    if stage is PoolStage.CHOOSING:  # the call to the fight, edited: initiative, who chooses
        lines += initiative_lines(l10n, view, view.fight.initiative)
        lines += _choosing(l10n, view, settings)
    else:
        lines += round_lines(l10n, view, state, settings)
    return "\n".join(lines)


def opened_text(l10n: L10n, view: FightView) -> str:
    """What the call to the fight keeps once the first round opens below it: who fights, and
    the initiative, shown there once (the rounds do not repeat it)."""
    joined = [view.characters[n] for n in view.fight.joined]
    lines = [_header(l10n, view), l10n.text("pool-fight-joined", names=names(joined))]
    if view.fight.initiative is not None:
        lines += initiative_lines(l10n, view, view.fight.initiative)
    return "\n".join(lines)


def round_closed_text(l10n: L10n, round_number: int) -> str:
    """What a round's message keeps once the round is fought (its results come below it)."""
    return l10n.text("pool-fight-round-closed", round=round_number)


def _header(l10n: L10n, view: FightView) -> str:
    """The fight's title; while the call is open, the attacked (a guarded sleeper's guard) is
    mentioned: the call is a new message, so its player is notified."""
    fight = view.fight
    attacker = view.names[fight.challenger]
    attacked = fight.joined[1]
    joining = fight.stage is PoolStage.JOINING
    target = _mention(view, attacked) if joining else view.names[attacked]
    header = l10n.text(
        "pool-fight-challenge",
        id=view.id,
        hall=view.fight.hall,
        attacker=attacker,
        target=target,
    )
    if fight.sleeper is None:
        return header
    guarded = l10n.text(
        "pool-fight-guarded",
        sleeper=view.names[fight.sleeper],
        attacker=attacker,
        guard=target,
    )
    return f"{header}\n{guarded}"


def _joining(l10n: L10n, view: FightView, settings: GameSettings) -> list[str]:
    joined = [view.characters[n] for n in view.fight.joined]
    return [
        l10n.text("pool-fight-joined", names=names(joined)),
        l10n.text(
            "pool-fight-join-hint",
            time=duration(l10n, settings.join_window),
            attacker=view.names[view.fight.challenger],
        ),
    ]


def initiative_lines(l10n: L10n, view: FightView, initiative: InitiativeResult) -> list[str]:
    lines = [l10n.text("pool-fight-initiative-title")]
    for index, group in enumerate(initiative.rolls):
        if index:
            lines.append(l10n.text("pool-fight-initiative-reroll"))
        lines += [
            l10n.text(
                "pool-fight-initiative-roll",
                name=view.names[roll.character],
                die=roll.die,
                bonus=roll.bonus,
                total=roll.total,
            )
            for roll in group
        ]
    order = [view.characters[n] for n in initiative.lowest_first]
    if len(order) > 2:  # one on one: nobody chooses, each fights the other
        lines.append(l10n.text("pool-fight-order", names=names(order)))
    return lines


def _choosing(l10n: L10n, view: FightView, settings: GameSettings) -> list[str]:
    chooser = view.chooser
    if chooser is None:
        return []
    lines = [l10n.text("pool-fight-choosing", name=_mention(view, chooser))]
    if chooser in view.fight.unreachable:  # mentioned above: one mention a player
        lines.append(l10n.text("pool-fight-unreachable", name=view.names[chooser]))
    return [*lines, timeout_line(l10n, Wait.CHOICE, settings.choice_timeout)]


def _mention(view: FightView, number: int) -> Html:
    """The fighter's name as a mention of their player (notified in a new message)."""
    return mention(view.owners[number], view.names[number])


def round_lines(
    l10n: L10n, view: FightView, state: FightState, settings: GameSettings
) -> list[str]:
    """The round about to be fought: its title with how many have chosen, every fighter's line
    (those it waits for mentioned); the hints on pressing and pills in the first round only."""
    characters = [view.characters[n] for n in state.initiative]
    acting = view.acting
    done = sum(1 for n in acting if n in view.acted)
    chosen = l10n.text("pool-fight-chosen", done=done, total=len(acting))
    lines = [l10n.text("pool-fight-round-title", round=state.round + 1, chosen=Html(chosen))]
    for character in characters:
        number = character.number
        in_fight = number in view.fighting
        details = states(l10n, character, in_fight=in_fight)
        if character.alive and in_fight:
            if character.health > 0:  # at 0 nobody rolls: no penalty to tell
                details += [p for p in [penalty_text(l10n, view.penalties[number])] if p]
            details += _target(l10n, view, state, number)
        mark = "✅" if number in view.acted else "⏳" if number in acting else "▫️"
        top = character.max_health
        lines.append(
            l10n.text(
                "pool-fight-line",
                mark=mark,
                name=_mention(view, number) if number in view.waiting else character.name,
                bar=health_bar(character.health, top),
                health=max(character.health, 0),
                max=top,
                details=Html("".join(f" · {d}" for d in details)),
            )
        )
    if state.round == 0:
        lines.append(l10n.text("pool-fight-hints"))
    lines += [
        l10n.text("pool-fight-unreachable", name=view.names[n])
        for n in view.fight.awaiting
        if n in view.fight.unreachable
    ]
    return [*lines, timeout_line(l10n, Wait.ROUND, settings.round_timeout)]


def _target(l10n: L10n, view: FightView, state: FightState, number: int) -> list[str]:
    if number in view.fight.awaiting:
        return [l10n.text("pool-fight-choosing-target")]
    target = view.targets.get(number)
    if target is None or not view.characters[number].health > 0:
        return []
    return [l10n.text("pool-fight-target", name=view.names[target])]


def end_text(l10n: L10n, view: FightView) -> str:
    """Who is still standing when the fight is over (or stopped, or called off), then who is
    at 0 and who died in it."""
    state = view.fight.state
    if state is None:
        return l10n.text("pool-fight-called-off", id=view.id)
    standing = view.standing
    if view.fight.stopped:
        key = "pool-fight-stopped"
    else:
        key = "pool-fight-over" if standing else "pool-fight-over-nobody"
    summary = l10n.text(
        key, id=view.id, names=names(view.characters[n] for n in standing), count=len(standing)
    )
    return " ".join([summary, *_not_standing(l10n, view, state)])


def _not_standing(l10n: L10n, view: FightView, state: FightState) -> list[str]:
    """Those at 0 (their fate is still open) and the dead, so nobody vanishes from the summary."""
    fought = [view.characters[n] for n in state.initiative if n in view.characters]
    at_zero = [c for c in fought if c.alive and c.health <= 0]
    dead = [c for c in fought if not c.alive]
    parts = []
    if at_zero:
        parts.append(l10n.text("pool-fight-over-zero", names=names(at_zero)))
    if dead:
        parts.append(l10n.text("pool-fight-over-dead", names=names(dead)))
    return parts


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


OUT_OF_REACH = (Place.RIGHT_POCKET, Place.BACKPACK)


def pills_out_of_reach(character: PoolCharacter) -> int:
    """Pills the character carries that cannot be swallowed at 0 (only the worn jacket's left
    pocket is in reach then)."""
    inventory = character.inventory
    count = sum(held(inventory, Item.PILL, place) for place in OUT_OF_REACH)
    return count + inventory.pills_in_left_pocket - left_pocket_pills(character)


def zero_text(
    l10n: L10n, character: PoolCharacter, *, fight: int | None = None, dies_after: int | None = None
) -> str:
    """``fight`` and ``dies_after``: the fight goes on, and the end of round ``dies_after``
    decides; else the cycle rules do."""
    name = character.name
    if fight is not None and dies_after is not None:
        head = l10n.text("zero-head-fight", id=fight, name=name)
        when = l10n.text("zero-when-round", name=name, round=dies_after)
    else:
        head = l10n.text("zero-head", name=name)
        when = l10n.text("zero-when-cycle", name=name, cycles=cycles_left_at_zero(character))
    reach = left_pocket_pills(character)
    if reach:
        pills = l10n.text("zero-pills", count=reach, fight="yes" if dies_after else "no")
    elif pills_out_of_reach(character):
        pills = l10n.text("zero-pills-elsewhere")
    else:
        pills = l10n.text("zero-pills-none")
    return "\n".join([head, when, pills, l10n.text("zero-others")])


PROMPTS = {
    Choosing.SETUP: "pool-fight-prompt-setup",
    Choosing.PICK: "pool-fight-prompt-pick",
    Choosing.RETARGET: "pool-fight-prompt-retarget",
}


def prompt_text(l10n: L10n, view: FightView, offer: Options, seconds: float) -> str:
    """A fighter's private choice (its buttons: the targets), with the default taken when the
    ``seconds`` run out."""
    default = view.names[offer.default] if offer.default is not None else ""
    time = duration(l10n, seconds)
    return l10n.text(PROMPTS[offer.kind], id=view.id, default=default, time=time)


def sleeper_killed_text(
    l10n: L10n, attacker: str, sleeper: str, spilled: Spilled | None, body: PoolCharacter | None
) -> str:
    """A sleeper nobody guarded, attacked: killed without a fight; what fell from them
    (``body``: the sleeper as they were)."""
    text = l10n.text("pool-fight-sleeper-killed", attacker=attacker, sleeper=sleeper)
    if spilled is not None and body is not None:
        text += "\n" + spilled_line(l10n, spilled, body)
    return text
