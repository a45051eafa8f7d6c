"""The Mini App's screens as a phone player meets them, in headless Chromium against the real
app: the character tab puts the place cards first and lists each thing once, every text reads
at 4.5:1 or more in both themes, the tabs fit one line at 360 px, only the places the rules
would take a thing to are outlined; the world map's halls hold their labels however many are
there, and its timers tick (and are read again when the page is shown again)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.wait import WebDriverWait
from tortoise.timezone import now

from bot.db.models import RollLog, Timer
from bot.services import games
from rules.dice import draw
from rules.pool.model import BackpackContent, Item, PocketContent, start_kit
from tests.bot.browser_rig import THEMES, chromium, off_loop, page_url, wait_for
from tests.bot.conftest import Harness
from tests.bot.miniapp_rig import PREFIX, auth, init_data, miniapp_client
from tests.bot.world_map_rig import world_table
from tests.bot.world_table import QUIET, pool_table

# Every element with text of its own, shown: its colour against the background it is drawn
# on (the nearest ancestor's that is not transparent), as WCAG 2 computes contrast.
CONTRASTS = """
const root = arguments[0] ? document.querySelector(arguments[0]) : document.body;
function rgba(text) {
  let m = text.match(/^rgba?\\(([^)]*)\\)$/);
  if (m) {
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  m = text.match(/^color\\(srgb ([^)]*)\\)$/);
  if (m) {
    const p = m[1].split(/[ /]+/).filter(Boolean).map(Number);
    return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1];
  }
  throw new Error('colour ' + text);
}
function over(top, under) {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
}
function background(node) {
  const layers = [];
  for (let at = node; at; at = at.parentElement) {
    const c = rgba(getComputedStyle(at).backgroundColor);
    if (c[3] > 0) layers.push(c);
    if (c[3] >= 1) break;
  }
  let colour = [255, 255, 255, 1];
  for (let i = layers.length - 1; i >= 0; i--) colour = over(layers[i], colour);
  return colour;
}
function luminance(c) {
  const [r, g, b] = c.slice(0, 3).map((v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const found = [];
const nodes = [root, ...root.querySelectorAll('*')];
for (const node of nodes) {
  if (node instanceof SVGElement) continue;
  const own = Array.from(node.childNodes).some(
    (c) => c.nodeType === 3 && c.nodeValue.trim() !== '');
  if (!own || !node.getClientRects().length) continue;
  const style = getComputedStyle(node);
  if (style.visibility === 'hidden') continue;
  const bg = background(node);
  const fg = over(rgba(style.color), bg);
  const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  found.push([node.textContent.trim().slice(0, 40), (a + 0.05) / (b + 0.05)]);
}
return found;
"""


def _low_contrast(driver: WebDriver, css: str) -> list[Any]:
    found: list[list[Any]] = driver.execute_script(CONTRASTS, css)
    assert found, css
    return [(text, round(ratio, 2)) for text, ratio in found if ratio < 4.5]


def _tabs_on_one_line(driver: WebDriver) -> dict[str, Any]:
    """Each shown tab's label: whether it is cut or wraps (a second line makes it taller)."""
    found: dict[str, Any] = driver.execute_script(
        """
        const out = {};
        for (const tab of document.querySelectorAll('.tab')) {
          if (tab.hidden) continue;
          const line = parseFloat(getComputedStyle(tab).lineHeight);
          const range = document.createRange();
          range.selectNodeContents(tab);
          const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          out[tab.textContent] = tab.scrollWidth <= tab.clientWidth && lines.size === 1
            && range.getBoundingClientRect().height <= line * 1.5;
        }
        return out;
        """
    )
    return found


async def test_only_places_the_rules_would_take_a_thing_to_are_offered(gm: Harness) -> None:
    """The pocket holding coins is not offered for pills; each offered place takes exactly as
    many as it says, and every place it does not offer refuses the move."""
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    kit = replace(
        start_kit(),
        pack=BackpackContent(rations=2, pills=12),
        right_pocket=PocketContent(Item.COIN, 3),
    )
    await table.edit(1, inventory=kit)
    async with miniapp_client(gm) as client:
        me = await (await client.get(f"{PREFIX}/api/me", headers=auth(anya))).json()
        places = {p["id"]: p for p in me["characters"][0]["inventory"]["places"]}
        pills = next(s for s in places["backpack"]["stacks"] if s["key"] == "backpack.pill")
        assert "right_pocket" not in pills["to"]  # holds coins: the rules would refuse
        assert pills["room"]["left_pocket"] == 10 and pills["room"]["floor"] == 12
        before = await table.character(1)
        url = f"{PREFIX}/api/move"
        for place in places:
            if place in pills["to"] or place == "backpack":
                continue
            move = {"game_id": table.game.id, "stack": "backpack.pill", "to": place, "count": 1}
            answer = await client.post(url, json=move, headers=auth(anya))
            assert answer.status == 409, place  # refused, as the page said by not offering it
        assert await table.character(1) == before
        too_many = {"game_id": table.game.id, "stack": "backpack.pill", "to": "left_pocket"}
        refused = await client.post(url, json={**too_many, "count": 11}, headers=auth(anya))
        assert refused.status == 409
        done = await client.post(url, json={**too_many, "count": 10}, headers=auth(anya))
        assert done.status == 200


async def test_the_character_tab_puts_what_you_touch_first(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    async with miniapp_client(gm) as client:
        base = f"{client.make_url('')}{PREFIX}/"
        for theme in THEMES:
            for lang in ("ru", "en"):
                with chromium() as driver:  # a fresh tab: the page keeps its initData per tab
                    url = page_url(base, init_data(anya, language=lang), theme, f"?{theme}")
                    await off_loop(driver.get, url)
                    await off_loop(wait_for, driver, '[data-place="floor"]')
                    first_place = driver.find_element(By.CSS_SELECTOR, ".place")
                    sheet = driver.find_element(By.CSS_SELECTOR, ".sheet")
                    assert first_place.location["y"] < sheet.location["y"]
                    assert first_place.location["y"] < 200  # on the first screen, near the top
                    text = driver.find_element(By.ID, "character").text
                    sword = "меч" if lang == "ru" else "sword"
                    assert len(re.findall(sword, text)) == 1, text  # listed once: its card
                    assert "Аня" in sheet.text
                    assert _low_contrast(driver, "body") == [], (theme, lang)
                    assert all(_tabs_on_one_line(driver).values()), (theme, lang)
                    chip = driver.find_element(By.CSS_SELECTOR, '[data-stack="right_hand.sword"]')
                    await off_loop(chip.click)
                    await off_loop(wait_for, driver, ".place.target")
                    assert _low_contrast(driver, "body") == [], (theme, lang, "picked")
                    for tab, shown in (("rolls", "#commitment"), ("odds", ".odds-bars")):
                        await off_loop(driver.find_element(By.ID, f"tab-{tab}").click)
                        await off_loop(wait_for, driver, shown)
                        assert _low_contrast(driver, "body") == [], (theme, lang, tab)


# --- the world map ---

CROWD = (1, 3, 6, 12)  # characters in halls 1..4 (hall 5 empty)
LETTERS = "АБВГДЕЖЗИКЛМНОПРСТУФХЦ"

LABEL_BOXES = """
const out = [];
for (const hall of document.querySelectorAll('svg.map .hall-spot')) {
  const c = hall.querySelector('circle');
  const cx = +c.getAttribute('cx'), cy = +c.getAttribute('cy'), r = +c.getAttribute('r');
  for (const t of hall.querySelectorAll('text')) {
    const b = t.getBBox();
    out.push({hall: +hall.dataset.hall, text: t.firstChild.nodeValue, cx, cy, r,
              x: b.x, y: b.y, w: b.width, h: b.height});
  }
}
return out;
"""


def _inside(box: dict[str, Any]) -> bool:
    corners = [(box["x"], box["y"]), (box["x"] + box["w"], box["y"] + box["h"])]
    corners += [(box["x"] + box["w"], box["y"]), (box["x"], box["y"] + box["h"])]
    limit = box["r"] - 1  # the ring's inner edge (stroke 2)
    return all(((x - box["cx"]) ** 2 + (y - box["cy"]) ** 2) ** 0.5 <= limit for x, y in corners)


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return not (
        a["x"] + a["w"] <= b["x"]
        or b["x"] + b["w"] <= a["x"]
        or a["y"] + a["h"] <= b["y"]
        or b["y"] + b["h"] <= a["y"]
    )


async def test_every_hall_holds_its_labels_for_1_3_6_and_12_characters(gm: Harness) -> None:
    players = [(f"Гость {LETTERS[i]}", QUIET) for i in range(sum(CROWD))]
    table = await pool_table(gm, *players)
    number = 1
    for hall, count in enumerate(CROWD, start=1):
        for _ in range(count):
            await table.edit(number, hall=hall)
            number += 1
    async with miniapp_client(gm) as client:
        base = f"{client.make_url('')}{PREFIX}/"
        for lang in ("ru", "en"):
            with chromium() as driver:
                query = f"?game={table.game.id}&tab=world&{lang}"
                url = page_url(base, init_data(table.admin, language=lang), "light", query)
                await off_loop(driver.get, url)
                await off_loop(wait_for, driver, "svg.map")
                boxes = driver.execute_script(LABEL_BOXES)
                assert len(boxes) == 10
                for box in boxes:
                    assert _inside(box), box
                for i, a in enumerate(boxes):
                    for b in boxes[i + 1 :]:
                        assert not _overlap(a, b), (a, b)
                who = {b["hall"]: b["text"] for b in boxes if not b["text"].startswith(("З", "H"))}
                assert who[1] == "№1" and who[5] == "—"
                assert who[4].startswith("👤 12")  # too many to list: how many, and a tap
                assert _low_contrast(driver, "#world") == [], lang
                assert all(_tabs_on_one_line(driver).values()), lang
                crowded = driver.find_element(By.CSS_SELECTOR, '.hall-spot[data-hall="4"]')
                await off_loop(crowded.click)  # leads to the hall's card: who is there
                WebDriverWait(driver, 5).until(_card_in_view)


def _card_in_view(driver: WebDriver) -> bool:
    card = driver.find_element(By.CSS_SELECTOR, '#world .place[data-hall="4"]')
    top: float = driver.execute_script("return arguments[0].getBoundingClientRect().top", card)
    half: float = driver.execute_script("return window.innerHeight / 2")
    return -1 <= top < half


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


async def test_the_world_timers_tick_and_are_read_again_when_shown(gm: Harness) -> None:
    table = await world_table(gm)
    await Timer.filter(fired_at__isnull=True).update(due_at=now() + timedelta(minutes=5))
    async with miniapp_client(gm) as client:
        base = f"{client.make_url('')}{PREFIX}/"
        with chromium() as driver:
            query = f"?game={table.game.id}&tab=world"
            await off_loop(driver.get, page_url(base, init_data(table.admin), "light", query))
            shown = await off_loop(wait_for, driver, ".fight .countdown")
            first = _seconds(shown.text)
            assert 290 <= first <= 300
            await off_loop(
                WebDriverWait(driver, 5).until,
                lambda d: (
                    _seconds(d.find_element(By.CSS_SELECTOR, ".fight .countdown").text) <= first - 2
                ),
            )
            # the GM was away; meanwhile the deadline moved: shown again, the page reads it
            await Timer.filter(fired_at__isnull=True).update(due_at=now() + timedelta(minutes=20))
            driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
            await off_loop(
                WebDriverWait(driver, 10).until,
                lambda d: (
                    _seconds(d.find_element(By.CSS_SELECTOR, ".fight .countdown").text) > 1000
                ),
            )


async def test_the_checked_roll_log_reads_in_both_themes(gm: Harness) -> None:
    """After the end: the seed, its hash, the ✓/✗ verdicts and the marks, all at 4.5:1."""
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    seed = bytes.fromhex(table.game.seed_hex)
    rows = [(i, 10, draw(seed, i, 10)) for i in range(4)] + [(4, 10, draw(seed, 4, 10) % 10 + 1)]
    await RollLog.bulk_create(  # four true dice and one altered: ✓ and ✗ both shown
        [
            RollLog(
                game=table.game, index=i, sides=n, value=v, purpose="pool_tick", actor="cycle 1"
            )
            for i, n, v in rows
        ]
    )
    await games.end_game(table.group.id)
    async with miniapp_client(gm) as client:
        base = f"{client.make_url('')}{PREFIX}/"
        for theme in THEMES:
            with chromium() as driver:
                url = page_url(base, init_data(anya), theme, f"?tab=rolls&{theme}")
                await off_loop(driver.get, url)
                await off_loop(wait_for, driver, "#rolls-verdict.bad")
                assert _low_contrast(driver, "body") == [], theme
