"""A pool fight's buttons: the group's live message (join, start, the round's actions, «send
my choice again», «open the chat»), a fighter's private opponent choice, and /players'
challenges. Each move is an encounter's button (:class:`~bot.callbacks.EncounterCallback`)."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import EncounterCallback, PlayersFightCallback
from bot.i18n import L10n
from rules.pool.fight_flow import Options
from rules.pool.fight_table import KIND, PILL_COUNTS, Move, PoolStage
from rules.pool.fight_view import FightView

RESEND = "resend"  # the group's button: send my private choice again (it makes no move)
CHALLENGES_PER_ROW = 3
MAX_CHALLENGES = 99  # Telegram allows 100 buttons in one keyboard
Rows = list[list[InlineKeyboardButton]]


def _button(
    l10n: L10n, msg_id: str, view: FightView, move: str, at: int = 0, **extra: int
) -> InlineKeyboardButton:
    data = EncounterCallback(kind=KIND, id=view.id, move=move, at=at).pack()
    return InlineKeyboardButton(text=l10n.text(msg_id, **extra), callback_data=data)


def _choosing(view: FightView) -> tuple[int | None, ...]:
    """Whom the live message waits for a private choice from (None: nobody)."""
    fight = view.fight
    if fight.state is None or fight.stage not in (PoolStage.CHOOSING, PoolStage.FIGHTING):
        return ()
    return (view.chooser,) if fight.stage is PoolStage.CHOOSING else fight.awaiting


def wants_open_chat(view: FightView) -> bool:
    """A fighter the fight waits for a private choice from cannot be written to: the live
    message links to the bot's chat (its «open the chat» button)."""
    return any(n in view.fight.unreachable for n in _choosing(view))


def live_keyboard(
    l10n: L10n, view: FightView, open_chat: str | None
) -> InlineKeyboardMarkup | None:
    """What the live message offers in the fight's stage (nothing once it is over);
    ``open_chat``: the link of «open the chat» (:func:`wants_open_chat`)."""
    rows: Rows = []
    if view.fight.stage is PoolStage.JOINING:
        rows.append(
            [
                _button(l10n, "pool-fight-button-join", view, Move.JOIN),
                _button(l10n, "pool-fight-button-start", view, Move.START),
            ]
        )
    if view.fight.stage is PoolStage.FIGHTING and view.fight.state is not None:
        rows += _round_rows(l10n, view)
    if any(n is not None for n in _choosing(view)):
        row = [_button(l10n, "pool-fight-button-resend", view, RESEND)]
        if open_chat is not None:
            text = l10n.text("pool-fight-button-open-chat")
            row.append(InlineKeyboardButton(text=text, url=open_chat))
        rows.append(row)
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None


def _round_rows(l10n: L10n, view: FightView) -> Rows:
    state = view.fight.state
    assert state is not None
    acting = [view.characters[n] for n in view.acting]
    rnd = state.round
    first = [_button(l10n, "pool-fight-button-attack", view, Move.ATTACK, rnd)]
    if any(c.fallen and c.health > 0 for c in acting):
        first.append(_button(l10n, "pool-fight-button-stand", view, Move.STAND, rnd))
    pills = [  # the same whatever anyone holds: a fighter's stock is a secret
        _button(l10n, "pool-fight-button-pills", view, f"{Move.PILLS}_{n}", rnd, count=n)
        for n in PILL_COUNTS
    ]
    return [first, pills]


def target_keyboard(view: FightView, offer: Options) -> InlineKeyboardMarkup:
    """One button per valid target of a private choice (during the choosing a setup choice,
    later a pick or a new opponent)."""
    word = Move.CHOOSE if offer.setup else Move.PICK
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(
                    text=f"{target}. {view.names[target]}",
                    callback_data=EncounterCallback(
                        kind=KIND, id=view.id, move=f"{word}_{target}", at=offer.turn
                    ).pack(),
                )
            ]
            for target in offer.targets
        ]
    )


def players_keyboard(game_id: int, roster: list[tuple[int, str]]) -> InlineKeyboardMarkup | None:
    """/players in a pool game: a "challenge" button per living character (number, name)."""
    buttons = [
        InlineKeyboardButton(
            text=f"\u2694 {number}. {name}",
            callback_data=PlayersFightCallback(game_id=game_id, number=number).pack(),
        )
        for number, name in roster[:MAX_CHALLENGES]
    ]
    rows = [buttons[i : i + CHALLENGES_PER_ROW] for i in range(0, len(buttons), CHALLENGES_PER_ROW)]
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None
