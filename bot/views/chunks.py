"""Splitting long lists into messages that fit Telegram's 4096-character limit."""

from __future__ import annotations

from collections.abc import Iterable

MESSAGE_LIMIT = 4000  # a margin below Telegram's 4096 for the entities' parsing


def chunks(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join lines into as few texts as possible, each at most ``limit`` characters.

    Lines are never cut (each is far shorter than the limit), so no HTML tag is split.
    """
    texts: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        if current and size + 1 + len(line) > limit:
            texts.append("\n".join(current))
            current, size = [], 0
        size += len(line) + (1 if current else 0)
        current.append(line)
    if current:
        texts.append("\n".join(current))
    return texts
