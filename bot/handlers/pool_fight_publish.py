"""What a pool fight step owes the chats (saved with the step, delivered by :mod:`bot.courier`).

A resolved round is a new live message: its dice on top (the head, which later edits never
rewrite) and the next round's status under them, so each round makes one new group message and
a new message notifies the fighters it mentions. The first round opens in a new message too;
other steps edit the live message in place. Every chooser gets a private prompt; when it cannot
be delivered (the private chat was never opened), the group shows it (:func:`on_prompt`).

Its keyboards are views (:mod:`bot.views.pool_fight_keyboards`). Here is the fight's side of
the encounter buttons (:mod:`bot.handlers.encounters`): how a press is read as a move
(:func:`read_move`, :func:`prepare`), what the presser hears (:func:`answer`) and what becomes
of a private choice pressed (:func:`settle`).
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from functools import partial
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramForbiddenError
from aiogram.types import InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link

from bot.callbacks import EncounterCallback, markup_data
from bot.db.models import Game
from bot.handlers import zero_health
from bot.handlers.world_common import user_l10n, users_l10n
from bot.i18n import L10n, Translator
from bot.pacing import Pacer
from bot.services import fights
from bot.services.characters import living_character
from bot.services.encounters import Moved
from bot.services.errors import Refusal, ServiceError
from bot.services.fights import Outcome, live_key
from bot.services.games import settings_of
from bot.services.outbox import Action, Outgoing
from bot.services.runtime import Runtime
from bot.views.pool_fight import (
    live_text,
    opened_text,
    prompt_text,
    round_closed_text,
    sleeper_killed_text,
)
from bot.views.pool_fight_keyboards import live_keyboard, target_keyboard, wants_open_chat
from bot.views.pool_fight_round import results_text
from rules.pool.fight_flow import options
from rules.pool.fight_table import PILL_COUNTS, Move, PoolMove
from rules.pool.fight_view import FightView

PRESSED = {  # the moves a button makes (the clock and the stop are the game master's commands)
    Move.JOIN,
    Move.START,
    Move.CHOOSE,
    Move.PICK,
    Move.ATTACK,
    Move.PILLS,
    Move.STAND,
}
NUMBERED = {Move.CHOOSE, Move.PICK, Move.PILLS}  # the word ends with a target or a count
ANSWERS = {
    Move.JOIN: "pool-fight-joined-you",
    Move.START: "pool-fight-started-you",
    Move.ATTACK: "pool-fight-acted-attack",
    Move.PILLS: "pool-fight-acted-pills",
    Move.STAND: "pool-fight-acted-stand",
}
TEXT_LIMIT = 4000  # Telegram's 4096, with a margin
PROMPT_HOOK = "pool_prompt"


def group_l10n(translator: Translator, game: Game) -> L10n:
    return translator.for_locale(game.locale)


async def compose(
    bot: Bot, translator: Translator, outcome: Outcome | fights.SleeperKilled
) -> list[Outgoing]:
    """A pool fight's news as the messages it owes (a sleeper killed without a fight too)."""
    if isinstance(outcome, fights.SleeperKilled):
        return sleeper_killed(translator, outcome)
    game, record, view = outcome.game, outcome.record, outcome.view
    l10n = group_l10n(translator, game)
    status = live_text(l10n, view, settings_of(game))
    live = {
        "chat_id": record.chat_id,
        "thread_id": record.thread_id,
        "live": live_key(view.id),
        "markup": markup_data(live_keyboard(l10n, view, await _open_chat(bot, view))),
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
    owed += await _prompts(translator, game, view, outcome.prompts)
    if outcome.report is not None and outcome.report.at_zero:
        owed += await zero_health.after_round(translator, game, view, outcome.report)
    return owed


async def _prompts(
    translator: Translator, game: Game, view: FightView, fighters: tuple[int, ...]
) -> list[Outgoing]:
    """The private choices a step opens, each in its player's language (none: nothing read)."""
    if not fighters:
        return []
    languages = await users_l10n(translator, (view.owners[f] for f in fighters), game.locale)
    prompts = [
        await prompt_message(translator, game, view, f, languages[view.owners[f]]) for f in fighters
    ]
    return [prompt for prompt in prompts if prompt is not None]


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
    settings = settings_of(game)
    seconds = settings.choice_timeout if offer.setup else settings.round_timeout
    return Outgoing(
        user_id,
        prompt_text(l10n, view, offer, seconds),
        markup=markup_data(target_keyboard(view, offer)),
        hook=f"{PROMPT_HOOK}:{view.id}:{fighter}:{int(fighter in view.fight.unreachable)}",
    )


async def on_prompt(
    bot: Bot, translator: Translator, runtime: Runtime, hook: str, delivered: bool
) -> None:
    """A private prompt was delivered or could not be: the group's live message shows whether
    the fighter can be reached (a new message when not: it mentions them, and notifies)."""
    _, fight_id, fighter, unreachable = hook.split(":")
    if delivered and unreachable == "0":
        return  # reachable, as the group already shows
    game = await fights.game_of(int(fight_id))
    told = partial(compose, bot, translator)
    await fights.set_reachable(game, int(fight_id), int(fighter), delivered, runtime, told)


def sleeper_killed(translator: Translator, killed: fights.SleeperKilled) -> list[Outgoing]:
    l10n = translator.for_locale(killed.locale)
    text = sleeper_killed_text(l10n, killed.attacker, killed.sleeper, killed.spilled, killed.body)
    return [Outgoing(killed.chat_id, text, thread_id=killed.thread_id)]


async def send_prompt(
    bot: Bot, game: Game, view: FightView, fighter: int, translator: Translator, runtime: Runtime
) -> bool:
    """The fighter's pending choice sent again now (they asked); False when their private chat
    is closed to the bot (the group then shows it)."""
    private = await prompt_message(translator, game, view, fighter)
    if private is None:
        return True
    told = partial(compose, bot, translator)
    markup = InlineKeyboardMarkup.model_validate(private.markup) if private.markup else None
    try:
        await bot.send_message(private.chat_id, private.text, reply_markup=markup)
    except TelegramForbiddenError:
        await fights.set_reachable(game, view.id, fighter, False, runtime, told)
        return False
    if fighter in view.fight.unreachable:
        await fights.set_reachable(game, view.id, fighter, True, runtime, told)
    return True


async def _open_chat(bot: Bot, view: FightView) -> str | None:
    """The «open the chat» link, when the live message shows it."""
    return await create_start_link(bot, f"f{view.id}") if wants_open_chat(view) else None


def read_move(data: EncounterCallback) -> PoolMove | None:
    """A button's move: ``join``, ``start``, ``attack``, ``stand``, ``pills_N`` (N of
    :data:`PILL_COUNTS`), ``choose_T`` / ``pick_T`` (T: the target's number); None: not one."""
    word, _, number = data.move.rpartition("_") if data.move[-1].isdigit() else (data.move, "", "")
    try:
        move = Move(word)
    except ValueError:
        return None
    if move not in PRESSED or (move in NUMBERED) != bool(number):
        return None
    value = int(number) if number else 0
    if move is Move.PILLS:
        return PoolMove(move, data.at, count=value) if value in PILL_COUNTS else None
    return PoolMove(move, data.at, target=value)


async def prepare(move: PoolMove, game: Game, user_id: int, master: Any) -> PoolMove:
    """A join is the presser's living character's; a start may be the game master's."""
    if move.move is Move.JOIN:
        mine = await living_character(game, user_id)
        if mine is None:
            raise ServiceError(Refusal.NO_OWN_CHARACTER)
        return replace(move, target=mine.number)
    if move.move is Move.START:
        return replace(move, master=await master())
    return move


def answer(l10n: L10n, move: PoolMove, moved: Moved[Any, Any]) -> str:
    if move.move in (Move.CHOOSE, Move.PICK):
        return l10n.text("pool-fight-target-taken", name=moved.step.state.roster[move.target].name)
    return l10n.text(ANSWERS[move.move], count=move.count)


async def settle(
    message: Message, l10n: L10n, move: PoolMove, moved: Moved[Any, Any], pacer: Pacer
) -> None:
    """A private choice made: its message says so, its buttons gone (an edit: Telegram counts
    it toward the chat's limits, so it takes a paced slot)."""
    if move.move not in (Move.CHOOSE, Move.PICK):
        return
    name = moved.step.state.roster[move.target].name
    done = l10n.text("pool-fight-target-done", id=moved.record.id, name=name)
    async with pacer.slot(message.chat.id):
        with contextlib.suppress(TelegramAPIError):
            await message.edit_text(done, reply_markup=None)
