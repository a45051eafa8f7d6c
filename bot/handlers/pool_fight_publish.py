"""What a pool fight step owes the chats (saved with the step, delivered by :mod:`bot.courier`).

A resolved round is a new live message: its dice on top (the head, which later edits never
rewrite) and the next round's status under them, so each round makes one new group message and
a new message notifies the fighters it mentions. The first round opens in a new message too;
other steps edit the live message in place. Every chooser gets a private prompt; when it cannot
be delivered (the private chat was never opened), the group shows it (:func:`on_prompt`).

Its buttons: the group's live message (join, start, the round's actions, «send my choice
again»), the private opponent choice, and /players' challenges; and the fight's side of the
encounter buttons (:mod:`bot.handlers.encounters`): how a press is read as a move
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
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link

from bot.callbacks import EncounterCallback, PlayersFightCallback
from bot.db.models import Game
from bot.handlers import zero_health
from bot.handlers.world_common import user_l10n, users_l10n
from bot.i18n import L10n, Translator
from bot.pacing import Pacer
from bot.services import fights
from bot.services.characters import living_character
from bot.services.encounters import Moved
from bot.services.errors import Refusal, ServiceError
from bot.services.fights import KIND, Outcome, live_key
from bot.services.games import settings_of
from bot.services.outbox import Action, Outgoing
from bot.services.runtime import Runtime
from bot.views.loot import spilled_line
from bot.views.marks import duration
from bot.views.pool_fight import live_text, opened_text, round_closed_text
from bot.views.pool_fight_round import results_text
from rules.pool.fight_flow import Choosing, Options, options
from rules.pool.fight_table import PILL_COUNTS, Move, PoolMove, PoolStage
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
PROMPTS = {
    Choosing.SETUP: "pool-fight-prompt-setup",
    Choosing.PICK: "pool-fight-prompt-pick",
    Choosing.RETARGET: "pool-fight-prompt-retarget",
}


def group_l10n(translator: Translator, game: Game) -> L10n:
    return translator.for_locale(game.locale)


def markup_data(markup: InlineKeyboardMarkup | None) -> dict[str, Any] | None:
    return markup.model_dump(mode="json", exclude_none=True) if markup is not None else None


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
    default = view.names[offer.default] if offer.default is not None else ""
    settings = settings_of(game)
    seconds = settings.choice_timeout if offer.setup else settings.round_timeout
    text = l10n.text(PROMPTS[offer.kind], id=view.id, default=default, time=duration(l10n, seconds))
    return Outgoing(
        user_id,
        text,
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
    stage = fight.stage
    if stage is PoolStage.JOINING:
        rows.append(
            [
                _button(l10n, "pool-fight-button-join", view, Move.JOIN),
                _button(l10n, "pool-fight-button-start", view, Move.START),
            ]
        )
    elif state is not None and stage in (PoolStage.CHOOSING, PoolStage.FIGHTING):
        choosing = (view.chooser,) if stage is PoolStage.CHOOSING else fight.awaiting
        if stage is PoolStage.FIGHTING:
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
    acting = [view.characters[n] for n in view.acting]
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
