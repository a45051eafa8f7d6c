"""No private attribute (``x._name``) of a third-party object anywhere in ``bot/``: see
:mod:`tests.private_attributes` for how they are found, and for which packages."""

from __future__ import annotations

from pathlib import Path

from tests.private_attributes import (
    DOCUMENTED_HOOKS,
    _resolve,
    declared_requirements,
    import_names,
    private_uses,
    third_party_imports,
    third_party_packages,
    undeclared_imports,
)

ROOT = Path(__file__).resolve().parents[1]
AT_LEAST = frozenset(  # the derivation must find these whatever else pyproject.toml declares
    {"d20", "cattrs", "pydantic", "aiohttp", "aiogram_dialog", "aiogram", "tortoise", "redis"}
)


def _bot_sources() -> dict[str, tuple[str, str]]:
    sources = {}
    for path in sorted((ROOT / "bot").rglob("*.py")):
        relative = path.relative_to(ROOT)
        name = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
        sources[name] = (str(relative), path.read_text(encoding="utf-8"))
    return sources


def test_bot_uses_no_private_attribute_of_a_third_party_object() -> None:
    found = private_uses(_bot_sources())
    assert not found, "private attributes of third-party objects:\n" + "\n".join(found)


def test_the_packages_come_from_the_declared_dependencies() -> None:
    """A dependency added to ``pyproject.toml`` is checked without a word changed here."""
    assert import_names("tortoise-orm") == {"tortoise"}
    assert import_names("fluent.runtime") == {"fluent"}
    assert import_names("python-dotenv") == {"dotenv"}
    assert import_names("confusable-homoglyphs") == {"confusable_homoglyphs"}
    assert import_names("pydantic-settings") == {"pydantic_settings"}
    assert import_names("aiogram-dialog") == {"aiogram_dialog"}
    assert import_names("redis") == {"redis"}
    packages = third_party_packages(_bot_sources())
    assert packages >= AT_LEAST, AT_LEAST - packages
    for requirement in declared_requirements():
        if requirement.marker is None or requirement.marker.evaluate():
            assert import_names(requirement.name) <= packages, requirement


def test_every_third_party_module_bot_imports_is_a_declared_dependency() -> None:
    """Not one that merely comes with another (``magic_filter`` with aiogram): what ``bot/``
    imports itself is declared, so its version range is ours to state."""
    sources = _bot_sources()
    assert {"aiogram", "d20", "cattrs"} <= set(third_party_imports(sources))
    undeclared = undeclared_imports(sources)
    assert not undeclared, "imported, not in pyproject's dependencies:\n" + "\n".join(undeclared)
    sample = "import os\nfrom bot import app\nfrom magic_filter import F\nimport d20\n"
    assert undeclared_imports({"sample": ("sample.py", sample)}) == ["sample.py:3: magic_filter"]


def test_the_documented_hooks_are_still_there() -> None:
    """An upgrade that renames a hook fails here: its entry, and the documentation it cites,
    are to be read again."""
    for dotted, names in DOCUMENTED_HOOKS.items():
        cls = _resolve(dotted)
        assert isinstance(cls, type), dotted
        assert all(callable(getattr(cls, name, None)) for name in names), dotted


SAMPLE = """
from aiogram import Dispatcher
from aiogram.dispatcher.middlewares.base import BaseMiddleware
from redis.asyncio import Redis
import tortoise
import d20
from d20 import expression


class Mine:
    def __init__(self, redis: Redis) -> None:
        self._redis = redis  # ours: fine
        self._redis.ping()
        self._redis._hidden  # FLAG
        self.client = Redis()

    def own(self) -> None:
        self._helper(self._redis)
        self.client._pool  # FLAG


class Middle(BaseMiddleware):
    def __init__(self) -> None:
        self._seen = 0  # a name of our own: fine

    def peek(self, other: Middle) -> int:
        return other._seen + self._seen


async def _helper(dp: Dispatcher, anything: object) -> None:
    _other()
    dp._handle_update_tasks  # FLAG
    (await dp.storage.get_data())._x  # FLAG
    getattr(dp, "_private")  # FLAG
    getattr(anything, "_seen")
    made = tortoise.Tortoise.get_connection("default")
    made._template  # FLAG
    plain = object()
    plain._whatever


class Shown(d20.SimpleStringifier):  # d20 documents these _str_* hooks and _stringify
    def __init__(self) -> None:
        super().__init__()
        self._nodes[int] = self._str_die  # FLAG: its dispatch table is not documented
        self._depth = 0  # ours

    def _stringify(self, node: object) -> str:
        return "~" + super()._stringify(node)

    def _str_die(self, node: expression.Die) -> str:
        return ", ".join(self._stringify(value) for value in node.values)

    @staticmethod
    def _str_ops(operations: list[object]) -> str:  # FLAG: an undocumented helper
        return ""


class Loaded(expression.Die):
    def _add_roll(self) -> None:  # FLAG
        self._context.count_roll()  # FLAG
        self.values.append(expression.Literal(6))


class Dull(d20.Roller):
    _nodes = {}  # FLAG


def peek(result: d20.RollResult, shown: Shown) -> None:
    result.expr._context  # FLAG
    shown._stringify(result.expr)  # FLAG: a hook for subclasses, not to call from outside
    d20.SimpleStringifier()._str_die(result.expr)  # FLAG
    shown._depth
"""


def test_the_check_flags_their_private_names_and_leaves_ours() -> None:
    lines = SAMPLE.splitlines()
    expected = [f"sample.py:{n}" for n, line in enumerate(lines, 1) if "# FLAG" in line]
    found = private_uses({"sample": ("sample.py", SAMPLE)})
    assert [entry.split(": ")[0] for entry in found] == expected, found
