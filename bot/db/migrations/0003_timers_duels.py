from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from rules.duel.encounter import DuelStage
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0002_games_characters_rolls')]

    initial = False

    operations = [
        ops.CreateModel(
            name='DuelRecord',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('models.Game', source_field='game_id', db_constraint=True, to_field='id', related_name='duels', on_delete=OnDelete.CASCADE)),
                ('challenger_number', fields.IntField()),
                ('opponent_number', fields.IntField()),
                ('skill', fields.CharField(max_length=32)),
                ('stage', fields.CharEnumField(default=DuelStage.CHALLENGED, description='CHALLENGED: challenged\nFIGHTING: fighting\nFINISHED: finished\nDECLINED: declined\nEXPIRED: expired', enum_type=DuelStage, max_length=12)),
                ('state', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('chat_id', fields.BigIntField()),
                ('thread_id', fields.IntField(null=True)),
                ('message_id', fields.IntField(null=True)),
                ('version', fields.IntField(default=0)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'duels', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A duel between two characters of a duel game, with the rules state as JSON.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Timer',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('kind', fields.CharField(max_length=32)),
                ('ref', fields.IntField()),
                ('due_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('fired_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'timers', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A deadline that must fire exactly once, even across restarts and replicas.'},
            bases=['Model'],
        ),
    ]
