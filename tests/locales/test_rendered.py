"""Every locale message rendered with sample arguments matches the committed, reviewed files
(tests/locales/rendered.ru.txt and .en.txt), and renders without a Fluent error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import Translator
from tests.locales.render import COMMAND, LOCALES, difference, render, rendered_path

Rendered = dict[str, tuple[str, list[str]]]


@pytest.fixture(scope="module")
def rendered() -> Rendered:
    translator = Translator("ru")
    return {locale: render(locale, translator) for locale in LOCALES}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_committed_rendering_is_current(rendered: Rendered, locale: str) -> None:
    text, _ = rendered[locale]
    path = rendered_path(locale)
    committed = path.read_text(encoding="utf-8") if path.exists() else ""
    if committed != text:
        pytest.fail(
            f"{path.name} differs from the locale files. Read the diff as a player would, then"
            f" regenerate it:\n    {COMMAND}\n{difference(committed, text, path.name)}",
            pytrace=False,
        )


def test_no_message_renders_with_a_fluent_error(rendered: Rendered) -> None:
    errors = [error for locale in LOCALES for error in rendered[locale][1]]
    assert errors == []


def test_every_message_of_every_file_is_rendered(rendered: Rendered) -> None:
    for locale in LOCALES:
        text = rendered[locale][0]
        headers = {line for line in text.splitlines() if line and line[0].isalpha()}
        ftl = Path(__file__).resolve().parents[2] / "locales" / locale
        for path in ftl.glob("*.ftl"):
            assert f"## {path.name}" in text
        assert {"pool-fight-state-fallen", "duel-challenge", "world-items"} <= headers


# Units written after a number. A plain space there lets Telegram break the line between «15»
# and «мин»; the locales put a no-break space (U+00A0) there, usually right after a placeable:
# `{ $minutes }\u00a0мин`. «с» (seconds) is also a preposition, but no text puts it after a number.
UNITS = ("мин", "с", "сек", "ч", "ХП", "%", "min", "s", "sec", "h", "HP")
UNSPACED = re.compile(rf"\d (?:{'|'.join(map(re.escape, UNITS))})(?!\w)")


def unspaced_units(text: str) -> list[str]:
    """The lines of ``text`` where a number is followed by a plain space and a unit."""
    return [line.strip() for line in text.splitlines() if UNSPACED.search(line)]


def test_a_unit_follows_its_number_after_a_no_break_space(rendered: Rendered) -> None:
    for locale in LOCALES:
        assert unspaced_units(rendered[locale][0]) == [], locale


def test_the_unit_check_tells_a_plain_space_from_a_no_break_one() -> None:
    text = "Осталось 5 мин\nЛовкость 20 %\nЭльф 12 → 7 ХП\n2 s left\n5\u00a0мин"
    assert unspaced_units(text) == ["Осталось 5 мин", "Ловкость 20 %", "Эльф 12 → 7 ХП", "2 s left"]
    assert unspaced_units("5\u00a0мин, 20\u00a0%, 1\u00a0ч 30\u00a0мин, 3 минуты, 2 сундука") == []


TOY = """\
fell = { $name } { $gender ->
    [f] упала
   *[m] упал
}.
turns = Осталось { $count } { $count ->
    [one] ход
    [few] хода
   *[many] ходов
}
challenge = { $challenger } вызывает { $opponent }
stash = { $item ->
    [sword] { $count ->
        [one] меч
       *[other] мечи
    }
   *[coin] монета
} · { $place }
odds = { NUMBER($chance) } %
notes =
    Первая строка
    вторая: { $mystery }
broken = { no-such-message }
"""

EXPECTED = """\
## toy.ftl
broken
  {no-such-message}
challenge
  Бронн вызывает Аня Ветер
  Аня Ветер вызывает Бронн
fell
  [gender=m] Бронн упал.
  [gender=f] Аня Ветер упала.
notes
  Первая строка
    вторая: ‹mystery›
odds
  [chance=1] 1 %
  [chance=2] 2 %
  [chance=5] 5 %
  [chance=21] 21 %
  [chance=0] 0 %
stash
  [item=sword count=1] меч · 1
  [item=sword count=2] мечи · 1
  [item=sword count=5] мечи · 1
  [item=sword count=21] меч · 1
  [item=sword count=0] мечи · 1
  [item=coin] монета · 1
turns
  [count=1] Осталось 1 ход
  [count=2] Осталось 2 хода
  [count=5] Осталось 5 ходов
  [count=21] Осталось 21 ход
  [count=0] Осталось 0 ходов
"""


def _toy_locales(tmp_path: Path, text: str) -> Path:
    for locale in LOCALES:
        (tmp_path / locale).mkdir(exist_ok=True)
        (tmp_path / locale / "toy.ftl").write_text(text, encoding="utf-8")
    return tmp_path


def test_renderings_cover_genders_numbers_and_every_variant(tmp_path: Path) -> None:
    text, errors = render("ru", locales_dir=_toy_locales(tmp_path, TOY))
    assert text.split("\n", 3)[3] == EXPECTED
    assert errors == ["message broken in ru: Unknown message: no-such-message"]


def test_a_changed_text_shows_as_a_diff(tmp_path: Path) -> None:
    before, _ = render("ru", locales_dir=_toy_locales(tmp_path, TOY))
    after, _ = render("ru", locales_dir=_toy_locales(tmp_path, TOY.replace("упала", "упал")))
    diff = difference(before, after, "rendered.ru.txt")
    assert "-  [gender=f] Аня Ветер упала." in diff.splitlines()
    assert "+  [gender=f] Аня Ветер упал." in diff.splitlines()
    assert difference(before, before, "rendered.ru.txt") == ""
