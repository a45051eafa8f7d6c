"""Duels in the group: /duel N skill (or a reply) challenges; the duel's buttons and clocks are
every encounter's (:mod:`bot.handlers.encounters`); /heal is a game master's intervention
(:mod:`bot.handlers.gm_roster`).

What a duel step owes the group (its news, saved with the step and delivered by
:mod:`bot.courier`): the duel has one live message (:func:`~bot.services.duels.live_key`): the
challenge, then each round, then the end. The challenge's answer edits it; each round, a stop
and a timeout are a new message (a new message notifies the fighters it mentions), and the one
before loses its buttons as the new one comes. A round's dice are the new message's head: the
edit that shows who has chosen keeps them (a round that ends the duel is one text with no edit
to come).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import InlineKeyboardMarkup, Message

from bot.callbacks import markup_data
from bot.config import Settings
from bot.db.models import Character, Game
from bot.handlers.topics import topic_of
from bot.i18n import L10n, Translator
from bot.services import duels, games
from bot.services.characters import character_by_number, living_character
from bot.services.duels import DuelNews, NpcDuelist, live_key
from bot.services.errors import BadNumber, InvalidName, Refusal, ServiceError
from bot.services.games import settings_of
from bot.services.names import clean_name, visible_text
from bot.services.numbers import parse_ordinal
from bot.services.outbox import Action, Outgoing
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from bot.views.duel import (
    ANSWERS,
    CHOICES,
    challenge_text,
    choice_text,
    closed_text,
    declined_text,
    end_text,
    expired_text,
    genders_of,
    keyboard,
    round_dice,
)
from rules.d20.character import NPC_HP_MAX
from rules.duel import Choice, EndReason, Side
from rules.duel.character import DEFAULT_HP
from rules.duel.encounter import Happened

GROUP_CHATS = {"group", "supergroup"}
NPC_SKILL_MAX = 99  # an NPC's skill in the duel (a player's skills are whole numbers >= 1)


def build_router() -> Router:
    router = Router(name="duels")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.message.register(challenge, Command("duel"))
    return router


async def _target(message: Message, game: Game, args: list[str]) -> tuple[Character, str]:
    """``/duel N skill`` or, replying to the opponent's message, ``/duel skill``."""
    reply = message.reply_to_message
    number = parse_ordinal(args[0]) if args else None
    if number is not None:
        return await character_by_number(game, number), " ".join(args[1:])
    if reply is not None and reply.from_user is not None and args:
        target = await living_character(game, reply.from_user.id)
        if target is not None:
            return target, " ".join(args)
    raise BadNumber()


def parse_npc(written: str) -> NpcDuelist | None:
    """``Имя навык [ловкость[%]] [хиты]``, e.g. «Разбойник 8 20 30»; None: not that shape."""
    tokens = written.split()
    numbers: list[int] = []
    while len(tokens) > 1 and tokens[-1].removesuffix("%").isdecimal():
        numbers.insert(0, int(tokens.pop().removesuffix("%")))
    name = visible_text(" ".join(tokens))
    if not name or not 1 <= len(numbers) <= 3:
        return None
    skill = numbers[0]
    agility = numbers[1] if len(numbers) > 1 else 0
    hp = numbers[2] if len(numbers) > 2 else DEFAULT_HP
    if not (1 <= skill <= NPC_SKILL_MAX and 0 <= agility <= 100 and 1 <= hp <= NPC_HP_MAX):
        return None
    return NpcDuelist(name, skill, agility, hp)


async def challenge(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """The challenge (owed with it) pings the challenged, who alone answers. ``/duel N навык |
    Имя навык ловкость хиты``: the game master's NPC challenges (rulebook: duel / NPC duels)."""
    assert message.from_user is not None
    head, bar, npc_part = (command.args or "").partition("|")
    if bar:
        await _npc_challenge(message, head, npc_part, bot, l10n, translator, runtime, settings)
        return
    args = (command.args or "").split()
    try:
        game = await games.require_game(message.chat.id)
        target, skill = await _target(message, game, args)
        where, told = (message.chat.id, topic_of(message)), partial(compose, bot, translator)
        await duels.challenge(game, message.from_user.id, target, skill, *where, runtime, told)
    except BadNumber:
        await message.reply(l10n.text("duel-usage"))


async def _npc_challenge(
    message: Message,
    head: str,
    npc_part: str,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    assert message.from_user is not None
    game = await games.require_game(message.chat.id)
    if not await may_administer(bot, message.chat.id, message.from_user.id, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    npc = parse_npc(npc_part)
    try:
        if npc is None:
            raise BadNumber()
        name = clean_name(npc.name)
        target, skill = await _target(message, game, head.split())
    except (BadNumber, InvalidName):
        await message.reply(l10n.text("duel-npc-usage", max=NPC_HP_MAX))
        return
    where = (message.chat.id, topic_of(message))
    told = partial(compose, bot, translator)
    await duels.challenge_by_npc(game, target, skill, replace(npc, name=name), where, runtime, told)


async def compose(bot: Bot, translator: Translator, news: DuelNews) -> list[Outgoing]:
    snap, step = news.snap, news.step
    record, duel = snap.record, snap.duel
    l10n = translator.for_locale(news.game.locale)
    settings = settings_of(news.game)
    genders = genders_of(snap.challenger_gender, snap.opponent_gender)
    live = Outgoing(record.chat_id, "", thread_id=record.thread_id, live=live_key(record.id))

    def owed(
        text: str, markup: InlineKeyboardMarkup | None = None, **changes: Any
    ) -> list[Outgoing]:
        return [replace(live, text=text, markup=markup_data(markup), **changes)]

    if step is Happened.CHALLENGED:
        text = challenge_text(l10n, duel, snap.opponent_user, settings.join_window)
        return owed(text, keyboard(l10n, record.id, ANSWERS))
    if step is Happened.DECLINED:
        return owed(declined_text(l10n, duel), action=Action.EDIT)
    if step is Happened.EXPIRED:
        return owed(expired_text(l10n, duel, snap.opponent_gender), action=Action.EDIT)
    # A round's message, once answered, is closed with a last edit as its buttons go: the
    # duel's end, or (with the number) the next round, is below it.
    decided = closed_text(l10n, duel, 0)
    if step is Happened.STOPPED:
        stopper = next(s for s in Side if duel.choice(s) is Choice.STOP)
        return owed(end_text(l10n, duel, stopped_by=stopper, genders=genders), retire=decided)
    if step is Happened.TIMED_OUT:  # who did not answer, and how the winner was decided
        return owed(end_text(l10n, duel, genders=genders), retire=decided)
    result, number = duel.last_round, len(duel.rounds)
    assert result is not None
    choosing = keyboard(l10n, record.id, CHOICES, number)
    status = choice_text(l10n, duel, settings.round_timeout, genders)
    if step is Happened.CHOSE:  # the dice stay: the courier keeps the message's head
        return owed(status, choosing, action=Action.EDIT)
    owners = {Side.CHALLENGER: snap.challenger_user, Side.OPPONENT: snap.opponent_user}
    dice = round_dice(l10n, duel, result, number, owners, genders)
    retire = closed_text(l10n, duel, number)
    if duel.finished:
        assert duel.end_reason is not EndReason.STOPPED
        return owed(dice, retire=retire)
    return owed(status, choosing, head=dice, retire=retire)
