from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0011_heartbeat')]

    initial = False

    operations = [
        ops.AddField(
            model_name='LiveMessage',
            name='buttons',
            field=fields.BooleanField(null=True),
        ),
        ops.AddField(
            model_name='LiveMessage',
            name='digest',
            field=fields.CharField(null=True, max_length=32),
        ),
        ops.AddField(
            model_name='OwedMessage',
            name='target',
            field=fields.BigIntField(null=True),
        ),
    ]
