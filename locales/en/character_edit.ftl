## A game master edits a character: /edit N and the private dialog

edit-usage = Whom to edit? Give the character's number: /edit 3
edit-open = 🛠 Editing character #{ $number } <b>{ $name }</b> opens in your private chat with me — press the button:
edit-open-button = Open the editor in private
edit-missing = There is no character #{ $number } in this game.
edit-main =
    🛠 <b>Edit a character</b> · game #{ $game_id }

    { $sheet }

    What to change? The rules check every edit; then I ask for the reason, write the edit to the game's log (/log) and announce it in the group.
edit-saved = ✅ Saved and announced in the group: { $saved }.

edit-button-stats = 📊 Stats
edit-button-health = ❤️ Health
edit-button-items = 🎒 Items and coins
edit-button-hall = 🚪 Hall
edit-button-counters = 🍞 Hunger and sleep
edit-button-states = 😴 States
edit-button-hp = ❤️ HP
edit-button-max-hp = 💗 Max HP
edit-button-agility = 🤸 Agility
edit-button-skills = ⚔️ Skills
edit-button-class = 🧙 Class
edit-button-race = 🧬 Race
edit-race-none = — not set
edit-button-kill = 💀 Kill
edit-button-revive = ✨ Revive
edit-button-close = Close
edit-button-back = ← Back
edit-button-cancel = ✖ Cancel
edit-button-food = 🍞 Cycles without food
edit-button-sleep = 😴 Cycles without sleep
edit-button-slept = 💤 Cycles slept
edit-button-sleep-on = 😴 Put to sleep
edit-button-wake = ☀️ Wake up
edit-button-fall = 🤕 Knock down
edit-button-stand = 🧍 Stand up
edit-button-add = ➕ Add
edit-button-remove = ➖ Remove
edit-button-move = ↔️ Move
edit-button-force = ⚠️ Apply anyway

edit-ask = { $field ->
        [stats] 📊 Send five numbers separated by spaces: Initiative, Attack, Defense, Vitality, Charisma. Now: { $current }. By the rules: { $high } in all, each from 0, Vitality from 1.
        [health] ❤️ Send the new health. Now: { $current }. By the rules: 0 to { $high }.
        [max_health] 💗 Send the new max HP. Now: { $current }. At creation in this game: { $high }.
        [hall] 🚪 Send the hall number. Now: { $current }. The game's halls: 1 to { $high }.
        [food] 🍞 How many cycles without food? Now: { $current }.
        [sleep] 😴 How many cycles without sleep? Now: { $current }.
        [slept] 💤 How many cycles slept? Now: { $current }. By the rules: 0 to { $high }, and only while asleep.
        [agility] 🤸 Send the agility in percent. Now: { $current }. In this game: { $low } to { $high }.
        [skill] ⚔️ Send the value of the skill "{ $skill }". Now: { $current }. In this game: { $low } to { $high }; 0 removes the skill.
       *[other] 🎒 How many? Send a number.
    }
edit-counters = 🍞 <b>Hunger and sleep</b> — #{ $number } { $name }. What to change?
edit-states = 😴 <b>States</b> — #{ $number } { $name }. What to do?
edit-items =
    🎒 <b>Items</b> — #{ $number } { $name }
    { $items_text }

    Coins, pills and rations are items too: add, remove or move them.
edit-pick-item = { $item_op ->
        [add] ➕ Which item to add?
        [remove] ➖ Which item to remove?
       *[move] ↔️ Which item to move?
    }
edit-pick-place = { $picking ->
        [source] From where?
       *[dest] Where to?
    }
edit-skills = ⚔️ <b>Skills</b> — #{ $number } { $name }. Which skill to change?
edit-classes = 🧙 <b>Class</b> — #{ $number } { $name }. Which class? HP above the new class's max comes down to it.
edit-races = 🧬 <b>Race</b> — #{ $number } { $name }. Pick one from the list or send your own word (up to { $race_limit } characters). Race changes no number, only the battle narration.
edit-class-name = { $cls ->
        [warlock] warlock
        [wizard] wizard
        [cleric] cleric
        [monk] monk
        [fighter] fighter
        [paladin] paladin
        [ranger] ranger
       *[barbarian] barbarian
    }
