"""editMessage*, deleteMessage(s), answerCallbackQuery."""

from __future__ import annotations

import time
from typing import Any, Literal

from ..errors import bad_request
from ..models import CallbackAnswer, ChatEvent, EmuMessage, MessageEdit
from ..params import Params
from ..serialization import message_json
from ..state import EmulatorState
from .base import method
from .content import NOT_MODIFIED, Content, parse_content, parse_reply_markup

QUERY_INVALID = "query is too old and response timeout expired or query ID is invalid"
MAX_CALLBACK_ANSWER = 200


def _editable(state: EmulatorState, params: Params) -> EmuMessage:
    if "inline_message_id" in params:
        raise bad_request("MESSAGE_ID_INVALID")
    chat = state.chat_from(params)
    if chat.is_private and chat.user is not None and chat.user.blocked_bot:
        state.check_bot_can_send(chat)
    # Edits count toward the chat's limits (RateLimits.count_edits: the group's minute too).
    state.limiter.check(chat.id, is_group=not chat.is_private, edit=True)
    message = state.find_message(chat, params.get_int("message_id", required=True))
    if message is None:
        raise bad_request("message to edit not found")
    if not message.from_bot:
        raise bad_request("message can't be edited")
    return message


def _apply_edit(
    state: EmulatorState,
    message: EmuMessage,
    kind: Literal["text", "caption", "reply_markup"],
    content: Content | None,
    markup: dict[str, Any] | None,
) -> dict[str, Any]:
    new_text = content.text if content is not None else message.text
    new_entities = content.entities if content is not None else message.entities
    if (
        new_text == message.text
        and new_entities == message.entities
        and (markup == message.reply_markup)
    ):
        raise bad_request(NOT_MODIFIED)
    edit = MessageEdit(
        date=state.now(),
        kind=kind,
        old_text=message.text,
        new_text=new_text,
        old_reply_markup=message.reply_markup,
        new_reply_markup=markup,
        old_entities=message.entities,
        new_entities=new_entities,
    )
    if content is not None:
        message.text = content.text
        message.entities = content.entities
        message.raw_text = content.raw
        message.parse_mode = content.parse_mode
    message.reply_markup = markup
    message.edit_date = edit.date
    message.edits.append(edit)
    state.limiter.record(message.chat.id, edit=True)
    state.add_event(message.chat, ChatEvent("edit", state.bot, message=message, edit=edit))
    return message_json(message)


@method("editMessageText")
async def edit_message_text(state: EmulatorState, params: Params) -> Any:
    message = _editable(state, params)
    if message.is_caption:
        raise bad_request("there is no text in the message to edit")
    content = parse_content(params, caption=False)
    return _apply_edit(state, message, "text", content, parse_reply_markup(params))


@method("editMessageCaption")
async def edit_message_caption(state: EmulatorState, params: Params) -> Any:
    message = _editable(state, params)
    if not message.is_caption:
        raise bad_request("there is no caption in the message to edit")
    content = parse_content(params, caption=True)
    return _apply_edit(state, message, "caption", content, parse_reply_markup(params))


@method("editMessageReplyMarkup")
async def edit_message_reply_markup(state: EmulatorState, params: Params) -> Any:
    message = _editable(state, params)
    return _apply_edit(state, message, "reply_markup", None, parse_reply_markup(params))


def _delete(state: EmulatorState, message: EmuMessage) -> None:
    chat = message.chat
    if not message.from_bot and not chat.is_private and not state.bot_is_admin(chat):
        raise bad_request("message can't be deleted")
    message.deleted = True
    state.add_event(chat, ChatEvent("delete", state.bot, message=message))


@method("deleteMessage")
async def delete_message(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    state.limiter.check(chat.id, is_group=not chat.is_private, edit=True)
    message = state.find_message(chat, params.get_int("message_id", required=True))
    if message is None:
        raise bad_request("message to delete not found")
    _delete(state, message)
    state.limiter.record(chat.id, edit=True)
    return True


@method("deleteMessages")
async def delete_messages(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    ids = params.get_json("message_ids")
    if not isinstance(ids, list) or not ids:
        raise bad_request("message_ids is empty")
    for message_id in ids:
        message = state.find_message(chat, int(message_id))
        if message is not None:
            _delete(state, message)
    return True


@method("answerCallbackQuery")
async def answer_callback_query(state: EmulatorState, params: Params) -> Any:
    query_id = params.get_str("callback_query_id", required=True)
    query = state.callback_queries.get(query_id or "")
    if query is None or query.answer is not None:
        raise bad_request(QUERY_INVALID)
    text = params.get_str("text")
    if text is not None and len(text) > MAX_CALLBACK_ANSWER:
        raise bad_request("MESSAGE_TOO_LONG")
    query.answer = CallbackAnswer(
        text=text,
        show_alert=params.get_bool("show_alert"),
        url=params.get_str("url"),
        cache_time=params.get_int("cache_time") or 0,
        time=time.time(),
    )
    state.add_event(query.message.chat, ChatEvent("answer", state.bot, query=query))
    return True
