"""aiogram-dialog flows in private chat: character creation, settings, inventory."""
