"""Use cases between the aiogram shell and the pure rules: load, lock, call rules, save."""
