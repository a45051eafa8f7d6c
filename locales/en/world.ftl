## The d10 pool world: items, cycles, sleep, halls and portals

world-item = { $item ->
        [jacket] jacket
        [trousers] trousers
        [backpack] backpack
        [sword] sword
        [ration] ration
        [pill] pill
       *[coin] coin
    }
world-items = { $item ->
        [jacket] { $count } { $count ->
            [one] jacket
           *[other] jackets
        }
        [trousers] { $count } { $count ->
            [one] pair of trousers
           *[other] pairs of trousers
        }
        [backpack] { $count } { $count ->
            [one] backpack
           *[other] backpacks
        }
        [sword] { $count } { $count ->
            [one] sword
           *[other] swords
        }
        [ration] { $count } { $count ->
            [one] ration
           *[other] rations
        }
        [pill] { $count } { $count ->
            [one] pill
           *[other] pills
        }
       *[coin] { $count } { $count ->
            [one] coin
           *[other] coins
        }
    }
world-place = { $place ->
        [left_hand] left hand
        [right_hand] right hand
        [worn] worn
        [left_pocket] left pocket
        [right_pocket] right pocket
        [backpack] backpack
       *[floor] hall floor
    }
world-place-to = { $place ->
        [left_hand] to the left hand
        [right_hand] to the right hand
        [worn] put on
        [left_pocket] to the left pocket
        [right_pocket] to the right pocket
        [backpack] to the backpack
       *[floor] to the floor
    }
world-nothing = empty
world-item-one = { $item ->
        [jacket] a jacket
        [trousers] trousers
        [backpack] a backpack
        [sword] a sword
        [ration] a ration
        [pill] a pill
       *[coin] a coin
    }
world-list-last = { $head } and { $last }

world-inv-hands = ✋ Hands: left — { $left }, right — { $right }
world-inv-worn = 👕 Worn: { $items }
world-inv-pockets = 🧥 Jacket pockets: left — { $left }, right — { $right }
world-inv-no-jacket = 🧥 No pockets: no jacket worn.
world-inv-backpack = 🎒 Backpack (filled { $bulk }/{ $limit }: rations, jackets and trousers): { $items }
world-inv-no-backpack = 🎒 No backpack worn.

## Hunger and sleeplessness (the sheet and the cycle's private report)

world-needs-hunger = 🍞 { $cycles } { $cycles ->
        [one] cycle
       *[other] cycles
    } without food: { $penalty ->
        [0] no penalty; it starts
       *[other] penalty +{ $penalty }; it grows
    } in { $next } { $next ->
        [one] cycle
       *[other] cycles
    } without food. A ration resets the count.
world-needs-paused = { " " }Hunger does not grow in sleep.
world-needs-sleepless = 😴 { $cycles } { $cycles ->
        [one] cycle
       *[other] cycles
    } without sleep: { $penalty ->
        [0] no penalty; it starts
       *[other] penalty +{ $penalty }; it grows
    } in { $next } { $next ->
        [one] cycle
       *[other] cycles
    } without sleep. Two cycles of sleep (/sleep) reset the count.
world-needs-sleeping = 😴 Asleep: { $slept } of { $full } sleep cycles. Before sleep: { $cycles } { $cycles ->
        [one] cycle
       *[other] cycles
    } without sleep, sleeplessness penalty { $penalty }: a full sleep resets it, an early wake halves it.

## Tick: each player's private report

world-tick-head = 🌀 <b>Cycle { $cycle }</b> — { $name }
world-tick-slept = 😴 A cycle slept ({ $cycles } of 2).
world-tick-healed = 💚 Sleep heals: health { $health }.
world-tick-contest = ⚡ A race for an item on the floor ({ $item }): your initiative { $rolls } — you are { $rank } of { $of }.
world-tick-picked = ✋ Picked up: { $items } → { $place ->
        [left_hand] to the left hand
        [right_hand] to the right hand
        [worn] worn
        [left_pocket] to the left pocket
        [right_pocket] to the right pocket
       *[backpack] to the backpack
    }.
