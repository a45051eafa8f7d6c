"""The Mini App in a real headless browser: Debian's Chromium driven by Selenium through
Debian's chromedriver (``scripts/test.sh`` installs both with apt-get), against the real aiohttp
app on loopback. Selenium's calls block: tests make them through :func:`off_loop`, so the app's
event loop keeps serving the page meanwhile."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WIDTH = 360  # a small phone, in CSS pixels
HEIGHT = 640  # the window's inside, at least (screenshots grow to the whole page)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "miniapp"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--force-device-scale-factor=2",
    f"--window-size={WIDTH},{HEIGHT}",
)
# Telegram's own theme parameters (Telegram Desktop's day and night themes), as the client
# passes them in the URL fragment.
THEMES: dict[str, dict[str, str]] = {
    "light": {
        "bg_color": "#ffffff",
        "text_color": "#000000",
        "hint_color": "#999999",
        "link_color": "#168acd",
        "button_color": "#40a7e3",
        "button_text_color": "#ffffff",
        "secondary_bg_color": "#f1f1f1",
        "accent_text_color": "#168acd",
        "destructive_text_color": "#d14e4e",
    },
    "dark": {
        "bg_color": "#17212b",
        "text_color": "#f5f5f5",
        "hint_color": "#708499",
        "link_color": "#6ab3f3",
        "button_color": "#5288c1",
        "button_text_color": "#ffffff",
        "secondary_bg_color": "#232e3c",
        "accent_text_color": "#6ab2f2",
        "destructive_text_color": "#ec3942",
    },
}
T = TypeVar("T")


async def off_loop(call: Callable[..., T], *args: Any) -> T:
    """A blocking browser call in a thread: the app on this loop answers the page meanwhile."""
    return await asyncio.to_thread(call, *args)


_shared: list[WebDriver] = []  # this process's one browser (a worker's, under xdist)


def _launch() -> WebDriver:
    """Chromium with an empty profile, quit when it fails a test or the process ends."""
    profile = tempfile.mkdtemp(prefix="miniapp-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    atexit.register(_quit, driver, profile)
    return driver


def _quit(driver: WebDriver, profile: str) -> None:
    if driver in _shared:
        _shared.remove(driver)
    with contextlib.suppress(Exception):  # gone already
        driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _fresh_tab(driver: WebDriver) -> None:
    """A new tab (its own sessionStorage, where the page keeps its initData) in place of the
    others, at the phone's size."""
    old = driver.window_handles
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    for handle in old:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(fresh)
    driver.set_window_size(WIDTH, HEIGHT)


@contextmanager
def chromium() -> Iterator[WebDriver]:
    """Headless Chromium in a fresh tab; skipped when it is not installed. One browser serves
    the whole run (starting one took about 2 s a test): a block that fails leaves it to be
    started anew."""
    if shutil.which(CHROMIUM) is None or shutil.which(CHROMEDRIVER) is None:
        pytest.skip("chromium and chromium-driver are not installed (scripts/test.sh does it)")
    if not _shared:
        _shared.append(_launch())
    driver = _shared[0]
    try:
        yield driver
        _fresh_tab(driver)
    except BaseException:
        _shared.clear()  # quit at the process's end; the next block starts another
        raise


def page_url(base: str, init_data: str, theme: str = "light", query: str = "") -> str:
    """The page as Telegram opens it: the signed initData and the theme in the fragment."""
    fragment = (
        f"tgWebAppData={quote(init_data, safe='')}"
        f"&tgWebAppThemeParams={quote(json.dumps(THEMES[theme]), safe='')}"
        "&tgWebAppVersion=8.0&tgWebAppPlatform=android"
    )
    return f"{base}{query}#{fragment}"


def wait_for(driver: WebDriver, css: str, timeout: float = 15) -> WebElement:
    """The first element matching ``css`` once it is shown."""

    def shown(d: WebDriver) -> WebElement | bool:
        for found in d.find_elements(By.CSS_SELECTOR, css):
            if found.is_displayed():
                return found
        return False

    element = WebDriverWait(driver, timeout).until(shown)
    assert isinstance(element, WebElement)
    return element


def overflow(driver: WebDriver) -> int:
    """How many CSS pixels the page is wider than the window (0: no sideways scroll)."""
    extra: int = driver.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth"
    )
    return extra


def screenshot(driver: WebDriver, name: str) -> Path:
    """The whole page (not just the window) at 360 px as ``docs/miniapp/<name>.png``."""
    driver.execute_script("window.scrollTo(0, 0)")
    frame: int = driver.execute_script("return window.outerHeight - window.innerHeight")
    for _ in range(4):  # a taller window may lay the page out taller (the map follows it)
        height: int = driver.execute_script("return document.documentElement.scrollHeight")
        wanted = max(HEIGHT, min(height, 4000))
        if driver.execute_script("return window.innerHeight") == wanted:
            break
        driver.set_window_size(WIDTH, frame + wanted)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(path))
    driver.set_window_size(WIDTH, HEIGHT)
    return path
