"""The d20 battle's buttons: joining, the turn's actions, targets, finishing the fallen."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import BattleAction, BattleCallback
from bot.i18n import Html, L10n, isolate
from bot.services.battle_store import BattleSnapshot, BattleStage
from bot.views.d20 import finishable
from rules.d20 import AttackKind, actions_of, finishing_of

# Kinds as the buttons carry them: "f" shows the fallen who may be finished off.
KIND_CODES = {"p": AttackKind.PHYSICAL, "m": AttackKind.MAGIC, "b": AttackKind.BUFF}
CODES = {kind: code for code, kind in KIND_CODES.items()}
KIND_BUTTONS = {
    AttackKind.PHYSICAL: "d20-button-attack",
    AttackKind.MAGIC: "d20-button-harm",
    AttackKind.BUFF: "d20-button-buff",
}
FINISH_BUTTONS = {
    AttackKind.PHYSICAL: "d20-button-finish-physical",
    AttackKind.MAGIC: "d20-button-finish-magic",
}
FINISH_CODE = "f"
JOIN_BUTTONS = {"1": "d20-button-join-first", "2": "d20-button-join-second"}

Rows = list[list[InlineKeyboardButton]]


def _button(
    text: str, snap: BattleSnapshot, action: BattleAction, kind: str = "", who: int = -1
) -> InlineKeyboardButton:
    callback = BattleCallback(
        battle_id=snap.record.id, action=action, step=snap.state.step, kind=kind, who=who
    )
    return InlineKeyboardButton(text=text, callback_data=callback.pack())


def join_keyboard(l10n: L10n, snap: BattleSnapshot) -> InlineKeyboardMarkup:
    rows: Rows = []
    for index, (side, msg_id) in enumerate(JOIN_BUTTONS.items()):
        given = snap.state.side_names[index]
        named = l10n.text("d20-button-join-named", side=Html(isolate(given))) if given else ""
        text = named or l10n.text(msg_id)
        rows.append([_button(text, snap, BattleAction.JOIN, kind=side)])
    rows.append([_button(l10n.text("d20-button-start"), snap, BattleAction.START)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def turn_keyboard(l10n: L10n, snap: BattleSnapshot, any_action: bool) -> InlineKeyboardMarkup:
    """The current combatant's actions: only those of their class (rulebook: d20 / Class
    actions), unless the game allows any."""
    current = snap.battle.current.character
    kinds = actions_of(current.character_class, any_action=any_action)
    harmful = [k for k in kinds if k is not AttackKind.BUFF]
    rows: Rows = [
        [_button(l10n.text(KIND_BUTTONS[k]), snap, BattleAction.KIND, kind=CODES[k]) for k in group]
        for group in (harmful, [k for k in kinds if k is AttackKind.BUFF])
        if group
    ]
    if finishable(snap) and _finishing(snap, any_action):
        rows.append([_button(l10n.text("d20-button-finish"), snap, BattleAction.KIND, kind="f")])
    rows.append([_button(l10n.text("d20-button-pass"), snap, BattleAction.PASS)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def _finishing(snap: BattleSnapshot, any_action: bool) -> tuple[AttackKind, ...]:
    """How the fallen may be finished: by the current combatant, or after the end by any
    standing winner (the kinds of all their classes)."""
    battle = snap.battle
    if snap.stage is BattleStage.FIGHTING:
        finishers = [battle.current]
    else:
        finishers = [
            c for c in battle.combatants if c.side == battle.winner and c.character.standing
        ]
    kinds = {
        kind
        for c in finishers
        for kind in finishing_of(c.character.character_class, any_action=any_action)
    }
    return tuple(k for k in FINISH_BUTTONS if k in kinds)


def _finish_rows(l10n: L10n, snap: BattleSnapshot, any_action: bool) -> Rows:
    battle = snap.battle
    kinds = _finishing(snap, any_action)
    rows: Rows = []
    for fallen in finishable(snap):
        who = battle.index(fallen.name)
        buttons = [
            _button(
                l10n.text(FINISH_BUTTONS[kind], name=fallen.name),
                snap,
                BattleAction.FINISH,
                kind=CODES[kind],
                who=who,
            )
            for kind in kinds
        ]
        if buttons:
            rows.append(buttons)
    return rows


def target_keyboard(
    l10n: L10n, snap: BattleSnapshot, code: str, any_action: bool
) -> InlineKeyboardMarkup:
    """Targets of the chosen action: standing enemies, or one's own side for a buff."""
    battle = snap.battle
    if code == FINISH_CODE:
        rows = _finish_rows(l10n, snap, any_action)
    else:
        buff = KIND_CODES[code] is AttackKind.BUFF
        side = battle.current.side
        rows = [
            [
                _button(
                    l10n.text(
                        "d20-button-target", name=c.name, hp=c.character.hp, max=c.character.max_hp
                    ),
                    snap,
                    BattleAction.TARGET,
                    kind=code,
                    who=index,
                )
            ]
            for index, c in enumerate(battle.combatants)
            if c.character.standing and (c.side == side) == buff
        ]
    rows.append([_button(l10n.text("d20-button-back"), snap, BattleAction.BACK)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def end_keyboard(l10n: L10n, snap: BattleSnapshot, any_action: bool) -> InlineKeyboardMarkup | None:
    rows = _finish_rows(l10n, snap, any_action)
    if not rows:
        return None
    rows.append([_button(l10n.text("d20-button-spare"), snap, BattleAction.SPARE)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def keyboard_for(l10n: L10n, snap: BattleSnapshot, any_action: bool) -> InlineKeyboardMarkup | None:
    """The buttons of the battle's live message in its current stage; ``any_action``: the
    game lets every class take every action."""
    if snap.stage is BattleStage.FIGHTING:
        return turn_keyboard(l10n, snap, any_action)
    if snap.stage is BattleStage.FINISHED:
        return end_keyboard(l10n, snap, any_action)
    return None
