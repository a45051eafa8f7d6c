"""The message of one d20 turn: the action, the die and its effect, the narrative, what next."""

from __future__ import annotations

from typing import TypedDict

from bot.i18n import Html, L10n
from bot.views.grammar import MASCULINE, gender_of
from bot.views.marks import d20_die
from rules.d20 import FAMILIES, AttackKind, AttackReport, FinishReport, Outcome
from rules.d20 import VARIANTS as COUNT
from rules.d20.encounter import BattleTable, Cause, Turn

VARIANTS: dict[str, tuple[str, ...]] = {
    family: tuple(f"d20n-{family}-{number}" for number in range(1, COUNT + 1))
    for family in FAMILIES
}


def variant_id(family: str, index: int) -> str:
    """The locale id of a family's variant ``index`` (0-based, as the battle told it)."""
    return VARIANTS[family][index]


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


class Genders(TypedDict):
    attacker_gender: str
    target_gender: str


ACTIONS = {
    AttackKind.PHYSICAL: "d20-action-physical",
    AttackKind.MAGIC: "d20-action-magic",
    AttackKind.BUFF: "d20-action-buff",
}
EFFECTS = {
    Outcome.FUMBLE: "d20-effect-fumble",
    Outcome.ALLY_HIT: "d20-effect-ally-hit",
    Outcome.SELF_HIT: "d20-effect-self-hit",
    Outcome.NO_EFFECT: "d20-effect-no-effect",
    Outcome.MISS: "d20-effect-miss",
    Outcome.DODGE: "d20-effect-dodge",
    Outcome.BLOCK: "d20-effect-block",
    Outcome.PARTIAL_BLOCK: "d20-effect-partial-block",
    Outcome.HEAVY_HIT: "d20-effect-heavy-hit",
    Outcome.STUN_HIT: "d20-effect-stun-hit",
    Outcome.CRITICAL: "d20-effect-critical",
}
MAGIC_EFFECTS = {
    Outcome.CRITICAL: "d20-effect-critical-magic",
    Outcome.BLOCK: "d20-effect-block-magic",
    Outcome.PARTIAL_BLOCK: "d20-effect-partial-block-magic",
}
BUFF_EFFECTS = {
    Outcome.MISS: "d20-effect-buff-miss",
    Outcome.DODGE: "d20-effect-buff-slip",
    Outcome.BLOCK: "d20-effect-buff-block",
    Outcome.PARTIAL_BLOCK: "d20-effect-buff-partial",
    Outcome.HIT: "d20-effect-buff-hit",
    Outcome.HEAVY_HIT: "d20-effect-buff-strong",
    Outcome.STUN_HIT: "d20-effect-buff-strong",
    Outcome.CRITICAL: "d20-effect-buff-critical",
}
HIT_BANDS = ((2, "d20-effect-hit-minor"), (4, "d20-effect-hit-light"), (6, "d20-effect-hit-medium"))


def _effect_id(report: AttackReport) -> str:
    effect = report.effect
    if effect.kind is AttackKind.BUFF and effect.outcome in BUFF_EFFECTS:
        return BUFF_EFFECTS[effect.outcome]
    if effect.outcome is Outcome.STUN_HIT and report.lost_turn is None:
        return "d20-effect-heavy-hit"  # it felled the target: no turn is left to lose
    if effect.critical and report.hp_before == report.hp_after:  # already at 1: nothing taken
        magic = effect.kind is AttackKind.MAGIC
        return "d20-effect-critical-magic-spent" if magic else "d20-effect-critical-spent"
    if effect.outcome is Outcome.HIT:
        return next(msg_id for top, msg_id in HIT_BANDS if effect.target_damage <= top)
    if effect.kind is AttackKind.MAGIC and effect.outcome in MAGIC_EFFECTS:
        return MAGIC_EFFECTS[effect.outcome]
    return EFFECTS[effect.outcome]


def table_damage(report: AttackReport) -> int:
    """The damage the table gives (a misfire's to the one it hits), shown as read from the die
    even when the one struck had less HP left: the HP change follows it (7: 6 → 0)."""
    effect = report.effect
    if effect.outcome in (Outcome.ALLY_HIT, Outcome.SELF_HIT):
        return effect.misfire_damage
    return effect.target_damage


