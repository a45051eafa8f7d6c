"""The d20 battle's buttons: joining, the turn's actions, targets, finishing the fallen."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import EncounterCallback
from bot.i18n import Html, L10n, isolate
from rules.d20 import AttackKind, actions_of, finishing_of
from rules.d20.encounter import (
    KIND,
    SIDES,
    BattleMove,
    BattleSnapshot,
    BattleStage,
    Move,
    finishable,
    targetable,
)

# Kinds as the buttons carry them: "menu_f" shows the fallen who may be finished off.
KIND_CODES = {"p": AttackKind.PHYSICAL, "m": AttackKind.MAGIC, "b": AttackKind.BUFF}
CODES = {kind: code for code, kind in KIND_CODES.items()}
ACT, FINISH, MENU, BACK = "act_", "finish_", "menu_", "back"
PLAIN = {move.value: move for move in (Move.START, Move.PASS, Move.SPARE, Move.AUTO)}
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
NPCS = "npcs"  # the game master's NPCs dialog (no move: bot.handlers.d20_npc)

Rows = list[list[InlineKeyboardButton]]


def _button(text: str, snap: BattleSnapshot, move: str, arg: int = -1) -> InlineKeyboardButton:
    """``arg``: the number the move carries (a side, a target's place), ending its word. At an
    NPC's turn its buttons carry its seat: the game master acts for it."""
    word = move if arg < 0 else f"{move}_{arg}"
    callback = EncounterCallback(
        kind=KIND, id=snap.id, move=word, at=snap.state.step, seat=npc_seat(snap)
    )
    return InlineKeyboardButton(text=text, callback_data=callback.pack())


def npc_seat(snap: BattleSnapshot) -> int:
    """The seat of the NPC whose turn it is (0: a player's turn, or no turn)."""
    current = snap.state.current
    return current.number if current is not None and current.npc else 0


def read_move(data: EncounterCallback) -> BattleMove | None:
    """A button's move (None: not a move of the battle; the turn's menus are redrawn, not
    moved: :func:`bot.handlers.d20.menu`)."""
    word, at = data.move, data.at
    if word in PLAIN:
        return BattleMove(PLAIN[word], at)
    head, _, number = word.rpartition("_")
    if not number.isdigit():
        return None
    if head == Move.JOIN.value:
        return BattleMove(Move.JOIN, at, side=number) if number in SIDES else None
    for prefix, move in ((ACT, Move.ACT), (FINISH, Move.FINISH)):
        kind = KIND_CODES.get(head.removeprefix(prefix)) if head.startswith(prefix) else None
        if kind is not None:
            return BattleMove(move, at, kind, int(number))
    return None


def join_keyboard(l10n: L10n, snap: BattleSnapshot) -> InlineKeyboardMarkup:
    rows: Rows = []
    for index, (side, msg_id) in enumerate(JOIN_BUTTONS.items()):
        given = snap.state.side_names[index]
        named = l10n.text("d20-button-join-named", side=Html(isolate(given))) if given else ""
        text = named or l10n.text(msg_id)
        rows.append([_button(text, snap, Move.JOIN.value, int(side))])
    rows.append([_button(l10n.text("d20-button-npcs"), snap, NPCS)])
    rows.append([_button(l10n.text("d20-button-start"), snap, Move.START.value)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def turn_keyboard(l10n: L10n, snap: BattleSnapshot) -> InlineKeyboardMarkup:
    """The current combatant's actions: only those of their class (rulebook: d20 / Class
    actions), unless the game allows any."""
    current = snap.battle.current.character
    kinds = actions_of(current.character_class, any_action=snap.state.any_action)
    harmful = [k for k in kinds if k is not AttackKind.BUFF]
    rows: Rows = [
        [_button(l10n.text(KIND_BUTTONS[k]), snap, MENU + CODES[k]) for k in group]
        for group in (harmful, [k for k in kinds if k is AttackKind.BUFF])
        if group
    ]
    if finishable(snap.state) and _finishing(snap):
        rows.append([_button(l10n.text("d20-button-finish"), snap, MENU + FINISH_CODE)])
    if npc_seat(snap):
        rows.append([_button(l10n.text("d20-button-auto"), snap, Move.AUTO.value)])
    rows.append([_button(l10n.text("d20-button-pass"), snap, Move.PASS.value)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def _finishing(snap: BattleSnapshot) -> tuple[AttackKind, ...]:
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
        for kind in finishing_of(c.character.character_class, any_action=snap.state.any_action)
    }
    return tuple(k for k in FINISH_BUTTONS if k in kinds)


def _finish_rows(l10n: L10n, snap: BattleSnapshot) -> Rows:
    battle = snap.battle
    kinds = _finishing(snap)
    rows: Rows = []
    for fallen in finishable(snap.state):
        who = battle.index(fallen.name)
        buttons = [
            _button(
                l10n.text(FINISH_BUTTONS[kind], name=fallen.name),
                snap,
                FINISH + CODES[kind],
                who,
            )
            for kind in kinds
        ]
        if buttons:
            rows.append(buttons)
    return rows


def target_keyboard(l10n: L10n, snap: BattleSnapshot, code: str) -> InlineKeyboardMarkup:
    """Targets of the chosen action: standing enemies, or one's own side for a healing spell
    (the fallen too, not the dead)."""
    battle = snap.battle
    if code == FINISH_CODE:
        rows = _finish_rows(l10n, snap)
    else:
        kind = KIND_CODES[code]
        side = battle.current.side
        rows = [
            [
                _button(
                    l10n.text(
                        "d20-button-target", name=c.name, hp=c.character.hp, max=c.character.max_hp
                    ),
                    snap,
                    ACT + code,
                    index,
                )
            ]
            for index, c in enumerate(battle.combatants)
            if targetable(c, side, kind)
        ]
    rows.append([_button(l10n.text("d20-button-back"), snap, BACK)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def end_keyboard(l10n: L10n, snap: BattleSnapshot) -> InlineKeyboardMarkup | None:
    rows = _finish_rows(l10n, snap)
    if not rows:
        return None
    rows.append([_button(l10n.text("d20-button-spare"), snap, Move.SPARE.value)])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def keyboard_for(l10n: L10n, snap: BattleSnapshot) -> InlineKeyboardMarkup | None:
    """The buttons of the battle's live message in its current stage."""
    if snap.stage is BattleStage.FIGHTING:
        return turn_keyboard(l10n, snap)
    if snap.stage is BattleStage.FINISHED:
        return end_keyboard(l10n, snap)
    return None
