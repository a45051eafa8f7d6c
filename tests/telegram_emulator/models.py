"""Plain data objects describing the emulated Telegram world.

They are deliberately simple dataclasses; conversion to Bot API JSON lives in
``serialization.py``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

ChatType = Literal["private", "group", "supergroup"]
MemberStatus = Literal["creator", "administrator", "member", "restricted", "left", "kicked"]

PRESENT_STATUSES: frozenset[str] = frozenset({"creator", "administrator", "member", "restricted"})


@dataclass(eq=False)
class EmuUser:
    """A Telegram user (or the bot itself, ``is_bot=True``)."""

    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None
    is_bot: bool = False
    is_premium: bool = False
    #: The user pressed "Start" (or wrote to the bot) at least once.
    started: bool = False
    #: The user blocked the bot: private sends fail with 403.
    blocked_bot: bool = False

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}" if self.last_name else self.first_name

    def __repr__(self) -> str:
        return f"EmuUser(id={self.id}, first_name={self.first_name!r})"


@dataclass
class ChatMemberInfo:
    """Membership of one user in a group."""

    user: EmuUser
    status: MemberStatus = "member"
    custom_title: str | None = None
    until_date: int = 0


@dataclass
class ForumTopic:
    message_thread_id: int
    name: str
    icon_color: int = 0x6FB9F0
    closed: bool = False


@dataclass(eq=False)
class EmuChat:
    """A chat: private (one per user), group or supergroup."""

    id: int
    type: ChatType
    title: str | None = None
    username: str | None = None
    #: For private chats: the other party.
    user: EmuUser | None = None
    is_forum: bool = False
    members: dict[int, ChatMemberInfo] = field(default_factory=dict)
    topics: dict[int, ForumTopic] = field(default_factory=dict)
    messages: dict[int, EmuMessage] = field(default_factory=dict)
    events: list[ChatEvent] = field(default_factory=list)
    next_message_id: int = 1
    #: Status of the bot itself in a group ("member", "administrator", "left", "kicked").
    bot_status: MemberStatus = "member"
    #: A group upgraded to a supergroup: the new chat's id (the old one answers nothing more).
    migrated_to: int | None = None
    #: The group's default permission to send messages (off: only admins write, bots too).
    members_can_send: bool = True

    @property
    def is_private(self) -> bool:
        return self.type == "private"

    def allocate_message_id(self) -> int:
        message_id = self.next_message_id
        self.next_message_id += 1
        return message_id

    def __repr__(self) -> str:
        label = self.title or (self.user.first_name if self.user else "?")
        return f"EmuChat(id={self.id}, type={self.type!r}, {label!r})"


@dataclass(frozen=True)
class MessageEdit:
    """One edit applied to a message (the state *before* and *after*)."""

    date: int
    kind: Literal["text", "caption", "reply_markup"]
    old_text: str | None
    new_text: str | None
    old_reply_markup: dict[str, Any] | None
    new_reply_markup: dict[str, Any] | None
    old_entities: list[dict[str, Any]] = field(default_factory=list)
    new_entities: list[dict[str, Any]] = field(default_factory=list)


@dataclass(eq=False)
class EmuMessage:
    """A message stored in a chat. ``text`` is the plain text (tags stripped)."""

    message_id: int
    chat: EmuChat
    sender: EmuUser
    date: int
    text: str | None = None
    entities: list[dict[str, Any]] = field(default_factory=list)
    #: Text exactly as given by the bot (e.g. with HTML tags), and its parse mode.
    raw_text: str | None = None
    parse_mode: str | None = None
    reply_markup: dict[str, Any] | None = None
    reply_to: EmuMessage | None = None
    thread_id: int | None = None
    #: "text", "dice", "photo", "document", "service", ...
    kind: str = "text"
    #: Extra Bot API fields merged into the JSON (``{"dice": {...}}``, ``new_chat_members``...).
    extra: dict[str, Any] = field(default_factory=dict)
    edit_date: int | None = None
    edits: list[MessageEdit] = field(default_factory=list)
    deleted: bool = False

    @property
    def from_bot(self) -> bool:
        return self.sender.is_bot

    @property
    def is_caption(self) -> bool:
        return self.kind not in ("text", "service")

    @property
    def body(self) -> str:
        """The plain text (or caption), ``""`` when there is none: handy in assertions."""
        return self.text or ""

    @property
    def buttons(self) -> list[list[dict[str, Any]]]:
        """Inline keyboard rows (raw button dicts); empty without an inline keyboard."""
        if not self.reply_markup:
            return []
        rows = self.reply_markup.get("inline_keyboard")
        return [list(row) for row in rows] if isinstance(rows, list) else []

    @property
    def button_texts(self) -> list[str]:
        return [str(button.get("text", "")) for row in self.buttons for button in row]

    @property
    def html(self) -> str:
        """The text rendered back to Telegram HTML (from entities)."""
        from .formatting import entities_to_html

        return entities_to_html(self.text or "", self.entities)

    def __repr__(self) -> str:
        text = (self.text or "")[:40]
        return f"EmuMessage(chat={self.chat.id}, id={self.message_id}, {self.kind}, {text!r})"


@dataclass
class CallbackAnswer:
    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int
    time: float


@dataclass(eq=False)
class EmuCallbackQuery:
    id: str
    user: EmuUser
    message: EmuMessage
    data: str
    chat_instance: str
    created_at: float = field(default_factory=time.monotonic)
    answer: CallbackAnswer | None = None


@dataclass
class CallRecord:
    """One Bot API call made by the bot (or carried in a webhook reply)."""

    seq: int
    method: str
    params: dict[str, Any]
    time: float
    status: int
    response: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    #: False when the method is not emulated and got the generic ``true`` answer.
    emulated: bool = True
    source: Literal["http", "webhook_reply"] = "http"

    @property
    def ok(self) -> bool:
        return bool(self.response.get("ok"))

    @property
    def result(self) -> Any:
        return self.response.get("result")

    @property
    def description(self) -> str | None:
        value = self.response.get("description")
        return value if isinstance(value, str) else None


@dataclass(eq=False)
class PendingUpdate:
    update_id: int
    kind: str
    payload: dict[str, Any]
    delivered: int = 0
    redelivery: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"update_id": self.update_id, self.kind: self.payload}


@dataclass
class WebhookConfig:
    url: str
    secret_token: str | None = None
    max_connections: int = 40
    ip_address: str | None = None
    allowed_updates: list[str] | None = None
    last_error_date: int | None = None
    last_error_message: str | None = None


@dataclass
class ChatEvent:
    """Something that happened in a chat, for the transcript."""

    kind: Literal[
        "message", "edit", "delete", "press", "answer", "join", "leave", "block", "migrate"
    ]
    actor: EmuUser
    message: EmuMessage | None = None
    edit: MessageEdit | None = None
    query: EmuCallbackQuery | None = None
    note: str | None = None
