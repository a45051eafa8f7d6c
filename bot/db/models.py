"""Tortoise-ORM models. Every change here needs a migration (``python -m bot makemigrations``).

Model docstrings become table comments: keep semicolons and quotes out of their first line
(Tortoise splits SQLite migration scripts on semicolons).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from tortoise import fields
from tortoise.models import Model

from rules.gender import Gender


class User(Model):
    """A Telegram user the bot has seen. ``started``: they opened the private chat with the bot."""

    id = fields.IntField(primary_key=True)
    telegram_id = fields.BigIntField(unique=True)
    first_name = fields.CharField(max_length=128, default="")
    username = fields.CharField(max_length=64, null=True)
    language_code = fields.CharField(max_length=16, null=True)
    started = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "users"


class GameSystem(StrEnum):
    POOL = "pool"
    DUEL = "duel"
    D20 = "d20"


class GameStatus(StrEnum):
    ACTIVE = "active"
    ENDED = "ended"


class CharacterStatus(StrEnum):
    ACTIVE = "active"
    DEAD = "dead"
    KICKED = "kicked"


class Game(Model):
    """One game bound to a group chat. active_chat_id is the chat while the game runs and
    NULL after it ends: its unique index allows one active game per chat."""

    id = fields.IntField(primary_key=True)
    chat_id = fields.BigIntField(db_index=True)
    active_chat_id = fields.BigIntField(null=True, unique=True)
    system = fields.CharEnumField(GameSystem, max_length=8)
    status = fields.CharEnumField(GameStatus, max_length=8, default=GameStatus.ACTIVE)
    settings: dict[str, Any] = fields.JSONField(default=dict)
    state: dict[str, Any] = fields.JSONField(default=dict)
    seed_hex = fields.CharField(max_length=128)
    commitment = fields.CharField(max_length=64)
    next_roll_index = fields.IntField(default=0)
    next_character_number = fields.IntField(default=1)
    created_by = fields.BigIntField()
    locale = fields.CharField(max_length=8, default="ru")
    version = fields.IntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)
    ended_at = fields.DatetimeField(null=True)
    # Set while a game master has paused the game (no ticks, fights frozen, timers held).
    paused_at = fields.DatetimeField(null=True)
    # Forum supergroups: {"halls": {"<hall>": <message_thread_id>}}, set by /halls.
    topics: dict[str, Any] | None = fields.JSONField(null=True)

    class Meta:
        table = "games"


class Character(Model):
    """A character of a game, with the rule state of its system as JSON.

    active_key is "<game>:<user>" while the character lives in the game and NULL once it
    is dead or kicked: one living character per user per game, enforced by the database.
    """

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="characters", on_delete=fields.CASCADE
    )
    user_id = fields.BigIntField(db_index=True)
    number = fields.IntField()
    name = fields.CharField(max_length=32)
    name_key = fields.CharField(max_length=32)
    status = fields.CharEnumField(CharacterStatus, max_length=8, default=CharacterStatus.ACTIVE)
    active_key = fields.CharField(max_length=48, null=True, unique=True)
    description = fields.CharField(max_length=280, default="")
    # Grammatical gender for the texts (and, in pool, the rules' copy of it); NULL: not set
    # yet, for characters made before it was asked (the owner sets it once under /me).
    gender = fields.CharEnumField(Gender, max_length=1, null=True)
    state: dict[str, Any] = fields.JSONField(default=dict)
    version = fields.IntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "characters"
        unique_together = (("game", "number"), ("game", "name_key"))


class RollLog(Model):
    """Every die a game rolled, by its index in the verifiable sequence of the game."""

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="rolls", on_delete=fields.CASCADE
    )
    index = fields.IntField()
    sides = fields.IntField()
    value = fields.IntField()
    purpose = fields.CharField(max_length=32)
    actor = fields.CharField(max_length=32, default="")
    # whose die within the action, as the rules labelled it (rules.dice.owned): "attack 1>2";
    # None: a die logged before the log kept it (the column came later: nullable)
    owner = fields.CharField(max_length=64, null=True, default="")
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "roll_log"
        unique_together = (("game", "index"),)


class Timer(Model):
    """A deadline that must fire exactly once, even across restarts and replicas."""

    id = fields.IntField(primary_key=True)
    kind = fields.CharField(max_length=32)
    ref = fields.IntField()
    due_at = fields.DatetimeField(db_index=True)
    fired_at = fields.DatetimeField(null=True)

    class Meta:
        table = "timers"


class Encounter(Model):
    """An encounter (a pool fight, a duel, a d20 battle) or a pool gift offer, as JSON.

    state is the kind's state; stage mirrors the state's stage for queries (joining,
    challenged, fighting, finished...); version guards every write with a conditional update.
    """

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="encounters", on_delete=fields.CASCADE
    )
    kind = fields.CharField(max_length=16)
    stage = fields.CharField(max_length=16)
    state: dict[str, Any] = fields.JSONField(default=dict)
    chat_id = fields.BigIntField()
    thread_id = fields.IntField(null=True)
    message_id = fields.IntField(null=True)
    hall = fields.IntField(null=True)
    version = fields.IntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "encounters"


class GmAction(Model):
    """An intervention of the game master in a game, with who did it, why and what changed.

    roll_index is the game's next roll index at the time, so /log can place the action
    between the rolls it came after and before.
    """

    id = fields.IntField(primary_key=True)
    game: fields.ForeignKeyRelation[Game] = fields.ForeignKeyField(
        "models.Game", related_name="gm_actions", on_delete=fields.CASCADE
    )
    actor_id = fields.BigIntField()
    actor_name = fields.CharField(max_length=128, default="")
    action = fields.CharField(max_length=32)
    target_number = fields.IntField(null=True)
    details: dict[str, Any] = fields.JSONField(default=dict)
    reason = fields.CharField(max_length=200)
    roll_index = fields.IntField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "gm_actions"


class OwedMessage(Model):
    """A message the game owes a chat, saved with the state change that owes it.

    Delivered afterwards in id order per chat (bot.courier).

    action is send, edit or retire. live names a live message (a fight's status, edited in
    place): a send with live becomes that message, and the courier then owes a retire of the
    previous one (it loses its buttons, or its text becomes the retire text; target is that
    message's id); an edit with live rewrites it under its head. hook names what the game does when
    the message is delivered or given up; reply_to, the message a new one answers (a
    reminder answers its prompt). done is set once it is delivered, merged into a
    later edit of the same live message, or given up (failed).
    """

    id = fields.BigIntField(primary_key=True)
    chat_id = fields.BigIntField()
    thread_id = fields.IntField(null=True)
    action = fields.CharField(max_length=8)
    live = fields.CharField(max_length=48, null=True)
    head = fields.TextField(null=True)
    text = fields.TextField()
    markup: Any = fields.JSONField(null=True)
    retire = fields.TextField(null=True)
    hook = fields.CharField(max_length=64, null=True)
    reply_to = fields.BigIntField(null=True)
    target = fields.BigIntField(null=True)
    due_at = fields.FloatField()
    attempts = fields.IntField(default=0)
    done = fields.BooleanField(default=False)
    failed = fields.BooleanField(default=False)
    message_id = fields.BigIntField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "owed_messages"
        indexes = (("done", "chat_id", "id"),)


class LiveMessage(Model):
    """The message that shows a live key (the status of a fight) now.

    head is the fixed part above the status (the dice of a round): every later edit of the
    message shows it unchanged. digest: a hash of what it shows now (text and buttons), so an
    edit that would change nothing is not sent; buttons: whether it has any (both None: shown
    by an earlier version, not known).
    """

    key = fields.CharField(max_length=48, primary_key=True)
    chat_id = fields.BigIntField()
    message_id = fields.BigIntField()
    head = fields.TextField(default="")
    digest = fields.CharField(max_length=32, null=True)
    buttons = fields.BooleanField(null=True)

    class Meta:
        table = "live_messages"
        indexes = (("chat_id", "message_id"),)


class Heartbeat(Model):
    """One row the health probe rewrites while the bot is in trouble (bot.health).

    The probe's write: it fails as every write of the bot fails, on a read-only database, a
    full disk or a read-only transaction. beat_at is the last time it succeeded.
    """

    id = fields.IntField(primary_key=True)
    beat_at = fields.DatetimeField()

    class Meta:
        table = "heartbeats"
