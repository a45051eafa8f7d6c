"""Chat and member information, forum topics, commands, menu button."""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import bad_request
from ..models import PRESENT_STATUSES, ChatMemberInfo, EmuChat, ForumTopic
from ..params import Params
from ..serialization import chat_full_info_json, forum_topic_json, member_json
from ..state import EmulatorState
from .base import method

_COMMAND_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_LANGUAGE_RE = re.compile(r"^([a-z]{2})?$")
_SCOPES_WITH_CHAT = frozenset({"chat", "chat_administrators", "chat_member"})


@method("getChat")
async def get_chat(state: EmulatorState, params: Params) -> Any:
    return chat_full_info_json(state.chat_from(params))


@method("getChatMember")
async def get_chat_member(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    member = state.member(chat, params.get_int("user_id", required=True) or 0)
    if member is None:
        raise bad_request("user not found")
    return member_json(member)


def _administrators(state: EmulatorState, chat: EmuChat) -> list[ChatMemberInfo]:
    admins = [m for m in chat.members.values() if m.status in ("creator", "administrator")]
    if state.bot_is_admin(chat):
        admins.append(ChatMemberInfo(state.bot, chat.bot_status))
    return admins


@method("getChatAdministrators")
async def get_chat_administrators(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    if chat.is_private:
        raise bad_request("there are no administrators in the private chat")
    return [member_json(member) for member in _administrators(state, chat)]


@method("getChatMemberCount")
async def get_chat_member_count(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    if chat.is_private:
        return 2
    present = sum(1 for m in chat.members.values() if m.status in PRESENT_STATUSES)
    return present + (1 if chat.bot_status in PRESENT_STATUSES else 0)


@method("leaveChat")
async def leave_chat(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    if chat.is_private:
        raise bad_request("chat member status can't be changed in private chats")
    chat.bot_status = "left"
    return True


@method("createForumTopic")
async def create_forum_topic(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    if not chat.is_forum:
        raise bad_request("the chat is not a forum")
    if not state.bot_is_admin(chat):
        raise bad_request("not enough rights to create a topic")
    name = params.get_str("name", required=True) or ""
    topic = state.add_topic(chat, name, params.get_int("icon_color") or 0x6FB9F0)
    return forum_topic_json(topic)


@method("closeForumTopic", "reopenForumTopic")
async def toggle_forum_topic(state: EmulatorState, params: Params) -> Any:
    chat = state.chat_from(params)
    topic: ForumTopic | None = chat.topics.get(params.get_int("message_thread_id") or 0)
    if topic is None:
        raise bad_request("message thread not found")
    topic.closed = not topic.closed
    return True


# ---------------------------------------------------------------------- commands


def scope_key(scope: Any) -> str:
    """Canonical key of a BotCommandScope (chat ids normalised to int)."""
    if scope is None:
        scope = {"type": "default"}
    if not isinstance(scope, dict) or "type" not in scope:
        raise bad_request("can't parse BotCommandScope JSON object")
    scope = dict(scope)
    if scope["type"] in _SCOPES_WITH_CHAT:
        chat_id = Params({"chat_id": scope.get("chat_id")}).chat_id()
        scope["chat_id"] = chat_id
    if "user_id" in scope:
        scope["user_id"] = int(scope["user_id"])
    return json.dumps(scope, sort_keys=True)


def _language(params: Params) -> str:
    language = params.get_str("language_code") or ""
    if not _LANGUAGE_RE.match(language):
        raise bad_request("LANG_CODE_INVALID")
    return language


@method("setMyCommands")
async def set_my_commands(state: EmulatorState, params: Params) -> Any:
    commands = params.get_json("commands", what="commands")
    if not isinstance(commands, list) or len(commands) > 100:
        raise bad_request("can't parse commands JSON object")
    normalized: list[dict[str, Any]] = []
    for command in commands:
        if not isinstance(command, dict):
            raise bad_request("can't parse BotCommand JSON object")
        name = str(command.get("command", "")).lstrip("/")
        description = str(command.get("description", ""))
        if not _COMMAND_RE.match(name):
            raise bad_request("BOT_COMMAND_INVALID")
        if not 1 <= len(description) <= 256:
            raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
        normalized.append({"command": name, "description": description})
    key = (scope_key(params.get_json("scope", what="BotCommandScope")), _language(params))
    if normalized:
        state.commands[key] = normalized
    else:
        state.commands.pop(key, None)
    return True


@method("getMyCommands")
async def get_my_commands(state: EmulatorState, params: Params) -> Any:
    key = (scope_key(params.get_json("scope", what="BotCommandScope")), _language(params))
    return list(state.commands.get(key, []))


@method("deleteMyCommands")
async def delete_my_commands(state: EmulatorState, params: Params) -> Any:
    key = (scope_key(params.get_json("scope", what="BotCommandScope")), _language(params))
    state.commands.pop(key, None)
    return True


@method("setChatMenuButton")
async def set_chat_menu_button(state: EmulatorState, params: Params) -> Any:
    chat_id = params.chat_id(required=False)
    key = state.resolve_chat(chat_id).id if chat_id is not None else None
    button = params.get_json("menu_button", what="menu button") or {"type": "default"}
    if not isinstance(button, dict) or "type" not in button:
        raise bad_request("can't parse menu button JSON object")
    state.menu_buttons[key] = button
    return True


@method("getChatMenuButton")
async def get_chat_menu_button(state: EmulatorState, params: Params) -> Any:
    chat_id = params.chat_id(required=False)
    key = state.resolve_chat(chat_id).id if chat_id is not None else None
    return state.menu_buttons.get(key) or state.menu_buttons.get(None) or {"type": "default"}
