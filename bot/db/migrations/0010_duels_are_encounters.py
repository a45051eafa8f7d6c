"""Duels become encounters: every row of ``duels`` moves to ``encounters`` (kind ``duel``), its
state wrapped with its two seats and its stage. A duel keeps its id unless an encounter has it
already (the encounters' ids are shared with pool fights and d20 battles): then it gets a new
one, and everything that named it by its id follows it: the pending timers and their
reminders, the live message's key, the owed messages' keys and buttons, and the death notes.
The duel's buttons already in the chats carried the old ``du:`` data: they answer as stale
from now on (owed ones not yet sent get the new data). Reversible: going back moves the duels
to their own table again, each under its encounter's id.
"""

from json import dumps, loads

from tortoise import migrations
from tortoise.migrations import operations as ops

DUEL_TIMERS = ("duel_expire", "duel_choices", "remind_duel_expire", "remind_duel_choices")
# The old buttons' moves (a, d, g, s) as the new ones name them.
MOVES = {"a": "accept", "d": "decline", "g": "go_on", "s": "stop"}


def _json(value):
    return loads(value) if isinstance(value, str | bytes) else value


def _button(data, ids):
    """A ``du:<id>:<move>:<round>`` button's data as an encounter's, for a duel in ``ids``."""
    parts = data.split(":") if isinstance(data, str) else []
    if len(parts) != 4 or parts[0] != "du" or not parts[1].isdigit():
        return data
    new = ids.get(int(parts[1]))
    if new is None or parts[2] not in MOVES:
        return data
    return f"en:duel:{new}:{MOVES[parts[2]]}:{parts[3]}:0"


def _old_button(data, ids):
    """The reverse of :func:`_button`."""
    parts = data.split(":") if isinstance(data, str) else []
    if len(parts) != 6 or parts[:2] != ["en", "duel"] or not parts[2].isdigit():
        return data
    old = {move: short for short, move in MOVES.items()}
    new = ids.get(int(parts[2]))
    if new is None or parts[3] not in old:
        return data
    return f"du:{new}:{old[parts[3]]}:{parts[4]}"


def _markup(markup, ids, button=_button):
    markup = _json(markup)
    if not isinstance(markup, dict):
        return markup
    for row in markup.get("inline_keyboard", []):
        for key in row:
            if "callback_data" in key:
                key["callback_data"] = button(key["callback_data"], ids)
    return markup


class _Sql:
    """Plain SQL on the migration's connection, for either dialect. (Not the ORM's historical
    models: Tortoise caches a table's INSERT by the table's name, so a historical model's
    statement would be what the current model writes with afterwards, without the columns
    added later.)"""

    def __init__(self, schema_editor):
        self.client = schema_editor.client
        self.postgres = self.client.capabilities.dialect == "postgres"

    def marks(self, count, start=1):
        return ", ".join(f"${n}" if self.postgres else "?" for n in range(start, start + count))

    def mark(self, n):
        return f"${n}" if self.postgres else "?"

    async def rows(self, sql, values=()):
        return await self.client.execute_query_dict(sql, list(values))

    async def run(self, sql, values=()):
        await self.client.execute_query(sql, list(values))

    def json(self, value):
        return dumps(value, ensure_ascii=False)

    async def after_explicit_ids(self, table):
        """PostgreSQL's id sequence does not see ids given explicitly: move it past them."""
        if self.postgres:
            await self.client.execute_script(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f'COALESCE((SELECT MAX("id") FROM "{table}"), 0) + 1, false)'
            )


async def _follow(sql, ids, button):
    """Move every reference to a duel from its id before to its id after (``ids``), and
    give the owed buttons the data of the other side (``button``)."""
    keys = [f"duel:{old}" for old in ids]
    if keys:
        owed = await sql.rows(
            'SELECT "id", "live", "markup" FROM "owed_messages" '
            f'WHERE "done" = {sql.mark(1)} AND "live" IN ({sql.marks(len(keys), 2)})',
            [False, *keys],
        )
        for message in owed:
            new = ids[int(message["live"].split(":")[1])]
            markup = _markup(message["markup"], ids, button)
            await sql.run(
                f'UPDATE "owed_messages" SET "live" = {sql.mark(1)}, "markup" = {sql.mark(2)} '
                f'WHERE "id" = {sql.mark(3)}',
                [f"duel:{new}", None if markup is None else sql.json(markup), message["id"]],
            )
    moved = {old: new for old, new in ids.items() if old != new}
    if not moved:
        return
    # Old and new ids may meet (duel 7 becomes 3, duel 3 becomes 9): each reference is moved
    # once, by the row ids read before anything moved.
    refs = list(moved)
    timers = await sql.rows(
        f'SELECT "id", "ref" FROM "timers" WHERE "kind" IN ({sql.marks(len(DUEL_TIMERS))}) '
        f'AND "ref" IN ({sql.marks(len(refs), len(DUEL_TIMERS) + 1)})',
        [*DUEL_TIMERS, *refs],
    )
    old_keys = [f"duel:{old}" for old in refs]
    lives = await sql.rows(
        'SELECT "key", "chat_id", "message_id", "head" FROM "live_messages" '
        f'WHERE "key" IN ({sql.marks(len(old_keys))})',
        old_keys,
    )
    for timer in timers:
        await sql.run(
            f'UPDATE "timers" SET "ref" = {sql.mark(1)} WHERE "id" = {sql.mark(2)}',
            [moved[timer["ref"]], timer["id"]],
        )
    # The key is the primary key: the rows go, then come back under their new keys.
    for live in lives:
        await sql.run(f'DELETE FROM "live_messages" WHERE "key" = {sql.mark(1)}', [live["key"]])
    for live in lives:
        new = moved[int(live["key"].split(":")[1])]
        await sql.run(
            'INSERT INTO "live_messages" ("key", "chat_id", "message_id", "head") '
            f"VALUES ({sql.marks(4)})",
            [f"duel:{new}", live["chat_id"], live["message_id"], live["head"]],
        )
    dead = await sql.rows(
        f'SELECT "id", "state" FROM "characters" WHERE "status" = {sql.mark(1)}', ["dead"]
    )
    for character in dead:
        state = _json(character["state"])
        note = state.get("death") if isinstance(state, dict) else None
        if isinstance(note, dict) and note.get("duel") in moved:
            state["death"] = {**note, "duel": moved[note["duel"]]}
            await sql.run(
                f'UPDATE "characters" SET "state" = {sql.mark(1)} WHERE "id" = {sql.mark(2)}',
                [sql.json(state), character["id"]],
            )


