from tortoise import fields, migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    initial = True

    operations = [
        ops.CreateModel(
            name="User",
            fields=[
                (
                    "id",
                    fields.IntField(generated=True, primary_key=True, unique=True, db_index=True),
                ),
                ("telegram_id", fields.BigIntField(unique=True)),
                ("first_name", fields.CharField(default="", max_length=128)),
                ("username", fields.CharField(null=True, max_length=64)),
                ("language_code", fields.CharField(null=True, max_length=16)),
                ("started", fields.BooleanField(default=False)),
                ("created_at", fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ("updated_at", fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={
                "table": "users",
                "app": "models",
                "pk_attr": "id",
                "table_description": "A Telegram user the bot has seen. ``started``: they opened the private chat with the bot.",
            },
            bases=["Model"],
        ),
    ]
