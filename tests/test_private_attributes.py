"""No private attribute (``x._name``) of a third-party object anywhere in ``bot/``: see
:mod:`tests.private_attributes` for how they are found."""

from __future__ import annotations

from pathlib import Path

from tests.private_attributes import private_uses

ROOT = Path(__file__).resolve().parents[1]


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


SAMPLE = """
from aiogram import Dispatcher
from aiogram.dispatcher.middlewares.base import BaseMiddleware
from redis.asyncio import Redis
import tortoise


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
"""


def test_the_check_flags_their_private_names_and_leaves_ours() -> None:
    lines = SAMPLE.splitlines()
    expected = [f"sample.py:{n}" for n, line in enumerate(lines, 1) if line.endswith("# FLAG")]
    found = private_uses({"sample": ("sample.py", SAMPLE)})
    assert [entry.split(": ")[0] for entry in found] == expected, found
