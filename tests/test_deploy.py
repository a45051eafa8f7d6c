"""The production layout (docker-compose.yml, deploy/Caddyfile, Dockerfile) stays in step
with the bot's settings: every setting is passed to the bot service, the values it gets
there are valid, and the proxy forwards the webhook path to the port the replicas listen on.

Docker is not needed: the bot service's environment is read with a small line parser (the
file keeps it a plain block mapping); PyYAML, when installed, also checks the whole file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")
CADDYFILE = (ROOT / "deploy" / "Caddyfile").read_text(encoding="utf-8")
# What an operator puts into .env for compose; everything else has a default there.
OPERATOR_ENV = {
    "BOT_TOKEN": "123456789:AAExampleTokenExampleTokenExample-_0",
    "POSTGRES_PASSWORD": "s3cret",
    "DOMAIN": "bot.example.org",
}
# Read by docker-compose.yml only (not bot settings); documented in .env.example too.
COMPOSE_ONLY = {"POSTGRES_PASSWORD", "DOMAIN"}
INTERPOLATION = re.compile(r"\$\{(\w+)(?::([?-])([^}]*))?\}")


def _block(lines: list[str], start: int) -> tuple[list[str], int]:
    """The lines indented deeper than ``lines[start]``, and the index after them."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    body: list[str] = []
    index = start + 1
    while index < len(lines):
        line = lines[index]
        if line.strip() and not line.lstrip().startswith("#"):
            if len(line) - len(line.lstrip()) <= indent:
                break
            body.append(line)
        index += 1
    return body, index


def _mapping_at(lines: list[str], key: str) -> list[str]:
    for index, line in enumerate(lines):
        if line.strip() == f"{key}:":
            return _block(lines, index)[0]
    raise AssertionError(f"no {key}: block")


def bot_environment(text: str = COMPOSE) -> dict[str, str]:
    """``services.bot.environment`` as written (before interpolation)."""
    service = _mapping_at(_mapping_at(text.splitlines(), "services"), "bot")
    environment: dict[str, str] = {}
    for line in _mapping_at(service, "environment"):
        key, _, value = line.strip().partition(":")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        environment[key] = value
    return environment


def interpolate(value: str, given: dict[str, str]) -> str:
    """Compose's ``${NAME}``, ``${NAME:-default}`` and ``${NAME:?error}``."""

    def one(match: re.Match[str]) -> str:
        name, kind, rest = match.group(1), match.group(2), match.group(3)
        if name in given:
            return given[name]
        if kind == "-":
            return rest
        raise AssertionError(f"{name} is required ({rest})")

    return INTERPOLATION.sub(one, value)


def _settings_names() -> set[str]:
    return {name.upper() for name in Settings.model_fields}


def test_every_bot_setting_is_passed_to_the_bot_service() -> None:
    environment = bot_environment()
    assert _settings_names() <= set(environment), _settings_names() - set(environment)
    assert set(environment) <= _settings_names(), set(environment) - _settings_names()


def test_the_bot_service_environment_makes_valid_webhook_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in _settings_names():
        monkeypatch.delenv(name, raising=False)
    for name, value in bot_environment().items():
        monkeypatch.setenv(name, interpolate(value, OPERATOR_ENV))
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.bot_token.get_secret_value() == OPERATOR_ENV["BOT_TOKEN"]
    assert settings.database_url == "postgres://gm:s3cret@postgres:5432/gm"
    assert settings.redis_url == "redis://redis:6379/0"
    assert settings.webhook_enabled
    assert settings.webhook_url == f"https://{OPERATOR_ENV['DOMAIN']}{settings.webhook_path}"
    assert settings.webhook_secret is None  # derived from the token: equal on every replica
    assert settings.webapp_host == "0.0.0.0"
    # the proxy forwards exactly the webhook path to the port every replica listens on
    assert f"handle {settings.webhook_path} {{" in CADDYFILE
    assert re.search(rf"dynamic a bot {settings.webapp_port}\b", CADDYFILE)
    assert f'- "{settings.webapp_port}"' in COMPOSE


def test_a_missing_operator_value_is_refused_by_compose() -> None:
    with pytest.raises(AssertionError, match="BOT_TOKEN is required"):
        interpolate(bot_environment()["BOT_TOKEN"], {})


def test_env_example_lists_every_setting() -> None:
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    keys = {line.split("=", 1)[0] for line in text.splitlines() if re.match(r"^[A-Z_]+=", line)}
    assert keys == _settings_names() | COMPOSE_ONLY


def test_the_whole_file_with_pyyaml() -> None:
    import yaml

    compose = yaml.safe_load(COMPOSE)
    services = compose["services"]
    assert set(services) == {"migrate", "bot", "proxy", "redis", "postgres"}
    bot = services["bot"]
    assert {k: str(v) for k, v in bot["environment"].items()} == bot_environment()
    assert "ports" not in bot and "container_name" not in bot  # so that --scale works
    assert bot["deploy"]["replicas"] >= 2
    assert bot["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    for needed in ("redis", "postgres"):
        assert bot["depends_on"][needed]["condition"] == "service_healthy"
    assert services["migrate"]["command"] == ["python", "-m", "bot", "migrate"]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in services["proxy"]["volumes"]
