"""d20 in the group (rulebook: d20): /check, /battle and the admin's /skip; the battle's buttons,
its narration turns and its timers are wired here too. What they owe the group is saved with
their step (:mod:`bot.handlers.d20_publish`); only usage errors are answered here."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.callbacks import BattleCallback
from bot.config import Settings
from bot.db.models import GameSystem
from bot.handlers import d20_live
from bot.handlers.admins import sender_is_admin
from bot.handlers.d20_buttons import press
from bot.handlers.topics import topic_of
from bot.i18n import L10n
from bot.scheduler import Scheduler
from bot.services import battle_waits, battles, games
from bot.services.battle_store import JOIN_TIMER, NARRATION_TIMER, TURN_TIMER
from bot.services.characters import living_character
from bot.services.d20_checks import roll_check
from bot.services.errors import Refusal, ServiceError
from bot.services.names import reads_alike, visible_text
from bot.services.permissions import may_administer
from bot.services.runtime import Runtime
from rules.d20 import Difficulty

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
    router.message.register(d20_live.on_narration, in_group, d20_live.NarrationDue())
    return router


def register_buttons(buttons: Router) -> None:
    """The battle's buttons, in the dispatcher's button lane (outside the dialogs)."""
    buttons.callback_query.register(press, BattleCallback.filter())


def register_timers(scheduler: Scheduler) -> None:
    scheduler.on(JOIN_TIMER, d20_live.on_join_timer)
    scheduler.on(TURN_TIMER, d20_live.on_turn_timer)
    scheduler.on(NARRATION_TIMER, d20_live.on_narration_timer)


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
    l10n: L10n,
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
    await roll_check(game, DIFFICULTIES[args[0]], who, what, where, runtime)


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
    await battles.open_battle(
        game,
        user.id,
        user.full_name,
        is_admin,
        sides,
        message.chat.id,
        topic_of(message),
        runtime,
    )


async def skip(
    message: Message,
    bot: Bot,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """An admin's /skip: the description the battle waits for, else the current turn."""
    assert message.from_user is not None
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    game = await games.require_game(message.chat.id)
    await battle_waits.admin_skip(game, runtime)
