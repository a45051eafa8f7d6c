"""Errors: Bot API error answers and emulator (test-side) errors."""

from __future__ import annotations

from typing import Any

_DEFAULT_DESCRIPTIONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    409: "Conflict",
    429: "Too Many Requests",
    500: "Internal Server Error",
}


class ApiError(Exception):
    """Raised inside method handlers; rendered as ``{"ok": false, ...}``."""

    def __init__(
        self,
        error_code: int,
        description: str,
        *,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        parameters: dict[str, int] = {}
        if self.retry_after is not None:
            parameters["retry_after"] = self.retry_after
        if self.migrate_to_chat_id is not None:
            parameters["migrate_to_chat_id"] = self.migrate_to_chat_id
        if parameters:
            body["parameters"] = parameters
        return body


def default_description(error_code: int, retry_after: int | None = None) -> str:
    if error_code == 429:
        return f"Too Many Requests: retry after {retry_after or 1}"
    return _DEFAULT_DESCRIPTIONS.get(error_code, "Error")


def bad_request(detail: str) -> ApiError:
    return ApiError(400, f"Bad Request: {detail}")


def forbidden(detail: str) -> ApiError:
    return ApiError(403, f"Forbidden: {detail}")


def too_many_requests(retry_after: int) -> ApiError:
    return ApiError(429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after)


CHAT_NOT_FOUND = "chat not found"
UPGRADED = "Bad Request: group chat was upgraded to a supergroup chat"


class EmulatorError(Exception):
    """Misuse of the test-facing API (unknown button, user not in chat, ...)."""


class ButtonNotFound(EmulatorError, LookupError):
    pass


class EmulatorTimeout(AssertionError):
    """A ``wait_for_*`` helper gave up; the message carries context for debugging."""
