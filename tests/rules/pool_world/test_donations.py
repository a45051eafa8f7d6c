"""Donations and winning (rulebook: pool / Donations and winning)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import Code
from rules.pool.donations import (
    HallFact,
    HealthFact,
    ItemsFact,
    Question,
    Won,
    ask_fact,
    buy_prize,
    coins_held,
    donate_item,
    donate_to_win,
    pay,
)
from rules.pool.model import BackpackContent, Inventory, Item, PocketContent, start_kit
from rules.pool.places import Place
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import floor_of, make, world_of


def rich(coins: int = 100) -> Inventory:
    """Start kit with ``coins`` coins: pockets first (100 each), the rest in the backpack."""
    left = min(coins, 100)
    right = min(coins - left, 100)
    return replace(
        start_kit(),
        left_pocket=PocketContent(Item.COIN, left) if left else PocketContent(),
        right_pocket=PocketContent(Item.COIN, right) if right else PocketContent(),
        pack=BackpackContent(rations=5, pills=5, coins=coins - left - right),
    )


def test_ruling_donate_any_owned_item_for_one_coin() -> None:
    world, places = donate_item(world_of(make()), 1, Item.RATION, Place.BACKPACK, 2)
    hero = world.character(1)
    assert places == (Place.RIGHT_POCKET, Place.RIGHT_POCKET)
    assert hero.inventory.pack.rations == 3
    assert coins_held(hero.inventory) == 2


def test_donating_worn_items_and_the_sword() -> None:
    world, _ = donate_item(world_of(make()), 1, Item.SWORD, Place.RIGHT_HAND)
    world, _ = donate_item(world, 1, Item.TROUSERS, Place.WORN)
    hero = world.character(1)
    assert hero.inventory.swords_in_hand == 0 and not hero.inventory.trousers
    assert coins_held(hero.inventory) == 2
    with refused(Code.NOT_EMPTY):
        donate_item(world, 1, Item.BACKPACK, Place.WORN)


def test_ruling_donating_what_you_do_not_own_is_refused() -> None:
    world = world_of(make(), floors=(floor_of(sword=1),))
    with refused(Code.NOT_OWNED):
        donate_item(world, 1, Item.SWORD, Place.FLOOR)
    with refused(Code.NOT_THERE):
        donate_item(world, 1, Item.SWORD, Place.LEFT_HAND)
    with refused(Code.NOT_OWNED):
        donate_item(world_of(make(inventory=rich(5))), 1, Item.COIN, Place.LEFT_POCKET)
    with refused(Code.BAD_COUNT):
        donate_item(world, 1, Item.PILL, Place.BACKPACK, 0)


def test_donation_coin_overflows_to_the_hall_floor() -> None:
    world = world_of(make(inventory=Inventory(right_hand=Item.SWORD)))
    world, places = donate_item(world, 1, Item.SWORD, Place.RIGHT_HAND)
    assert places == (Place.FLOOR,) and world.floor(1) == floor_of(coin=1)


@pytest.mark.parametrize("item", list(Item))
def test_ruling_five_coins_buy_any_prize_list_item(item: Item) -> None:
    world, place = buy_prize(world_of(make(inventory=rich(7))), 1, item)
    hero = world.character(1)
    expected = 3 if item == Item.COIN else 2
    assert coins_held(hero.inventory) == expected
    if place == Place.FLOOR:
        assert world.floor(1).count(item) == 1


def test_buying_needs_five_coins() -> None:
    with refused(Code.NOT_ENOUGH_COINS) as caught:
        buy_prize(world_of(make(inventory=rich(4))), 1, Item.SWORD)
    assert caught.value.details == {"character": 1, "needed": 5, "have": 4}


def test_coins_are_paid_left_pocket_then_right_pocket_then_backpack() -> None:
    hero = make(inventory=rich(250))
    paid = pay(hero, 150)
    assert paid.inventory.left_pocket == PocketContent()
    assert paid.inventory.right_pocket == PocketContent(Item.COIN, 50)
    assert paid.inventory.pack.coins == 50
    assert coins_held(pay(paid, 100).inventory) == 0


def test_ruling_one_coin_buys_one_fact_hall_items_or_health() -> None:
    world = world_of(make(inventory=rich(3)), make(hall=2, health=2), halls=2)
    world, hall = ask_fact(world, 1, 2, Question.HALL)
    world, items = ask_fact(world, 1, 2, Question.ITEMS)
    world, health = ask_fact(world, 1, 2, Question.HEALTH)
    assert hall == HallFact(2, 2)
    assert items == ItemsFact(2, start_kit())
    assert health == HealthFact(2, 2, True)
    assert coins_held(world.character(1).inventory) == 0
    with refused(Code.NOT_ENOUGH_COINS):
        ask_fact(world, 1, 2, Question.HALL)


def test_asking_about_an_unknown_number_costs_nothing() -> None:
    world = world_of(make(inventory=rich(1)))
    with refused(Code.UNKNOWN_CHARACTER):
        ask_fact(world, 1, 9, Question.HALL)
    _, fact = ask_fact(world, 1, 1, Question.ITEMS)  # about oneself: after paying
    assert isinstance(fact, ItemsFact) and coins_held(fact.inventory) == 0


def test_ruling_first_and_second_to_donate_100_coins_win_then_game_ends() -> None:
    world = world_of(*(make(inventory=rich(200)) for _ in range(3)))
    world, first = donate_to_win(world, 2)
    assert first == Won(2, 1, False)
    assert coins_held(world.character(2).inventory) == 100
    with refused(Code.ALREADY_WON):
        donate_to_win(world, 2)
    world, second = donate_to_win(world, 3)
    assert second == Won(3, 2, True)
    assert world.finished and world.winners == (2, 3)
    for action in (
        lambda: donate_to_win(world, 1),
        lambda: buy_prize(world, 1, Item.PILL),
        lambda: ask_fact(world, 1, 2, Question.HALL),
        lambda: donate_item(world, 1, Item.PILL, Place.BACKPACK),
    ):
        with refused(Code.GAME_OVER):
            action()


def test_ruling_winning_needs_100_coins_at_once() -> None:
    with refused(Code.NOT_ENOUGH_COINS):
        donate_to_win(world_of(make(inventory=rich(99))), 1)


def test_the_dead_and_the_sleeping_cannot_donate() -> None:
    with refused(Code.CANNOT_ACT):
        donate_to_win(world_of(make(inventory=rich(100), alive=False)), 1)
    with refused(Code.CANNOT_ACT):
        buy_prize(world_of(make(inventory=rich(100), asleep=True)), 1, Item.PILL)