def healing(report: AttackReport) -> int:
    """What a healing spell gives, as the table reads it (12-19: die - 11 or 7, shown even
    when the target had less to gain: 5 → 20 of 20 from 18); a 20 gives the rest to full."""
    effect = report.effect
    if effect.critical:
        return (report.hp_after or 0) - (report.hp_before or 0)
    return effect.heal


def _genders(state: BattleTable, attacker: str, target: str) -> Genders:
    """``attacker_gender`` and ``target_gender`` for the texts, from the battle's fighters."""
    return Genders(
        attacker_gender=gender_of(state.named(attacker)),
        target_gender=gender_of(state.named(target)),
    )


def attack_lines(l10n: L10n, result: Turn, state: BattleTable) -> list[str]:
    report = result.attack
    assert report is not None
    effect = report.effect
    genders = _genders(state, report.attacker, report.target)
    header = l10n.text(
        ACTIONS[effect.kind], attacker=report.attacker, target=report.target, **genders
    )
    line = l10n.text(
        _effect_id(report),
        die=d20_die(effect.die),
        attacker=report.attacker,
        target=report.target,
        struck=report.struck or report.target,
        damage=table_damage(report),
        heal=healing(report),
        before=report.hp_before or 0,
        after=report.hp_after or 0,
    )
    story = narrative(
        l10n,
        variant_id(result.story, result.variant),
        report.attacker,
        report.target,
        report.struck or "",
        self_target=report.target == report.attacker,
        **genders,
    )
    lines = [header, line, f"<i>{story}</i>"]
    if report.fell and report.struck is not None:
        lines.append(l10n.text("d20-fell", name=report.struck))
    if report.rose and report.struck is not None:
        lines.append(l10n.text("d20-rose", name=report.struck, hp=report.hp_after or 0, **genders))
    return lines


def finish_lines(l10n: L10n, result: Turn, state: BattleTable) -> list[str]:
    report: FinishReport | None = result.finish
    assert report is not None and result.kind is not None
    genders = _genders(state, report.attacker, report.target)
    msg_id = variant_id(result.story, result.variant)
    story = narrative(l10n, msg_id, report.attacker, report.target, **genders)
    return [
        l10n.text("d20-action-finish", attacker=report.attacker, target=report.target, **genders),
        f"<i>{story}</i>",
        l10n.text("d20-dead", name=report.target),
    ]


PASSED = {
    Cause.PLAYER: "d20-turn-passed",
    Cause.TIMEOUT: "d20-turn-timeout",
    Cause.ADMIN: "d20-turn-skipped",
}
NARRATED = {
    Cause.PLAYER: "d20-narration-done",
    Cause.TIMEOUT: "d20-narration-timeout",
    Cause.ADMIN: "d20-narration-skipped",
}


def turn_head(l10n: L10n, result: Turn, state: BattleTable) -> str:
    """What the turn did (its die and narrative, or why it went by): the fixed part of its
    message, above what the battle waits for now (:func:`bot.views.d20.next_part`)."""
    if result.attack is not None:
        lines = attack_lines(l10n, result, state)
    elif result.finish is not None:
        lines = finish_lines(l10n, result, state)
    else:
        msg_id = (NARRATED if result.narrated else PASSED)[result.cause]
        lines = [l10n.text(msg_id, name=result.actor)]
    if result.auto:  # an NPC's action the bot chose (rulebook: d20 / NPCs)
        lines.insert(0, l10n.text("d20-auto", name=Html(l10n.text("d20-npc", name=result.actor))))
    lines += [l10n.text("d20-skipped", name=name) for name in result.skipped]
    return "\n".join(lines)


def changed(result: Turn) -> frozenset[str]:
    """Whose HP (or life) the turn changed."""
    names = set()
    attack = result.attack
    if attack is not None and attack.struck is not None and attack.hp_before != attack.hp_after:
        names.add(attack.struck)
    if result.finish is not None:
        names.add(result.finish.target)
    return frozenset(names)


def turn_closed(l10n: L10n, result: Turn) -> str:
    """What the message that asked for this turn keeps once it is taken (its buttons go): the
    turn is over, its result below."""
    if result.narrated or result.finish is not None or not result.actor:
        how = "other"
    else:
        how = "passed" if result.passed else "acted"
    return l10n.text("d20-turn-closed", how=how, name=result.actor)


def spared_text(l10n: L10n, result: Turn) -> str:
    if result.actor:
        return l10n.text("d20-spared", name=result.actor)
    return l10n.text("d20-spared-admin")