world-tick-missed = ✋ Not yours: { $items } (someone was faster, there was no room, or you could not act).
world-tick-charisma = 🎲 Charisma roll, { $count }d10: { $dice }
world-tick-charisma-none = 🎲 Charisma 0: nothing to roll, no prizes.
world-tick-prize = • { $die } — { $item } → { $place ->
        [left_hand] to the left hand
        [right_hand] to the right hand
        [worn] worn
        [left_pocket] to the left pocket
        [right_pocket] to the right pocket
        [backpack] to the backpack
       *[floor] to the hall floor: no room for it
    }
world-tick-bled = 🩸 Bleeding: health { $health }. { $health ->
        [0] If health is still 0 at the end of this cycle, death: only pills from the jacket's left pocket can save you.
       *[other] Raise it to 3 at least (pills), or it drops again by the end of this cycle.
    }
world-tick-died = 💀 Your character died: { $cause ->
        [wounds] mortal wounds
        [killed_asleep] killed in their sleep
       *[unattended] health stayed at 0 for the whole cycle
    }.
world-tick-woke = ☀️ You woke up well rested: sleeplessness is reset.
world-tick-moved = 🚪 The portals opened: you went from hall { $here } to hall { $there }.
world-tick-blocked = 🚪 The portals opened but you did not reach hall { $there }: { $reason ->
        [dead] the character is dead
        [asleep] you are asleep
        [at_zero] health 0, no strength to walk
       *[closed] no portal leads there any more
    }.
world-tick-move-waits = 🚪 The portals opened while you were still asleep. Your request for hall { $there } stands: you go through when you wake (sleepers wake a minute before the portals open).
world-tick-health = ❤️ Health { $health } of { $max }.

## Tick: in short, in the group (no secrets)

world-tick-group = 🌀 <b>Cycle { $cycle }</b> is over.
world-tick-group-woke = ☀️ Woke up: { $names }.
world-tick-group-died = 💀 Died: { $names }.
world-tick-group-portals = 🚪 The portals opened: whoever asked to go to another hall went.
world-tick-group-private = 🔒 Charisma dice, prizes and the rest: in everyone's private messages.
world-tick-group-unreached = ✉️ The private report did not reach: { $names }. Open a chat with me and press Start to get the next one.

## Halls and portals

world-look-head = 👁 <b>Hall { $hall }</b>
world-look-people = Here besides you (by appearance):
world-look-person = • Charisma { $charisma }, build — { $build ->
        [feeble] a weakling
        [hulk] a hulk
       *[normal] average
    }; { $gear }
world-look-person-asleep = • Charisma { $charisma }, build — { $build ->
        [feeble] a weakling
        [hulk] a hulk
       *[normal] average
    }; { $gear } — 😴 asleep
world-look-gear = { $jacket ->
        [yes] { $trousers ->
            [yes] in a jacket and trousers
           *[no] in a jacket, no trousers
        }
       *[no] { $trousers ->
            [yes] in trousers, no jacket
           *[no] no jacket, no trousers
        }
    }, { $backpack ->
        [yes] with a backpack
       *[no] no backpack
    }, { $swords ->
        [left] a sword in the left hand
        [right] a sword in the right hand
        [both] swords in both hands
       *[none] no sword
    }
world-look-nobody = Nobody here but you.
world-look-floor = On the floor: { $items }
world-look-exits = Portals lead to halls: { $halls }. To go: /move H.
world-look-no-exits = No portal leads anywhere from here.
world-look-moving = 🚪 Your request: to hall { $hall } at the next opening of the portals.
world-halls-every = every hall connects to every other
world-halls-none = no portal is open
world-halls-show = 🚪 Halls in the game: { $halls }. Portals: { $pairs }.
world-halls-usage = Portals between halls: /halls all — every hall to every other, or pairs: /halls 1-2 2-3. Halls: { $halls } (the number is set in the settings, /game).
world-halls-set = ✅ Saved. { $portals }
world-error-hall-pair = The pair “{ $pair }” does not work: two different halls from 1 to { $halls } are needed, e.g. 1-2.
world-move-usage = To move: /move H — the hall to go to when the portals next open; /move 0 — stay.
world-move-done = 🚪 Request taken: at the next opening of the portals, from hall { $here } to hall { $hall }.
world-move-done-asleep = 🚪 Request taken: from hall { $here } to hall { $hall }. You are asleep: you go through at the first opening of the portals after you wake (sleepers wake a minute before it).
world-move-cancelled = Move request cancelled: you stay in hall { $hall }.
world-open-private = Open the private chat
world-answered-privately = Answered in private: your hall is a secret.
world-private-needed = I answer this in private only (your hall is a secret). Open a chat with me and repeat the command there.

