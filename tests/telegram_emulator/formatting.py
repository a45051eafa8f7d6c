"""Message text formatting: HTML / MarkdownV2 / Markdown parsing into plain text + entities.

Offsets and lengths are in UTF-16 code units, like Telegram's. Error messages follow
Telegram's (tdlib's) wording, e.g. ``Unsupported start tag "br" at byte offset 5``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .errors import ApiError, bad_request

Entity = dict[str, Any]


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8"))


def parse_error(detail: str) -> ApiError:
    return bad_request(f"can't parse entities: {detail}")


@dataclass
class _Builder:
    """Accumulates plain text and tracks the current UTF-16 offset."""

    parts: list[str] = field(default_factory=list)
    offset: int = 0
    entities: list[Entity] = field(default_factory=list)

    def add(self, chunk: str) -> None:
        self.parts.append(chunk)
        self.offset += utf16_len(chunk)

    def entity(self, kind: str, start: int, **extra: Any) -> None:
        self.entity_until(kind, start, self.offset, **extra)

    def entity_until(self, kind: str, start: int, end: int, **extra: Any) -> None:
        length = end - start
        if length > 0:
            self.entities.append({"type": kind, "offset": start, "length": length, **extra})

    def result(self) -> tuple[str, list[Entity]]:
        ordered = sorted(self.entities, key=lambda e: (e["offset"], -e["length"]))
        return "".join(self.parts), ordered


# --------------------------------------------------------------------------- HTML

_HTML_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "a": "text_link",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
    "tg-time": "date_time",
}
_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_ATTR_RE = re.compile(r"""\s*([^\s=>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
_CHARREF_RE = re.compile(r"&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,4});")


@dataclass
class _OpenTag:
    name: str
    start: int
    attrs: dict[str, str]


def _decode_charref(match: re.Match[str]) -> str | None:
    ref = match.group(1)
    if ref.startswith("#x"):
        code = int(ref[2:], 16)
    elif ref.startswith("#"):
        code = int(ref[1:])
    else:
        return _NAMED_ENTITIES.get(ref)
    if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code)


def _parse_attrs(raw: str, tag: str, text: str, begin: int) -> dict[str, str]:
    attrs: dict[str, str] = {}
    pos = 0
    while pos < len(raw) and raw[pos:].strip():
        match = _ATTR_RE.match(raw, pos)
        if match is None:  # pragma: no cover - regex always matches non-blank input
            break
        name = match.group(1).lower()
        value = next((g for g in match.group(2, 3, 4) if g is not None), None)
        if value is None and not (tag == "blockquote" and name == "expandable"):
            raise parse_error(
                f'Expected equal sign in declaration of an attribute of the tag "{tag}" '
                f"at byte offset {_byte_offset(text, begin)}"
            )
        attrs[name] = _CHARREF_RE.sub(lambda m: _decode_charref(m) or m.group(0), value or "")
        pos = match.end()
    return attrs


def _close_html_entity(builder: _Builder, tag: _OpenTag) -> None:
    kind = _HTML_TAGS[tag.name]
    extra: dict[str, Any] = {}
    if tag.name == "a":
        href = tag.attrs.get("href", "")
        user_match = re.fullmatch(r"tg://user\?id=(\d+)", href)
        if user_match:
            kind = "text_mention"
            extra["user"] = {"id": int(user_match.group(1)), "is_bot": False, "first_name": ""}
        elif href:
            extra["url"] = href
        else:
            kind = "url"
    elif tag.name == "blockquote" and "expandable" in tag.attrs:
        kind = "expandable_blockquote"
    elif tag.name == "tg-emoji":
        extra["custom_emoji_id"] = tag.attrs.get("emoji-id", "")
    elif tag.name == "tg-time":
        extra["unix_time"] = int(tag.attrs.get("unix", "0") or 0)
        if "format" in tag.attrs:
            extra["date_time_format"] = tag.attrs["format"]
    elif tag.name == "pre":
        language = tag.attrs.get("language")
        if language:
            extra["language"] = language
    builder.entity(kind, tag.start, **extra)


def parse_html(text: str) -> tuple[str, list[Entity]]:
    builder = _Builder()
    stack: list[_OpenTag] = []
    i = 0
    n = len(text)
    while i < n:
        char = text[i]
        if char == "&":
            match = _CHARREF_RE.match(text, i)
            decoded = _decode_charref(match) if match else None
            if match and decoded is not None:
                builder.add(decoded)
                i = match.end()
            else:
                builder.add(char)
                i += 1
            continue
        if char != "<":
            j = i
            while j < n and text[j] not in "<&":
                j += 1
            builder.add(text[i:j])
            i = j
            continue
        begin = i
        close = text.find(">", i)
        if text.startswith("</", i):
            if not stack:
                raise parse_error(f"Unexpected end tag at byte offset {_byte_offset(text, begin)}")
            if close < 0:
                raise parse_error(f"Unclosed end tag at byte offset {_byte_offset(text, begin)}")
            end_name = text[i + 2 : close].strip().lower()
            top = stack[-1]
            if end_name and end_name != top.name:
                raise parse_error(
                    f"Unmatched end tag at byte offset {_byte_offset(text, begin)}, "
                    f'expected "</{top.name}>", found "</{end_name}>"'
                )
            stack.pop()
            _close_html_entity(builder, top)
            i = close + 1
            continue
        j = i + 1
        while j < n and not text[j].isspace() and text[j] != ">":
            j += 1
        if j >= n:
            raise parse_error(f"Unclosed start tag at byte offset {_byte_offset(text, begin)}")
        name = text[i + 1 : j].lower()
        if name not in _HTML_TAGS:
            raise parse_error(
                f'Unsupported start tag "{name}" at byte offset {_byte_offset(text, begin)}'
            )
        if close < 0:
            raise parse_error(f"Unclosed start tag at byte offset {_byte_offset(text, begin)}")
        attrs = _parse_attrs(text[j:close], name, text, begin)
        if name == "span" and attrs.get("class") != "tg-spoiler":
            offset = _byte_offset(text, begin)
            raise parse_error(f'Tag "span" must have class "tg-spoiler" at byte offset {offset}')
        if name == "code" and stack and stack[-1].name == "pre":
            language = attrs.get("class", "")
            if language.startswith("language-"):
                stack[-1].attrs["language"] = language[len("language-") :]
        stack.append(_OpenTag(name, builder.offset, attrs))
        i = close + 1
    if stack:
        raise parse_error(f'Can\'t find end tag corresponding to start tag "{stack[-1].name}"')
    plain, entities = builder.result()
    # <code> nested in <pre>: Telegram keeps only the pre entity (with language).
    pres = [(e["offset"], e["length"]) for e in entities if e["type"] == "pre"]
    entities = [
        e for e in entities if not (e["type"] == "code" and (e["offset"], e["length"]) in pres)
    ]
    return plain, entities


# --------------------------------------------------------------------------- MarkdownV2

_MD2_RESERVED = "_*[]()~`>#+-=|{}.!"
_MD2_NAMES = {
    "bold": "Bold",
    "italic": "Italic",
    "underline": "Underline",
    "strikethrough": "Strikethrough",
    "spoiler": "Spoiler",
    "code": "Code",
    "pre": "Pre",
    "text_link": "TextUrl",
}
_MD2_MARKERS = {"*": "bold", "_": "italic", "__": "underline", "~": "strikethrough"}


@dataclass
class _MdOpen:
    kind: str
    marker: str
    start: int
    byte_offset: int
    language: str | None = None


def _reserved_error(char: str) -> ApiError:
    return parse_error(
        f"Character '{char}' is reserved and must be escaped with the preceding '\\'"
    )


def parse_markdown_v2(text: str) -> tuple[str, list[Entity]]:
    builder = _Builder()
    stack: list[_MdOpen] = []
    quote_start: int | None = None
    i = 0
    n = len(text)
    while i < n:
        char = text[i]
        top = stack[-1] if stack else None
        in_code = top is not None and top.kind in ("code", "pre")
        at_line_start = i == 0 or text[i - 1] == "\n"
        if at_line_start and not in_code:
            if char == ">":
                if quote_start is None:
                    quote_start = builder.offset
                i += 1
                continue
            if quote_start is not None:
                builder.entity_until("blockquote", quote_start, builder.offset - 1)
                quote_start = None
        if char == "\\" and i + 1 < n and 0 < ord(text[i + 1]) <= 126:
            builder.add(text[i + 1])
            i += 2
            continue
        if in_code:
            assert top is not None
            closing = "```" if top.kind == "pre" else "`"
            if text.startswith(closing, i):
                stack.pop()
                extra = {"language": top.language} if top.language else {}
                builder.entity(top.kind, top.start, **extra)
                i += len(closing)
            else:
                builder.add(char)
                i += 1
            continue
        if char not in _MD2_RESERVED:
            builder.add(char)
            i += 1
            continue
        byte_offset = _byte_offset(text, i)
        marker = "__" if text.startswith("__", i) else "||" if text.startswith("||", i) else char
        if top is not None and top.marker == marker and top.kind != "text_link":
            stack.pop()
            builder.entity(top.kind, top.start)
            i += len(marker)
            continue
        if char == "]" and top is not None and top.kind == "text_link":
            stack.pop()
            i += 1
            url = ""
            if i < n and text[i] == "(":
                end = i + 1
                while end < n and text[end] != ")":
                    end += 2 if text[end] == "\\" else 1
                if end >= n:
                    raise parse_error(
                        f"Can't find end of a URL at byte offset {_byte_offset(text, i)}"
                    )
                url = re.sub(r"\\(.)", r"\1", text[i + 1 : end])
                i = end + 1
            builder.entity("text_link", top.start, url=url)
            continue
        if marker in _MD2_MARKERS or marker == "||":
            kind = _MD2_MARKERS.get(marker, "spoiler")
            stack.append(_MdOpen(kind, marker, builder.offset, byte_offset))
            i += len(marker)
            continue
        if char == "[":
            stack.append(_MdOpen("text_link", "[", builder.offset, byte_offset))
            i += 1
            continue
        if char == "`":
            if text.startswith("```", i):
                newline = text.find("\n", i + 3)
                first_line = text[i + 3 : newline] if newline >= 0 else ""
                language: str | None = None
                skip = i + 3
                if newline >= 0 and not re.search(r"[\s`]", first_line):
                    language = first_line or None
                    skip = newline + 1
                stack.append(_MdOpen("pre", "```", builder.offset, byte_offset, language))
                i = skip
            else:
                stack.append(_MdOpen("code", "`", builder.offset, byte_offset))
                i += 1
            continue
        raise _reserved_error(char)
    if quote_start is not None:
        builder.entity("blockquote", quote_start)
    if stack:
        top = stack[-1]
        raise parse_error(
            f"Can't find end of {_MD2_NAMES[top.kind]} entity at byte offset {top.byte_offset}"
        )
    return builder.result()


# --------------------------------------------------------------------------- legacy Markdown

_MD1_MARKERS = {"*": "bold", "_": "italic", "`": "code"}


def parse_markdown(text: str) -> tuple[str, list[Entity]]:
    builder = _Builder()
    i = 0
    n = len(text)
    while i < n:
        char = text[i]
        if char == "\\" and i + 1 < n and text[i + 1] in "_*`[":
            builder.add(text[i + 1])
            i += 2
            continue
        if char not in "_*`[":
            builder.add(char)
            i += 1
            continue
        begin = i
        if text.startswith("```", i):
            end = text.find("```", i + 3)
            kind, body_start, end_len = "pre", i + 3, 3
        elif char == "[":
            end = text.find("]", i + 1)
            kind, body_start, end_len = "text_link", i + 1, 1
        else:
            end = text.find(char, i + 1)
            kind, body_start, end_len = _MD1_MARKERS[char], i + 1, 1
        if end < 0:
            raise parse_error(
                f"Can't find end of the entity starting at byte offset {_byte_offset(text, begin)}"
            )
        start = builder.offset
        builder.add(text[body_start:end])
        i = end + end_len
        extra: dict[str, Any] = {}
        if kind == "text_link":
            close = text.find(")", i) if text.startswith("(", i) else -1
            if close < 0:
                builder.parts[-1] = "[" + builder.parts[-1] + "]"
                builder.offset += 2
                continue
            extra["url"] = text[i + 1 : close]
            i = close + 1
        builder.entity(kind, start, **extra)
    return builder.result()


# --------------------------------------------------------------------------- public helpers


def parse_text(text: str, parse_mode: str | None) -> tuple[str, list[Entity]]:
    """Parse ``text`` according to ``parse_mode`` (case-insensitive, like Telegram)."""
    mode = (parse_mode or "").lower()
    if not mode:
        return text, []
    if mode == "html":
        return parse_html(text)
    if mode == "markdownv2":
        return parse_markdown_v2(text)
    if mode == "markdown":
        return parse_markdown(text)
    raise bad_request(f"unsupported parse_mode {parse_mode!r}")


def strip_text(text: str, entities: list[Entity]) -> tuple[str, list[Entity]]:
    """Trim surrounding whitespace like Telegram does, shifting/clipping entities."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    lead = utf16_len(text[: len(text) - len(text.lstrip())])
    total = utf16_len(stripped)
    result: list[Entity] = []
    for entity in entities:
        start = max(entity["offset"] - lead, 0)
        end = min(entity["offset"] + entity["length"] - lead, total)
        if end > start:
            result.append({**entity, "offset": start, "length": end - start})
    return stripped, result


_AUTO_RE = re.compile(
    r"(?P<bot_command>(?<![\w/])/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?(?![\w/]))"
    r"|(?P<mention>(?<![\w@])@[A-Za-z0-9_]{4,32}\b)"
    r"|(?P<hashtag>(?<![\w#])#\w+)"
    r"|(?P<url>https?://[^\s<>\"]+)"
)


def detect_entities(text: str) -> list[Entity]:
    """Entities Telegram detects automatically in user messages."""
    entities: list[Entity] = []
    for match in _AUTO_RE.finditer(text):
        kind = match.lastgroup or "url"
        entities.append(
            {
                "type": kind,
                "offset": utf16_len(text[: match.start()]),
                "length": utf16_len(match.group(0)),
            }
        )
    return entities


def entities_to_html(text: str, entities: list[Entity]) -> str:
    """Render plain text + entities back into Telegram HTML (via aiogram)."""
    from aiogram.types import MessageEntity
    from aiogram.utils.text_decorations import html_decoration

    models = [MessageEntity.model_validate(entity) for entity in entities]
    return html_decoration.unparse(text, models)


MARKS = {"bold": "**", "strikethrough": "~~"}
QUOTE_MARK = "> "  # each line of a collapsed (expandable) quote


def entities_to_marks(text: str, entities: list[Entity]) -> str:
    """Plain text with bold as ``**…**`` and strikethrough as ``~~…~~`` (Markdown's marks) and
    each line of a collapsed quote after ``> `` (other entities are left out): how a transcript
    shows what the chat shows in bold, struck or folded away."""
    units = text.encode("utf-16-le")
    points: list[tuple[int, int, str]] = []  # (UTF-16 offset, order: close, quote, open)
    for entity in entities:
        start, length = int(entity.get("offset", 0)), int(entity.get("length", 0))
        if entity.get("type") == "expandable_blockquote" and length > 0:
            lines = [start] + [
                i + 1
                for i in range(start, start + length - 1)
                if units[i * 2 : i * 2 + 2] == b"\n\0"
            ]
            points += [(line, 1, QUOTE_MARK) for line in lines]
            continue
        mark = MARKS.get(str(entity.get("type")))
        if mark is None or length <= 0:
            continue
        points += [(start, 2, mark), (start + length, 0, mark)]
    parts, last = [], 0
    for offset, _, mark in sorted(points):
        parts += [units[last * 2 : offset * 2].decode("utf-16-le", errors="replace"), mark]
        last = offset
    parts.append(units[last * 2 :].decode("utf-16-le", errors="replace"))
    return "".join(parts)


def utf16_slice(text: str, offset: int, length: int) -> str:
    encoded = text.encode("utf-16-le")
    return encoded[offset * 2 : (offset + length) * 2].decode("utf-16-le", errors="replace")
