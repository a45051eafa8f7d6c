"""d20 in the group (rulebook: d20): /check, /battle and the admin's /skip, the description a
battle waits for, and the battle's side of its buttons (its moves go the one way of every
encounter: :mod:`bot.handlers.encounters`). What they owe the group is saved with their step
(:mod:`bot.handlers.d20_publish`); only usage errors are answered here."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject, Filter
from aiogram.types import CallbackQuery, Message

from bot.callbacks import EncounterCallback, encounter_words, live_message
from bot.config import Settings
from bot.courier import Courier
from bot.db.models import Encounter, Game, GameStatus, GameSystem
from bot.handlers import d20_publish
from bot.handlers.admins import sender_is_admin
from bot.handlers.topics import topic_of
from bot.i18n import Html, L10n, Translator
from bot.services import battles, encounter_store, encounters, games
from bot.services.characters import living_character
from bot.services.d20_checks import roll_check
from bot.services.encounters import Moved
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.names import reads_alike, visible_text
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from bot.views.d20 import side_name
from bot.views.d20_keyboards import (
    BACK,
    FINISH_CODE,
    KIND_CODES,
    MENU,
    target_keyboard,
    turn_keyboard,
)
from rules.d20 import Difficulty
from rules.d20.encounter import KIND, BattleMove, BattleStage, Move, check_class_action
from rules.errors import RuleError

GROUP_CHATS = {"group", "supergroup"}
DIFFICULTIES = {"1": Difficulty.DC1, "2": Difficulty.DC2, "3": Difficulty.DC3}
WHAT_MAX = 200
SIDE_NAME_MAX = 24


def build_router() -> Router:
    router = Router(name="d20")
    in_group = F.chat.type.in_(GROUP_CHATS)
    router.message.register(check, Command("check"), in_group)
    router.message.register(open_battle, Command("battle"), in_group, d20_or_no_game)
    router.message.register(skip, Command("skip"), in_group, d20_game)
    router.message.register(group_only, Command("check", "battle"), F.chat.type == "private")
    router.message.register(on_narration, in_group, NarrationDue())
    return router


def register_buttons(buttons: Router) -> None:
    """The turn's menus (redrawn for the presser, no move), in the dispatcher's button lane
    before the encounters' one way."""
    buttons.callback_query.register(menu, *encounter_words(KIND, MENU, BACK))


async def d20_or_no_game(message: Message) -> bool:
    """/battle belongs to d20 games; in a game of another system other modules may take it."""
    game = await games.active_game(message.chat.id)
    return game is None or game.system == GameSystem.D20


async def d20_game(message: Message) -> bool:
    game = await games.active_game(message.chat.id)
    return game is not None and game.system == GameSystem.D20


async def group_only(message: Message, l10n: L10n) -> None:
    await message.reply(l10n.text("error-group-only"))


