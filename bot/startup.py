"""Start-up checks that turn misconfiguration into one clear line and exit code 2."""

from __future__ import annotations

from pydantic import ValidationError

from bot.config import Settings
from bot.secrets import mask_secrets

EXIT_CONFIG = 2

_HINTS = {
    "bot_token": "put the token from @BotFather into .env as BOT_TOKEN=123456:ABC...",
    "database_url": "use sqlite:///path/to/file.sqlite3 or postgres://user:pass@host:5432/db",
    "redis_url": "use redis://host:6379/0, or memory:// for in-memory storage",
    "admin_ids": "give Telegram user ids separated by commas, e.g. ADMIN_IDS=123,456",
    "default_locale": "use ru or en",
    "log_level": "use DEBUG, INFO, WARNING, ERROR or CRITICAL",
    "webapp_port": "use a port number between 1 and 65535",
    "miniapp_url": "use the Mini App's public HTTPS address, e.g. https://example.org/app/",
}


class StartupError(Exception):
    """A setting or a service the bot needs is unusable; ``str()`` is the one line to print."""

    def __init__(self, setting: str, problem: str, fix: str) -> None:
        self.setting = setting
        self.problem = problem = mask_secrets(problem)  # a URL in it: no password printed
        self.fix = fix
        super().__init__(f"{setting}: {problem} — {fix}")


def load_settings(**overrides: object) -> Settings:
    """Read settings, raising :class:`StartupError` that names the first bad setting."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as error:
        first = error.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "settings"
        problem = "is missing" if first["type"] == "missing" else _short(first["msg"])
        fix = _HINTS.get(field, "see .env.example for the expected format")
        raise StartupError(field.upper(), problem, fix) from None


def check_database(database_url: str) -> None:
    """Raise :class:`StartupError` when the database URL cannot work or, for SQLite, the file
    cannot be opened and written (see :func:`bot.db.setup.check_database_url`)."""
    from bot.db.setup import check_database_url

    try:
        check_database_url(database_url)
    except (OSError, ValueError) as error:
        raise StartupError(
            "DATABASE_URL",
            f"cannot open the database ({type(error).__name__}: {error})",
            _HINTS["database_url"],
        ) from None


def check_fixed_seed(settings: Settings) -> None:
    """Refuse a recording's fixed dice seed anywhere but against the emulator (bot.fixed_seed)."""
    from bot import fixed_seed

    problem = fixed_seed.refusal(settings.telegram_api_url)
    if problem is not None:
        raise StartupError(
            fixed_seed.SEED_VAR,
            problem,
            "unset it: a fixed seed makes every die predictable (it is for recordings only)",
        )


def _short(message: str) -> str:
    message = message.removeprefix("Value error, ")
    return message if len(message) <= 120 else message[:117] + "..."
