"""Database: Tortoise-ORM models, committed migrations, start-up."""
