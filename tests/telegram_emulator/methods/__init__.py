"""Bot API method implementations; importing this package registers all handlers."""

from . import chats, editing, sending, updates
from .base import HANDLERS, Handler, Reply

__all__ = ["HANDLERS", "Handler", "Reply", "chats", "editing", "sending", "updates"]
