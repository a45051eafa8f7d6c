"""The Mini App in headless Chromium against the real app on loopback: a thing moved by tap or
dragged saves exactly what the chat's /inventory dialog saves; the roll log of a real game (dice
from its seed) is marked ✓ in the browser after /endgame and ✗ where one die was altered; every page
at 360 px in Telegram's light and dark themes, with screenshots for the guides."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.wait import WebDriverWait
from tortoise.timezone import now

from bot import fixed_seed
from bot.app import build_dispatcher
from bot.db.models import Character, Encounter, RollLog, Timer
from bot.i18n import Translator
from bot.session import make_bot
from bot.storage import open_storage
from rules.dice import ScriptedDice, draw
from rules.pool.model import HallFloor, Item, PocketContent, Stats
from rules.pool.world import with_floor
from tests.bot.browser_rig import chromium, off_loop, overflow, page_url, screenshot, wait_for
from tests.bot.conftest import TOKEN, Harness
from tests.bot.miniapp_rig import PREFIX, init_data, miniapp_client, twin_tables
from tests.bot.world_map_rig import world_table
from tests.bot.world_table import QUIET, Table, pool_table
from tests.telegram_emulator import TelegramEmulator, running_polling

LUCKY = Stats(initiative=2, attack=3, defense=2, vitality=3, charisma=2)  # 2d10 every cycle


@pytest.fixture
async def real_dice(
    emu: TelegramEmulator, clean_redis: str, database: str
) -> AsyncIterator[Harness]:
    """The dispatcher as in production: every game's dice from its own seed (verifiable)."""
    storage = await open_storage(clean_redis, max_connections=20)
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        table_dice=ScriptedDice(),
        redis=storage.redis,
    )
    bot = make_bot(TOKEN, emu.base_url)
    async with running_polling(dp, bot):
        yield Harness(emu, dp, bot, ScriptedDice(), storage, ScriptedDice())
    await bot.session.close()
    await storage.close()


def _base(client_url: str) -> str:
    return f"{client_url}{PREFIX}/"


async def _played(gm: Harness, cycles: int) -> Table:
    """A real game: Аня rolls her charisma dice from the game's seed each cycle."""
    table = await pool_table(gm, ("Аня", LUCKY))
    for _ in range(cycles):
        await table.tick()
    return table


async def _end(table: Table) -> None:
    await table.gm.emu.send_text(table.admin, table.group, "/endgame")
    await table.gm.emu.wait_for_message(table.group, lambda m: "окончена" in m.body)


def _marks(driver: WebDriver) -> list[str]:
    cells = driver.find_elements(By.CSS_SELECTOR, "table.rolls tr td:last-child")
    return [cell.text for cell in cells]


async def _moved_in_chat(table: Table, presses: tuple[str, ...]) -> None:
    """The same move through the chat's /inventory dialog: its buttons, pressed in order."""
    [user] = table.players
    chat = table.private(user)
    await table.gm.emu.send_text(user, chat, "/inventory")
    window = await table.gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)
    for press in presses:
        answer = await table.gm.emu.press_button(user, window, press)
        await table.gm.emu.wait_for_callback_answer(answer)


async def test_a_thing_moved_by_tap_saves_what_the_chat_dialog_saves(gm: Harness) -> None:
    chat_table, page_table = await twin_tables(gm)
    await _moved_in_chat(chat_table, ("рюкзак: 12 таблеток", "Все", "−", "−", "→ в левый карман"))
    [page_user] = page_table.players
    async with miniapp_client(gm) as client:
        url = page_url(_base(str(client.make_url(""))), init_data(page_user))
        with chromium() as driver:
            await off_loop(driver.get, url)
            pills = await off_loop(wait_for, driver, '[data-stack="backpack.pill"]')
            await off_loop(pills.click)  # the thing: all 12 picked
            assert (await off_loop(wait_for, driver, "#count")).text == "12"
            for _ in range(2):
                minus = driver.find_element(By.XPATH, "//div[@class='bar']/button[text()='−']")
                await off_loop(minus.click)
            assert (await off_loop(wait_for, driver, "#count")).text == "10"
            await off_loop((await off_loop(wait_for, driver, ".place.target")).is_displayed)
            pocket = driver.find_element(By.CSS_SELECTOR, '.place.target[data-place="left_pocket"]')
            await off_loop(pocket.click)  # the place
            done = await off_loop(wait_for, driver, "#notice:not(.error)")
            assert done.text == "✅ Готово: 10 таблеток — в левый карман."
            pocket_now = driver.find_element(By.CSS_SELECTOR, '[data-place="left_pocket"]')
            assert "10 таблеток" in pocket_now.text
    by_chat, by_page = await chat_table.character(1), await page_table.character(1)
    assert by_page.inventory.left_pocket == PocketContent(Item.PILL, 10)
    assert by_page == by_chat
    rows = [await Character.get(game_id=t.game.id, number=1) for t in (chat_table, page_table)]
    assert rows[0].state == rows[1].state


