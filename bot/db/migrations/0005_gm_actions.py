from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0004_encounters')]

    initial = False

    operations = [
        ops.CreateModel(
            name='GmAction',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('models.Game', source_field='game_id', db_constraint=True, to_field='id', related_name='gm_actions', on_delete=OnDelete.CASCADE)),
                ('actor_id', fields.BigIntField()),
                ('actor_name', fields.CharField(default='', max_length=128)),
                ('action', fields.CharField(max_length=32)),
                ('target_number', fields.IntField(null=True)),
                ('details', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('reason', fields.CharField(max_length=200)),
                ('roll_index', fields.IntField()),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'gm_actions', 'app': 'models', 'pk_attr': 'id', 'table_description': 'An intervention of the game master in a game, with who did it, why and what changed.'},
            bases=['Model'],
        ),
    ]
