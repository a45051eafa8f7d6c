"""Duels become encounters: every row of ``duels`` moves to ``encounters`` (kind ``duel``), its
state wrapped with its two seats and its stage. A duel keeps its id unless an encounter has it
already (the encounters' ids are shared with pool fights and d20 battles): then it gets a new
one, and everything that named it by its id follows it: the pending timers and their
reminders, the live message's key, the owed messages' keys and buttons, and the death notes.
The duel's buttons already in the chats carried the old ``du:`` data: they answer as stale
from now on (owed ones not yet sent get the new data). Reversible: going back moves the duels
to their own table again, each under its encounter's id.
"""

from json import loads

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


async def _follow(apps, ids, button):
    """Move every reference to a duel from its id before to its id after (``ids``), and
    give the owed buttons the data of the other side (``button``)."""
    timer_model = apps.get_model("models.Timer")
    live_model = apps.get_model("models.LiveMessage")
    owed_model = apps.get_model("models.OwedMessage")
    character_model = apps.get_model("models.Character")
    for message in await owed_model.filter(
        live__in=[f"duel:{old}" for old in ids], done=False
    ):
        new = ids[int(message.live.split(":")[1])]
        markup = _markup(message.markup, ids, button)
        await owed_model.filter(id=message.id).update(live=f"duel:{new}", markup=markup)
    moved = {old: new for old, new in ids.items() if old != new}
    if not moved:
        return
    # Old and new ids may meet (duel 7 becomes 3, duel 3 becomes 9): each reference is moved
    # once, by the row ids read before anything moved.
    timers = await timer_model.filter(kind__in=DUEL_TIMERS, ref__in=list(moved)).values_list(
        "id", "ref"
    )
    lives = await live_model.filter(key__in=[f"duel:{old}" for old in moved]).values(
        "key", "chat_id", "message_id", "head"
    )
    for timer_id, ref in timers:
        await timer_model.filter(id=timer_id).update(ref=moved[ref])
    # The key is the primary key: the rows go, then come back under their new keys.
    await live_model.filter(key__in=[live["key"] for live in lives]).delete()
    for live in lives:
        new = moved[int(live["key"].split(":")[1])]
        await live_model.create(**{**live, "key": f"duel:{new}"})
    for character in await character_model.filter(status="dead"):
        state = _json(character.state)
        note = state.get("death") if isinstance(state, dict) else None
        if isinstance(note, dict) and note.get("duel") in moved:
            state["death"] = {**note, "duel": moved[note["duel"]]}
            await character_model.filter(id=character.id).update(state=state)


async def _sequence_after_explicit_ids(schema_editor, table):
    """PostgreSQL's id sequence does not see ids given explicitly: move it past them."""
    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        await client.execute_script(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f'COALESCE((SELECT MAX("id") FROM "{table}"), 0) + 1, false)'
        )


async def fold_duels(apps, schema_editor):
    duel_model = apps.get_model("models.DuelRecord")
    encounter_model = apps.get_model("models.Encounter")
    character_model = apps.get_model("models.Character")
    duels = await duel_model.all().order_by("id")
    taken = set(
        await encounter_model.filter(id__in=[d.id for d in duels]).values_list("id", flat=True)
    )
    ids: dict[int, int] = {}
    for duel in duels:
        numbers = (duel.challenger_number, duel.opponent_number)
        users = dict(
            await character_model.filter(game_id=duel.game_id, number__in=numbers).values_list(
                "number", "user_id"
            )
        )
        stage = str(getattr(duel.stage, "value", duel.stage))
        state = {
            "challenger": {"number": numbers[0], "user": users.get(numbers[0])},
            "opponent": {"number": numbers[1], "user": users.get(numbers[1])},
            "duel": _json(duel.state),
            "stage": stage,
        }
        kept = {} if duel.id in taken else {"id": duel.id}
        encounter = await encounter_model.create(
            **kept,
            game_id=duel.game_id,
            kind="duel",
            stage=stage,
            state=state,
            chat_id=duel.chat_id,
            thread_id=duel.thread_id,
            message_id=duel.message_id,
            version=duel.version,
        )
        await encounter_model.filter(id=encounter.id).update(created_at=duel.created_at)
        ids[duel.id] = encounter.id
    await _sequence_after_explicit_ids(schema_editor, "encounters")
    await _follow(apps, ids, _button)


async def unfold_duels(apps, schema_editor):
    """Back to the duels' own table, each duel under its encounter's id."""
    duel_model = apps.get_model("models.DuelRecord")
    encounter_model = apps.get_model("models.Encounter")
    ids: dict[int, int] = {}
    for encounter in await encounter_model.filter(kind="duel").order_by("id"):
        state = _json(encounter.state)
        await duel_model.create(
            id=encounter.id,
            game_id=encounter.game_id,
            challenger_number=state["challenger"]["number"],
            opponent_number=state["opponent"]["number"],
            skill=state["duel"]["skill"],
            stage=encounter.stage,
            state=state["duel"],
            chat_id=encounter.chat_id,
            thread_id=encounter.thread_id,
            message_id=encounter.message_id,
            version=encounter.version,
        )
        await duel_model.filter(id=encounter.id).update(created_at=encounter.created_at)
        ids[encounter.id] = encounter.id
    await encounter_model.filter(kind="duel").delete()
    await _sequence_after_explicit_ids(schema_editor, "duels")
    await _follow(apps, ids, _old_button)  # the same ids: the owed buttons change


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
