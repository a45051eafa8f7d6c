## What the dead leave behind

world-loot-spilled = 🪦 Everything { $name } carried now lies on the floor of hall { $hall }: { $items }.
