"""No secret in any output: every setting that can hold a password is masked in error lines
and in log records (tracebacks included)."""

from __future__ import annotations

import io
import logging

import pytest

from bot.config import Settings
from bot.secrets import MaskingFormatter, mask_secrets
from bot.startup import StartupError

SECRET = "S3cretPw"
TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh"
# Every setting whose value is a URL, with a password where that URL can carry one.
URL_SETTINGS = {
    "database_url": f"postgres://gm:{SECRET}@db:5432/gm?maxsize=5",
    "redis_url": f"redis://:{SECRET}@127.0.0.1:6379/0",
    "telegram_api_url": f"http://bot:{SECRET}@proxy.local:8081",
    "webhook_url": f"https://hook:{SECRET}@bot.example.org/webhook",
    "miniapp_url": f"https://app:{SECRET}@bot.example.org/app/",
}
MORE_FORMS = [
    f"rediss://user:{SECRET}@redis:6380/1",
    f"redis://127.0.0.1:6379/0?db=1&password={SECRET}",
    f"postgres://gm:{SECRET}@db/gm",  # password with an @ in it
    f"{{'host': 'db', 'password': '{SECRET}'}}",  # a config dict printed whole
    f"socks5://u:{SECRET}@proxy:1080",
]


def test_every_url_setting_is_covered() -> None:
    urls = {name for name in Settings.model_fields if name.endswith("_url")}
    assert urls == set(URL_SETTINGS)


@pytest.mark.parametrize("text", [*URL_SETTINGS.values(), *MORE_FORMS])
def test_passwords_are_masked(text: str) -> None:
    masked = mask_secrets(f"cannot reach {text} (ConnectionError)")
    assert SECRET not in masked and "***" in masked


def test_a_url_without_password_and_a_token() -> None:
    assert mask_secrets("sqlite:///data/bot.sqlite3") == "sqlite:///data/bot.sqlite3"
    assert mask_secrets("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"
    assert mask_secrets(f"bot{TOKEN}/getMe") == "bot123456:***/getMe"


@pytest.mark.parametrize("name", sorted(URL_SETTINGS))
def test_start_up_failure_lines_are_masked(name: str) -> None:
    line = str(StartupError(name.upper(), f"cannot reach {URL_SETTINGS[name]}", "fix it"))
    assert SECRET not in line and "***" in line


@pytest.mark.parametrize("name", sorted(URL_SETTINGS))
def test_log_records_are_masked(name: str) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(MaskingFormatter("%(levelname)s %(message)s"))
    logger = logging.getLogger(f"tests.secrets.{name}")
    logger.addHandler(handler)
    logger.propagate = False
    url = URL_SETTINGS[name]
    try:
        logger.warning("connecting to %s", url)
        try:
            raise ConnectionError(f"cannot connect to {url}")
        except ConnectionError:
            logger.exception("failed with token %s", TOKEN)
    finally:
        logger.removeHandler(handler)
    output = stream.getvalue()
    assert "Traceback" in output and output.count("***") >= 3
    assert SECRET not in output and TOKEN not in output
