"""What simulated users do: write messages, press buttons, join groups, block the bot.

Each action mutates the state and enqueues the Update Telegram would send the bot.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import ButtonNotFound, EmulatorError
from .formatting import detect_entities, utf16_len, utf16_slice
from .models import (
    PRESENT_STATUSES,
    ChatEvent,
    ChatMemberInfo,
    EmuCallbackQuery,
    EmuChat,
    EmuMessage,
    EmuUser,
    MemberStatus,
    MessageEdit,
    PendingUpdate,
)
from .serialization import (
    callback_query_json,
    chat_member_updated_json,
    message_json,
    user_json,
)
from .state import EmulatorState

_DEEP_LINK_RE = re.compile(r"^[A-Za-z0-9_-]{0,64}$")


def _check_can_write(state: EmulatorState, user: EmuUser, chat: EmuChat) -> None:
    if not chat.is_private and not chat.members_can_send:
        member = state.member(chat, user.id)
        if member is None or member.status not in ("creator", "administrator"):
            raise EmulatorError(f"{chat!r} is closed: only its admins write now")
    if chat.migrated_to is not None:
        raise EmulatorError(f"{chat!r} became a supergroup: write in {chat.migrated_to}")
    if chat.is_private:
        if chat.user is not user:
            raise EmulatorError(f"{user!r} cannot write in the private chat of {chat.user!r}")
        if user.blocked_bot:
            raise EmulatorError(f"{user!r} blocked the bot; call unblock_bot() first")
    elif not state.is_present(chat, user):
        raise EmulatorError(f"{user!r} is not a member of {chat!r}; call join_group() first")


def _thread_for(chat: EmuChat, thread_id: int | None, reply_to: EmuMessage | None) -> int | None:
    if not chat.is_forum:
        return None
    if thread_id is None and reply_to is not None:
        thread_id = reply_to.thread_id
    if thread_id is not None and thread_id not in chat.topics:
        raise EmulatorError(f"no topic {thread_id} in {chat!r}")
    return thread_id


def should_deliver(state: EmulatorState, message: EmuMessage) -> bool:
    """Would the bot receive this group message (membership and privacy mode)?

    A bot with privacy mode on (BotFather's default) that is not an administrator gets, in a
    group, only service messages, messages that start with a command for it (``/cmd`` or
    ``/cmd@this_bot``), replies to its own messages and messages that mention it
    (``@this_bot`` or a ``text_mention`` of it). Callback queries always reach it.
    """
    chat = message.chat
    if chat.is_private:
        return True
    if chat.bot_status not in PRESENT_STATUSES:
        return False
    if not state.privacy_mode or state.bot_is_admin(chat) or message.kind == "service":
        return True
    if message.reply_to is not None and message.reply_to.sender is state.bot:
        return True
    return any(_addresses_bot(state, message, entity) for entity in message.entities)


def _addresses_bot(state: EmulatorState, message: EmuMessage, entity: dict[str, Any]) -> bool:
    """Is ``entity`` a command at the start of the message for this bot, or a mention of it?"""
    kind = entity["type"]
    if kind == "text_mention":
        return bool(entity.get("user", {}).get("id") == state.bot.id)
    if kind not in ("bot_command", "mention"):
        return False
    part = utf16_slice(message.text or "", entity["offset"], entity["length"])
    username = (state.bot.username or "").lower()
    if kind == "mention":
        return part[1:].lower() == username
    _, _, target = part.partition("@")
    return entity["offset"] == 0 and (not target or target.lower() == username)


def push_message_update(
    state: EmulatorState, message: EmuMessage, kind: str = "message"
) -> PendingUpdate | None:
    if not should_deliver(state, message):
        return None
    return state.updates.push(kind, message_json(message))


def send_text(
    state: EmulatorState,
    user: EmuUser,
    chat: EmuChat,
    text: str,
    *,
    reply_to: EmuMessage | None = None,
    thread_id: int | None = None,
    entities: list[dict[str, Any]] | None = None,
) -> EmuMessage:
    _check_can_write(state, user, chat)
    if not text.strip():
        raise EmulatorError("Telegram clients do not send empty messages")
    if reply_to is not None and reply_to.chat is not chat:
        raise EmulatorError("reply_to must be a message of the same chat")
    message = EmuMessage(
        message_id=chat.allocate_message_id(),
        chat=chat,
        sender=user,
        date=state.now(),
        text=text,
        entities=_with_client_entities(text, entities or []),
        raw_text=text,
        reply_to=reply_to,
        thread_id=_thread_for(chat, thread_id, reply_to),
    )
    if chat.is_private:
        user.started = True
    state.store_message(message)
    push_message_update(state, message)
    return message


def _with_client_entities(text: str, extra: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entities Telegram detects plus those the client set (a ``text_mention`` picked from
    the member list), in order of their offsets."""
    size = utf16_len(text)
    for entity in extra:
        offset, length = entity.get("offset"), entity.get("length")
        if not isinstance(offset, int) or not isinstance(length, int) or length <= 0:
            raise EmulatorError(f"entity {entity!r} needs an offset and a positive length")
        if offset < 0 or offset + length > size:
            raise EmulatorError(f"entity {entity!r} lies outside the text")
    return sorted([*detect_entities(text), *extra], key=lambda entity: entity["offset"])


def deep_link_text(payload: str) -> str:
    if not _DEEP_LINK_RE.match(payload):
        raise EmulatorError(f"invalid deep link payload {payload!r} (allowed: A-Za-z0-9_-, <=64)")
    return f"/start {payload}" if payload else "/start"


def edit_text(state: EmulatorState, user: EmuUser, message: EmuMessage, text: str) -> EmuMessage:
    if message.sender is not user or message.deleted:
        raise EmulatorError(f"{user!r} cannot edit {message!r}")
    entities = detect_entities(text)
    edit = MessageEdit(
        state.now(), "text", message.text, text, None, None, message.entities, entities
    )
    message.text = message.raw_text = text
    message.entities = entities
    message.edit_date = edit.date
    message.edits.append(edit)
    state.add_event(message.chat, ChatEvent("edit", user, message=message, edit=edit))
    push_message_update(state, message, "edited_message")
    return message


def _find_button(message: EmuMessage, text: str | None, data: str | None) -> dict[str, Any]:
    for row in message.buttons:
        for button in row:
            if (text is not None and button.get("text") == text) or (
                data is not None and button.get("callback_data") == data
            ):
                return button
    wanted = f"text={text!r}" if text is not None else f"callback_data={data!r}"
    raise ButtonNotFound(f"no button with {wanted} in {message!r}; buttons: {message.button_texts}")


def press_button(
    state: EmulatorState,
    user: EmuUser,
    message: EmuMessage,
    text: str | None = None,
    *,
    data: str | None = None,
    forged: bool = False,
) -> EmuCallbackQuery:
    """A press of a button of ``message``; ``forged``: send ``data`` though no button has it
    (what a modified client can do)."""
    if text is None and data is None:
        raise EmulatorError("press_button needs the button text or its callback data")
    if message.deleted:
        raise EmulatorError(f"{message!r} was deleted")
    if message.chat.migrated_to is not None:
        raise EmulatorError(f"{message.chat!r} became a supergroup: its buttons are dead")
    if message.chat.is_private and message.chat.user is not user:
        raise EmulatorError(f"{user!r} cannot see {message!r}")
    if not message.chat.is_private and not state.is_present(message.chat, user):
        raise EmulatorError(f"{user!r} is not a member of {message.chat!r}")
    if forged and data is not None:
        button: dict[str, Any] = {"text": "(forged)", "callback_data": data}
    else:
        button = _find_button(message, text, data)
    callback_data = button.get("callback_data")
    if not isinstance(callback_data, str):
        raise EmulatorError(f"button {button.get('text')!r} has no callback_data: {button}")
    query = EmuCallbackQuery(
        id=state.new_query_id(),
        user=user,
        message=message,
        data=callback_data,
        chat_instance=str((message.chat.id * 7919 + state.bot.id) % 10**18),
    )
    state.callback_queries[query.id] = query
    label = str(button.get("text", ""))
    event = ChatEvent("press", user, message=message, query=query, note=label)
    state.add_event(message.chat, event)
    state.updates.push("callback_query", callback_query_json(query))
    return query


def _service_message(
    state: EmulatorState, chat: EmuChat, actor: EmuUser, extra: dict[str, Any]
) -> EmuMessage:
    message = EmuMessage(
        message_id=chat.allocate_message_id(),
        chat=chat,
        sender=actor,
        date=state.now(),
        kind="service",
        extra=extra,
    )
    chat.messages[message.message_id] = message
    return message


def _member_update(
    state: EmulatorState,
    kind: str,
    chat: EmuChat,
    actor: EmuUser,
    old: ChatMemberInfo,
    new: ChatMemberInfo,
) -> None:
    payload = chat_member_updated_json(chat, actor, state.now(), old, new)
    state.updates.push(kind, payload)


def join_group(state: EmulatorState, user: EmuUser, chat: EmuChat) -> EmuMessage:
    if chat.is_private:
        raise EmulatorError("cannot join a private chat")
    old = state.member(chat, user.id) or ChatMemberInfo(user, "left")
    if old.status in PRESENT_STATUSES:
        raise EmulatorError(f"{user!r} is already in {chat!r}")
    new = ChatMemberInfo(user, "member")
    chat.members[user.id] = new
    message = _service_message(state, chat, user, {"new_chat_members": [user_json(user)]})
    state.add_event(chat, ChatEvent("join", user, message=message))
    push_message_update(state, message)
    if state.bot_is_admin(chat):
        _member_update(state, "chat_member", chat, user, old, new)
    return message


def leave_group(state: EmulatorState, user: EmuUser, chat: EmuChat) -> EmuMessage:
    old = chat.members.get(user.id)
    if old is None or old.status not in PRESENT_STATUSES:
        raise EmulatorError(f"{user!r} is not in {chat!r}")
    new = ChatMemberInfo(user, "left")
    chat.members[user.id] = new
    message = _service_message(state, chat, user, {"left_chat_member": user_json(user)})
    state.add_event(chat, ChatEvent("leave", user, message=message))
    push_message_update(state, message)
    if state.bot_is_admin(chat):
        _member_update(state, "chat_member", chat, user, old, new)
    return message


def migrate_group(state: EmulatorState, chat: EmuChat, by: EmuUser) -> EmuChat:
    """``by`` makes a group a supergroup (or Telegram does, at 200 members): a new chat with
    a new id and the same people; a service message in each (the new chat's ``from`` first,
    then the old one's ``to``) and the bot's join of the new one. The old id answers every
    call with "group chat was upgraded" and its ``migrate_to_chat_id``."""
    if chat.type != "group":
        raise EmulatorError(f"{chat!r} is not a basic group")
    new = state.add_group(
        chat.title or "",
        owner=None,
        admins=(),
        members=(),
        forum=False,
        supergroup=True,
        username=None,
        bot_status="member",
    )
    new.bot_status, new.members = chat.bot_status, dict(chat.members)
    here = _service_message(state, new, by, {"migrate_from_chat_id": chat.id})
    state.add_event(new, ChatEvent("migrate", by, message=here, note=f"from {chat.id}"))
    push_message_update(state, here)
    away = _service_message(state, chat, by, {"migrate_to_chat_id": new.id})
    state.add_event(chat, ChatEvent("migrate", by, message=away, note=f"to {new.id}"))
    push_message_update(state, away)
    chat.migrated_to = new.id
    old = ChatMemberInfo(state.bot, "left")
    _member_update(state, "my_chat_member", new, by, old, ChatMemberInfo(state.bot, new.bot_status))
    return new


def set_blocked(state: EmulatorState, user: EmuUser, blocked: bool) -> None:
    if user.blocked_bot == blocked:
        return
    chat = state.private_chat(user)
    statuses: tuple[MemberStatus, MemberStatus] = (
        ("member", "kicked") if blocked else ("kicked", "member")
    )
    user.blocked_bot = blocked
    if not blocked:
        user.started = True
    state.add_event(chat, ChatEvent("block", user, note="blocked" if blocked else "unblocked"))
    old, new = (ChatMemberInfo(state.bot, status) for status in statuses)
    _member_update(state, "my_chat_member", chat, user, old, new)


def set_bot_status(state: EmulatorState, chat: EmuChat, status: MemberStatus, by: EmuUser) -> None:
    """Promote/demote/kick/add the bot in a group, with a my_chat_member update."""
    if chat.is_private:
        raise EmulatorError("use block_bot()/unblock_bot() for private chats")
    old = ChatMemberInfo(state.bot, chat.bot_status)
    chat.bot_status = status
    _member_update(state, "my_chat_member", chat, by, old, ChatMemberInfo(state.bot, status))