## Sleep

world-sleep-done = 😴 { $name } falls asleep for 2 cycles. { $gender ->
        [f] She is
       *[m] He is
    } defenceless in sleep unless someone guards { $gender ->
        [f] her
       *[m] him
    } (/guard { $number }).
world-wake-usage = To wake someone: /wake N — the number of a sleeping character in your hall.
world-wake-done = ☀️ { $name } wakes a sleeper: no. { $number } { $sleeper }.
world-guard-usage = To guard: /guard N — the number of a sleeping character in your hall.
world-guard-done = 🛡 { $name } guards a sleeper: no. { $number } { $sleeper }. An attacker must get past the guard first.
world-snatch-usage = To snatch a sword: /snatch N — the number of a sleeping character in your hall. It wakes them.
world-snatch-done = 🗡 { $name } snatches the sword from a sleeper: no. { $number } { $sleeper }, who wakes up. The sword: { $place }.
world-snatch-done-public = 🗡 { $name } snatches the sword from a sleeper: no. { $number } { $sleeper }, who wakes up.
world-snatch-yours = 🗡 The snatched sword: { $place }.

## Refusals

world-error-no-character = You have no living character in a running d10 pool game. To join: /join in the game's group. If your character died, /me tells when and how.
world-error-cannot-act = { $reason ->
        [dead] Your character is dead.
        [asleep] Your character is asleep: nothing can be done in sleep; another character may wake them.
       *[at_zero] Health 0: the only thing left is to swallow pills from the jacket's left pocket.
    }
world-error-bad-count = The count is a whole number from 1.
world-error-same-place = It is there already.
world-error-wrong-place = Not possible: { world-item } — { world-place-to }. Swords only in hands; a ration in the backpack or a hand; pills and coins in pockets or the backpack; a jacket, trousers and a backpack can be worn.
world-error-no-container = That place does not exist now ({ world-place }): pockets come with a worn jacket, the backpack must be worn.
world-error-does-not-fit = Does not fit: { $count } ({ world-item }) — { world-place-to }. Room there: { $room }. A pocket holds up to 10 pills or up to 100 coins, one kind; the backpack up to 10 rations, jackets and trousers together; a hand one thing.
world-error-not-there = Not that many: { $count } wanted ({ world-item }), { $have } there ({ world-place }).
world-error-not-empty = Empty the { $item ->
        [jacket] jacket's pockets
       *[backpack] backpack
    } first.
world-error-unknown-hall = There is no hall { $hall } in the game.
world-error-not-connected = No portal leads from hall { $here } to hall { $there }.
world-error-not-here = That won't work: this character is not here or cannot be reached. Who is near — /look.
world-error-self = Not on yourself.
world-error-not-asleep = Character no. { $number } is not asleep.
world-error-steal = Nothing can be stolen from a sleeper. You can only snatch the sword from their hand (/snatch N), which wakes them.
world-error-not-owned = Only your own things can be donated; coins go by their own rules (5 for a prize, 1 for a question, 100 to win).
world-error-coins = Not enough coins: { $needed } needed, you carry { $have }.
world-error-already-won = You have won already.
world-error-game-over = The game is over: there are two winners already.

halls-title = 🗺 Halls and forum topics:
halls-line-free = Hall { $hall } — no topic (its news goes where it started)
halls-line-bound = Hall { $hall } — topic #{ $topic }
halls-usage = Bind a hall to a topic: send /halls N in that topic. Unbind: /halls N in the general chat.
halls-bad-hall = No such hall: halls are 1 to { $high }.
halls-bound = Hall { $hall } is bound to this topic: fights in this hall will run here.
halls-unbound = Hall { $hall } is no longer bound to a topic.
