"""Conversion of emulator objects to Bot API JSON (the shapes Telegram sends)."""

from __future__ import annotations

from typing import Any

from .models import ChatMemberInfo, EmuCallbackQuery, EmuChat, EmuMessage, EmuUser, ForumTopic

_ADMIN_RIGHTS = (
    "can_manage_chat",
    "can_delete_messages",
    "can_manage_video_chats",
    "can_restrict_members",
    "can_promote_members",
    "can_change_info",
    "can_invite_users",
    "can_post_stories",
    "can_edit_stories",
    "can_delete_stories",
    "can_send_welcome_messages",
    "can_pin_messages",
    "can_manage_topics",
)
_MEMBER_PERMISSIONS = (
    "can_send_messages",
    "can_send_audios",
    "can_send_documents",
    "can_send_photos",
    "can_send_videos",
    "can_send_video_notes",
    "can_send_voice_notes",
    "can_send_polls",
    "can_send_other_messages",
    "can_add_web_page_previews",
    "can_react_to_messages",
    "can_edit_tag",
    "can_change_info",
    "can_invite_users",
    "can_pin_messages",
    "can_manage_topics",
)


def _drop_none(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if value is not None}


def user_json(user: EmuUser, *, with_language: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": user.id,
        "is_bot": user.is_bot,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "username": user.username,
        "language_code": user.language_code if with_language and not user.is_bot else None,
        "is_premium": True if user.is_premium else None,
    }
    return _drop_none(data)


def bot_info_json(bot: EmuUser, *, can_read_all_group_messages: bool) -> dict[str, Any]:
    """``getMe`` result."""
    return {
        **user_json(bot),
        "can_join_groups": True,
        "can_read_all_group_messages": can_read_all_group_messages,
        "supports_inline_queries": False,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


def chat_json(chat: EmuChat) -> dict[str, Any]:
    if chat.is_private and chat.user is not None:
        return _drop_none(
            {
                "id": chat.id,
                "type": "private",
                "first_name": chat.user.first_name,
                "last_name": chat.user.last_name,
                "username": chat.user.username,
            }
        )
    return _drop_none(
        {
            "id": chat.id,
            "type": chat.type,
            "title": chat.title,
            "username": chat.username,
            "is_forum": True if chat.is_forum else None,
        }
    )


def chat_full_info_json(chat: EmuChat) -> dict[str, Any]:
    """``getChat`` result (ChatFullInfo)."""
    data = {
        **chat_json(chat),
        "accent_color_id": chat.id % 7,
        "max_reaction_count": 11,
        "accepted_gift_types": {
            "unlimited_gifts": False,
            "limited_gifts": False,
            "unique_gifts": False,
            "premium_subscription": False,
            "gifts_from_channels": False,
        },
    }
    if not chat.is_private:
        data["permissions"] = {name: True for name in _MEMBER_PERMISSIONS}
    return data


def member_json(member: ChatMemberInfo) -> dict[str, Any]:
    user = user_json(member.user, with_language=False)
    if member.status == "creator":
        return _drop_none(
            {
                "status": "creator",
                "user": user,
                "is_anonymous": False,
                "custom_title": member.custom_title,
            }
        )
    if member.status == "administrator":
        rights = {name: True for name in _ADMIN_RIGHTS}
        return _drop_none(
            {
                "status": "administrator",
                "user": user,
                "can_be_edited": False,
                "is_anonymous": False,
                **rights,
                "custom_title": member.custom_title,
            }
        )
    if member.status == "restricted":
        perms = {name: False for name in _MEMBER_PERMISSIONS}
        return {
            "status": "restricted",
            "user": user,
            "is_member": True,
            **perms,
            "until_date": member.until_date,
        }
    if member.status == "kicked":
        return {"status": "kicked", "user": user, "until_date": member.until_date}
    return {"status": member.status, "user": user}


def message_json(message: EmuMessage, *, with_reply: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "message_id": message.message_id,
        "from": user_json(message.sender),
        "chat": chat_json(message.chat),
        "date": message.date,
    }
    if message.thread_id is not None:
        data["message_thread_id"] = message.thread_id
        if message.chat.is_forum:
            data["is_topic_message"] = True
    if message.reply_to is not None and with_reply:
        data["reply_to_message"] = message_json(message.reply_to, with_reply=False)
    if message.edit_date is not None:
        data["edit_date"] = message.edit_date
    if message.text is not None:
        text_key, entities_key = (
            ("caption", "caption_entities") if message.is_caption else ("text", "entities")
        )
        data[text_key] = message.text
        if message.entities:
            data[entities_key] = [dict(entity) for entity in message.entities]
    data.update(message.extra)
    if message.reply_markup and "inline_keyboard" in message.reply_markup:
        data["reply_markup"] = message.reply_markup
    return data


def callback_query_json(query: EmuCallbackQuery) -> dict[str, Any]:
    return {
        "id": query.id,
        "from": user_json(query.user),
        "message": message_json(query.message),
        "chat_instance": query.chat_instance,
        "data": query.data,
    }


def chat_member_updated_json(
    chat: EmuChat,
    actor: EmuUser,
    date: int,
    old: ChatMemberInfo,
    new: ChatMemberInfo,
) -> dict[str, Any]:
    return {
        "chat": chat_json(chat),
        "from": user_json(actor),
        "date": date,
        "old_chat_member": member_json(old),
        "new_chat_member": member_json(new),
    }


def forum_topic_json(topic: ForumTopic) -> dict[str, Any]:
    return {
        "message_thread_id": topic.message_thread_id,
        "name": topic.name,
        "icon_color": topic.icon_color,
    }
