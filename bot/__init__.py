"""The aiogram shell of the game-master bot: settings, storage, handlers, dialogs."""
