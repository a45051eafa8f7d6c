"""Every kind of state the bot stores as JSON, built with the rules: the codec's fixtures.

``codec_golden.json`` holds what the hand-written codec (replaced by cattrs) wrote for each of
these; production databases hold JSON of exactly that shape.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.services.character_edit_model import Break, Change, Edit, Field, Outcome
from bot.services.settings import GameSettings
from rules.d20 import Battle, Race, start_battle
from rules.d20 import new_character as new_d20_character
from rules.d20.character import CharacterClass, D20Character
from rules.d20.encounter import BattleTable as BattleState
from rules.d20.encounter import Fighter
from rules.dice import ScriptedDice
from rules.duel import Choice as DuelChoice
from rules.duel import Duel, Side, choose, play_round, start_duel
from rules.duel import new_character as new_duel_character
from rules.duel.character import DuelCharacter
from rules.gender import Gender
from rules.pool.build import new_character
from rules.pool.fight_flow import Act, Pending
from rules.pool.fight_setup import Choice, FightState, start_fight
from rules.pool.fight_table import PoolTable
from rules.pool.model import HallFloor, Inventory, Item, PocketContent, PoolCharacter, Stats
from rules.pool.places import Place
from rules.pool.roll import InitiativeResult
from rules.pool.world import PickUpRequest, World, add_character, new_world


def hero(number: int, hall: int = 1) -> PoolCharacter:
    character = new_character(number, f"Герой {number}", Gender.FEMALE, Stats(3, 3, 2, 4, 0))
    inventory = replace(
        character.inventory, left_hand=Item.RATION, left_pocket=PocketContent(Item.PILL, 4)
    )
    return replace(character, hall=hall, inventory=inventory, guarding=2, health_at_cycle_start=3)


def world() -> World:
    # Connections and fled fighters of ten and more: a set is stored sorted by each item's repr.
    state = new_world(halls=12, connections=frozenset({(3, 2), (1, 2), (10, 11), (2, 10)}))
    for n in range(4):
        state, _ = add_character(state, hero(1), hall=1 + n % 3)
    floors = (
        HallFloor(((Item.SWORD, 2), (Item.PILL, 3))),
        HallFloor(),
        HallFloor(((Item.COIN, 9),)),
    )
    pick_ups = (PickUpRequest(1, Item.PILL, 2), PickUpRequest(2, Item.COIN, 1, Place.BACKPACK))
    return replace(state, cycle=4, floors=floors, winners=(3,), pick_ups=pick_ups)


def pool_fight() -> PoolTable:
    fighters = [hero(n) for n in (1, 2, 3, 4)]
    dice = ScriptedDice({10: [5, 5, 3, 7, 2, 9]})  # 1 and 2 tie, then re-roll
    state, initiative = start_fight(fighters, [1, 2, 3, 4], dice)
    assert len(initiative.rolls) == 2
    state = replace(
        state,
        choices=(Choice(1, 2), Choice(2, 1)),
        picks=(Choice(3, 4),),
        fled=frozenset({4, 3, 12, 2}),
        round=2,
    )
    actions = (Pending(1, Act.ATTACK), Pending(2, Act.PILLS, 2), Pending(3, Act.STAND))
    return PoolTable(  # as stored (fights.kept): the golden's timer is no longer kept
        1, (1, 2, 3, 4), None, state, initiative, actions, (3,), stopped=False, unreachable=(4,)
    )


def duel() -> Duel:
    sandor = new_duel_character("Сандор", {"пеший": 9, "конный": 4})
    bronn = new_duel_character("Бронн", {"пеший": 8}, agility=20)
    started = start_duel(sandor, bronn, "пеший")
    played = play_round(started, ScriptedDice({17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}))
    return choose(played, Side.OPPONENT, DuelChoice.GO_ON)


def battle() -> Battle:
    fighters = [
        (D20Character("Догвор", CharacterClass.FIGHTER, 20), "heroes"),
        (new_d20_character("Эльф", CharacterClass.WIZARD), "raiders"),
    ]
    return start_battle(fighters, ScriptedDice({20: [12, 18]}))


def battle_state() -> BattleState:
    fighters = (
        Fighter(1, 101, "Догвор", "1", Gender.MALE),
        Fighter(2, 102, "Эльф", "2"),
    )
    return BattleState(101, "Гм", ("Орда", "Союз"), fighters, battle(), 3)


def edit_outcome() -> Outcome:
    changes = (
        Change("health", "3", "5"),
        Change("item", "0", "2", item="pill", place="left_pocket"),
    )
    breaks = (Break("edit-limit-health", (("max", "4"), ("value", "5"))), Break("edit-limit-x"))
    return Outcome(changes, breaks)


def stored_states() -> dict[str, tuple[Any, object]]:
    """Each stored state by a name: the type it is loaded as, and the value."""
    fight = pool_fight()
    assert fight.state is not None and fight.initiative is not None
    outcome = edit_outcome()
    return {
        "pool character": (PoolCharacter, hero(1)),
        "pool character, empty inventory": (PoolCharacter, replace(hero(2), inventory=Inventory())),
        "world": (World, world()),
        "world, no connections": (World, new_world()),
        "pool fight": (PoolTable, fight),
        "pool fight, joining": (PoolTable, PoolTable(challenger=1, joined=(1, 2))),
        "fight state": (FightState, fight.state),
        "initiative": (InitiativeResult, fight.initiative),
        "duel character": (DuelCharacter, new_duel_character("Сандор", {"пеший": 9}, agility=20)),
        "duel": (Duel, duel()),
        "d20 character": (D20Character, D20Character("Гэндальф", CharacterClass.WIZARD, 12)),
        "d20 character, own race": (
            D20Character,
            D20Character("Бильбо", CharacterClass.MONK, 16, race=Race.OTHER, race_text="хоббит"),
        ),
        "battle state, told": (BattleState, BattleState(7, told={"phys-miss": (3, 1)})),
        "battle": (Battle, battle()),
        "battle state": (BattleState, battle_state()),
        "battle state, opened": (BattleState, BattleState(7)),
        "settings": (GameSettings, GameSettings()),
        "settings, changed": (
            GameSettings,
            GameSettings(duel_skills=("пеший", "конный"), duel_to_death=True),
        ),
        "edit": (Edit, Edit(Field.STATS, (3, 3, 2, 4, 0))),
        "edit of an item": (Edit, Edit(Field.ITEM, (2,), "pill", "", "left_pocket")),
        "edit outcome": (Outcome, outcome),
        "edit changes": (tuple[Change, ...], outcome.changes),
    }
