"""``python -m bot [run|migrate|makemigrations]``."""

from __future__ import annotations

import logging
import sys

from bot.secrets import mask_logging
from bot.startup import (
    EXIT_CONFIG,
    StartupError,
    check_database,
    check_fixed_seed,
    load_settings,
)

USAGE = "usage: python -m bot [run | migrate | makemigrations]"
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "run"
    if command in {"-h", "--help"}:
        print(USAGE)
        return 0
    if command == "makemigrations":
        from bot.db.cli import makemigrations

        return makemigrations()
    if command not in {"run", "migrate"}:
        print(USAGE, file=sys.stderr)
        return EXIT_CONFIG
    try:
        if command == "migrate":
            from bot.db.cli import migrate_only

            return migrate_only()
        settings = load_settings()
        check_fixed_seed(settings)
        check_database(settings.database_url)  # before importing aiogram: seconds on a busy host
        logging.basicConfig(level=settings.log_level, format=LOG_FORMAT)
        mask_logging(LOG_FORMAT)
        from bot import loop
        from bot.app import run

        loop.run(run(settings))
    except StartupError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_CONFIG
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
