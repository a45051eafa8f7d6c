from tortoise import migrations
from tortoise.migrations import operations as ops
from orjson import loads
from tortoise.fields.data import JSON_DUMPS
from tortoise import fields
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('models', '0008_character_gender')]

    initial = False

    operations = [
        ops.CreateModel(
            name='LiveMessage',
            fields=[
                ('key', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=48)),
                ('chat_id', fields.BigIntField()),
                ('message_id', fields.BigIntField()),
                ('head', fields.TextField(default='', unique=False)),
            ],
            options={'table': 'live_messages', 'app': 'models', 'indexes': [Index(fields=['chat_id', 'message_id'])], 'pk_attr': 'key', 'table_description': 'The message that shows a live key (the status of a fight) now.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='OwedMessage',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('chat_id', fields.BigIntField()),
                ('thread_id', fields.IntField(null=True)),
                ('action', fields.CharField(max_length=8)),
                ('live', fields.CharField(null=True, max_length=48)),
                ('head', fields.TextField(null=True, unique=False)),
                ('text', fields.TextField(unique=False)),
                ('markup', fields.JSONField(null=True, encoder=JSON_DUMPS, decoder=loads)),
                ('retire', fields.TextField(null=True, unique=False)),
                ('hook', fields.CharField(null=True, max_length=64)),
                ('due_at', fields.FloatField()),
                ('attempts', fields.IntField(default=0)),
                ('done', fields.BooleanField(default=False)),
                ('failed', fields.BooleanField(default=False)),
                ('message_id', fields.BigIntField(null=True)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'owed_messages', 'app': 'models', 'indexes': [Index(fields=['done', 'chat_id', 'id'])], 'pk_attr': 'id', 'table_description': 'A message the game owes a chat, saved with the state change that owes it.'},
            bases=['Model'],
        ),
    ]
