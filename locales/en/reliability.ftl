## Reliability: flood protection, unreachable private chats

throttle-slow-down = Not so fast… Give it a second: the bot is still handling your previous presses.
error-private-blocked = { $name }, I can't write to you in private: you seem to have blocked the bot or never opened a chat with it. Open the chat with the bot, press "Start" and try again.
