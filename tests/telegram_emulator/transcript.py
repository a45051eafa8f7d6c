"""Human-readable chat logs for assertions and failure messages."""

from __future__ import annotations

from typing import Any

from .formatting import Entity, entities_to_html, entities_to_marks
from .models import ChatEvent, EmuChat, EmuMessage, EmuUser

BOT_NAME = "Bot"


def _name(user: EmuUser) -> str:
    return BOT_NAME if user.is_bot else user.first_name


def _button(button: dict[str, Any]) -> str:
    text = str(button.get("text", ""))
    url = button.get("url")
    return f"[{text} → {url}]" if url else f"[{text}]"


def keyboard_lines(markup: dict[str, Any] | None) -> list[str]:
    """Inline keyboard rows as ``  [A] [B]`` lines (reply keyboards are marked as such)."""
    if not markup:
        return []
    if "inline_keyboard" in markup:
        return [
            "  " + " ".join(_button(b) for b in row) for row in markup["inline_keyboard"] if row
        ]
    if "keyboard" in markup:
        return [
            "  keyboard: "
            + " ".join(f"[{b.get('text', '') if isinstance(b, dict) else b}]" for b in row)
            for row in markup["keyboard"]
        ]
    if markup.get("remove_keyboard"):
        return ["  (keyboard removed)"]
    return []


def _body(
    message: EmuMessage, text: str | None, entities: list[Entity], html: bool, marks: bool = False
) -> str:
    if html and text:
        text = entities_to_html(text, entities)
    elif marks and text:
        text = entities_to_marks(text, entities)
    text = (text or "").replace("\n", "\n  ")
    if message.kind == "text":
        return text
    if message.kind == "dice":
        dice = message.extra.get("dice", {})
        return f"[dice {dice.get('emoji', '')} = {dice.get('value', '?')}]"
    if message.kind == "service":
        return "(service message)"
    return f"[{message.kind}]" + (f" {text}" if text else "")


def _original(message: EmuMessage) -> tuple[str | None, list[Entity], dict[str, Any] | None]:
    """The message as first sent (before any edits)."""
    if not message.edits:
        return message.text, message.entities, message.reply_markup
    first = message.edits[0]
    return first.old_text, first.old_entities, first.old_reply_markup


def _message_lines(
    message: EmuMessage, html: bool, show_ids: bool, marks: bool = False
) -> list[str]:
    prefix = f"#{message.message_id} " if show_ids else ""
    topic = message.chat.topics.get(message.thread_id) if message.thread_id else None
    if topic is not None:
        prefix += f"[topic: {topic.name}] "
    who = _name(message.sender)
    if message.reply_to is not None:
        who += f" (reply to {_name(message.reply_to.sender)})"
    text, entities, markup = _original(message)
    body = _body(message, text, entities, html, marks)
    return [f"{prefix}{who}: {body}", *keyboard_lines(markup)]


def render_event(
    event: ChatEvent, *, html: bool = False, show_ids: bool = False, marks: bool = False
) -> list[str]:
    """One event as transcript lines: text plain, as Telegram HTML (``html``) or with bold and
    strikethrough as ``**…**`` and ``~~…~~`` (``marks``)."""
    message = event.message
    actor = _name(event.actor)
    ref = f" #{message.message_id}" if show_ids and message is not None else ""
    if event.kind == "message" and message is not None:
        return _message_lines(message, html, show_ids, marks)
    if event.kind == "edit" and message is not None and event.edit is not None:
        edit = event.edit
        buttons = keyboard_lines(edit.new_reply_markup)
        if edit.kind == "reply_markup":
            return [f"{actor} edited buttons{ref}:" + ("" if buttons else " (removed)"), *buttons]
        body = _body(message, edit.new_text, edit.new_entities, html, marks)
        return [f"{actor} edited{ref}: {body}", *buttons]
    if event.kind == "delete" and message is not None:
        return [f"{actor} deleted{ref}: {_body(message, message.text, [], False)}"]
    if event.kind == "press":
        return [f"{actor} pressed [{event.note}]{ref}"]
    if event.kind == "answer" and event.query is not None and event.query.answer is not None:
        answer = event.query.answer
        if not answer.text:
            return []
        return [f"{actor} ({'alert' if answer.show_alert else 'toast'}): {answer.text}"]
    if event.kind in ("join", "leave"):
        return [f"{actor} {'joined' if event.kind == 'join' else 'left'}"]
    if event.kind == "block":
        return [f"{actor} {event.note} the bot"]
    if event.kind == "migrate":
        return [f"{actor} made the group a supergroup ({event.note})"]
    return []


def render_transcript(
    chat: EmuChat, *, html: bool = False, show_ids: bool = False, marks: bool = False
) -> str:
    lines: list[str] = []
    for event in chat.events:
        lines.extend(render_event(event, html=html, show_ids=show_ids, marks=marks))
    return "\n".join(lines)