async def test_a_thing_dragged_onto_a_place_saves_what_the_chat_dialog_saves(gm: Harness) -> None:
    chat_table, page_table = await twin_tables(gm)
    await _moved_in_chat(chat_table, ("рюкзак: 3 монеты", "Все", "→ в правый карман"))
    [page_user] = page_table.players
    async with miniapp_client(gm) as client:
        url = page_url(_base(str(client.make_url(""))), init_data(page_user))
        with chromium() as driver:
            await off_loop(driver.get, url)

            async def drag(stack: str, place: str) -> str:
                """The whole stack dragged onto the place; the notice it gets."""
                thing = await off_loop(wait_for, driver, f'[data-stack="{stack}"]')
                onto = driver.find_element(By.CSS_SELECTOR, f'[data-place="{place}"]')
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", onto)
                before = driver.find_element(By.ID, "notice").text
                chain = ActionChains(driver).click_and_hold(thing).move_by_offset(12, 12)
                await off_loop(chain.move_to_element(onto).release().perform)
                changed = WebDriverWait(driver, 10).until
                await off_loop(changed, lambda d: d.find_element(By.ID, "notice").text != before)
                return str(driver.find_element(By.ID, "notice").text)

            # All 12 pills onto the left pocket: the rules would refuse (10 at most), so the
            # pocket is not offered for the whole stack and the drop sends nothing.
            pills = await off_loop(wait_for, driver, '[data-stack="backpack.pill"]')
            pocket = driver.find_element(By.CSS_SELECTOR, '[data-place="left_pocket"]')
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", pocket)
            chain = ActionChains(driver).click_and_hold(pills).move_by_offset(12, 12)
            chain = chain.move_to_element(pocket)
            await off_loop(chain.perform)
            marked = driver.find_elements(By.CSS_SELECTOR, ".place.target")
            assert "left_pocket" not in [m.get_attribute("data-place") for m in marked]
            await off_loop(ActionChains(driver).release().perform)
            assert driver.find_element(By.ID, "notice").text == ""
            assert (await page_table.character(1)).inventory.pack.pills == 12
            # The coins onto the right pocket.
            assert await drag("backpack.coin", "right_pocket") == (
                "✅ Готово: 3 монеты — в правый карман."
            )
            assert (
                "3 монеты"
                in driver.find_element(By.CSS_SELECTOR, '[data-place="right_pocket"]').text
            )
            assert driver.find_elements(By.CSS_SELECTOR, ".chip.ghost") == []  # the copy is gone
            assert driver.find_elements(By.CSS_SELECTOR, ".place.target") == []
            assert driver.find_elements(By.CSS_SELECTOR, ".chip.selected") == []  # not a tap
    by_chat, by_page = await chat_table.character(1), await page_table.character(1)
    assert by_page.inventory.right_pocket == PocketContent(Item.COIN, 3)
    assert by_page == by_chat
    rows = [await Character.get(game_id=t.game.id, number=1) for t in (chat_table, page_table)]
    assert rows[0].state == rows[1].state


