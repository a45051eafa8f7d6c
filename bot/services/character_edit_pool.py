"""A game master's edit of a ``pool`` character, applied to the world by the rules.

Limits a game master may go beyond (after confirming): the stats' build rules (each at least
its minimum, 12 in all), health above vitality, more than 2 cycles slept, a sleeper who could
not fall asleep by the rules, over-full pockets and backpack. Never: negative numbers, a hall
that does not exist, items where they cannot be (see :mod:`bot.services.character_edit_items`).
"""

from __future__ import annotations

from dataclasses import replace

from bot.services.character_edit_items import edit_items
from bot.services.character_edit_model import (
    COUNTER_MAX,
    Break,
    Change,
    Edit,
    Field,
    Outcome,
    broken,
    gender_change,
    need_values,
    out_of_range,
    unchanged,
)
from bot.services.errors import Refusal, ServiceError
from rules.errors import RuleError
from rules.pool.build import stat_minimum
from rules.pool.carrying import require_able
from rules.pool.model import STAT_POINTS, PoolCharacter, Stat, Stats
from rules.pool.needs import SLEEP_CYCLES
from rules.pool.sleepers import release_guards, wake_up
from rules.pool.world import World, with_character

COUNTERS = {
    Field.FOOD: "cycles_without_food",
    Field.SLEEP: "cycles_without_sleep",
    Field.SLEPT: "cycles_slept",
}
FLAGS = {Field.ASLEEP: "asleep", Field.FALLEN: "fallen"}


def stats_text(stats: Stats) -> str:
    return "/".join(str(stats.get(stat)) for stat in Stat)


def _stat_breaks(stats: Stats, health: int) -> list[Break]:
    """The build rules (:func:`rules.pool.build.validate_stats`) the stats go beyond."""
    breaks = [
        broken("edit-limit-stat-min", stat=stat.value, low=stat_minimum(stat))
        for stat in Stat
        if stats.get(stat) < stat_minimum(stat)
    ]
    if stats.total != STAT_POINTS:
        breaks.append(broken("edit-limit-stat-sum", total=stats.total, expected=STAT_POINTS))
    if health > stats.vitality:
        breaks.append(broken("edit-limit-health", health=health, high=stats.vitality))
    return breaks


def _stats(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    values = need_values(edit, len(Stat))
    for value in values:
        out_of_range(value, 0, COUNTER_MAX)
    stats = Stats(*values)
    changed = replace(character, stats=stats)
    change = Change(Field.STATS, stats_text(character.stats), stats_text(stats))
    breaks = tuple(_stat_breaks(stats, character.health))
    return with_character(world, changed), Outcome((change,), breaks)


def _health(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    (health,) = need_values(edit)
    out_of_range(health, 0, COUNTER_MAX)  # below 0 is death: that is the "dead" state
    breaks: tuple[Break, ...] = ()
    if health > character.max_health:
        breaks = (broken("edit-limit-health", health=health, high=character.max_health),)
    change = Change(Field.HEALTH, str(character.health), str(health))
    return with_character(world, replace(character, health=health)), Outcome((change,), breaks)


def _hall(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    (hall,) = need_values(edit)
    try:
        world.check_hall(hall)
    except RuleError as error:
        raise ServiceError.of(error) from None
    # A new hall: no portal request, nobody guarded across halls, no reach for the old floor.
    moved = replace(character, hall=hall, move_to=None, guarding=None)
    world = release_guards(with_character(world, moved), character.number)
    kept = tuple(r for r in world.pick_ups if r.character != character.number)
    world = replace(world, pick_ups=kept)
    return world, Outcome((Change(Field.HALL, str(character.hall), str(hall)),))


def _counter(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    (value,) = need_values(edit)
    out_of_range(value, 0, COUNTER_MAX)
    name = COUNTERS[edit.field]
    breaks: list[Break] = []
    if edit.field == Field.SLEPT and value > SLEEP_CYCLES:
        breaks.append(broken("edit-limit-slept", high=SLEEP_CYCLES))
    if edit.field == Field.SLEPT and value and not character.asleep:
        breaks.append(broken("edit-limit-slept-awake"))
    change = Change(edit.field, str(getattr(character, name)), str(value))
    changed = replace(character, **{name: value})  # type: ignore[arg-type]
    return with_character(world, changed), Outcome((change,), tuple(breaks))


def _flag(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    on = bool(need_values(edit)[0])
    before = bool(getattr(character, FLAGS[edit.field]))
    if on == before:
        raise unchanged()
    change = Change(edit.field, "yes" if before else "no", "yes" if on else "no")
    breaks: tuple[Break, ...] = ()
    if edit.field == Field.ASLEEP and on:
        try:
            require_able(character)
        except RuleError as error:
            breaks = (broken("edit-limit-cannot-sleep", reason=error.details["reason"]),)
        asleep = replace(character, asleep=True, cycles_slept=0, guarding=None, move_to=None)
        return with_character(world, asleep), Outcome((change,), breaks)
    if edit.field == Field.ASLEEP:
        return wake_up(world, character.number), Outcome((change,))
    return with_character(world, replace(character, fallen=on)), Outcome((change,))


def _kill(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    dead = replace(character, alive=False, asleep=False, guarding=None, move_to=None)
    world = release_guards(with_character(world, dead), character.number)
    return world, Outcome((Change(Field.DEAD, "alive", "dead"),))


def _gender(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    """The rules' copy of the gender (a woman without a jacket has a penalty); the character's
    column follows it when the edit is saved."""
    gender, change = gender_change(character.gender, edit)
    return with_character(world, replace(character, gender=gender)), Outcome((change,))


def _items(world: World, character: PoolCharacter, edit: Edit) -> tuple[World, Outcome]:
    inventory, changes, breaks = edit_items(character.inventory, edit)
    changed = replace(character, inventory=inventory)
    return with_character(world, changed), Outcome(changes, tuple(breaks))


APPLIERS = {
    Field.STATS: _stats,
    Field.HEALTH: _health,
    Field.HALL: _hall,
    Field.FOOD: _counter,
    Field.SLEEP: _counter,
    Field.SLEPT: _counter,
    Field.ASLEEP: _flag,
    Field.FALLEN: _flag,
    Field.DEAD: _kill,
    Field.ITEM: _items,
    Field.GENDER: _gender,
}


def apply_pool(world: World, number: int, edit: Edit) -> tuple[World, Outcome]:
    """The world after the edit of character ``number`` and what it changed and breaks."""
    applier = APPLIERS.get(edit.field)
    if applier is None:
        raise ServiceError(Refusal.EDIT_FIELD)
    try:
        character = world.character(number)
    except RuleError as error:
        raise ServiceError.of(error) from None
    after, outcome = applier(world, character, edit)
    if after == world:
        raise unchanged()
    return after, outcome
