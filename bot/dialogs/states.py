"""Every StatesGroup of the bot's dialogs, in one place."""

from __future__ import annotations

from aiogram.fsm.state import State, StatesGroup


class PoolCreation(StatesGroup):
    name = State()
    gender = State()
    stats = State()
    preview = State()


class DuelCreation(StatesGroup):
    name = State()
    gender = State()
    skills = State()
    agility = State()
    preview = State()


class D20Creation(StatesGroup):
    name = State()
    gender = State()
    character_class = State()
    race = State()
    race_other = State()
    description = State()
    preview = State()


class GameSettingsDialog(StatesGroup):
    main = State()
    number = State()
    skills = State()


class InventoryDialog(StatesGroup):
    main = State()
    stack = State()
    give = State()


class DonationsDialog(StatesGroup):
    main = State()
    item = State()
    prize = State()
    fact_number = State()
    fact_question = State()
    win = State()


class CharacterEditDialog(StatesGroup):
    main = State()
    number = State()
    counters = State()
    states = State()
    items = State()
    item_kind = State()
    item_place = State()
    skills = State()
    classes = State()
    races = State()
    gender = State()
    confirm = State()
    reason = State()


class NpcDialog(StatesGroup):
    """The game master's NPCs for a gathering d20 battle, one after another, in private."""

    name = State()
    sheet = State()
    gender = State()
    side = State()
    more = State()
