"""Fluent localisation: one :class:`Translator` loaded at start-up, one :class:`L10n` per locale.

We use ``fluent.runtime`` directly (the pattern of aiogram-dialog's ``I18NFormat`` example)
rather than aiogram-i18n: one small object serves handlers, dialogs and messages sent from
timers with no incoming update (``translator.for_locale(stored_code)``), with no extra
middleware stack or context variables to keep in sync across replicas.
"""

from __future__ import annotations

import functools
import html
import logging
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax.ast import Junk, Resource

from bot.config import PROJECT_ROOT, SUPPORTED_LOCALES

LOCALES_DIR = PROJECT_ROOT / "locales"
logger = logging.getLogger(__name__)


class Html(str):
    """Text already safe for Telegram's HTML; :meth:`L10n.text` passes it through unescaped."""

    __slots__ = ()


# Bidi classes that can turn the text around them: right-to-left letters and Arabic digits,
# and the embedding, override and isolate controls (Unicode's UAX #9).
_TURNING = frozenset(
    ["R", "AL", "AN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
)
FSI, PDI = "\u2068", "\u2069"  # first strong isolate, pop directional isolate
# A paragraph separator ends an isolate, so each line of a text is isolated on its own.
_PARAGRAPH = re.compile("[^\n\r\x1c-\x1e\x85\u2029]+")


def isolate(text: str) -> str:
    """``text`` between FSI and PDI when it holds a right-to-left letter or a bidi control.

    Inside an isolate such text keeps its own direction and cannot turn the rest of the line
    around (PDI also closes any override it left open), and a line that starts with it keeps the
    direction of its other words; each line of a longer text is isolated on its own, as a line
    break ends an isolate. Text without them (Cyrillic, Latin, digits) cannot move its
    neighbours, so it is left as it is: nothing invisible is copied with a name or a number.
    """
    if any(unicodedata.bidirectional(ch) in _TURNING for ch in text):
        return _PARAGRAPH.sub(lambda line: f"{FSI}{line[0]}{PDI}", text)
    return text


def user_text(text: str) -> Html:
    """Text a user typed (a name, a description), escaped and isolated for a message."""
    return Html(isolate(html.escape(text, quote=False)))


def _safe(value: Any) -> Any:
    if isinstance(value, Html):
        return str(value)
    if isinstance(value, str):
        return user_text(value)
    return value


TEXTS_KEPT = 8192  # formatted messages remembered per locale (a few hundred bytes each)


class L10n:
    """Messages of one locale. String arguments are HTML-escaped (messages go out as HTML) and
    bidi-isolated (:func:`isolate`); :class:`Html` arguments are already safe.

    Formatting is a pure function of the message and its arguments, and a fight re-renders
    mostly the same lines press after press, so the last :data:`TEXTS_KEPT` results are
    remembered (keyed by each argument's type and value: ``1``, ``True`` and ``"1"`` differ).
    """

    def __init__(self, locale: str, bundle: FluentBundle) -> None:
        self.locale = locale
        self._bundle = bundle
        self._texts: dict[tuple[Any, ...], str] = {}

    def has(self, msg_id: str) -> bool:
        return self._bundle.has_message(msg_id)

    def text(self, msg_id: str, /, **args: Any) -> str:
        """Format ``msg_id``; ``str`` arguments are escaped unless :class:`Html`."""
        key = (msg_id, *((name, type(value), value) for name, value in sorted(args.items())))
        try:
            found = self._texts.get(key)
        except TypeError:  # an unhashable argument: format it every time
            return self._format(msg_id, args)[0]
        if found is not None:
            return found
        text, clean = self._format(msg_id, args)
        if clean:  # a missing message or a formatting error is logged every time
            if len(self._texts) >= TEXTS_KEPT:
                del self._texts[next(iter(self._texts))]  # the oldest first
            self._texts[key] = text
        return text

    def _format(self, msg_id: str, args: dict[str, Any]) -> tuple[str, bool]:
        if not self._bundle.has_message(msg_id):
            logger.error("missing message %s in locale %s", msg_id, self.locale)
            return msg_id, False
        safe = {key: _safe(value) for key, value in args.items()}
        message = self._bundle.get_message(msg_id)
        if message.value is None:
            return msg_id, False
        text, errors = self._bundle.format_pattern(message.value, safe)
        for error in errors:
            logger.error("message %s in %s: %s", msg_id, self.locale, error)
        return str(text), not errors


@functools.lru_cache(maxsize=256)
def _parse(path: Path, mtime_ns: int) -> Resource:
    """A parsed .ftl file; parsing is the slow part of loading, and every dispatcher built in
    one process (tests, the benchmark) would otherwise parse the same files again. Keyed on the
    modification time, so an edited file is parsed anew."""
    resource = FluentResource(path.read_text(encoding="utf-8"))
    junk = [entry for entry in resource.body if isinstance(entry, Junk)]
    if junk:
        raise ValueError(f"{path}: cannot parse {str(junk[0].content)[:60]!r}")
    return resource


class Translator:
    """All locales, loaded once. ``pick`` maps a Telegram ``language_code`` to a locale."""

    def __init__(self, default_locale: str, locales_dir: Path = LOCALES_DIR) -> None:
        self.default_locale = default_locale
        self._locales = {code: self._load(code, locales_dir) for code in SUPPORTED_LOCALES}

    @staticmethod
    def _load(code: str, locales_dir: Path) -> L10n:
        bundle = FluentBundle([code], use_isolating=False)
        for path in sorted((locales_dir / code).glob("*.ftl")):
            bundle.add_resource(_parse(path, path.stat().st_mtime_ns))
        return L10n(code, bundle)

    @property
    def locales(self) -> Iterable[str]:
        return self._locales.keys()

    def pick(self, language_code: str | None) -> str:
        """The locale for a Telegram ``language_code`` (``en-US`` -> ``en``), else the default."""
        if language_code:
            base = language_code.split("-")[0].lower()
            if base in self._locales:
                return base
        return self.default_locale

    def for_locale(self, language_code: str | None) -> L10n:
        return self._locales[self.pick(language_code)]
