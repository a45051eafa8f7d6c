from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from bot.db.models import CharacterStatus, GameStatus, GameSystem
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0001_initial')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Game',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('chat_id', fields.BigIntField(db_index=True)),
                ('active_chat_id', fields.BigIntField(null=True, unique=True)),
                ('system', fields.CharEnumField(description='POOL: pool\nDUEL: duel\nD20: d20', enum_type=GameSystem, max_length=8)),
                ('status', fields.CharEnumField(default=GameStatus.ACTIVE, description='ACTIVE: active\nENDED: ended', enum_type=GameStatus, max_length=8)),
                ('settings', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('state', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('seed_hex', fields.CharField(max_length=128)),
                ('commitment', fields.CharField(max_length=64)),
                ('next_roll_index', fields.IntField(default=0)),
                ('next_character_number', fields.IntField(default=1)),
                ('created_by', fields.BigIntField()),
                ('locale', fields.CharField(default='ru', max_length=8)),
                ('version', fields.IntField(default=0)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('ended_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'games', 'app': 'models', 'pk_attr': 'id', 'table_description': 'One game bound to a group chat. active_chat_id is the chat while the game runs and'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Character',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('models.Game', source_field='game_id', db_constraint=True, to_field='id', related_name='characters', on_delete=OnDelete.CASCADE)),
                ('user_id', fields.BigIntField(db_index=True)),
                ('number', fields.IntField()),
                ('name', fields.CharField(max_length=32)),
                ('name_key', fields.CharField(max_length=32)),
                ('status', fields.CharEnumField(default=CharacterStatus.ACTIVE, description='ACTIVE: active\nDEAD: dead\nKICKED: kicked', enum_type=CharacterStatus, max_length=8)),
                ('active_key', fields.CharField(null=True, unique=True, max_length=48)),
                ('description', fields.CharField(default='', max_length=280)),
                ('state', fields.JSONField(default=dict, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('version', fields.IntField(default=0)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'characters', 'app': 'models', 'unique_together': (('game', 'number'), ('game', 'name_key')), 'pk_attr': 'id', 'table_description': 'A character of a game, with the rule state of its system as JSON.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='RollLog',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('models.Game', source_field='game_id', db_constraint=True, to_field='id', related_name='rolls', on_delete=OnDelete.CASCADE)),
                ('index', fields.IntField()),
                ('sides', fields.IntField()),
                ('value', fields.IntField()),
                ('purpose', fields.CharField(max_length=32)),
                ('actor', fields.CharField(default='', max_length=32)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'roll_log', 'app': 'models', 'unique_together': (('game', 'index'),), 'pk_attr': 'id', 'table_description': 'Every die a game rolled, by its index in the verifiable sequence of the game.'},
            bases=['Model'],
        ),
    ]
