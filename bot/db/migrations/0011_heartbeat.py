from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0010_duels_are_encounters')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Heartbeat',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('beat_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'heartbeats', 'app': 'models', 'pk_attr': 'id', 'table_description': 'One row the health probe rewrites while the bot is in trouble (bot.health).'},
            bases=['Model'],
        ),
    ]
