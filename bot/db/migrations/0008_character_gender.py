from json import loads

from tortoise import fields, migrations
from tortoise.migrations import operations as ops

from rules.gender import Gender

BATCH = 500  # ids per UPDATE


async def copy_pool_genders(apps, schema_editor):
    """A pool character's gender was only in its rule state: copy it to the new column.

    Characters of the other systems keep NULL ("not set yet"): their owners set it under /me.
    """
    client = schema_editor.client
    rows = await client.execute_query_dict(
        'SELECT "c"."id", "c"."state" FROM "characters" "c" '
        'JOIN "games" "g" ON "g"."id" = "c"."game_id" WHERE "g"."system" = \'pool\''
    )
    ids: dict[str, list[int]] = {gender.value: [] for gender in Gender}
    for row in rows:
        state = row["state"]
        if isinstance(state, str | bytes):
            state = loads(state)
        gender = state.get("gender") if isinstance(state, dict) else None
        if gender in ids:
            ids[gender].append(int(row["id"]))
    for gender, numbers in ids.items():
        for start in range(0, len(numbers), BATCH):
            batch = ",".join(str(number) for number in numbers[start : start + BATCH])
            await client.execute_script(
                f'UPDATE "characters" SET "gender" = \'{gender}\' WHERE "id" IN ({batch})'
            )


class Migration(migrations.Migration):
    dependencies = [('models', '0007_game_topics')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Character',
            name='gender',
            field=fields.CharEnumField(null=True, description='MALE: m\nFEMALE: f', enum_type=Gender, max_length=1),
        ),
        ops.RunPython(copy_pool_genders, ops.RunPython.noop),
    ]
