"""Pure game mechanics for the three rule systems: ``pool``, ``duel`` and ``d20``.

Nothing here does I/O, knows about Telegram, the database or locale text, or calls the
global ``random``: every die comes from an injected :class:`rules.dice.Dice`.
"""
