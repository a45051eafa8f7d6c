"""``with refused(Code.X) as caught:``: ``pytest.raises`` for a refusal with that code."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

import pytest

from bot.services.errors import Refusal, ServiceError
from rules.errors import Code, RuleError


@contextmanager
def refused(code: Code | Refusal) -> Iterator[pytest.ExceptionInfo[RuleError | ServiceError]]:
    """Expect a refusal with ``code``: a rule's :class:`RuleError`, or a service's
    :class:`ServiceError`; ``caught.value.details`` holds its details."""
    with pytest.raises((RuleError, ServiceError)) as caught:
        yield cast("pytest.ExceptionInfo[RuleError | ServiceError]", caught)
    error = caught.value
    assert isinstance(error, RuleError | ServiceError)
    assert error.code is code, f"refused with {error!r}, not {code}"
