## Telegram's privacy mode: in a group the bot sees only commands, replies to its own messages and mentions

privacy-cannot-read =
    ⚠️ The bot cannot see ordinary messages in this group, only commands and replies to its own messages (Telegram's privacy mode).
    To fix it, do one of these:
    • make { $bot } an administrator of the group;
    • or in @BotFather: /setprivacy → { $bot } → Disable, then remove the bot from the group and add it again. Removing it ends the running game, so during a game the first way is simpler.
    Meanwhile the game still works: when the bot asks for something in writing, players answer with a reply to its message ("Reply") — the bot sees replies.
privacy-reply-hint = ↩️ Write the description as a reply to this message ("Reply") — that way the bot sees it in any group.