edit-confirm =
    ⚠️ <b>The edit goes beyond the rules</b>: { $changes }
    { $breaks }

    Apply anyway? The log and the announcement will show it.
edit-reason =
    ✍️ Edit: { $changes }.
    Give a short reason (up to 200 characters) — the players will see it.

edit-change = { $field ->
        [stats] stats (Ini/Att/Def/Vit/Cha)
        [health] health
        [max_health] max HP
        [hall] hall
        [food] cycles without food
        [sleep] cycles without sleep
        [slept] cycles slept
       *[agility] agility
    } { $before } → { $after }
edit-change-secret = { $field ->
        [stats] stats
        [health] health
        [max_health] maximum health
        [hall] hall
       *[item] items
    } (the details are the player's secret)
edit-change-item = { world-item } ({ world-place }): { $before } → { $after }
edit-change-skill = skill "{ $skill }" { $before } → { $after }
edit-change-race = race: { $before } → { $after }
edit-change-class = class { $before } → { $after }
edit-change-state = { $field ->
        [asleep] { $after ->
            [yes] put to sleep
           *[no] woken up
        }
        [fallen] { $after ->
            [yes] knocked down
           *[no] stood up
        }
        [dead] killed
       *[alive] revived
    }
edit-notice = 🛠 A game master's edit — #{ $number } { $name }: { $changes }. Game master: { $actor }.{ $forced ->
        [yes] { " " }⚠️ Beyond the rules, confirmed.
       *[no] { "" }
    } Reason: { $reason }

edit-limit-stat-min = { $stat ->
        [initiative] Initiative
        [attack] Attack
        [defense] Defense
        [vitality] Vitality
       *[charisma] Charisma
    } below { $low }
edit-limit-stat-sum = the stats add up to { $total }, the rules say { $expected }
edit-limit-health = health { $health } above the max { $high } (Vitality)
edit-limit-slept = sleep lasts { $high } { $high ->
        [one] cycle
       *[other] cycles
    }, no more can be slept
edit-limit-slept-awake = the character is awake, yet the sleep counter is not zero
edit-limit-cannot-sleep = by the rules the character cannot fall asleep ({ $reason ->
        [asleep] asleep already
        [at_zero] health 0
       *[dead] dead
    })
edit-limit-pocket = the pocket would hold { $count }, it fits up to { $limit } ({ world-item })
edit-limit-backpack = the backpack would be filled { $bulk }/{ $limit }
edit-limit-duel-hp = characters of this game are created with { $hp } HP
edit-limit-range = in this game: { $low } to { $high }

edit-error-range = Not possible: the number must be { $low } to { $high }.
edit-error-numbers = { $count ->
        [1] Send one whole number.
       *[other] Send { $count } whole numbers separated by spaces.
    }
edit-error-unchanged = Nothing changes: it is so already.
edit-error-stale = The character changed while you were editing (the game went on, or another admin). Here it is now — repeat the edit.
edit-error-limits = The edit goes beyond the rules and was not confirmed. Here is the character now — repeat the edit.
edit-error-place = There is no such place for items.
edit-error-pocket-kind = The pocket holds something else: one kind per pocket (pills or coins).
edit-error-occupied = It is taken already: a hand holds one thing; one jacket, one pair of trousers and one backpack can be worn.
edit-error-item = There is no such item in the game.
edit-error-one = Only one item goes into a hand or onto the body.
edit-error-field = This does not change in this game.
edit-error-skill = Neither the character nor the game has this skill.
edit-error-last-skill = The last skill cannot be removed: without skills there is no fighting.
edit-error-in-fight = Character #{ $number } is in a fight now: the fight holds their state. Edit them after the fight.
edit-error-kicked = Character #{ $number } was removed from the game: they are not edited.
edit-error-dead = Character #{ $number } is dead: they can only be revived.
edit-error-reason = A reason is needed: 1 to { $high } characters.
edit-log = edit of #{ $number }: { $changes }{ $forced ->
        [yes] { " " }(beyond the rules, confirmed)
       *[no] { "" }
    }
