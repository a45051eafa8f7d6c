"""Locales: every id used in code exists in ru and en, the two agree, and none is unused."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fluent.runtime.types import FluentInt
from fluent.syntax import FluentParser, FluentSerializer
from fluent.syntax.ast import Junk, Message

from bot.config import SUPPORTED_LOCALES
from bot.i18n import TEXTS_KEPT, Html, Translator
from bot.views.d20_turns import VARIANTS as D20_VARIANTS

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")


def _ids(locale: str) -> set[str]:
    ids: set[str] = set()
    for path in sorted((LOCALES / locale).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        assert not [entry for entry in resource.body if isinstance(entry, Junk)], path
        ids.update(entry.id.name for entry in resource.body if isinstance(entry, Message))
    return ids


def _code_strings() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def _prefixes(ids: set[str]) -> set[str]:
    return {msg_id.split("-")[0] for msg_id in ids}


def test_ru_and_en_have_the_same_ids() -> None:
    ru, en = _ids("ru"), _ids("en")
    assert sorted(ru - en) == [], "in ru only"
    assert sorted(en - ru) == [], "in en only"


def test_every_id_used_in_code_exists() -> None:
    known = _ids("ru")
    prefixes = _prefixes(known)
    used = {s for s in _code_strings() if ID.match(s) and s.split("-")[0] in prefixes}
    assert sorted(used - known) == []


def test_every_id_is_used_in_code() -> None:
    # The d20 narrative's ids are built from its families (bot/views/d20_turns.py).
    strings = _code_strings() | {i for ids in D20_VARIANTS.values() for i in ids}
    assert sorted(_ids("ru") - strings) == []


def test_the_check_for_missing_ids_can_fail() -> None:
    strings = _code_strings()
    assert "roll-result" in strings
    assert "roll-result-missing" not in _ids("ru")


def _variables(locale: str) -> dict[str, set[str]]:
    """The variables each message refers to, read from the Fluent syntax tree."""
    found: dict[str, set[str]] = {}
    for path in sorted((LOCALES / locale).glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, Message):
                names = set(
                    re.findall(
                        r"\{\s*\$([a-z_][a-z0-9_]*)", FluentSerializer().serialize_entry(entry)
                    )
                )
                found[entry.id.name] = names
    return found


def test_every_message_formats_in_both_locales_without_errors() -> None:
    translator = Translator("ru")
    for locale in ("ru", "en"):
        l10n = translator.for_locale(locale)
        for msg_id, names in _variables(locale).items():
            text = l10n.text(msg_id, **{name: "7" for name in names})
            assert text and text != msg_id and "{" not in text, (locale, msg_id)


def test_language_code_picks_the_locale() -> None:
    translator = Translator("ru")
    assert translator.pick("en-GB") == "en"
    assert translator.pick("ru") == "ru"
    assert translator.pick("uk") == "ru"
    assert translator.pick(None) == "ru"
    assert Translator("en").pick("fr") == "en"


def test_text_for_messages_without_an_update_uses_a_stored_language_code() -> None:
    """Timers have no incoming update: they format with the code stored for the user."""
    translator = Translator("ru")
    stored_language_code = "en"
    assert (
        translator.for_locale(stored_language_code)
        .text("error-internal-command")
        .startswith("Something went wrong")
    )


def test_numbers_format_and_select_plurals_as_fluent_does() -> None:
    translator = Translator("ru")
    for code in SUPPORTED_LOCALES:
        l10n = translator.for_locale(code)
        bundle = l10n._bundle
        for msg_id, names in _variables(code).items():
            message = bundle.get_message(msg_id)
            assert message.value is not None
            for number in (0, 1, 2, 5, 11, 21, 999, 1000, 12345, -3):
                plain, _ = bundle.format_pattern(
                    message.value, {name: FluentInt(number) for name in names}
                )
                assert l10n.text(msg_id, **{name: number for name in names}) == plain


def test_a_repeated_text_is_formatted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    l10n = Translator("ru").for_locale("ru")
    calls: list[str] = []
    original = l10n._format

    def counted(msg_id: str, args: dict[str, object]) -> tuple[str, bool]:
        calls.append(msg_id)
        return original(msg_id, args)

    monkeypatch.setattr(l10n, "_format", counted)
    first = l10n.text("pool-fight-chosen", done=1, total=3, seconds=30)
    again = l10n.text("pool-fight-chosen", seconds=30, total=3, done=1)  # any order
    other = l10n.text("pool-fight-chosen", done=2, total=3, seconds=30)
    assert first == again and "1 из 3" in first and "2 из 3" in other
    assert calls == ["pool-fight-chosen", "pool-fight-chosen"]


def test_remembered_texts_keep_escaping_apart_and_stay_bounded() -> None:
    l10n = Translator("ru").for_locale("ru")
    escaped = l10n.text("pool-fight-target", name="<b>Ann</b>")
    kept = l10n.text("pool-fight-target", name=Html("<b>Ann</b>"))
    assert "&lt;b&gt;Ann&lt;/b&gt;" in escaped and "<b>Ann</b>" in kept
    assert l10n.text("pool-fight-target", name="<b>Ann</b>") == escaped
    for n in range(TEXTS_KEPT + 50):
        l10n.text("pool-fight-chosen", done=n, total=3, seconds=30)
    assert len(l10n._texts) == TEXTS_KEPT
    assert "7 из 3" in l10n.text("pool-fight-chosen", done=7, total=3, seconds=30)


def test_a_missing_message_is_logged_every_time(caplog: pytest.LogCaptureFixture) -> None:
    l10n = Translator("ru").for_locale("ru")
    with caplog.at_level("ERROR", logger="bot.i18n"):
        assert l10n.text("no-such-message") == "no-such-message"
        assert l10n.text("no-such-message") == "no-such-message"
    assert [r.getMessage() for r in caplog.records].count(
        "missing message no-such-message in locale ru"
    ) == 2
