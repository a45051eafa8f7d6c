"""MINIAPP_URL: an https:// address with a path of its own, served under that path; empty is
off; anything else stops the bot with one line naming the setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.startup import StartupError, load_settings

TOKEN = "123456:" + "A" * 35


@pytest.fixture(autouse=True)
def _no_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MINIAPP_URL", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env from the developer's checkout


def test_unset_or_empty_is_off() -> None:
    assert not load_settings(bot_token=TOKEN).miniapp_enabled
    assert not load_settings(bot_token=TOKEN, miniapp_url="  ").miniapp_enabled


def test_the_path_is_the_urls_and_ends_in_a_slash() -> None:
    settings = load_settings(bot_token=TOKEN, miniapp_url="https://example.org/games/app")
    assert settings.miniapp_enabled
    assert settings.miniapp_url == "https://example.org/games/app/"
    assert settings.miniapp_path == "/games/app/"


@pytest.mark.parametrize("url", ["http://example.org/app/", "https://example.org/", "app"])
def test_not_https_or_without_a_path_is_refused(url: str) -> None:
    with pytest.raises(StartupError) as error:
        load_settings(bot_token=TOKEN, miniapp_url=url)
    assert str(error.value).startswith("MINIAPP_URL")
    assert "https://example.org/app/" in str(error.value)
