"""``/roll 2d6+3``: table rolls in private and group chats.

Russian habits are understood: ``/roll 1к20+5 скрытность`` rolls ``1d20+5`` with the comment
«скрытность»; in a game's group the roll is signed with the roller's living character."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.i18n import L10n
from bot.services.characters import living_character
from bot.services.games import active_game
from bot.services.notation import (
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_SIDES,
    MAX_TOTAL,
    NotationError,
    NotationProblem,
    roll_notation,
    split_comment,
)
from rules.dice import Dice

_PROBLEM_MESSAGES = {
    NotationProblem.EMPTY: "roll-usage",
    NotationProblem.SYNTAX: "roll-error-syntax",
    NotationProblem.TOO_LONG: "roll-error-too-long",
    NotationProblem.TOO_MANY_DICE: "roll-error-too-many-dice",
    NotationProblem.TOO_MANY_SIDES: "roll-error-too-many-sides",
    NotationProblem.NO_DICE: "roll-error-no-dice",
    NotationProblem.ZERO: "roll-error-zero",
    NotationProblem.DIVISION_BY_ZERO: "roll-error-division-by-zero",
    NotationProblem.TOO_BIG: "roll-error-too-big",
}
_LIMITS = {
    NotationProblem.TOO_LONG: MAX_EXPRESSION_LENGTH,
    NotationProblem.TOO_MANY_DICE: MAX_DICE,
    NotationProblem.TOO_MANY_SIDES: MAX_SIDES,
    NotationProblem.TOO_BIG: MAX_TOTAL,
}


def build_router() -> Router:
    router = Router(name="roll")
    router.message.register(roll, Command("roll"))
    return router


async def roll(message: Message, command: CommandObject, l10n: L10n, table_dice: Dice) -> None:
    commented = split_comment(command.args or "")
    try:
        result = roll_notation(commented.notation, table_dice)
    except NotationError as error:
        text = commented.typed
        shown = text if len(text) <= MAX_EXPRESSION_LENGTH else text[:MAX_EXPRESSION_LENGTH] + "…"
        await message.reply(
            l10n.text(
                _PROBLEM_MESSAGES[error.problem],
                text=shown,
                limit=_LIMITS.get(error.problem, 0),
            )
        )
        return
    name = await _signature(message)
    if commented.comment:
        answer = l10n.text(
            "roll-result-commented",
            name=name,
            comment=commented.comment,
            breakdown=result.breakdown,
            total=result.total,
        )
    else:
        answer = l10n.text("roll-result", name=name, breakdown=result.breakdown, total=result.total)
    await message.reply(answer)


async def _signature(message: Message) -> str:
    """The roller's living character in the group's game, else their Telegram name."""
    user = message.from_user
    if user is None:
        return ""
    if message.chat.type != "private":
        game = await active_game(message.chat.id)
        character = await living_character(game, user.id) if game is not None else None
        if character is not None:
            return character.name
    return user.first_name
