"""Settings and start-up errors: one line naming the setting and the fix, exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.startup import StartupError, load_settings

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "123456:" + "A" * 35


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("BOT_TOKEN", "DATABASE_URL", "REDIS_URL", "ADMIN_IDS", "DEFAULT_LOCALE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env from the developer's checkout


def test_settings_defaults() -> None:
    settings = load_settings(bot_token=TOKEN)
    assert settings.database_url.startswith("sqlite://")
    assert settings.database_url.endswith("data/bot.sqlite3")
    assert settings.redis_url is None
    assert settings.default_locale == "ru"
    assert settings.admin_ids == frozenset()
    assert not settings.webhook_enabled


def test_admin_ids_are_split_on_commas_and_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADMIN_IDS", "12, 34 56")
    assert load_settings(bot_token=TOKEN).admin_ids == frozenset({12, 34, 56})


def test_empty_values_in_env_file_mean_defaults(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        f"BOT_TOKEN={TOKEN}\nDATABASE_URL=\nREDIS_URL=\nWEBHOOK_SECRET=\n", encoding="utf-8"
    )
    settings = load_settings()
    assert settings.redis_url is None and settings.webhook_secret is None
    assert settings.database_url.startswith("sqlite://")


@pytest.mark.parametrize(
    ("env", "setting"),
    [
        ({}, "BOT_TOKEN"),
        ({"BOT_TOKEN": "not-a-token"}, "BOT_TOKEN"),
        ({"BOT_TOKEN": TOKEN, "ADMIN_IDS": "one,two"}, "ADMIN_IDS"),
        ({"BOT_TOKEN": TOKEN, "DEFAULT_LOCALE": "de"}, "DEFAULT_LOCALE"),
        ({"BOT_TOKEN": TOKEN, "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"BOT_TOKEN": TOKEN, "WEBAPP_PORT": "99999"}, "WEBAPP_PORT"),
    ],
)
def test_bad_settings_name_the_setting(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], setting: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(StartupError) as error:
        load_settings()
    assert error.value.setting == setting
    assert error.value.fix


def _run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_no_token_prints_one_clear_line_and_exits_2(tmp_path: Path) -> None:
    result = _run_bot(tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: BOT_TOKEN")
    assert "Traceback" not in result.stderr


def test_unreachable_redis_exits_2_naming_redis_url(tmp_path: Path) -> None:
    from tests.conftest import free_port

    result = _run_bot(tmp_path, BOT_TOKEN=TOKEN, REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
    assert result.returncode == 2
    assert "error: REDIS_URL" in result.stderr
    assert "Traceback" not in result.stderr


def test_unusable_database_url_exits_2_naming_it(tmp_path: Path) -> None:
    result = _run_bot(tmp_path, BOT_TOKEN=TOKEN, DATABASE_URL="mysql://nowhere/db")
    assert result.returncode == 2
    assert "error: DATABASE_URL" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("redis_url", [None, "memory://"])
async def test_memory_storage_is_unset_or_memory_url_with_a_warning(
    redis_url: str | None, caplog: pytest.LogCaptureFixture
) -> None:
    from aiogram.fsm.storage.memory import MemoryStorage

    from bot.storage import open_storage

    storage = await open_storage(redis_url, max_connections=5)
    try:
        assert isinstance(storage.fsm, MemoryStorage) and storage.redis is None
    finally:
        await storage.close()
    assert "will NOT survive a restart" in caplog.text
    assert ("not set" in caplog.text) == (redis_url is None)
