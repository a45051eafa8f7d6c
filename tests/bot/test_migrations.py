"""The committed migrations build the schema the models describe."""

from __future__ import annotations

from pathlib import Path

from tortoise.cli.cli import tortoise_cli_context
from tortoise.migrations.autodetector import MigrationAutodetector

from bot.db.models import User
from bot.db.setup import close_database, init_database, tortoise_config


async def test_models_and_migrations_agree(database: str) -> None:
    await close_database()
    config = tortoise_config(database)
    async with tortoise_cli_context(config) as ctx:
        assert ctx.apps is not None
        writers = await MigrationAutodetector(ctx.apps, config["apps"]).changes()
    pending = [op for writer in writers for op in writer.operations]
    assert pending == [], "models changed without a migration: python -m bot makemigrations"
    await init_database(database, run_migrations=False)


async def test_migrations_are_applied_once_and_keep_data(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'again.sqlite3'}"
    await init_database(url)
    await User.create(telegram_id=42, first_name="Вася")
    await close_database()
    await init_database(url)
    assert await User.filter(telegram_id=42).count() == 1
    await close_database()
