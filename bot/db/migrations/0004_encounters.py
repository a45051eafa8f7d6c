from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0003_timers_duels')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Encounter',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('models.Game', source_field='game_id', db_constraint=True, to_field='id', related_name='encounters', on_delete=OnDelete.CASCADE)),
                ('kind', fields.CharField(max_length=16)),
                ('stage', fields.CharField(max_length=16)),
                ('state', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('chat_id', fields.BigIntField()),
                ('thread_id', fields.IntField(null=True)),
                ('message_id', fields.IntField(null=True)),
                ('hall', fields.IntField(null=True)),
                ('version', fields.IntField(default=0)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'encounters', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A multi-party fight in a group (a pool fight or a d20 battle) with its rules state as JSON.'},
            bases=['Model'],
        ),
    ]
