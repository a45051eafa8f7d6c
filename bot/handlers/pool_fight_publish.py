"""Showing a pool fight step: edit the live message (:mod:`pool_fight_live` merges the edits of
one second), or post the round's results (which become the new live message: one new group
message per round; the first round opens in a new message too), then ask the choosers
privately. A new message is what notifies the fighters it mentions."""

from __future__ import annotations

import contextlib

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramForbiddenError

from bot.handlers.pool_fight_keyboards import live_keyboard, target_keyboard
from bot.handlers.pool_fight_live import LiveEdits
from bot.handlers.world_common import user_l10n
from bot.i18n import L10n, Translator
from bot.services import fight_choice
from bot.services.fight_flow import Choosing, options
from bot.services.fight_store import FightView, Outcome, set_message
from bot.services.games import settings_of
from bot.services.runtime import Runtime
from bot.views.durations import duration
from bot.views.pool_fight import live_text, opened_text
from bot.views.pool_fight_round import results_text

TEXT_LIMIT = 4000  # Telegram's 4096, with a margin
PROMPTS = {
    Choosing.SETUP: "pool-fight-prompt-setup",
    Choosing.PICK: "pool-fight-prompt-pick",
    Choosing.RETARGET: "pool-fight-prompt-retarget",
}


def group_l10n(translator: Translator, view: FightView) -> L10n:
    return translator.for_locale(view.game.locale)


async def publish(
    bot: Bot, outcome: Outcome, translator: Translator, runtime: Runtime, live: LiveEdits
) -> None:
    view = outcome.view
    l10n = group_l10n(translator, view)
    if outcome.report is not None:
        await post_live(bot, view, l10n, live, results_text(l10n, view.id, outcome.report))
    elif outcome.opened:
        await post_live(bot, view, l10n, live, old_text=opened_text(l10n, view))
    else:
        await live.edit(bot, view, l10n)
    for fighter in outcome.prompts:
        await prompt(bot, view, fighter, translator, runtime, live)


async def post_live(
    bot: Bot,
    view: FightView,
    l10n: L10n,
    live: LiveEdits,
    results: str = "",
    old_text: str = "",
) -> None:
    """The live message sent anew, under the round's ``results`` if any: a new group message,
    which notifies the players it mentions (an edit would not). The old message loses its
    buttons (and becomes ``old_text`` when given)."""
    settings = settings_of(view.game)
    text = "\n\n".join([t for t in (results, live_text(l10n, view, settings)) if t])
    if len(text) > TEXT_LIMIT:  # never expected (8 fighters need ~2500): stay readable
        await bot.send_message(
            view.record.chat_id, results, message_thread_id=view.record.thread_id
        )
        text = live_text(l10n, view, settings)
    old = view.record.message_id
    sent = await bot.send_message(
        view.record.chat_id,
        text,
        reply_markup=await live_keyboard(bot, l10n, view),
        message_thread_id=view.record.thread_id,
    )
    await set_message(view.record, sent.message_id)
    live.sent(view)
    if old is None:
        return
    with contextlib.suppress(TelegramAPIError):
        if old_text:
            await bot.edit_message_text(
                old_text, chat_id=view.record.chat_id, message_id=old, reply_markup=None
            )
        else:
            await bot.edit_message_reply_markup(
                chat_id=view.record.chat_id, message_id=old, reply_markup=None
            )


async def prompt(
    bot: Bot,
    view: FightView,
    fighter: int,
    translator: Translator,
    runtime: Runtime,
    live: LiveEdits,
) -> bool:
    """Send the fighter their private choice; a closed private chat is shown in the group."""
    state = view.fight.state
    assert state is not None
    offer = options(state, [view.characters[n] for n in state.initiative], fighter)
    if not offer.targets:
        return True
    user_id = view.owners[fighter]
    l10n = await user_l10n(translator, user_id, view.game.locale)
    default = view.name(offer.default) if offer.default is not None else ""
    settings = settings_of(view.game)
    seconds = settings.choice_timeout if offer.setup else settings.round_timeout
    text = l10n.text(PROMPTS[offer.kind], id=view.id, default=default, time=duration(l10n, seconds))
    try:
        await bot.send_message(user_id, text, reply_markup=target_keyboard(view, offer))
    except TelegramForbiddenError:
        changed = await fight_choice.set_reachable(view.game, view.id, fighter, False, runtime)
        if changed is not None:  # a new message: the fighter is mentioned, and notified
            await post_live(bot, changed, group_l10n(translator, changed), live)
        return False
    if fighter in view.fight.unreachable:
        changed = await fight_choice.set_reachable(view.game, view.id, fighter, True, runtime)
        if changed is not None:
            await live.edit(bot, changed, group_l10n(translator, changed))
    return True
