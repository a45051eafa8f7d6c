"""The Odds tab in headless Chromium against the real app: it opens on the player's own
numbers, a tap on a stepper redraws the bars with the rules' figure, and it fits 360 px in
Telegram's light and dark themes (screenshots for the guides)."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from bot.i18n import Translator
from bot.views.odds import percent_text
from rules.odds.pool import attack_odds
from tests.bot.browser_rig import chromium, off_loop, overflow, page_url, screenshot, wait_for
from tests.bot.conftest import Harness
from tests.bot.miniapp_rig import PREFIX, init_data, miniapp_client
from tests.bot.world_table import QUIET, pool_table

HIT = "#odds-chart .odds-bars .odds-percent"  # the first: the hit chance


def _shows(driver: WebDriver, text: str) -> bool:
    """WebDriver reads a no-break space («54,8\u00a0%») as a plain one."""
    found = driver.find_elements(By.CSS_SELECTOR, HIT)
    return bool(found) and found[0].text == text.replace("\u00a0", " ")


def wait_text(driver: WebDriver, text: str) -> None:
    WebDriverWait(driver, 10).until(lambda d: _shows(d, text))


def _bar_edges(driver: WebDriver) -> int:
    """How many different (left, right) edges the chart's bars have, over all its sections."""
    edges: list[list[float]] = driver.execute_script(
        "return [...document.querySelectorAll('#odds-chart .odds-bar')]"
        ".map(b => { const r = b.getBoundingClientRect(); return [r.left, r.right]; })"
    )
    assert len(edges) > 4  # the hit, the damage rows and the swords: several sections
    return len({(round(left), round(right)) for left, right in edges})


async def test_the_odds_tab_starts_from_the_sheet_and_redraws_on_a_tap(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    translator = Translator("ru")
    async with miniapp_client(gm) as client:
        base = f"{client.make_url('')}{PREFIX}/"
        with chromium() as driver:
            for theme, lang in (("light", "ru"), ("dark", "ru"), ("light", "en"), ("dark", "en")):
                l10n = translator.for_locale(lang)
                query = f"?tab=odds&look={theme}-{lang}"
                url = page_url(base, init_data(anya, language=lang), theme, query)
                await off_loop(driver.get, url)
                start = attack_odds(QUIET.attack, QUIET.defense).hit_chance
                await off_loop(wait_text, driver, percent_text(l10n, start))
                attack = driver.find_element(By.ID, "odds-attack")
                assert attack.get_attribute("value") == str(QUIET.attack)
                assert await off_loop(overflow, driver) == 0
                assert await off_loop(_bar_edges, driver) == 1  # every section's bars line up
                await off_loop(screenshot, driver, f"odds-{theme}-{lang}")
                plus = driver.find_element(By.CSS_SELECTOR, '[data-step="attack-up"]')
                await off_loop(plus.click)
                more = attack_odds(QUIET.attack + 1, QUIET.defense).hit_chance
                await off_loop(wait_text, driver, percent_text(l10n, more))
                assert attack.get_attribute("value") == str(QUIET.attack + 1)
            await off_loop(attack.clear)
            await off_loop(attack.send_keys, "31")  # out of /odds's range: the chat's usage
            refused = await off_loop(wait_for, driver, "#notice.error")
            assert "Dice 0–30" in refused.text or "0–30" in refused.text
