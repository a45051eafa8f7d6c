from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0012_edits_paced')]

    initial = False

    operations = [
        ops.AddField(
            model_name='RollLog',
            name='owner',
            field=fields.CharField(null=True, default='', max_length=64),
        ),
    ]
