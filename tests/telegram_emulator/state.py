"""The emulator's world state: users, chats, messages, call log, update queue."""

from __future__ import annotations

import itertools
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, Literal

from .errors import CHAT_NOT_FOUND, UPGRADED, ApiError, EmulatorError, bad_request, forbidden
from .holds import CallHolds
from .limits import FailureInjector, RateLimiter
from .models import (
    PRESENT_STATUSES,
    CallRecord,
    ChatEvent,
    ChatMemberInfo,
    EmuCallbackQuery,
    EmuChat,
    EmuMessage,
    EmuUser,
    ForumTopic,
    WebhookConfig,
)
from .params import Params
from .updates import Notifier, UpdateQueue


def bot_id_from_token(token: str) -> int:
    prefix, sep, secret = token.partition(":")
    if not sep or not prefix.isdigit() or not secret:
        raise ValueError(f"not a bot token: {token!r} (expected '<bot id>:<secret>')")
    return int(prefix)


class EmulatorState:
    def __init__(
        self,
        token: str,
        *,
        bot_username: str,
        bot_first_name: str,
        privacy_mode: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.token = token
        self.bot = EmuUser(
            id=bot_id_from_token(token),
            first_name=bot_first_name,
            username=bot_username,
            is_bot=True,
            started=True,
        )
        self.privacy_mode = privacy_mode
        self.users: dict[int, EmuUser] = {}
        self.chats: dict[int, EmuChat] = {}
        self.callback_queries: dict[str, EmuCallbackQuery] = {}
        self.calls: list[CallRecord] = []
        self.updates = UpdateQueue()
        #: Fired on every new message, edit, call record and callback answer.
        self.changed = Notifier()
        #: Fired when the webhook configuration changes.
        self.webhook_changed = Notifier()
        self.webhook: WebhookConfig | None = None
        self.commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.menu_buttons: dict[int | None, dict[str, Any]] = {}
        self.limiter = RateLimiter(clock=clock)
        self.failures = FailureInjector()
        self.holds = CallHolds()
        self.dice_values: deque[int] = deque()
        self.closing = False
        self.poll_generation = 0
        #: Number of getUpdates requests currently waiting (long polling) on the server.
        self.waiting_polls = 0
        self._user_ids = itertools.count(100_000_001)
        self._group_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._call_seq = itertools.count(1)
        self._file_ids = itertools.count(1)

    # ------------------------------------------------------------------ time & ids

    @staticmethod
    def now() -> int:
        return int(time.time())

    def new_query_id(self) -> str:
        return f"{self.bot.id}{next(self._query_ids):08d}"

    def new_file_id(self, kind: str) -> tuple[str, str]:
        number = next(self._file_ids)
        return f"emu-{kind}-{number:06d}", f"emu-u-{number:06d}"

    # ------------------------------------------------------------------ registry

    def add_user(
        self,
        first_name: str,
        *,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "en",
        is_premium: bool = False,
        started: bool = False,
        user_id: int | None = None,
    ) -> EmuUser:
        if user_id is None:
            user_id = next(self._user_ids)
            while user_id in self.users or user_id == self.bot.id:
                user_id = next(self._user_ids)
        elif user_id in self.users or user_id == self.bot.id or user_id <= 0:
            raise EmulatorError(f"user id {user_id} is taken or invalid")
        user = EmuUser(
            id=user_id,
            first_name=first_name,
            last_name=last_name,
            username=username,
            language_code=language_code,
            is_premium=is_premium,
            started=started,
        )
        self.users[user_id] = user
        self.chats[user_id] = EmuChat(id=user_id, type="private", user=user)
        return user

    def add_group(
        self,
        title: str,
        *,
        owner: EmuUser | None,
        admins: Iterable[EmuUser],
        members: Iterable[EmuUser],
        forum: bool,
        supergroup: bool,
        username: str | None,
        bot_status: Literal["member", "administrator"],
    ) -> EmuChat:
        number = next(self._group_ids)
        is_super = supergroup or forum
        chat_id = -(1_001_000_000_000 + number) if is_super else -(4_000_000_000 + number)
        chat = EmuChat(
            id=chat_id,
            type="supergroup" if is_super else "group",
            title=title,
            username=username,
            is_forum=forum,
            bot_status=bot_status,
        )
        if forum:
            chat.next_message_id = 2  # thread 1 is the "General" topic
        admins = list(admins)
        if owner is None and admins:
            owner, admins = admins[0], admins[1:]
        if owner is not None:
            chat.members[owner.id] = ChatMemberInfo(owner, "creator")
        for admin in admins:
            chat.members.setdefault(admin.id, ChatMemberInfo(admin, "administrator"))
        for member in members:
            chat.members.setdefault(member.id, ChatMemberInfo(member, "member"))
        self.chats[chat_id] = chat
        return chat

    def add_topic(self, chat: EmuChat, name: str, icon_color: int = 0x6FB9F0) -> ForumTopic:
        if not chat.is_forum:
            raise EmulatorError(f"{chat!r} is not a forum")
        # Topic ids are the id of the service message that created them.
        topic = ForumTopic(chat.allocate_message_id(), name, icon_color)
        chat.topics[topic.message_thread_id] = topic
        return topic

    def private_chat(self, user: EmuUser) -> EmuChat:
        return self.chats[user.id]

    # ------------------------------------------------------------------ lookups for handlers

    def resolve_chat(self, chat_id: int | str | None) -> EmuChat:
        if isinstance(chat_id, str):
            name = chat_id.lstrip("@").lower()
            for chat in self.chats.values():
                if not chat.is_private and (chat.username or "").lower() == name:
                    return chat
            raise bad_request(CHAT_NOT_FOUND)
        found = self.chats.get(chat_id) if chat_id is not None else None
        if found is None:
            raise bad_request(CHAT_NOT_FOUND)
        if found.migrated_to is not None:
            raise ApiError(400, UPGRADED, migrate_to_chat_id=found.migrated_to)
        return found

    def chat_from(self, params: Params, name: str = "chat_id") -> EmuChat:
        return self.resolve_chat(params.chat_id(name))

    def find_message(self, chat: EmuChat, message_id: int | None) -> EmuMessage | None:
        message = chat.messages.get(message_id) if message_id is not None else None
        return None if message is None or message.deleted else message

    def member(self, chat: EmuChat, user_id: int) -> ChatMemberInfo | None:
        if user_id == self.bot.id:
            return ChatMemberInfo(self.bot, chat.bot_status)
        if chat.is_private:
            if chat.user is not None and chat.user.id == user_id:
                return ChatMemberInfo(chat.user, "member")
            return None
        member = chat.members.get(user_id)
        if member is not None:
            return member
        user = self.users.get(user_id)
        return ChatMemberInfo(user, "left") if user is not None else None

    def is_present(self, chat: EmuChat, user: EmuUser) -> bool:
        member = self.member(chat, user.id)
        return member is not None and member.status in PRESENT_STATUSES

    def check_bot_can_send(self, chat: EmuChat) -> None:
        """Raise the 403 Telegram answers when the bot may not write to ``chat``."""
        if chat.is_private:
            user = chat.user
            if user is not None and user.blocked_bot:
                raise forbidden("bot was blocked by the user")
            if user is not None and not user.started:
                raise forbidden("bot can't initiate conversation with a user")
            return
        kind = "supergroup chat" if chat.type == "supergroup" else "group chat"
        if chat.bot_status == "kicked":
            raise forbidden(f"bot was kicked from the {kind}")
        if chat.bot_status not in PRESENT_STATUSES:
            raise forbidden(f"bot is not a member of the {kind}")
        if not chat.members_can_send and not self.bot_is_admin(chat):
            raise bad_request("not enough rights to send text messages to the chat")

    def bot_is_admin(self, chat: EmuChat) -> bool:
        return chat.bot_status in ("administrator", "creator")

    # ------------------------------------------------------------------ mutations

    def store_message(self, message: EmuMessage) -> EmuMessage:
        message.chat.messages[message.message_id] = message
        message.chat.events.append(ChatEvent("message", message.sender, message=message))
        self.changed.notify()
        return message

    def add_event(self, chat: EmuChat, event: ChatEvent) -> None:
        chat.events.append(event)
        self.changed.notify()

    def record_call(
        self,
        method: str,
        params: Params,
        status: int,
        response: dict[str, Any],
        *,
        emulated: bool,
        source: Literal["http", "webhook_reply"],
    ) -> CallRecord:
        record = CallRecord(
            seq=next(self._call_seq),
            method=method,
            params=params.for_log(),
            time=time.time(),
            status=status,
            response=response,
            files=params.files,
            emulated=emulated,
            source=source,
        )
        self.calls.append(record)
        self.changed.notify()
        return record
