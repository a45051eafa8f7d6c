"""The Telegram Mini App: a small aiohttp application (a JSON API and one static page) mounted
under ``MINIAPP_URL``'s path, on the webhook's server or on a server of its own beside polling.

Every API request carries Telegram's ``initData`` (``Authorization: tma <initData>``), checked
on the server (:mod:`bot.webapp.auth`); nothing from the page is trusted beyond the user it
signs. Moves go through the same services as the chat's dialogs (:mod:`bot.webapp.character`).
"""
