"""getMe, getUpdates (long polling), webhook configuration."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from ..errors import ApiError, bad_request
from ..models import WebhookConfig
from ..params import Params
from ..serialization import bot_info_json
from ..state import EmulatorState
from .base import Reply, method

WEBHOOK_CONFLICT = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)
POLL_CONFLICT = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)
_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


@method("getMe")
async def get_me(state: EmulatorState, params: Params) -> Any:
    return bot_info_json(state.bot, can_read_all_group_messages=not state.privacy_mode)


def _allowed_updates(params: Params) -> list[str] | None:
    value = params.get_json("allowed_updates", what="allowed_updates")
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise bad_request("can't parse allowed_updates JSON object")
    return value


@method("getUpdates")
async def get_updates(state: EmulatorState, params: Params) -> Any:
    if state.webhook is not None:
        raise ApiError(409, WEBHOOK_CONFLICT)
    offset = params.get_int("offset") or 0
    limit = min(max(params.get_int("limit") or 100, 1), 100)
    timeout = max(params.get_int("timeout") or 0, 0)
    if "allowed_updates" in params:
        state.updates.allowed_updates = _allowed_updates(params) or None
    state.poll_generation += 1
    generation = state.poll_generation
    state.updates.confirm(offset)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        if state.poll_generation != generation:
            raise ApiError(409, POLL_CONFLICT)
        if state.webhook is not None:
            raise ApiError(409, WEBHOOK_CONFLICT)
        batch = state.updates.take(limit)
        remaining = deadline - loop.time()
        if batch or remaining <= 0 or state.closing:
            return [update.to_json() for update in batch]
        state.waiting_polls += 1
        state.changed.notify()
        try:
            await state.updates.changed.wait(remaining)
        finally:
            state.waiting_polls -= 1


@method("setWebhook")
async def set_webhook(state: EmulatorState, params: Params) -> Any:
    url = params.get_str("url") or ""
    if not url:
        return await delete_webhook(state, params)
    if not re.match(r"^https?://[^\s/]+", url):
        raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
    secret = params.get_str("secret_token")
    if secret is not None and not _SECRET_RE.match(secret):
        raise bad_request("secret token contains unallowed characters")
    if params.get_bool("drop_pending_updates"):
        state.updates.clear()
    allowed = _allowed_updates(params)
    if allowed is not None:
        state.updates.allowed_updates = allowed or None
    previous = state.webhook
    state.webhook = WebhookConfig(
        url=url,
        secret_token=secret,
        max_connections=params.get_int("max_connections") or 40,
        ip_address=params.get_str("ip_address"),
        allowed_updates=state.updates.allowed_updates,
    )
    state.webhook_changed.notify()
    state.updates.changed.notify()
    same = previous is not None and previous.url == url
    return Reply(True, "Webhook is already set" if same else "Webhook was set")


@method("deleteWebhook")
async def delete_webhook(state: EmulatorState, params: Params) -> Any:
    if params.get_bool("drop_pending_updates"):
        state.updates.clear()
    existed = state.webhook is not None
    state.webhook = None
    state.webhook_changed.notify()
    state.updates.changed.notify()
    return Reply(True, "Webhook was deleted" if existed else "Webhook is already deleted")


@method("getWebhookInfo")
async def get_webhook_info(state: EmulatorState, params: Params) -> Any:
    webhook = state.webhook
    info: dict[str, Any] = {
        "url": webhook.url if webhook else "",
        "has_custom_certificate": False,
        "pending_update_count": len(state.updates.pending),
    }
    if webhook is not None:
        info["max_connections"] = webhook.max_connections
        if webhook.ip_address:
            info["ip_address"] = webhook.ip_address
        if webhook.allowed_updates:
            info["allowed_updates"] = webhook.allowed_updates
        if webhook.last_error_date is not None:
            info["last_error_date"] = webhook.last_error_date
            info["last_error_message"] = webhook.last_error_message
    return info


@method("logOut", "close")
async def log_out(state: EmulatorState, params: Params) -> Any:
    return True
