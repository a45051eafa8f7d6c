"""What a pool fight step owes the chats (saved with the step, delivered by :mod:`bot.courier`).

A resolved round is a new live message: its dice on top (the head, which later edits never
rewrite) and the next round's status under them, so each round makes one new group message and
a new message notifies the fighters it mentions. The first round opens in a new message too;
other steps edit the live message in place. Every chooser gets a private prompt; when it cannot
be delivered (the private chat was never opened), the group shows it (:func:`on_prompt`).
"""

from __future__ import annotations

from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramForbiddenError
from aiogram.types import InlineKeyboardMarkup

from bot.db.models import Game
from bot.handlers import zero_health
from bot.handlers.pool_fight_keyboards import live_keyboard, target_keyboard
from bot.handlers.world_common import user_l10n, users_l10n
from bot.i18n import L10n, Translator
from bot.services import fights
from bot.services.fight_store import FightView, Outcome, live_key
from bot.services.games import settings_of
from bot.services.outbox import Action, Outgoing
from bot.services.runtime import Runtime
from bot.views.durations import duration
from bot.views.loot import spilled_line
from bot.views.pool_fight import live_text, opened_text, round_closed_text
from bot.views.pool_fight_round import results_text
from rules.pool.fight_flow import Choosing, options

TEXT_LIMIT = 4000  # Telegram's 4096, with a margin
PROMPT_HOOK = "pool_prompt"
PROMPTS = {
    Choosing.SETUP: "pool-fight-prompt-setup",
    Choosing.PICK: "pool-fight-prompt-pick",
    Choosing.RETARGET: "pool-fight-prompt-retarget",
}


def group_l10n(translator: Translator, game: Game) -> L10n:
    return translator.for_locale(game.locale)


def markup_data(markup: InlineKeyboardMarkup | None) -> dict[str, Any] | None:
    return markup.model_dump(mode="json", exclude_none=True) if markup is not None else None


async def compose(bot: Bot, translator: Translator, outcome: Outcome) -> list[Outgoing]:
    game, record, view = outcome.game, outcome.record, outcome.view
    l10n = group_l10n(translator, game)
    status = live_text(l10n, view, settings_of(game))
    live = {
        "chat_id": record.chat_id,
        "thread_id": record.thread_id,
        "live": live_key(view.id),
        "markup": markup_data(await live_keyboard(bot, l10n, view)),
    }
    owed: list[Outgoing] = []
    if outcome.report is not None:
        results = results_text(l10n, view.id, outcome.report)
        closed = round_closed_text(l10n, outcome.report.result.round)
        if len(results) + len(status) > TEXT_LIMIT:  # never expected (8 fighters: ~2500)
            owed.append(Outgoing(record.chat_id, results, thread_id=record.thread_id))
            owed.append(Outgoing(text=status, retire=closed, **live))
        else:
            owed.append(Outgoing(text=status, head=results, retire=closed, **live))
    elif outcome.opened:
        owed.append(Outgoing(text=status, retire=opened_text(l10n, view), **live))
    elif outcome.anew:
        owed.append(Outgoing(text=status, **live))
    else:
        owed.append(Outgoing(text=status, action=Action.EDIT, **live))
    languages = await users_l10n(translator, (view.owners[f] for f in outcome.prompts), game.locale)
    for fighter in outcome.prompts:
        l10n = languages[view.owners[fighter]]
        private = await prompt_message(translator, game, view, fighter, l10n)
        if private is not None:
            owed.append(private)
    if outcome.report is not None:
        owed += await zero_health.after_round(translator, game, view, outcome.report)
    return owed


async def prompt_message(
    translator: Translator, game: Game, view: FightView, fighter: int, l10n: L10n | None = None
) -> Outgoing | None:
    """The fighter's private choice (None when there is nothing to choose), in ``l10n`` when
    the caller has read the fighter's language already."""
    state = view.fight.state
    assert state is not None
    offer = options(state, [view.characters[n] for n in state.initiative], fighter)
    if not offer.targets:
        return None
    user_id = view.owners[fighter]
    if l10n is None:
        l10n = await user_l10n(translator, user_id, game.locale)
    default = view.name(offer.default) if offer.default is not None else ""
    settings = settings_of(game)
    seconds = settings.choice_timeout if offer.setup else settings.round_timeout
    text = l10n.text(PROMPTS[offer.kind], id=view.id, default=default, time=duration(l10n, seconds))
    return Outgoing(
        user_id,
        text,
        markup=markup_data(target_keyboard(view, offer)),
        hook=f"{PROMPT_HOOK}:{view.id}:{fighter}:{int(fighter in view.fight.unreachable)}",
    )


async def on_prompt(runtime: Runtime, hook: str, delivered: bool) -> None:
    """A private prompt was delivered or could not be: the group's live message shows whether
    the fighter can be reached (a new message when not: it mentions them, and notifies)."""
    _, fight_id, fighter, unreachable = hook.split(":")
    if delivered and unreachable == "0":
        return  # reachable, as the group already shows
    game = await fights.game_of(int(fight_id))
    await fights.set_reachable(game, int(fight_id), int(fighter), delivered, runtime)


async def compose_sleeper_killed(
    bot: Bot, translator: Translator, killed: fights.SleeperKilled
) -> list[Outgoing]:
    l10n = translator.for_locale(killed.locale)
    text = l10n.text("pool-fight-sleeper-killed", attacker=killed.attacker, sleeper=killed.sleeper)
    if killed.spilled is not None and killed.body is not None:
        text += "\n" + spilled_line(l10n, killed.spilled, killed.body)
    return [Outgoing(killed.chat_id, text, thread_id=killed.thread_id)]


async def send_prompt(
    bot: Bot, game: Game, view: FightView, fighter: int, translator: Translator, runtime: Runtime
) -> bool:
    """The fighter's pending choice sent again now (they asked); False when their private chat
    is closed to the bot (the group then shows it)."""
    private = await prompt_message(translator, game, view, fighter)
    if private is None:
        return True
    markup = InlineKeyboardMarkup.model_validate(private.markup) if private.markup else None
    try:
        await bot.send_message(private.chat_id, private.text, reply_markup=markup)
    except TelegramForbiddenError:
        await fights.set_reachable(game, view.id, fighter, False, runtime)
        return False
    if fighter in view.fight.unreachable:
        await fights.set_reachable(game, view.id, fighter, True, runtime)
    return True
