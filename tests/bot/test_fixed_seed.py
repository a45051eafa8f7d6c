"""A fixed dice seed (bot.fixed_seed) serves recordings only: production can never use it by
accident. Set without the test-only flag, or against a Telegram that is not on a loopback
address, the bot refuses to start; unset, every game gets a fresh secret seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import fixed_seed
from bot.__main__ import main
from bot.startup import EXIT_CONFIG
from rules.dice import SEED_BYTES

EMULATOR = "http://127.0.0.1:8081"


@pytest.fixture
def seed_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv(fixed_seed.SEED_VAR, raising=False)
    monkeypatch.delenv(fixed_seed.FLAG_VAR, raising=False)
    return monkeypatch


def test_unset_gives_fresh_secret_seeds(seed_env: pytest.MonkeyPatch) -> None:
    assert fixed_seed.refusal(None) is None
    first, second = fixed_seed.game_seed(7, 0), fixed_seed.game_seed(7, 0)
    assert len(first) == SEED_BYTES and first != second


def test_fixed_seed_needs_the_flag_and_the_emulator(seed_env: pytest.MonkeyPatch) -> None:
    seed_env.setenv(fixed_seed.SEED_VAR, "docs/transcripts/pool")
    assert "GM_TEST_ONLY=fixed-dice" in (fixed_seed.refusal(EMULATOR) or "")
    seed_env.setenv(fixed_seed.FLAG_VAR, "yes")
    assert fixed_seed.refusal(EMULATOR) is not None
    seed_env.setenv(fixed_seed.FLAG_VAR, fixed_seed.FLAG_VALUE)
    for url in (None, "https://api.telegram.org", "http://10.0.0.5:8081", "http://example.org"):
        assert "loopback" in (fixed_seed.refusal(url) or ""), url
    for url in (EMULATOR, "http://localhost:9000", "http://[::1]:8081"):
        assert fixed_seed.refusal(url) is None, url


def test_fixed_seed_repeats_per_chat_and_game(
    seed_env: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    seed_env.setenv(fixed_seed.SEED_VAR, "docs/transcripts/pool")
    seed_env.setenv(fixed_seed.FLAG_VAR, fixed_seed.FLAG_VALUE)
    seed = fixed_seed.game_seed(-100, 0)
    assert seed == fixed_seed.game_seed(-100, 0) and len(seed) == SEED_BYTES
    assert seed != fixed_seed.game_seed(-100, 1) and seed != fixed_seed.game_seed(-101, 0)
    assert "NOT secret" in caplog.text


def test_the_bot_refuses_to_start_with_a_fixed_seed_and_no_flag(
    seed_env: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed_env.chdir(tmp_path)  # no .env here
    seed_env.setenv("BOT_TOKEN", "123456:" + "A" * 35)
    seed_env.setenv("DATABASE_URL", f"sqlite://{tmp_path / 'bot.sqlite3'}")
    seed_env.setenv(fixed_seed.SEED_VAR, "anything")
    assert main(["run"]) == EXIT_CONFIG
    error = capsys.readouterr().err
    assert error.startswith("error: GM_FIXED_DICE_SEED: is set without GM_TEST_ONLY")
    assert not (tmp_path / "bot.sqlite3").exists()  # stopped before anything else
