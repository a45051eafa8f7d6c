## Game master's commands: /give, /revive, /place, /pause, /resume — each with a reason for the log

error-game-paused = ⏸ The game is paused by its game master. It goes on after /resume; looking (/me, /players, /log) works meanwhile.

gm-error-no-reason = A short reason is needed: it goes into the /log, so players see why the game master stepped in.
gm-error-reason-long = The reason is a bit long: { $length } { $length ->
        [one] character
       *[other] characters
    }, up to { $limit } allowed. A few words will do.
gm-error-count = How many to give: from 1 to { $high }.
gm-error-item = I don't know the item “{ $word }”. Items: jacket, trousers, backpack, sword, ration, pill, coin.
gm-error-not-living = No. { $number } { $name } is not alive — /revive { $number } reason first.
gm-error-alive = No. { $number } { $name } is alive already: nobody to revive.
gm-error-kicked = No. { $number } { $name }: a removal from the game (/kick), not a death — cannot be revived.
gm-error-has-living = No. { $number } { $name } cannot be revived: this player already has a living character in the game — { $other }. One living character per player.
gm-error-revive-fighting = No. { $number } { $name } still counts in a running fight. Revive them when the fight is over.
gm-error-already-paused = The game is paused already. To go on: /resume reason.
gm-error-not-paused = The game is running, not paused. To pause: /pause reason.
gm-error-rest-fighting = A rest is for between fights, and a fight is on in this game now (or a challenge awaits its answer). Wait until it ends.
gm-error-rest-nobody = Every living character is at full health already: a rest would change nothing. Nothing was logged.

gm-heal-done = 💚 No. { $number } { $name }: HP restored, { $hp }/{ $max }. Written to the /log.
gm-heal-done-pool = 💚 The game master heals No. { $number } { $name }. How much health they have now is a secret: only the player knows the numbers. Written to the /log.
gm-heal-yours = 💚 The game master healed your character: health { $before } → { $after } of { $max }.
rest-usage = A rest between fights: /rest reason — every living character of the game recovers full health. For example: /rest a night at the inn. The reason is required: it goes into the /log. A rest does not raise the dead — that is /revive.
gm-rest-done =
    🏕 A rest — “{ $reason }”. { $secret ->
        [yes] Back to full health (how much that is is each player's secret):
       *[no] Recovered:
    }
    { $lines }
    Written to the /log.
gm-rest-line = • No. { $number } { $name }: HP { $before } → { $after }/{ $max }
gm-rest-line-pool = • No. { $number } { $name }
gm-rest-yours = 🏕 A rest: your character is back to full health — { $max } of { $max }.

gm-give-usage =
    Give a character an item (pool): /give N item [count] reason — e.g. /give 3 sword found in a chest or /give 2 coins 10 riddle reward.
    The reason is required: it goes into the /log. Items: jacket, trousers, backpack, sword, ration, pill, coin.

# Words /give accepts for each item (any form, separated by spaces).
gm-item-words = { $item ->
        [jacket] jacket jackets
        [trousers] trousers pants
        [backpack] backpack backpacks
        [sword] sword swords
        [ration] ration rations food
        [pill] pill pills
       *[coin] coin coins
    }
gm-give-pool-only = /give is for the d10 pool: the other systems have no items.
gm-give-done = 🎁 The game master gives something to No. { $number } { $name }. What and where is a secret: only the player knows. Written to the /log.
gm-give-yours = 🎁 The game master gave your character { $items }: { $spread }.

gm-revive-usage = Revive a dead character: /revive N reason — e.g. /revive 3 bot mistake. The reason is required: it goes into the /log.
gm-revive-done-pool = ✨ No. { $number } { $name } lives again — barely. Written to the /log.
gm-revive-yours = ✨ Your character lives again — barely: health { $health }, hall { $hall }. The bleeding is still there: raise your health to 3 at least (pills), or it drops further by the end of the next cycle.
gm-revive-done = ✨ No. { $number } { $name } is back: HP { $hp }. Written to the /log.

gm-place-usage = Put a character into a hall (pool): /place N H reason — e.g. /place 2 3 game master's teleport. The reason is required: it goes into the /log.
gm-place-pool-only = /place is for the d10 pool: only it has halls.
gm-place-done = ✅ By the game master's will, No. { $number } { $name } is now in another hall. Which one is a secret: only the player knows. Written to the /log.
gm-place-yours = 🚪 The game master moved your character: you are in hall { $hall } now.

gm-pause-usage = Pause the game: /pause reason — e.g. /pause lunch break. The reason is required: it goes into the /log.
gm-resume-usage = Resume the game: /resume reason — e.g. /resume everyone is back. The reason is required: it goes into the /log.
gm-paused =
    ⏸ The game is paused — “{ $reason }”.
    Cycles, fights, duels and every timer stand still; looking (/me, /players, /log) works. To go on: /resume reason.
gm-resumed = ▶️ The game goes on — “{ $reason }”. Timers run on from where they stopped.

log-gm-line = 🛠 Game master { $actor }: { $what } — “{ $reason }”
log-gm-give = /give No. { $number } (what and where is the player's secret)
log-gm-revive-pool = /revive No. { $number }: alive again, barely
log-gm-revive = /revive No. { $number }: HP { $hp }
log-gm-place = /place No. { $number }: to another hall (which is the player's secret)
log-gm-pause = /pause
log-gm-kick = /kick No. { $number }: removed from the game
log-gm-heal = /heal No. { $number }: HP { $before } → { $after }
log-gm-heal-pool = /heal No. { $number }: health (how much is the player's secret)
log-gm-rest = /rest: full health for the characters numbered { $numbers }
log-gm-resume = /resume (the pause lasted { $minutes ->
        [0] under a minute
       *[other] { $minutes } min
    })
log-gm-other = { $action } { $details }
