"""Pieces shared by the creation dialogs: the game, the name and gender steps (duel, d20),
inline errors, cancelling and the final save.

A refusal inside a dialog is shown as a warning line on top of the window (set by a handler,
shown once by :func:`error_getter`), so every callback is answered by aiogram-dialog itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiogram.fsm.state import State
from aiogram.types import CallbackQuery, Message
from aiogram_dialog import DialogManager, Window
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Back, Button, Row
from aiogram_dialog.widgets.text import Format, Multi

from bot.db.models import Game
from bot.dialogs.widgets import I18NFormat, l10n_of
from bot.i18n import Html
from bot.services.characters import Build, create_character
from bot.services.errors import GameEnded, InvalidBuild, InvalidName, ServiceError
from bot.services.names import check_name_free, clean_name
from bot.views.grammar import gender_of
from bot.views.refusals import in_private, private_refusal_text, refusal_message
from rules.gender import Gender

ERROR_KEY = "error"
NAME_KEY = "name"
GENDER_KEY = "gender"


@dataclass(frozen=True, slots=True)
class FlowTexts:
    """Locale ids one system's dialog uses for the shared steps."""

    need_text: str
    cancel_button: str
    cancelled: str
    created: str


def show_error(manager: DialogManager, msg_id: str, **args: str | int) -> None:
    """Show ``msg_id`` as a warning line the next time a window renders."""
    manager.dialog_data[ERROR_KEY] = {"id": msg_id, "args": args}


def show_refusal(manager: DialogManager, error: ServiceError) -> None:
    key, args = refusal_message(in_private(error))
    show_error(manager, key, **{k: v for k, v in args.items() if isinstance(v, str | int)})


async def error_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    stored = dialog_manager.dialog_data.pop(ERROR_KEY, None)
    if not stored:
        return {"error": ""}
    return {"error": Html(l10n_of(dialog_manager).text(stored["id"], **stored["args"]))}


def error_line() -> Format:
    """The warning line (already safe HTML from the locale); empty when there is none."""
    return Format("⚠️ {error}", when="error")


async def game_of(manager: DialogManager) -> Game:
    start_data = manager.start_data
    game_id = start_data.get("game_id") if isinstance(start_data, dict) else None
    game = await Game.get_or_none(id=game_id) if isinstance(game_id, int) else None
    if game is None:
        raise GameEnded()
    return game


async def end_with(manager: DialogManager, text: str) -> None:
    """Close the dialog (its last message loses its buttons), then say ``text`` in the chat."""
    await manager.done()
    chat = manager.middleware_data["event_chat"]
    await manager.middleware_data["bot"].send_message(chat.id, text)


def name_input(texts: FlowTexts) -> MessageInput:
    async def on_name(message: Message, _: MessageInput, manager: DialogManager) -> None:
        if not message.text:
            show_error(manager, texts.need_text)
            return
        try:
            name = clean_name(message.text)
            await check_name_free(await game_of(manager), name)
        except InvalidName as error:
            show_refusal(manager, error)
            return
        except ServiceError as error:
            await end_with(manager, private_refusal_text(l10n_of(manager), error))
            return
        manager.dialog_data[NAME_KEY] = name
        await manager.next()

    return MessageInput(on_name)


def chosen_gender(manager: DialogManager) -> Gender | None:
    """The gender chosen in this dialog; None for a dialog begun before the step existed."""
    value = manager.dialog_data.get(GENDER_KEY)
    return Gender(value) if value in {g.value for g in Gender} else None


async def gender_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    data = dialog_manager.dialog_data
    return {"name": data.get(NAME_KEY, ""), "gender": gender_of(data.get(GENDER_KEY))}


async def on_gender(_: CallbackQuery, button: Button, manager: DialogManager) -> None:
    gender = Gender.FEMALE if button.widget_id == "she" else Gender.MALE
    manager.dialog_data[GENDER_KEY] = gender.value
    await manager.next()


def gender_window(texts: FlowTexts, back: Back, state: State) -> Window:
    """The step right after the name: he or she, for the texts' agreement."""
    return Window(
        Multi(error_line(), I18NFormat("creation-gender-prompt"), sep="\n\n"),
        Row(
            Button(I18NFormat("creation-gender-he"), id="he", on_click=on_gender),
            Button(I18NFormat("creation-gender-she"), id="she", on_click=on_gender),
        ),
        Row(back, cancel_button(texts)),
        getter=[error_getter, gender_getter],
        state=state,
    )


def cancel_button(texts: FlowTexts) -> Button:
    async def on_cancel(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
        await end_with(manager, l10n_of(manager).text(texts.cancelled))

    return Button(I18NFormat(texts.cancel_button), id="cancel", on_click=on_cancel)


async def finish(manager: DialogManager, texts: FlowTexts, build: Build, name_state: State) -> None:
    """Create the character; refusals are shown, and nothing is created."""
    l10n = l10n_of(manager)
    user = manager.middleware_data["event_from_user"]
    try:
        game = await game_of(manager)
        character = await create_character(game, user.id, manager.dialog_data[NAME_KEY], build)
    except InvalidName as error:
        manager.dialog_data.pop(NAME_KEY, None)
        show_refusal(manager, error)
        await manager.switch_to(name_state)
        return
    except InvalidBuild as error:
        show_refusal(manager, error)
        return
    except ServiceError as error:
        await end_with(manager, private_refusal_text(l10n, error))
        return
    await end_with(manager, l10n.text(texts.created, number=character.number, name=character.name))
