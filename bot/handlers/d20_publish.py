"""What a d20 step owes the group (saved with the step, delivered by :mod:`bot.courier`).

A battle has one live message at a time (:func:`bot.services.battles.live_key`). The call
to battle is sent, then edited as fighters join. When joining ends, the first turn's message is
sent with the initiative dice on top, and the call keeps its text without its buttons; or the
call is edited to say the battle lapsed. Every turn is one new group message (a new message
notifies the actor it mentions): its die and narrative on top, as the message's head, which no
later edit rewrites; what the battle waits for now under it, with that stage's buttons. The
previous message loses its buttons as the new one goes out, in the same owed row, so a turn
skipped by its timer and a battle's end leave no stale buttons. Sparing the fallen edits the
end message under its head.
"""

from __future__ import annotations

from typing import Any

from aiogram import Bot

from bot.callbacks import markup_data
from bot.i18n import Translator
from bot.services.battles import BattleNews, live_key
from bot.services.d20_checks import CheckRolled
from bot.services.games import settings_of
from bot.services.outbox import Action, Outgoing
from bot.views.d20 import check_text, join_closed_text, join_text, next_part, start_head
from bot.views.d20_keyboards import join_keyboard, keyboard_for
from bot.views.d20_turns import changed, spared_text, turn_closed, turn_head
from rules.d20.encounter import BattleStage, Happened


async def compose(bot: Bot, translator: Translator, news: BattleNews) -> list[Outgoing]:
    l10n = translator.for_locale(news.game.locale)
    snap, settings, happened = news.snap, settings_of(news.game), news.happened
    live: dict[str, Any] = {
        "chat_id": news.chat_id,
        "thread_id": news.thread_id,
        "live": live_key(snap.id),
    }
    if happened in (Happened.OPENED, Happened.JOINED):
        text = join_text(l10n, snap.state, snap.state.opener_name, settings.join_window)
        action = Action.SEND if happened is Happened.OPENED else Action.EDIT
        markup = markup_data(join_keyboard(l10n, snap))
        return [Outgoing(text=text, action=action, markup=markup, **live)]
    if happened is Happened.STARTED and snap.stage is BattleStage.LAPSED:
        return [Outgoing(text=join_closed_text(l10n, snap), action=Action.EDIT, **live)]
    turn = news.turn
    full = turn is None or turn.new_round or happened is Happened.SPARED
    moved = frozenset() if turn is None else changed(turn)
    status = next_part(l10n, snap, settings, full=full, changed=moved)
    if happened is Happened.STARTED:
        head, retire = start_head(l10n, snap), join_closed_text(l10n, snap)
    else:
        assert turn is not None
        if happened is Happened.SPARED:
            text = f"{status}\n\n{spared_text(l10n, turn)}"
            return [Outgoing(text=text, action=Action.EDIT, **live)]
        head, retire = turn_head(l10n, turn, snap.state), turn_closed(l10n, turn)
    markup = markup_data(keyboard_for(l10n, snap))
    return [Outgoing(text=status, head=head, retire=retire, markup=markup, **live)]


async def compose_check(bot: Bot, translator: Translator, rolled: CheckRolled) -> list[Outgoing]:
    text = check_text(translator.for_locale(rolled.locale), rolled.who, rolled.what, rolled.result)
    return [Outgoing(rolled.chat_id, text, thread_id=rolled.thread_id)]
