"""Validation helpers shared by sending and editing methods."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import bad_request
from ..formatting import Entity, parse_text, strip_text, utf16_len
from ..models import EmuChat, EmuMessage
from ..params import Params
from ..state import EmulatorState

MAX_TEXT_LENGTH = 4096
MAX_CAPTION_LENGTH = 1024
MAX_CALLBACK_DATA_BYTES = 64
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
_BUTTON_ACTIONS = frozenset(
    {
        "callback_data",
        "url",
        "login_url",
        "switch_inline_query",
        "switch_inline_query_current_chat",
        "switch_inline_query_chosen_chat",
        "copy_text",
        "callback_game",
        "pay",
        "web_app",
    }
)
_URL_RE = re.compile(r"^(https?|tg)://\S+$", re.IGNORECASE)


@dataclass
class Content:
    """Parsed text (or caption) of an outgoing message."""

    raw: str | None = None
    text: str | None = None
    entities: list[Entity] = field(default_factory=list)
    parse_mode: str | None = None


def parse_content(params: Params, *, caption: bool) -> Content:
    name = "caption" if caption else "text"
    raw = params.get_str(name, required=not caption, empty="message text is empty")
    if raw is None:
        return Content()
    parse_mode = params.get_str("parse_mode")
    entities_name = "caption_entities" if caption else "entities"
    given = params.get_json(entities_name, what="entities")
    if given is not None:
        if not isinstance(given, list) or not all(
            isinstance(e, dict) and {"type", "offset", "length"} <= e.keys() for e in given
        ):
            raise bad_request("can't parse entities JSON object")
        text, entities = raw, [dict(e) for e in given]
        parse_mode = None
    else:
        text, entities = parse_text(raw, parse_mode)
    text, entities = strip_text(text, entities)
    if not text:
        if caption:
            return Content()
        raise bad_request("message text is empty")
    limit = MAX_CAPTION_LENGTH if caption else MAX_TEXT_LENGTH
    if utf16_len(text) > limit:
        raise bad_request("message caption is too long" if caption else "message is too long")
    return Content(raw=raw, text=text, entities=entities, parse_mode=parse_mode)


def _validate_button(button: Any) -> None:
    if not isinstance(button, dict) or not isinstance(button.get("text"), str):
        raise bad_request(
            'can\'t parse inline keyboard button: Field "text" must be of type String'
        )
    if not _BUTTON_ACTIONS & button.keys():
        raise bad_request(
            "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"
        )
    data = button.get("callback_data")
    if data is not None and not (
        isinstance(data, str) and 0 < len(data.encode("utf-8")) <= MAX_CALLBACK_DATA_BYTES
    ):
        raise bad_request("BUTTON_DATA_INVALID")
    url = button.get("url")
    if url is not None and not (isinstance(url, str) and _URL_RE.match(url)):
        raise bad_request(f"inline keyboard button URL '{url}' is invalid: Wrong HTTP URL")


def parse_reply_markup(params: Params) -> dict[str, Any] | None:
    markup = params.get_json("reply_markup", what="reply keyboard markup")
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" in markup:
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise bad_request("can't parse reply keyboard markup JSON object")
        for row in rows:
            for button in row:
                _validate_button(button)
    return markup


def resolve_reply(state: EmulatorState, chat: EmuChat, params: Params) -> EmuMessage | None:
    reply = params.get_json("reply_parameters", what="reply parameters")
    target = chat
    if isinstance(reply, dict):
        message_id = reply.get("message_id")
        allow_missing = bool(reply.get("allow_sending_without_reply"))
        if reply.get("chat_id") not in (None, ""):
            target = state.resolve_chat(Params({"chat_id": reply["chat_id"]}).chat_id())
    else:
        message_id = params.get_int("reply_to_message_id")
        allow_missing = params.get_bool("allow_sending_without_reply")
    if message_id is None:
        return None
    message = state.find_message(target, int(message_id))
    if message is None and not allow_missing:
        raise bad_request("message to be replied not found")
    return message


def resolve_thread(chat: EmuChat, params: Params, reply_to: EmuMessage | None) -> int | None:
    """Validated ``message_thread_id`` (only meaningful in forum supergroups)."""
    thread_id = params.get_int("message_thread_id")
    if not chat.is_forum:
        return None
    if thread_id is None and reply_to is not None:
        thread_id = reply_to.thread_id
    if thread_id is None or thread_id == 1:  # 1 is the "General" topic
        return None
    if thread_id not in chat.topics:
        raise bad_request("message thread not found")
    return thread_id