async def fold_duels(apps, schema_editor):
    sql = _Sql(schema_editor)
    duels = await sql.rows('SELECT * FROM "duels" ORDER BY "id"')
    taken = {row["id"] for row in await sql.rows('SELECT "id" FROM "encounters"')}
    ids: dict[int, int] = {}
    for duel in duels:
        numbers = (duel["challenger_number"], duel["opponent_number"])
        owners = await sql.rows(
            'SELECT "number", "user_id" FROM "characters" '
            f'WHERE "game_id" = {sql.mark(1)} AND "number" IN ({sql.marks(2, 2)})',
            [duel["game_id"], *numbers],
        )
        users = {row["number"]: row["user_id"] for row in owners}
        state = {
            "challenger": {"number": numbers[0], "user": users.get(numbers[0])},
            "opponent": {"number": numbers[1], "user": users.get(numbers[1])},
            "duel": _json(duel["state"]),
            "stage": duel["stage"],
        }
        columns = ["game_id", "kind", "stage", "state", "chat_id", "thread_id", "message_id"]
        columns += ["version", "created_at", "updated_at"]
        values = [duel["game_id"], "duel", duel["stage"], sql.json(state), duel["chat_id"]]
        values += [duel["thread_id"], duel["message_id"], duel["version"]]
        values += [duel["created_at"], duel["created_at"]]
        if duel["id"] not in taken:
            columns, values = ["id", *columns], [duel["id"], *values]
        names = ", ".join(f'"{column}"' for column in columns)
        [created] = await sql.rows(
            f'INSERT INTO "encounters" ({names}) VALUES ({sql.marks(len(values))}) '
            'RETURNING "id"',
            values,
        )
        ids[duel["id"]] = created["id"]
        taken.add(created["id"])
    await sql.after_explicit_ids("encounters")
    await _follow(sql, ids, _button)


async def unfold_duels(apps, schema_editor):
    """Back to the duels' own table, each duel under its encounter's id."""
    sql = _Sql(schema_editor)
    ids: dict[int, int] = {}
    encounters = await sql.rows(
        f'SELECT * FROM "encounters" WHERE "kind" = {sql.mark(1)} ORDER BY "id"', ["duel"]
    )
    for encounter in encounters:
        state = _json(encounter["state"])
        columns = ["id", "game_id", "challenger_number", "opponent_number", "skill", "stage"]
        columns += ["state", "chat_id", "thread_id", "message_id", "version", "created_at"]
        values = [encounter["id"], encounter["game_id"], state["challenger"]["number"]]
        values += [state["opponent"]["number"], state["duel"]["skill"], encounter["stage"]]
        values += [sql.json(state["duel"]), encounter["chat_id"], encounter["thread_id"]]
        values += [encounter["message_id"], encounter["version"], encounter["created_at"]]
        names = ", ".join(f'"{column}"' for column in columns)
        await sql.run(
            f'INSERT INTO "duels" ({names}) VALUES ({sql.marks(len(values))})', values
        )
        ids[encounter["id"]] = encounter["id"]
    await sql.run(f'DELETE FROM "encounters" WHERE "kind" = {sql.mark(1)}', ["duel"])
    await sql.after_explicit_ids("duels")
    await _follow(sql, ids, _old_button)  # the same ids: the owed buttons change


class Migration(migrations.Migration):
    dependencies = [("models", "0009_outbox")]

    initial = False

    operations = [
        ops.RunPython(fold_duels, unfold_duels),
        ops.DeleteModel(name="DuelRecord"),
        ops.AlterModelOptions(
            name="Encounter",
            options={
                "table": "encounters",
                "app": "models",
                "pk_attr": "id",
                "table_description": (
                    "An encounter (a pool fight, a duel, a d20 battle) or a pool gift offer, "
                    "as JSON."
                ),
            },
        ),
    ]
