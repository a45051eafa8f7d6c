"""``python -m bot migrate`` and ``python -m bot makemigrations`` (for developers)."""

from __future__ import annotations

import asyncio
import os
import sys

from tortoise.exceptions import OperationalError

from bot.config import DEFAULT_DATABASE_URL
from bot.db.setup import apply_migrations, check_database_url, tortoise_config
from bot.startup import StartupError


def _database_url() -> str:
    # Migrations need only the database: don't demand BOT_TOKEN for them.
    from dotenv import dotenv_values

    env = dotenv_values(".env")
    return os.environ.get("DATABASE_URL") or env.get("DATABASE_URL") or DEFAULT_DATABASE_URL


def migrate_only() -> int:
    url = _database_url()
    try:
        check_database_url(url)
        asyncio.run(apply_migrations(url))
    except (OSError, ValueError, ConnectionError, OperationalError) as error:
        raise StartupError(
            "DATABASE_URL",
            f"cannot migrate ({type(error).__name__}: {error})",
            "use sqlite:///path/to/file.sqlite3 or postgres://user:pass@host:5432/db",
        ) from None
    print("migrations applied")
    return 0


def makemigrations() -> int:
    from tortoise.cli.cli import main as tortoise_main

    sys.modules[__name__].TORTOISE_ORM = tortoise_config(_database_url())  # type: ignore[attr-defined]
    sys.argv = ["tortoise", "-c", f"{__name__}.TORTOISE_ORM", "makemigrations"]
    tortoise_main()
    return 0
