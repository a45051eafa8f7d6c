"""Settings from the environment and ``.env`` (pydantic-settings).

Every setting is listed in ``.env.example`` with its default and a one-line comment.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = f"sqlite://{PROJECT_ROOT / 'data' / 'bot.sqlite3'}"
SUPPORTED_LOCALES = ("ru", "en")
TOKEN_PATTERN = re.compile(r"^\d{3,20}:[A-Za-z0-9_-]{30,}$")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        case_sensitive=False,
        env_ignore_empty=True,
    )

    bot_token: SecretStr
    database_url: str = DEFAULT_DATABASE_URL
    redis_url: str | None = None
    redis_max_connections: int = Field(default=50, ge=1, le=10_000)
    admin_ids: Annotated[frozenset[int], NoDecode] = frozenset()
    telegram_api_url: str | None = None
    default_locale: str = "ru"
    log_level: str = "INFO"
    webhook_url: str | None = None
    webhook_path: str = "/webhook"
    webhook_secret: SecretStr | None = None
    webapp_host: str = "0.0.0.0"
    webapp_port: int = Field(default=8080, ge=1, le=65535)
    miniapp_url: str | None = None
    max_concurrent_updates: int = Field(default=100, ge=1, le=10_000)
    throttle_rate: int = Field(default=10, ge=0, le=1000)

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if not TOKEN_PATTERN.fullmatch(value.get_secret_value().strip()):
            raise ValueError("not a bot token of the form 123456:ABC...")
        return SecretStr(value.get_secret_value().strip())

    @field_validator("admin_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part for part in re.split(r"[,\s]+", value.strip()) if part]
            return frozenset(int(part) for part in parts)
        if isinstance(value, int):
            return frozenset({value})
        return value

    @field_validator("default_locale")
    @classmethod
    def _known_locale(cls, value: str) -> str:
        if value not in SUPPORTED_LOCALES:
            raise ValueError(f"must be one of {', '.join(SUPPORTED_LOCALES)}")
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level

    @field_validator("redis_url", "telegram_api_url", "webhook_url", "miniapp_url", mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("miniapp_url")
    @classmethod
    def _miniapp_https(cls, value: str | None) -> str | None:
        """Telegram opens Mini Apps only over HTTPS; the app lives under a path ending in /."""
        if value is None:
            return None
        if not value.startswith("https://"):
            raise ValueError("must be an https:// address (Telegram opens Mini Apps over HTTPS)")
        value = value if value.endswith("/") else value + "/"
        if urlsplit(value).path == "/":
            raise ValueError("needs a path of its own, e.g. https://example.org/app/")
        return value

    @property
    def miniapp_path(self) -> str:
        """The path the Mini App is served under (its URL's, ending in /)."""
        return urlsplit(self.miniapp_url or "https://host/app/").path

    @property
    def miniapp_enabled(self) -> bool:
        return self.miniapp_url is not None

    @property
    def webhook_enabled(self) -> bool:
        return self.webhook_url is not None