async def test_the_page_checks_a_real_games_dice_and_finds_an_altered_one(
    real_dice: Harness,
) -> None:
    table = await _played(real_dice, cycles=3)
    [anya] = table.players
    logged = await RollLog.filter(game_id=table.game.id).order_by("index")
    assert len(logged) == 6  # 2d10 a cycle
    await _end(table)
    async with miniapp_client(real_dice) as client:
        url = page_url(_base(str(client.make_url(""))), init_data(anya), query="?tab=rolls")
        with chromium() as driver:
            await off_loop(driver.get, url)
            verdict = await off_loop(wait_for, driver, "#verdict p.ok + p")
            assert verdict.text == "✓ Все броски совпали с зерном. Проверено бросков: 6"
            assert "Совпадает с отпечатком выше" in driver.find_element(By.ID, "verdict").text
            assert _marks(driver) == ["✓"] * 6

            altered = logged[3]
            altered.value = altered.value % 10 + 1  # one die in the log, changed after the end
            await altered.save(update_fields=["value"])
            await off_loop(driver.refresh)
            verdict = await off_loop(wait_for, driver, "#verdict p.bad")
            assert verdict.text == "✗ Не совпали с зерном (отмечены ✗), бросков: 1 / 6"
            assert _marks(driver) == ["✓", "✓", "✓", "✗", "✓", "✓"]


def _own_check(driver: WebDriver, seed: str) -> None:
    field = driver.find_element(By.ID, "own-seed")
    field.clear()
    field.send_keys(seed)
    driver.find_element(By.CSS_SELECTOR, "#own-check button").click()


async def test_the_check_needs_only_the_seed_and_the_dice_and_a_player_may_paste_one(
    real_dice: Harness,
) -> None:
    """The page shows the commitment as the group's start message published it (in groups of
    8, to compare); «Проверить сам» recomputes the log from a pasted seed; and a server that
    swaps its own copy of the commitment is caught: the hash the browser computes from the
    seed still equals the group's message, not the server's copy."""
    table = await _played(real_dice, cycles=2)
    [anya] = table.players
    game = table.game
    published = game.commitment  # what the group's start message carries
    async with miniapp_client(real_dice) as client:
        url = page_url(_base(str(client.make_url(""))), init_data(anya), query="?tab=rolls")
        with chromium() as driver:
            await off_loop(driver.get, url)
            shown = await off_loop(wait_for, driver, "#commitment")
            groups = shown.text.split(" ")
            assert [len(g) for g in groups] == [8] * 8 and "".join(groups) == published
            page = driver.find_element(By.ID, "rolls").text
            assert "Сверьте его с сообщением о начале игры" in page
            assert _marks(driver) == [""] * 4  # the seed is not revealed yet

            await off_loop(_own_check, driver, "12 3")
            refused = await off_loop(wait_for, driver, "#verdict p.bad")
            assert refused.text.startswith("Это не зерно")
            await off_loop(_own_check, driver, game.seed_hex.upper())  # as /verify may show it
            verdict = await off_loop(wait_for, driver, "#rolls-verdict.ok")
            assert verdict.text.endswith("Проверено бросков: 4") and _marks(driver) == ["✓"] * 4
            assert driver.find_element(By.ID, "seed-hash").text.replace(" ", "") == published
            wrong = ("1" if game.seed_hex[0] != "1" else "2") + game.seed_hex[1:]
            await off_loop(_own_check, driver, wrong)
            await off_loop(wait_for, driver, "#seed-verdict.bad")
            logged = await RollLog.filter(game_id=game.id).order_by("index")
            other = bytes.fromhex(wrong)  # another seed's dice: each matches only by chance
            expected = ["✓" if draw(other, r.index, r.sides) == r.value else "✗" for r in logged]
            assert _marks(driver) == expected
            assert "НЕ совпадает" in driver.find_element(By.ID, "seed-verdict").text

            await _end(table)
            await game.refresh_from_db()
            lying = "0" * 64
            await type(game).filter(id=game.id).update(commitment=lying)  # the server's copy
            await off_loop(driver.refresh)
            await off_loop(wait_for, driver, "#rolls-verdict.ok")
            assert _marks(driver) == ["✓"] * 4  # the dice: from the seed alone
            computed = driver.find_element(By.ID, "seed-hash").text.replace(" ", "")
            assert computed == published != lying  # what the player compares with the group
            assert "НЕ совпадает" in driver.find_element(By.ID, "seed-verdict").text


