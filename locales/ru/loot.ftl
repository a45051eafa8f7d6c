## Вещи погибших

world-loot-spilled = 🪦 Всё, что { $gender ->
        [f] несла
       *[m] нёс
    } { $name }, осталось на полу зала { $hall }: { $items }.
