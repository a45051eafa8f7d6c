"""Every message of ``locales/ru`` and ``locales/en`` rendered with sample arguments, through the
bot's own :class:`~bot.i18n.Translator`, into ``tests/locales/rendered.<locale>.txt``.

The files are committed, and ``tests/locales/test_rendered.py`` fails when a rendering changes,
so every text change is reviewed as a diff. Regenerate them with::

    .venv/bin/python -m tests.locales.render --write
"""

from __future__ import annotations

import argparse
import difflib
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.i18n import LOCALES_DIR, Translator
from tests.locales.samples import arguments, case_label, people
from tests.locales.variants import Analysis, Case, load

HERE = Path(__file__).resolve().parent
LOCALES = ("ru", "en")
COMMAND = ".venv/bin/python -m tests.locales.render --write"


def rendered_path(locale: str) -> Path:
    return HERE / f"rendered.{locale}.txt"


class _Errors(logging.Handler):
    """Collects what :class:`~bot.i18n.L10n` logs when a message does not format cleanly."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.found: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.found.append(record.getMessage())


@contextmanager
def _errors_logged() -> Iterator[_Errors]:
    handler = _Errors()
    logger = logging.getLogger("bot.i18n")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


def _block(label: str, text: str) -> list[str]:
    """One rendering: its first line after two spaces (and its selector values in brackets),
    the following lines after four."""
    first, *rest = text.split("\n")
    head = f"  [{label}] {first}" if label else f"  {first}"
    return [head.rstrip(), *(f"    {line}".rstrip() for line in rest)]


def render(
    locale: str, translator: Translator | None = None, locales_dir: Path = LOCALES_DIR
) -> tuple[str, list[str]]:
    """The rendered file of ``locale`` and the Fluent errors met while rendering it."""
    l10n = (translator or Translator(locale, locales_dir)).for_locale(locale)
    files = load(locales_dir / locale)
    analysis = Analysis(locale, {k: v for messages in files.values() for k, v in messages.items()})
    lines = [
        f"# Every message of locales/{locale}, rendered with sample arguments.",
        f"# Generated: {COMMAND}",
    ]
    with _errors_logged() as errors:
        for file_name, messages in files.items():
            lines += ["", f"## {file_name}"]
            for msg_id in sorted(messages):
                shape = analysis.shape(messages[msg_id])
                cases: list[Case] = shape.cases or [{}]
                if len(cases) == 1 and people(msg_id, shape):
                    cases = [cases[0], dict(cases[0])]  # each person once a man, once a woman
                lines.append(msg_id)
                if messages[msg_id].value is None:  # attributes only: the bot cannot send it
                    errors.found.append(f"message {msg_id} in {locale} has no value")
                for index, case in enumerate(cases):
                    args = arguments(locale, msg_id, shape, case, index)
                    text = l10n.text(msg_id, **args)
                    lines += _block(case_label(case), text)
    return "\n".join(lines) + "\n", errors.found


def difference(committed: str, rendered: str, name: str, limit: int = 60) -> str:
    """A unified diff from the committed file to a fresh rendering, cut at ``limit`` lines."""
    lines = list(
        difflib.unified_diff(
            committed.splitlines(), rendered.splitlines(), name, f"{name} (now)", lineterm=""
        )
    )
    if len(lines) > limit:
        lines = [*lines[:limit], f"... {len(lines) - limit} more diff lines"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help="rewrite the committed files")
    options = parser.parse_args(argv)
    translator = Translator("ru")
    changed = []
    for locale in LOCALES:
        text, errors = render(locale, translator)
        for error in errors:
            print(f"error: {error}", file=sys.stderr)
        path = rendered_path(locale)
        committed = path.read_text(encoding="utf-8") if path.exists() else ""
        if committed != text:
            changed.append(path.name)
            if options.write:
                path.write_text(text, encoding="utf-8")
            else:
                print(difference(committed, text, path.name))
    verb = "rewrote" if options.write else "differs"
    print(f"{verb}: {', '.join(changed)}" if changed else "up to date")
    return 1 if changed and not options.write else 0


if __name__ == "__main__":
    raise SystemExit(main())