@pytest.fixture
def recorded_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screenshots' game gets a recording's fixed seed (bot.fixed_seed): the same dice, so
    the same pictures, on every run."""
    monkeypatch.setenv(fixed_seed.SEED_VAR, "miniapp-screenshots")


WORDS = {
    "ru": ("Персонаж", "Зерно откроется"),
    "en": ("Character", "The seed is revealed"),
}


@pytest.mark.parametrize(
    ("theme", "lang"), [("light", "ru"), ("dark", "ru"), ("light", "en"), ("dark", "en")]
)
@pytest.mark.usefixtures("recorded_seed")
async def test_each_page_fits_360_px_in_both_themes(
    real_dice: Harness, theme: str, lang: str
) -> None:
    table = await _played(real_dice, cycles=2)
    [anya] = table.players
    await table.edit_world(lambda w: with_floor(w, 1, HallFloor().add(Item.SWORD)))
    tab_title, seed_hidden = WORDS[lang]
    async with miniapp_client(real_dice) as client:
        base = _base(str(client.make_url("")))
        with chromium() as driver:
            await off_loop(driver.get, page_url(base, init_data(anya, language=lang), theme))
            await off_loop(wait_for, driver, '[data-place="floor"]')
            assert driver.find_element(By.ID, "tab-character").text == tab_title
            assert "Аня" in driver.find_element(By.CSS_SELECTOR, ".sheet").text
            background = driver.execute_script(
                "return getComputedStyle(document.body).backgroundColor"
            )
            assert background == ("rgb(255, 255, 255)" if theme == "light" else "rgb(23, 33, 43)")
            assert await off_loop(overflow, driver) == 0
            await off_loop(screenshot, driver, f"character-{theme}-{lang}")

            sword = await off_loop(wait_for, driver, '[data-stack="right_hand.sword"]')
            await off_loop(sword.click)
            await off_loop(wait_for, driver, ".place.target")
            assert await off_loop(overflow, driver) == 0
            await off_loop(screenshot, driver, f"character-move-{theme}-{lang}")

            await off_loop(driver.find_element(By.ID, "tab-rolls").click)
            await off_loop(wait_for, driver, "table.rolls")
            assert seed_hidden in driver.find_element(By.ID, "rolls").text
            assert await off_loop(overflow, driver) == 0
            await off_loop(screenshot, driver, f"rolls-{theme}-{lang}")

            await _end(table)
            await off_loop(driver.refresh)
            await off_loop(driver.find_element(By.ID, "tab-rolls").click)
            await off_loop(wait_for, driver, "#verdict p.ok + p.ok")
            assert _marks(driver) == ["✓"] * 4
            assert await off_loop(overflow, driver) == 0
            await off_loop(screenshot, driver, f"rolls-checked-{theme}-{lang}")


async def test_the_check_of_ten_thousand_rolls_in_the_browser(real_dice: Harness) -> None:
    """Not a timed assertion: prints the figure (README, "The Mini App")."""

    table = await pool_table(real_dice, ("Аня", QUIET))
    [anya] = table.players
    seed = bytes.fromhex(table.game.seed_hex)
    await RollLog.bulk_create(
        [
            RollLog(
                game=table.game,
                index=i,
                sides=(6, 10, 20)[i % 3],
                value=draw(seed, i, (6, 10, 20)[i % 3]),
                purpose="pool_tick",
                actor="cycle 1",
            )
            for i in range(10_000)
        ],
        batch_size=1000,
    )
    await _end(table)
    async with miniapp_client(real_dice) as client:
        url = page_url(_base(str(client.make_url(""))), init_data(anya), query="?tab=rolls")
        with chromium() as driver:
            start = time.perf_counter()
            await off_loop(driver.get, url)
            verdict = await off_loop(wait_for, driver, "#verdict p.ok + p.ok", 120)
            whole = time.perf_counter() - start
            assert verdict.text.endswith("10000")
            check_only = await off_loop(
                driver.execute_async_script,
                """
                const done = arguments[arguments.length - 1];
                fetch('api/rolls?game_id=' + arguments[0],
                      { headers: { Authorization: 'tma ' + window.MiniApp.initData } })
                  .then((r) => r.json()).then(async (log) => {
                    const t0 = performance.now();
                    const r = await window.GameDice.verify(log.seed, log.commitment, log.rolls);
                    done([performance.now() - t0, r.seedOk && r.marks.every(Boolean)]);
                  });
                """,
                table.game.id,
            )
            assert check_only[1] is True
    print(
        f"\n10,000 rolls: page opened to all ✓ in {whole:.2f} s;"
        f" the check alone (GameDice.verify) {check_only[0] / 1000:.2f} s"
    )


async def test_the_gm_sees_the_world_map_in_both_themes_and_languages(gm: Harness) -> None:
    table = await world_table(gm)
    game = table.game.id
    fight = (await Encounter.filter(game_id=game).get()).id
    bot_link = "https://t.me/gm_test_bot?start="
    links = [f"{bot_link}e{game}_{n}" for n in (1, 2, 3, 4)] + [f"{bot_link}v{game}_{fight}"]
    async with miniapp_client(gm) as client:
        base = _base(str(client.make_url("")))
        with chromium() as driver:
            for theme, lang in (("light", "ru"), ("dark", "ru"), ("light", "en"), ("dark", "en")):
                await Timer.filter(fired_at__isnull=True).update(
                    due_at=now() + timedelta(minutes=5)
                )
                query = f"?game={game}&tab=world&look={theme}-{lang}"
                url = page_url(base, init_data(table.admin, language=lang), theme, query)
                await off_loop(driver.get, url)
                await off_loop(wait_for, driver, "svg.map")
                assert not driver.find_element(By.ID, "tab-world").get_attribute("hidden")
                assert len(driver.find_elements(By.CSS_SELECTOR, "svg.map circle.hall")) == 3
                assert len(driver.find_elements(By.CSS_SELECTOR, "svg.map circle.fight")) == 1
                portals = driver.find_elements(By.CSS_SELECTOR, "svg.map line.portal")
                assert len(portals) >= 2
                text = driver.find_element(By.ID, "world").text
                assert "Арья" in text and "💤" in text and "🩸" in text and "💀" in text
                opens = driver.find_elements(By.CSS_SELECTOR, "#world a.open")
                assert [a.get_attribute("href") for a in opens] == links
                assert opens[0].text == ("✏️ Править" if lang == "ru" else "✏️ Edit")
                assert await off_loop(overflow, driver) == 0
                await off_loop(screenshot, driver, f"world-{theme}-{lang}")


async def test_a_player_sees_no_world_tab(gm: Harness) -> None:
    table = await world_table(gm)
    async with miniapp_client(gm) as client:
        url = page_url(_base(str(client.make_url(""))), init_data(table.player(1)))
        with chromium() as driver:
            await off_loop(driver.get, url)
            await off_loop(wait_for, driver, ".sheet")
            await off_loop(wait_for, driver, "#tab-rolls")
            assert not driver.find_element(By.ID, "tab-world").is_displayed()


async def test_a_group_link_opens_its_tab_for_a_player_and_refuses_a_stranger(gm: Harness) -> None:
    table = await world_table(gm)
    rolls = f"g{table.game.id}-rolls"
    async with miniapp_client(gm) as client:
        base = _base(str(client.make_url("")))
        with chromium() as driver:
            await off_loop(
                driver.get, page_url(base, init_data(table.player(2), start_param=rolls))
            )
            await off_loop(wait_for, driver, "#commitment")
            assert "active" in str(driver.find_element(By.ID, "tab-rolls").get_attribute("class"))
            shown = driver.find_element(By.ID, "commitment").text
            assert shown.replace(" ", "") == table.game.commitment

            stranger = init_data(table.stranger, start_param=rolls)
            await off_loop(driver.get, page_url(base, stranger, query="?again=1"))  # a new load
            refused = await off_loop(wait_for, driver, "#notice.error")
            assert "нет живого персонажа" in refused.text
            assert driver.find_element(By.ID, "character").is_displayed()
