"""rules/ stays pure: no I/O frameworks, no bot code, no global random outside the dice."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"
FORBIDDEN = {"aiogram", "aiogram_dialog", "aiogram_i18n", "tortoise", "redis", "fluent", "bot"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_rules_import_no_io_framework_or_bot_code() -> None:
    offenders = {
        str(path.relative_to(RULES)): sorted(_imports(path) & FORBIDDEN)
        for path in RULES.rglob("*.py")
        if _imports(path) & FORBIDDEN
    }
    assert offenders == {}


def test_only_the_dice_module_touches_randomness() -> None:
    offenders = [
        str(path.relative_to(RULES))
        for path in RULES.rglob("*.py")
        if path.name != "dice.py" and {"random", "secrets"} & _imports(path)
    ]
    assert offenders == []


def test_the_purity_check_sees_imports() -> None:
    sample = RULES.parent / "bot" / "app.py"
    assert "aiogram" in _imports(sample)
