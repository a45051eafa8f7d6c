"""``TelegramEmulator``: the test-facing facade over state, HTTP server and webhook delivery."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping
from types import TracebackType
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import actions
from .errors import EmulatorError, EmulatorTimeout
from .holds import CallHold
from .limits import InjectedFailure, RateLimits
from .methods.chats import scope_key
from .models import (
    CallbackAnswer,
    CallRecord,
    EmuChat,
    EmuMessage,
    EmuUser,
    ForumTopic,
    MemberStatus,
    PendingUpdate,
    WebhookConfig,
)
from .server import create_app
from .state import EmulatorState
from .transcript import render_transcript
from .waiting import CallPredicate, MessagePredicate, Waiter
from .webhook import DeliveryAttempt, SpreadMode, WebhookDeliverer

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.client.telegram import TelegramAPIServer

DEFAULT_TOKEN = "123456789:TEST-emulator-token-AAAAAAAAAAAAAAAAAAAA"


class TelegramEmulator:
    """A local Telegram Bot API server plus a scripted Telegram world.

    Usage::

        async with TelegramEmulator(bot_username="gm_test_bot") as emu:
            alice = emu.add_user("Alice", language_code="ru")
            bot = emu.create_bot()          # aiogram Bot pointed at the emulator
            ...                              # start the bot (polling or webhook)
            await emu.send_text(alice, "/start")
            reply = await emu.wait_for_message(emu.private_chat(alice))
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "test_bot",
        bot_first_name: str = "Test Bot",
        privacy_mode: bool = False,
        host: str = "127.0.0.1",
        port: int = 0,
        clock: Callable[[], float] = time.monotonic,
        webhook_timeout: float = 5.0,
        webhook_retry_delay: float = 0.05,
        webhook_max_retry_delay: float = 1.0,
    ) -> None:
        self.state = EmulatorState(
            token,
            bot_username=bot_username,
            bot_first_name=bot_first_name,
            privacy_mode=privacy_mode,
            clock=clock,
        )
        self.host = host
        self.port = port
        self._webhook = WebhookDeliverer(
            self.state,
            timeout=webhook_timeout,
            retry_delay=webhook_retry_delay,
            max_retry_delay=webhook_max_retry_delay,
        )
        self._waiter = Waiter(self.state)
        self._seen_attempts = 0
        self._runner: web.AppRunner | None = None
        self._base_url: str | None = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        if self._runner is not None:
            raise EmulatorError("emulator already started")
        self.state.closing = False
        runner = web.AppRunner(
            create_app(self.state),
            handler_cancellation=True,
            access_log=None,
            shutdown_timeout=1.0,
        )
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self._runner = runner
        port = runner.addresses[0][1]
        self._base_url = f"http://{self.host}:{port}"
        await self._webhook.start()

    async def stop(self) -> None:
        self.state.closing = True
        self.state.updates.changed.notify()  # release long polls
        await self._webhook.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> TelegramEmulator:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def bot_user(self) -> EmuUser:
        return self.state.bot

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``; the API lives at ``{base_url}/bot<token>/<method>``."""
        if self._base_url is None:
            raise EmulatorError("emulator not started")
        return self._base_url

    @property
    def api_server(self) -> TelegramAPIServer:
        from aiogram.client.telegram import TelegramAPIServer

        return TelegramAPIServer.from_base(self.base_url)

    def create_bot(self, token: str | None = None, **kwargs: Any) -> Bot:
        """An aiogram ``Bot`` whose session talks to this emulator."""
        from aiogram import Bot

        from .client import LoopbackSession

        return Bot(token or self.token, session=LoopbackSession(api=self.api_server), **kwargs)

    # ------------------------------------------------------------------ world setup

    def add_user(
        self,
        first_name: str,
        *,
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "en",
        is_premium: bool = False,
        started: bool = False,
        user_id: int | None = None,
    ) -> EmuUser:
        """A user with a private chat. ``started=False``: the bot cannot DM them first."""
        return self.state.add_user(
            first_name,
            last_name=last_name,
            username=username,
            language_code=language_code,
            is_premium=is_premium,
            started=started,
            user_id=user_id,
        )

    def add_group(
        self,
        title: str,
        *,
        admins: Iterable[EmuUser] = (),
        members: Iterable[EmuUser] = (),
        owner: EmuUser | None = None,
        forum: bool = False,
        supergroup: bool = True,
        username: str | None = None,
        bot_admin: bool = False,
    ) -> EmuChat:
        """A group with the bot in it. Without ``owner`` the first admin is the creator."""
        return self.state.add_group(
            title,
            owner=owner,
            admins=admins,
            members=members,
            forum=forum,
            supergroup=supergroup,
            username=username,
            bot_status="administrator" if bot_admin else "member",
        )

    def add_topic(self, group: EmuChat, name: str, icon_color: int = 0x6FB9F0) -> ForumTopic:
        return self.state.add_topic(group, name, icon_color)

    def delete_topic(self, group: EmuChat, topic: ForumTopic) -> None:
        """An admin deletes a topic: sends to it fail with "message thread not found"."""
        group.topics.pop(topic.message_thread_id, None)

    def private_chat(self, user: EmuUser) -> EmuChat:
        return self.state.private_chat(user)

    def chat(self, chat_id: int) -> EmuChat:
        return self.state.chats[chat_id]

    # ------------------------------------------------------------------ user actions

    def _chat_and_text(
        self, user: EmuUser, chat: EmuChat | str | None, text: str | None
    ) -> tuple[EmuChat, str]:
        if isinstance(chat, str):
            if text is not None:
                raise TypeError("send_text(user, chat, text): chat must be an EmuChat")
            chat, text = None, chat
        if text is None:
            raise TypeError("send_text() missing the text")
        return (chat or self.private_chat(user)), text

    async def send_text(
        self,
        user: EmuUser,
        chat: EmuChat | str | None = None,
        text: str | None = None,
        *,
        reply_to: EmuMessage | None = None,
        thread_id: int | None = None,
        entities: list[dict[str, Any]] | None = None,
    ) -> EmuMessage:
        """``user`` writes ``text`` in ``chat`` (private chat when omitted).

        ``send_text(alice, "/start")`` and ``send_text(alice, group, "/roll 2d6")`` both work.
        Commands (``/roll``, ``/roll@bot``), mentions, hashtags and URLs get entities;
        ``entities`` adds those a client sets itself (a ``text_mention`` of a member).
        With ``privacy_mode`` a group message the real Telegram would not deliver to the bot
        (see :func:`actions.should_deliver`) is stored in the chat but makes no update.
        """
        target, body = self._chat_and_text(user, chat, text)
        return actions.send_text(
            self.state,
            user,
            target,
            body,
            reply_to=reply_to,
            thread_id=thread_id,
            entities=entities,
        )

    async def open_deep_link(self, user: EmuUser, payload: str = "") -> EmuMessage:
        """``t.me/<bot>?start=<payload>``: sends ``/start <payload>`` in the private chat."""
        return actions.send_text(
            self.state, user, self.private_chat(user), actions.deep_link_text(payload)
        )

    async def press_button(
        self,
        user: EmuUser,
        message: EmuMessage,
        text: str | None = None,
        *,
        data: str | None = None,
        forged: bool = False,
    ) -> str:
        """Press an inline button (by text or callback data); returns the callback query id.
        ``forged=True`` sends ``data`` even though no button of the message carries it."""
        return actions.press_button(self.state, user, message, text, data=data, forged=forged).id

    async def edit_text(self, user: EmuUser, message: EmuMessage, text: str) -> EmuMessage:
        """The user edits their own message (``edited_message`` update)."""
        return actions.edit_text(self.state, user, message, text)

    async def join_group(self, user: EmuUser, group: EmuChat) -> EmuMessage:
        return actions.join_group(self.state, user, group)

    async def leave_group(self, user: EmuUser, group: EmuChat) -> EmuMessage:
        return actions.leave_group(self.state, user, group)

    def set_members_can_send(self, group: EmuChat, allowed: bool) -> None:
        """An admin closes the group for the night (only admins write; a bot that is no admin
        gets "not enough rights to send text messages") or opens it again."""
        group.members_can_send = allowed

    async def migrate_group(self, group: EmuChat, *, by: EmuUser) -> EmuChat:
        """``group`` becomes a supergroup with a new id (see :func:`actions.migrate_group`)."""
        return actions.migrate_group(self.state, group, by)

    async def block_bot(self, user: EmuUser) -> None:
        """The user blocks the bot: private sends get 403 (and a my_chat_member update)."""
        actions.set_blocked(self.state, user, True)

    async def unblock_bot(self, user: EmuUser) -> None:
        actions.set_blocked(self.state, user, False)

    async def set_bot_status(
        self, group: EmuChat, status: MemberStatus, *, by: EmuUser | None = None
    ) -> None:
        """Promote ("administrator"), demote ("member"), kick ("kicked") or remove the bot."""
        actor = by or next((m.user for m in group.members.values() if m.status == "creator"), None)
        if actor is None:
            raise EmulatorError("set_bot_status(): pass by=<user> (the group has no owner)")
        actions.set_bot_status(self.state, group, status, actor)

    def redeliver(self, update: PendingUpdate | int | EmuMessage) -> PendingUpdate:
        """Send an already delivered update again, with the same update_id."""
        original = self._find_update(update)
        return self.state.updates.redeliver(original)

    def _find_update(self, ref: PendingUpdate | int | EmuMessage) -> PendingUpdate:
        if isinstance(ref, PendingUpdate):
            return ref
        for update in reversed(self.state.updates.history):
            if isinstance(ref, int) and update.update_id == ref:
                return update
            if isinstance(ref, EmuMessage) and update.kind == "message":
                payload = update.payload
                if (payload["chat"]["id"], payload["message_id"]) == (
                    ref.chat.id,
                    ref.message_id,
                ):
                    return update
        raise EmulatorError(f"no update for {ref!r}")

    def queue_dice(self, *values: int) -> None:
        """Values the next ``sendDice`` calls will roll (random otherwise)."""
        self.state.dice_values.extend(values)

    # ------------------------------------------------------------------ inspection

    @property
    def updates(self) -> list[PendingUpdate]:
        """Every update created so far (delivered, pending or filtered out)."""
        return list(self.state.updates.history)

    @property
    def last_update(self) -> PendingUpdate | None:
        history = self.state.updates.history
        return history[-1] if history else None

    @property
    def pending_updates(self) -> list[PendingUpdate]:
        return list(self.state.updates.pending)

    def messages(self, chat: EmuChat, *, include_deleted: bool = False) -> list[EmuMessage]:
        """All messages of the chat in order (users' and bot's, no service messages)."""
        return [
            m
            for m in chat.messages.values()
            if m.kind != "service" and (include_deleted or not m.deleted)
        ]

    def bot_messages(self, chat: EmuChat, *, include_deleted: bool = False) -> list[EmuMessage]:
        return [m for m in self.messages(chat, include_deleted=include_deleted) if m.from_bot]

    def last_bot_message(self, chat: EmuChat) -> EmuMessage | None:
        messages = self.bot_messages(chat)
        return messages[-1] if messages else None

    def calls(self, method: str | None = None, *, include_polling: bool = True) -> list[CallRecord]:
        """Logged API calls (case-insensitive ``method`` filter)."""
        name = method.lower() if method else None
        return [
            c
            for c in self.state.calls
            if (name is None or c.method.lower() == name)
            and (include_polling or c.method.lower() != "getupdates")
        ]

    def clear_calls(self) -> None:
        self.state.calls.clear()

    def new_scene(self, *, privacy_mode: bool = False) -> None:
        """Forget what happened (calls, updates, injected failures and holds, flood limits,
        queued dice), keeping the users and chats: a shared emulator between two tests, whose
        new users and chats then get ids never used before. Nothing may be waiting for an
        update then (see ``tests/bot/conftest.py``)."""
        state = self.state
        state.calls.clear()
        state.callback_queries.clear()
        state.updates.clear()
        state.updates.history.clear()
        state.updates.dropped.clear()
        state.failures.clear()
        state.holds.clear()
        state.dice_values.clear()
        state.privacy_mode = privacy_mode
        self.enforce_limits = False

    def callback_answer(self, query_id: str) -> CallbackAnswer | None:
        query = self.state.callback_queries.get(query_id)
        if query is None:
            raise KeyError(query_id)
        return query.answer

    def commands(
        self, scope: Mapping[str, Any] | None = None, language_code: str = ""
    ) -> list[dict[str, Any]]:
        """Commands set with setMyCommands for exactly this scope and language."""
        return list(self.state.commands.get((scope_key(scope), language_code), []))

    def visible_commands(self, user: EmuUser, chat: EmuChat | None = None) -> list[dict[str, Any]]:
        """The command menu Telegram would show ``user`` in ``chat`` (scope resolution)."""
        chat = chat or self.private_chat(user)
        if chat.is_private:
            scopes: list[dict[str, Any]] = [
                {"type": "chat", "chat_id": chat.id},
                {"type": "all_private_chats"},
            ]
        else:
            member = self.state.member(chat, user.id)
            is_admin = member is not None and member.status in ("creator", "administrator")
            scopes = [{"type": "chat_member", "chat_id": chat.id, "user_id": user.id}]
            if is_admin:
                scopes.append({"type": "chat_administrators", "chat_id": chat.id})
            scopes.append({"type": "chat", "chat_id": chat.id})
            if is_admin:
                scopes.append({"type": "all_chat_administrators"})
            scopes.append({"type": "all_group_chats"})
        scopes.append({"type": "default"})
        for scope in scopes:
            for language in (user.language_code or "", ""):
                found = self.state.commands.get((scope_key(scope), language))
                if found:
                    return list(found)
        return []

    def menu_button(self, chat: EmuChat | None = None) -> dict[str, Any]:
        buttons = self.state.menu_buttons
        return (chat and buttons.get(chat.id)) or buttons.get(None) or {"type": "default"}

    @property
    def webhook(self) -> WebhookConfig | None:
        return self.state.webhook

    def spread_webhook(self, urls: Iterable[str], mode: SpreadMode = "alternate") -> None:
        """Act as a reverse proxy before several replicas: deliver to ``urls`` instead of the
        registered webhook URL, each update to the next one (``"alternate"``) or every update
        to all of them at once (``"both"``). No ``urls``: back to the registered URL."""
        self._webhook.targets = list(urls)
        self._webhook.mode = mode
        self.state.webhook_changed.notify()

    @property
    def webhook_attempts(self) -> list[DeliveryAttempt]:
        return list(self._webhook.attempts)

    def transcript(self, chat: EmuChat, *, html: bool = False, show_ids: bool = False) -> str:
        """Readable chat log: ``Alice: /roll 2d6`` / ``Bot: ...`` / ``  [Button]``."""
        return render_transcript(chat, html=html, show_ids=show_ids)

    # ------------------------------------------------------------------ waiting

    async def wait_for_message(
        self,
        chat: EmuChat,
        predicate: MessagePredicate | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> EmuMessage:
        """The earliest bot message in ``chat`` matching ``predicate`` not returned before."""
        return await self._waiter.message(chat, predicate, timeout)

    async def expect_no_message(
        self,
        chat: EmuChat,
        timeout: float = 0.3,  # noqa: ASYNC109
    ) -> None:
        """Assert the bot sends nothing new to ``chat`` within ``timeout``."""
        await self._waiter.no_message(chat, timeout)

    async def wait_for_edit(
        self,
        message: EmuMessage,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> EmuMessage:
        """Wait until ``message`` gets an edit not seen by a previous ``wait_for_edit``."""
        return await self._waiter.edit(message, timeout)

    async def wait_for_call(
        self,
        method: str | None,
        predicate: CallPredicate | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> CallRecord:
        """The earliest logged call of ``method`` matching ``predicate`` not returned before."""
        return await self._waiter.call(method, predicate, timeout)

    async def wait_for_callback_answer(
        self,
        query_id: str,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> CallbackAnswer:
        return await self._waiter.callback_answer(query_id, timeout)

    async def wait_for_webhook_attempt(
        self,
        predicate: Callable[[DeliveryAttempt], bool] | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> DeliveryAttempt:
        """The earliest webhook delivery attempt matching ``predicate`` not returned before."""

        def check() -> DeliveryAttempt | None:
            attempts = self._webhook.attempts
            for index in range(self._seen_attempts, len(attempts)):
                if predicate is None or predicate(attempts[index]):
                    self._seen_attempts = index + 1
                    return attempts[index]
            return None

        found = await self.state.changed.wait_for(check, timeout)
        if found is None:
            raise EmulatorTimeout(f"no matching webhook delivery attempt within {timeout}s")
        return found

    async def wait_for_poller(
        self,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until a getUpdates long poll is parked on the server (the bot is listening)."""
        found = await self.state.changed.wait_for(
            lambda: True if self.state.waiting_polls else None, timeout
        )
        if found is None:
            raise EmulatorTimeout(f"no getUpdates long poll within {timeout}s")

    async def wait_until_delivered(
        self,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until every pending update is confirmed (polling offset / webhook 2xx)."""
        await self._waiter.delivered(timeout)

    # ------------------------------------------------------------------ limits & failures

    @property
    def enforce_limits(self) -> bool:
        return self.state.limiter.enabled

    @enforce_limits.setter
    def enforce_limits(self, value: bool) -> None:
        self.state.limiter.enabled = value
        self.state.limiter.reset()

    @property
    def limits(self) -> RateLimits:
        return self.state.limiter.limits

    def fail_next(
        self,
        method: str,
        error_code: int = 400,
        description: str | None = None,
        *,
        retry_after: int | None = None,
        times: int = 1,
        when: Callable[[Mapping[str, Any]], bool] | None = None,
    ) -> InjectedFailure:
        """Answer the next ``times`` calls of ``method`` (matching ``when(params)``) with an error.

        ``description`` defaults to Telegram's generic text for the code ("Bad Request", ...).
        """
        return self.state.failures.add(
            method, error_code, description, retry_after=retry_after, times=times, when=when
        )

    def hold_next(
        self, method: str, *, when: Callable[[Mapping[str, Any]], bool] | None = None
    ) -> CallHold:
        """Keep the next call of ``method`` (matching ``when(params)``) waiting, unanswered,
        until the returned hold is released; ``hold.reached`` is set when the call comes."""
        return self.state.holds.add(method, when)

    # ------------------------------------------------------------------ misc

    def dump_state(self) -> str:
        """JSON summary (users, chats, pending updates) for debugging."""
        return json.dumps(
            {
                "bot": self.state.bot.username,
                "users": {u.id: u.first_name for u in self.state.users.values()},
                "chats": {c.id: c.title or c.type for c in self.state.chats.values()},
                "pending_updates": [u.update_id for u in self.state.updates.pending],
                "webhook": self.state.webhook.url if self.state.webhook else None,
            },
            ensure_ascii=False,
            indent=2,
        )