async def check(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """``/check 1|2|3 [what]``: anyone in the group rolls a d20 against a difficulty."""
    assert message.from_user is not None
    args = (command.args or "").split(maxsplit=1)
    if not args or args[0] not in DIFFICULTIES:
        await message.reply(l10n.text("d20-check-usage"))
        return
    what = " ".join(args[1].split())[:WHAT_MAX] if len(args) > 1 else ""
    game = await games.require_game(message.chat.id)
    character = await living_character(game, message.from_user.id)
    who = character.name if character is not None else message.from_user.full_name
    where = (message.chat.id, topic_of(message))
    told = partial(d20_publish.compose_check, bot, translator)
    await roll_check(game, DIFFICULTIES[args[0]], who, what, where, runtime, told)


def parse_sides(args: str | None) -> tuple[str, str] | None:
    """No arguments: default side names; ``A | B``: named sides; anything else: None."""
    if not args or not args.strip():
        return "", ""
    parts = [visible_text(part) for part in args.split("|")]  # invisible characters dropped
    if len(parts) != 2 or not all(0 < len(p) <= SIDE_NAME_MAX for p in parts):
        return None
    if reads_alike(parts[0], parts[1]):
        return None
    return parts[0], parts[1]


async def open_battle(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """An admin or a player with a character calls a battle; characters join by buttons."""
    user = message.from_user
    assert user is not None
    sides = parse_sides(command.args)
    if sides is None:
        await message.reply(l10n.text("d20-battle-usage", limit=SIDE_NAME_MAX))
        return
    game = await games.require_game(message.chat.id)
    is_admin = await may_administer(bot, message.chat.id, user.id, settings)
    where = (message.chat.id, topic_of(message))
    told = partial(d20_publish.compose, bot, translator)
    await battles.call_to_battle(
        game, user.id, user.full_name, is_admin, sides, where, runtime, told
    )


async def skip(
    message: Message,
    bot: Bot,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """An admin's /skip: the description the battle waits for, else the current turn."""
    assert message.from_user is not None
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    game = await games.require_game(message.chat.id)
    await battles.skip(
        game, message.from_user.id, runtime, partial(d20_publish.compose, bot, translator)
    )


class NarrationDue(Filter):
    """Only the message a battle waits for: its narrator's next non-command text in the chat;
    an NPC's description is the game master's.

    Everything else goes on to the other handlers untouched.
    """

    async def __call__(
        self, message: Message, bot: Bot, settings: Settings | None = None
    ) -> bool | dict[str, Any]:
        text = message.text or message.caption
        if message.from_user is None or not text or text.startswith("/"):
            return False
        user_id = message.from_user.id
        waiting = await battles.narration_waiting(message.chat.id, user_id)
        if waiting is None:
            return False
        record, npc = waiting
        if npc and not await may_administer(bot, message.chat.id, user_id, settings):
            return False
        return {"battle_record": record, "for_npc": npc}


async def on_narration(
    message: Message,
    battle_record: Encounter,
    for_npc: bool,
    bot: Bot,
    translator: Translator,
    runtime: Runtime,
) -> None:
    assert message.from_user is not None
    game = await Game.get(id=battle_record.game_id)  # type: ignore[attr-defined]
    if game.status != GameStatus.ACTIVE:
        return
    narrated = BattleMove(Move.NARRATE)
    table = battles.snapshot(battle_record).state
    narrator = table.narrator
    seat = narrator.number if for_npc and narrator is not None else 0
    with contextlib.suppress(StaleAction):  # the battle moved on meanwhile
        user = message.from_user.id
        await encounters.move(
            game,
            battles.BATTLES,
            battle_record.id,
            user,
            narrated,
            runtime,
            partial(d20_publish.compose, bot, translator),
            seat=seat,
            master=for_npc,
        )


async def menu(
    query: CallbackQuery,
    callback_data: EncounterCallback,
    bot: Bot,
    translator: Translator,
    courier: Courier,
    settings: Settings | None,
) -> None:
    """An action's targets, or back to the actions: only the turn's own keyboard, redrawn
    for the presser (no move is made); at an NPC's turn, for the game master only."""
    message = await live_message(query, KIND, callback_data.id)
    game = await games.require_game(message.chat.id)
    user_id = query.from_user.id

    async def master() -> bool:
        return await may_administer(bot, message.chat.id, user_id, settings)

    snap = battles.snapshot(await _turn_of(game, callback_data, user_id, master))
    group = translator.for_locale(game.locale)
    code = callback_data.move.removeprefix(MENU)
    if callback_data.move == BACK:
        markup = turn_keyboard(group, snap)
    elif code == FINISH_CODE or code in KIND_CODES:
        if code in KIND_CODES:  # a forged button for another class's action
            try:
                check_class_action(snap.state, snap.battle.current, KIND_CODES[code])
            except RuleError as error:
                raise ServiceError.of(error) from None
        markup = target_keyboard(group, snap, code)
    else:
        raise StaleAction()
    await query.answer()
    async with courier.pacer.slot(message.chat.id):  # an edit: Telegram counts it
        with contextlib.suppress(TelegramAPIError):
            await message.edit_reply_markup(reply_markup=markup)


async def _turn_of(
    game: Game, data: EncounterCallback, user_id: int, master: Callable[[], Awaitable[bool]]
) -> Encounter:
    """The battle whose turn's buttons these are, pressed on a live step by the turn's owner
    (an NPC's turn: by the game master)."""
    record = await encounter_store.load(game, data.id, KIND, (BattleStage.FIGHTING.value,))
    snap = battles.snapshot(record)
    current = snap.state.current
    if data.at != snap.state.step:
        raise StaleAction()
    if current is None:
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    gm = current.npc and await master()
    if not current.seat.held_by(user_id, game_master=gm):
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    return record


# The battle's side of its buttons (:class:`bot.handlers.encounters.Buttons`).


async def prepare(
    move: BattleMove, game: Game, user_id: int, master: Callable[[], Awaitable[bool]]
) -> BattleMove:
    """What only the shell knows: the joiner's character, whether the presser is the game
    master (who may start the battle, spare the fallen, or finish them for an NPC)."""
    if move.move is Move.JOIN:
        fighter = await battles.joiner(game, user_id)
        return BattleMove(Move.JOIN, move.at, side=move.side, joiner=fighter)
    if move.move in (Move.START, Move.SPARE):
        return BattleMove(move.move, move.at, master=await master())
    if move.move is Move.FINISH:  # after the end the game master finishes for an NPC winner
        return BattleMove(move.move, move.at, move.kind, move.target, master=await master())
    return move


def answer(l10n: L10n, move: BattleMove, moved: Moved[Any, Any]) -> str | None:
    """A join is confirmed to the joiner (the group sees the call edited)."""
    if move.move is not Move.JOIN or move.joiner is None:
        return None
    side = Html(side_name(l10n, moved.step.state, move.side, escape=False))
    return l10n.text("d20-joined", name=move.joiner.name, side=side)
