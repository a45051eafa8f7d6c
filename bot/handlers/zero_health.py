"""Health 0 in pool: the private message its owner is owed the moment it happens (in a fight's
round, at a cycle's bleeding, by a game master's edit), saved with the change that caused it,
with its pill button (pressed: :func:`bot.handlers.pool_fight.press_pill`)."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import ZeroPillCallback, markup_data
from bot.db.models import Character, Game
from bot.handlers.world_common import user_l10n, users_l10n
from bot.i18n import L10n, Translator
from bot.services.codec import load
from bot.services.cycles import TickReport
from bot.services.outbox import Outgoing
from bot.views.pool_fight import zero_text
from rules.pool.fight_round import left_pocket_pills
from rules.pool.fight_view import FightView, RoundReport
from rules.pool.health import Bled
from rules.pool.model import PoolCharacter


async def notice(
    translator: Translator,
    game: Game,
    user_id: int,
    character: PoolCharacter,
    *,
    fight: int | None = None,
    dies_after: int | None = None,
    l10n: L10n | None = None,
) -> Outgoing:
    """``l10n``: the owner's, when the caller has read it already."""
    if l10n is None:
        l10n = await user_l10n(translator, user_id, game.locale)
    text = zero_text(l10n, character, fight=fight, dies_after=dies_after)
    markup = None
    if left_pocket_pills(character):
        data = ZeroPillCallback(game_id=game.id, number=character.number).pack()
        button = InlineKeyboardButton(text=l10n.text("zero-button-pill"), callback_data=data)
        markup = InlineKeyboardMarkup(inline_keyboard=[[button]])
    return Outgoing(user_id, text, markup=markup_data(markup))


async def after_round(
    translator: Translator, game: Game, view: FightView, report: RoundReport
) -> list[Outgoing]:
    """Fighters the round took from above 0 to exactly 0 (alive): :attr:`RoundReport.at_zero`."""
    result = report.result
    dies_after = None if result.over else result.round + 1
    fallen = [(view.owners[c.number], c) for c in report.at_zero]
    languages = await users_l10n(translator, (user for user, _ in fallen), game.locale)
    return [
        await notice(
            translator,
            game,
            user_id,
            character,
            fight=view.id,
            dies_after=dies_after,
            l10n=languages[user_id],
        )
        for user_id, character in fallen
    ]


async def after_tick(translator: Translator, report: TickReport) -> list[Outgoing]:
    """Characters the cycle's bleeding took to 0."""
    world = report.result.world
    fallen = [
        (report.owners[event.character], world.character(event.character))
        for event in report.result.events
        if isinstance(event, Bled) and event.health == 0
    ]
    languages = await users_l10n(translator, (user for user, _ in fallen), report.game.locale)
    return [
        await notice(translator, report.game, user_id, character, l10n=languages[user_id])
        for user_id, character in fallen
    ]


async def after_edit(translator: Translator, game: Game, number: int) -> list[Outgoing]:
    """A game master set the character's health to 0 (the edit is saved: read it back)."""
    row = await Character.get(game_id=game.id, number=number)
    character = load(PoolCharacter, row.state)
    if not character.alive or character.health != 0:
        return []
    return [await notice(translator, game, row.user_id, character)]
