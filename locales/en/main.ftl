## General: welcome, help, errors

start-welcome =
    Hi, { $name }! I am a game master for role-play chats.
    I run three systems: <b>d10 pool</b> (halls, cycles, survival), <b>duel</b> (rounds of 5 rolls) and <b>d20</b> (an outcome table).
    I show every roll in full, and a game's dice can be verified after it ends.

    To begin: add me to a group chat, an admin creates a game, and you join with a button — we build your character here, in private.
    You can roll dice right now: /roll 2d6+3

start-link-broken = This link is outdated or broken: there is nothing to open with it. If a game master gave it to you, ask for a new one.



error-secret-answered = 🔒 The answer is in your private chat: it touches the world's secrets (who is in which hall, how much health).
error-secret-private-needed = 🔒 The answer touches the world's secrets (who is in which hall, how much health), so it goes to a private chat only. Open a chat with me with the button below, press Start and repeat the command.
error-stale-button = This button is stale: the menu was closed or the bot restarted. Open it again with a command.
error-internal-move = Something went wrong; your move was not counted. Press again in a minute.
error-internal-button = Something went wrong; the press did not work. Please try again in a minute.
error-internal-command = Something went wrong; the command was not carried out. Please repeat it in a minute.
error-internal-message = Something went wrong; your message was not taken. Please send it again in a minute.
error-outage = Temporarily unavailable: press again in a few seconds.
error-read-only = Temporarily unavailable: the game cannot save moves right now, so nothing has changed. Try again in a minute.

## Dice rolls

roll-result = 🎲 { $name }: { $breakdown } = <b>{ $total }</b>
roll-result-commented = 🎲 { $name } — { $comment }: { $breakdown } = <b>{ $total }</b>
roll-usage =
    Tell me what to roll: /roll 2d6+3, /roll 5d10, /roll d20.
    Format: <i>count</i>d<i>sides</i>, optionally plus or minus a number.
    Words after the roll are a comment: /roll 1d20+5 stealth (the Cyrillic «к» works as «d»).
roll-error-syntax = I don't understand “{ $text }”. Try: /roll 2d6+3, /roll 5d10, /roll d20.
roll-error-too-long = That is too long. Keep it within { $limit } characters.
roll-error-too-many-dice = Too many dice: at most { $limit } per roll.
roll-error-too-many-sides = Too many sides: at most { $limit } per die.
roll-error-no-dice = There are no dice in “{ $text }”. For example: /roll 1d20+{ $text }
roll-error-zero = A die needs sides and a roll needs dice. For example: /roll 1d6.
roll-error-division-by-zero = “{ $text }” divides by zero, so it cannot be counted. For example: /roll 2d6/2.
roll-error-too-big = The total is too large: the bot counts rolls from −{ $limit } to { $limit }.
