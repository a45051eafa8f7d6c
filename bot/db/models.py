"""Tortoise-ORM models. Every change here needs a migration (``python -m bot makemigrations``)."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


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
