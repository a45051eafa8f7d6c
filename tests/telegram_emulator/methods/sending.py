"""sendMessage, media sends, sendDice, sendChatAction."""

from __future__ import annotations

import random
from typing import Any

from ..errors import bad_request
from ..models import EmuMessage
from ..params import Params
from ..serialization import message_json
from ..state import EmulatorState
from .base import method
from .content import Content, parse_content, parse_reply_markup, resolve_reply, resolve_thread

CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)
DICE_RANGES = {"🎲": 6, "🎯": 6, "🎳": 6, "🏀": 5, "⚽": 5, "🎰": 64}


def create_bot_message(
    state: EmulatorState,
    params: Params,
    *,
    kind: str,
    content: Content,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Validate the common send parameters, store the bot's message, return its JSON."""
    chat = state.chat_from(params)
    state.check_bot_can_send(chat)
    reply_to = resolve_reply(state, chat, params)
    thread_id = resolve_thread(chat, params, reply_to)
    markup = parse_reply_markup(params)
    state.limiter.check(chat.id, is_group=not chat.is_private)
    message = EmuMessage(
        message_id=chat.allocate_message_id(),
        chat=chat,
        sender=state.bot,
        date=state.now(),
        text=content.text,
        entities=content.entities,
        raw_text=content.raw,
        parse_mode=content.parse_mode,
        reply_markup=markup,
        reply_to=reply_to,
        thread_id=thread_id,
        kind=kind,
        extra=extra or {},
    )
    state.limiter.record(chat.id)
    state.store_message(message)
    return message_json(message)


@method("sendMessage")
async def send_message(state: EmulatorState, params: Params) -> Any:
    state.chat_from(params)  # "chat not found" before text errors, like Telegram
    content = parse_content(params, caption=False)
    return create_bot_message(state, params, kind="text", content=content)


def _file_ref(state: EmulatorState, params: Params, field: str) -> tuple[str, str]:
    value = params.get_str(field)
    if value is None:
        raise bad_request(f"there is no {field} in the request")
    if value.startswith("emu-"):
        return value, "emu-u-" + value.rsplit("-", 1)[-1]
    return state.new_file_id(field)


def _media_payload(kind: str, file_id: str, unique_id: str) -> Any:
    ids = {"file_id": file_id, "file_unique_id": unique_id}
    if kind == "photo":
        return [
            {**ids, "width": 90, "height": 90, "file_size": 1024},
            {**ids, "width": 800, "height": 800, "file_size": 65536},
        ]
    if kind == "sticker":
        return {**ids, "type": "regular", "width": 512, "height": 512}
    if kind in ("video", "animation"):
        return {**ids, "width": 640, "height": 360, "duration": 1}
    if kind in ("audio", "voice"):
        return {**ids, "duration": 1}
    return ids


def _register_media(kind: str) -> None:
    name = "send" + kind.capitalize()

    async def send_media(state: EmulatorState, params: Params) -> Any:
        state.chat_from(params)
        file_id, unique_id = _file_ref(state, params, kind)
        payload = _media_payload(kind, file_id, unique_id)
        if kind == "sticker":
            payload.update(is_animated=False, is_video=False)
            content = Content()
        else:
            content = parse_content(params, caption=True)
        return create_bot_message(state, params, kind=kind, content=content, extra={kind: payload})

    method(name)(send_media)


for _kind in ("photo", "document", "sticker", "video", "animation", "audio", "voice"):
    _register_media(_kind)


@method("sendDice")
async def send_dice(state: EmulatorState, params: Params) -> Any:
    emoji = params.get_str("emoji") or "🎲"
    if emoji not in DICE_RANGES:
        raise bad_request("invalid dice emoji specified")
    value = state.dice_values.popleft() if state.dice_values else 0
    value = value or random.randint(1, DICE_RANGES[emoji])
    extra = {"dice": {"emoji": emoji, "value": value}}
    return create_bot_message(state, params, kind="dice", content=Content(), extra=extra)


@method("sendChatAction")
async def send_chat_action(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    action = params.get_str("action", required=True)
    if action not in CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    state.check_bot_can_send(chat)
    return True
