"""Dice sources. The only module of ``rules`` allowed to touch randomness.

* :class:`ScriptedDice` replays given values (tests, the rulebook's examples).
* :class:`VerifiableDice` is the dice of a real game: every roll ``i`` is derived from
  HMAC-SHA256(seed, i) with rejection sampling, the SHA-256 of the seed is published when the
  game starts and the seed is revealed when it ends, so anyone can recompute every roll with
  :func:`verify` (rulebook: Common / Checking the dice).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from rules.errors import Code, RuleError

SEED_BYTES = 32
_DRAW_BITS = 64
_DRAW_SPACE = 1 << _DRAW_BITS


@runtime_checkable
class Dice(Protocol):
    """Anything that rolls one die with ``sides`` faces, returning 1..sides."""

    def roll(self, sides: int) -> int: ...


def roll_many(dice: Dice, count: int, sides: int) -> tuple[int, ...]:
    """Roll ``count`` dice of ``sides`` faces, in order."""
    return tuple(dice.roll(sides) for _ in range(count))


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One die as drawn by :class:`VerifiableDice`: its index in the game, size and value, and
    whose die it was when the rules said so (:func:`owned`; "" when they did not)."""

    index: int
    sides: int
    value: int
    owner: str = ""


@contextmanager
def owned(dice: Dice, owner: str) -> Iterator[None]:
    """The dice rolled inside are ``owner``'s: a label the game's roll log keeps with each die
    (``"attack 1>2"``: character 1's attack on 2; ``"defense 2<1"``: 2's defense against 1).
    Dice that keep no history (scripted, the system's) roll as ever. Nested: the inner wins."""
    if not isinstance(dice, VerifiableDice | RecordingDice):
        yield
        return
    before, dice.owner = dice.owner, owner
    try:
        yield
    finally:
        dice.owner = before


class ScriptedDice:
    """Dice that return scripted values per die size, in order.

    ``ScriptedDice({10: [4, 6, 7, 1, 10], 100: [5, 56, 92]})``. Raises
    a :class:`RuleError` (``SCRIPT_EXHAUSTED``) when a size runs out and
    (``SCRIPTED_VALUE_OUT_OF_RANGE``) when a value does not fit its die.
    """

    def __init__(self, script: Mapping[int, Iterable[int]] | None = None) -> None:
        self._queues: dict[int, deque[int]] = {
            sides: deque(values) for sides, values in (script or {}).items()
        }
        self.rolled: list[tuple[int, int]] = []

    def add(self, sides: int, *values: int) -> ScriptedDice:
        """Append more scripted values for ``sides``; returns self for chaining."""
        self._queues.setdefault(sides, deque()).extend(values)
        return self

    def roll(self, sides: int) -> int:
        queue = self._queues.get(sides)
        if not queue:
            raise RuleError(Code.SCRIPT_EXHAUSTED, sides=sides)
        value = queue.popleft()
        if not 1 <= value <= sides:
            raise RuleError(Code.SCRIPTED_VALUE_OUT_OF_RANGE, sides=sides, value=value)
        self.rolled.append((sides, value))
        return value

    def remaining(self, sides: int) -> int:
        """How many scripted values are left for ``sides``."""
        return len(self._queues.get(sides, ()))


def new_seed() -> bytes:
    """A fresh secret game seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The public SHA-256 commitment (hex) of a seed, published at game start."""
    return hashlib.sha256(seed).hexdigest()


def draw(seed: bytes, index: int, sides: int) -> int:
    """The value of roll number ``index`` of a ``sides``-faced die under ``seed``.

    Each attempt takes 64 bits of HMAC-SHA256(seed, "index:attempt"); values in the top
    incomplete block are rejected, so every face has exactly the same chance.
    """
    if sides < 1:
        raise RuleError(Code.NO_SIDES, sides=sides)
    limit = _DRAW_SPACE - (_DRAW_SPACE % sides)
    attempt = 0
    while True:
        message = f"{index}:{attempt}".encode()
        digest = hmac.new(seed, message, hashlib.sha256).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


class VerifiableDice:
    """Provably fair dice: roll ``i`` is :func:`draw` (seed, i, sides).

    ``next_index`` lets a game resume after a restart exactly where its log stopped.
    ``history`` keeps every roll made through this object, for the game log.
    """

    def __init__(self, seed: bytes, next_index: int = 0) -> None:
        if len(seed) < 16:
            raise RuleError(Code.SHORT_SEED, length=len(seed))
        self._seed = seed
        self.next_index = next_index
        self.history: list[RollRecord] = []
        self.owner = ""  # whose dice roll now (:func:`owned`)

    @property
    def commitment(self) -> str:
        return commitment(self._seed)

    def roll(self, sides: int) -> int:
        value = draw(self._seed, self.next_index, sides)
        self.history.append(RollRecord(self.next_index, sides, value, self.owner))
        self.next_index += 1
        return value

    def take_history(self) -> list[RollRecord]:
        """Return and forget the rolls made since the last call."""
        taken, self.history = self.history, []
        return taken


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """Outcome of :func:`verify`: whether the seed matches and the first bad roll, if any."""

    commitment_ok: bool
    checked: int
    first_mismatch: RollRecord | None

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.first_mismatch is None


def verify(seed: bytes, rolls: Sequence[RollRecord], published: str | None = None) -> VerifyReport:
    """Recompute every logged roll from the revealed seed.

    ``published`` is the commitment announced at game start; when given it must match.
    """
    commitment_ok = published is None or hmac.compare_digest(commitment(seed), published)
    for record in rolls:
        if draw(seed, record.index, record.sides) != record.value:
            return VerifyReport(commitment_ok, record.index, record)
    return VerifyReport(commitment_ok, len(rolls), None)


class SystemDice:
    """Unscripted dice from the operating system's CSPRNG, for table rolls outside a game."""

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise RuleError(Code.NO_SIDES, sides=sides)
        return secrets.randbelow(sides) + 1


class RecordingDice:
    """Any dice source, numbered and recorded like :class:`VerifiableDice` (for scripted games)."""

    def __init__(self, inner: Dice, next_index: int = 0) -> None:
        self._inner = inner
        self.next_index = next_index
        self.history: list[RollRecord] = []
        self.owner = ""  # whose dice roll now (:func:`owned`)

    def roll(self, sides: int) -> int:
        value = self._inner.roll(sides)
        self.history.append(RollRecord(self.next_index, sides, value, self.owner))
        self.next_index += 1
        return value

    def take_history(self) -> list[RollRecord]:
        taken, self.history = self.history, []
        return taken
