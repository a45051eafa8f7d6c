"""Buttons of a pool fight: the group's live message and the private opponent choice."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.deep_linking import create_start_link

from bot.callbacks import EncounterCallback, PlayersFightCallback
from bot.i18n import L10n
from bot.services.fight_store import CHOOSING, FIGHTING, JOINING, KIND, FightView
from rules.pool.fight_flow import Options, expected
from rules.pool.fight_setup import current_chooser
from rules.pool.fight_table import PILL_COUNTS, Move

RESEND = "resend"  # the group's button: send my private choice again (it makes no move)
CHALLENGES_PER_ROW = 3
MAX_CHALLENGES = 99  # Telegram allows 100 buttons in one keyboard


def _button(
    l10n: L10n, msg_id: str, view: FightView, move: str, at: int = 0, **extra: int
) -> InlineKeyboardButton:
    data = EncounterCallback(kind=KIND, id=view.id, move=move, at=at).pack()
    return InlineKeyboardButton(text=l10n.text(msg_id, **extra), callback_data=data)


async def live_keyboard(bot: Bot, l10n: L10n, view: FightView) -> InlineKeyboardMarkup | None:
    """What the live message offers in the fight's stage (nothing once it is over)."""
    rows: list[list[InlineKeyboardButton]] = []
    fight, state = view.fight, view.fight.state
    if view.stage == JOINING:
        rows.append(
            [
                _button(l10n, "pool-fight-button-join", view, Move.JOIN),
                _button(l10n, "pool-fight-button-start", view, Move.START),
            ]
        )
    elif state is not None and view.stage in (CHOOSING, FIGHTING):
        choosing = (current_chooser(state),) if view.stage == CHOOSING else fight.awaiting
        if view.stage == FIGHTING:
            rows += _round_rows(l10n, view)
        if any(n is not None for n in choosing):
            resend = _button(l10n, "pool-fight-button-resend", view, RESEND)
            row = [resend]
            if any(n in fight.unreachable for n in choosing):
                link = await create_start_link(bot, f"f{view.id}")
                row.append(
                    InlineKeyboardButton(text=l10n.text("pool-fight-button-open-chat"), url=link)
                )
            rows.append(row)
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None


def _round_rows(l10n: L10n, view: FightView) -> list[list[InlineKeyboardButton]]:
    state = view.fight.state
    assert state is not None
    characters = [view.characters[n] for n in state.initiative]
    acting = [c for c in characters if c.number in expected(state, characters)]
    rnd = state.round
    first = [_button(l10n, "pool-fight-button-attack", view, Move.ATTACK, rnd)]
    if any(c.fallen and c.health > 0 for c in acting):
        first.append(_button(l10n, "pool-fight-button-stand", view, Move.STAND, rnd))
    rows = [first]
    rows.append(  # the same whatever anyone holds: a fighter's stock is a secret
        [
            _button(l10n, "pool-fight-button-pills", view, f"{Move.PILLS}_{n}", rnd, count=n)
            for n in PILL_COUNTS
        ]
    )
    return rows


def target_keyboard(view: FightView, offer: Options) -> InlineKeyboardMarkup:
    """One button per valid target of a private choice (during the choosing a setup choice,
    later a pick or a new opponent)."""
    word = Move.CHOOSE if offer.setup else Move.PICK
    return InlineKeyboardMarkup(
        inline_keyboard=[
            [
                InlineKeyboardButton(
                    text=f"{target}. {view.name(target)}",
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
