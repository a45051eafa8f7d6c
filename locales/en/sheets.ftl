## Character sheets: /me, /players, /sheet, /kick

me-none =
    You have no character in any running game yet.
    To join: in a group with a game, press “Create a character” under the game's message or write /join there — we build the character here, in private.
me-dead-head = 💀 <b>No. { $number } { $name }</b> died.
me-dead-when = When: { $where ->
        [tick] at the end of cycle { $cycle }
        [fight] in fight No. { $ref }
        [duel] in duel No. { $ref }, against { $by }
        [battle] in battle No. { $ref }
       *[cycle] during cycle { $cycle }
    }.
me-dead-how = Cause: { $cause ->
        [wounds] mortal wounds — health below 0.
        [asleep] killed in their sleep, with no guard.
        [at_zero] health 0, and nobody raised it before the end of the round or cycle.
        [duel] a duel to the death.
        [finished] finished off after falling in battle.
       *[gm] the game master's decision (a character edit).
    }
me-dead-back = Only the game master can bring them back: /revive { $number } reason.
me-dead-new = A new character in this game: /join in the group.
me-dead-no-new = No new characters after a death in this game: the game master set it so.
me-group-none = You have no character in this game. Join: /join.
me-group =
    Your character (what everyone sees):
    { $line }
    Full sheet: /me in a private chat with me.

players-title = 👥 <b>Characters</b> — { $system }, in play: { $count }
players-empty = No living characters in this game yet. Join: /join.
players-pool-secret = 🔒 A character's hall, items and health are secret. Learning one of them about character N costs 1 coin (a donation).
players-pool-line = #{ $number } <b>{ $name }</b> — Charisma { $charisma }, build: { $build ->
        [feeble] weakling
        [hulk] hulk
       *[normal] average
    }
players-duel-line = #{ $number } <b>{ $name }</b> — { $skills } · agility { $agility }% · ❤️ { $hp }/{ $max }
players-d20-line = #{ $number } <b>{ $name }</b> — { $cls ->
        [warlock] warlock
        [wizard] wizard
        [cleric] cleric
        [monk] monk
        [fighter] fighter
        [paladin] paladin
        [ranger] ranger
       *[barbarian] barbarian
    } · ❤️ { $hp }/{ $max }

sheet-game-title = 🎲 <b>{ $title }</b> · { $system }
sheet-game-fallback = 🎲 <b>{ $system }</b> · game #{ $game }
sheet-state = State: { $words }
sheet-health = ❤️ { $bar } { $hp }/{ $max }
sheet-empty = empty

## d10 pool

sheet-pool-head = <b>#{ $number } { $name }</b> ({ $gender ->
        [f] f
       *[m] m
    })
sheet-pool-stats = Initiative { $initiative } · Attack { $attack } · Defense { $defense } · Vitality { $vitality } · Charisma { $charisma }
sheet-pool-look = 👁 Everyone sees your Charisma and your build: “{ $build ->
        [feeble] weakling
        [hulk] brute
       *[normal] average
    }” (Attack + Defense = { $sum }).
sheet-pool-fine = fit to fight
sheet-pool-dead = 💀 dead
sheet-pool-asleep = 😴 asleep, defenceless unless guarded
sheet-pool-fallen = fallen: next round { $gender ->
        [f] she
       *[m] he
    } can only stand up
sheet-pool-at-zero = spent: health 0, can only swallow pills from the jacket's left pocket; if health stays 0, death { $cycles ->
        [1] at the end of this cycle
       *[other] at the end of the next cycle
    } (in a fight, at the end of a round begun at 0)
sheet-pool-bleeding = 🩸 bleeding: loses 1 health at the end of each round (or cycle) until raised to 3
sheet-pool-guarding = 🛡 guarding #{ $number }
sheet-pool-moving = 🚪 goes to hall { $hall } when the portals open
sheet-pool-penalty-none = 🎯 No penalty: an attack or defense die succeeds on { $threshold } or more.
sheet-pool-penalty = 🎯 Penalty to attack and defense: <b>+{ $total }</b> (a die succeeds on { $threshold } or more):
sheet-pool-cause = • { $cause ->
        [wounds] wounds
        [no_trousers] no trousers
        [no_sword] no sword in hand
        [no_jacket] a woman without a jacket
        [hunger] hunger
       *[sleeplessness] sleeplessness
    } — +{ $amount }
sheet-pool-hopeless = ⚠️ With such a penalty no die can succeed, and 1s still take successes away.
sheet-pool-items = 🎒 <b>Items</b>
sheet-pool-hands = Hands: left — { $left }, right — { $right }
sheet-pool-worn = Worn: { $items }
sheet-pool-pockets = Jacket pockets: left — { $left }, right — { $right }
sheet-pool-no-jacket = No pockets: no jacket worn.
sheet-pool-backpack = Backpack: { $content } (room: { $bulk } of { $limit })
sheet-pool-no-backpack = No backpack.
sheet-pool-hall = 🚪 Hall { $hall }
sheet-hand = { $item ->
        [sword] sword
        [ration] ration
       *[none] empty
    }
sheet-worn = { $item ->
        [jacket] jacket
        [trousers] trousers
       *[backpack] backpack
    }
sheet-count = { $item ->
        [ration] { $count } { $count ->
            [one] ration
           *[other] rations
        }
        [jacket] { $count } { $count ->
            [one] jacket
           *[other] jackets
        }
        [trousers] trousers: { $count }
        [pill] { $count } { $count ->
            [one] pill
           *[other] pills
        }
        [coin] { $count } { $count ->
            [one] coin
           *[other] coins
        }
        [sword] { $count } { $count ->
            [one] sword
           *[other] swords
        }
       *[backpack] { $count } { $count ->
            [one] backpack
           *[other] backpacks
        }
    }

## Duel

sheet-duel-head = <b>#{ $number } { $name }</b>
sheet-duel-state = State: { $state ->
        [dead] 💀 dead
        [out] beaten: no HP left; until the game master restores it (/heal or /rest) you cannot fight
       *[fine] fit to fight
    }
sheet-duel-skills = ⚔️ Skills: { $skills }
sheet-duel-agility = 🤸 Agility: { $agility }% (dodges each of the winner's successes when the d100 is not above it)

## d20

sheet-d20-head = <b>#{ $number } { $name }</b>, { $cls ->
        [warlock] warlock
        [wizard] wizard
        [cleric] cleric
        [monk] monk
        [fighter] fighter
        [paladin] paladin
        [ranger] ranger
       *[barbarian] barbarian
    }
sheet-d20-state = State: { $state ->
        [dead] 💀 dead
        [fallen] down, out of the fight; until the game master restores your HP (/heal or /rest) you cannot fight
       *[fine] fit to fight
    }
sheet-d20-race = 🧬 Race: { $race }
sheet-d20-ac = 🛡 Armour class: { $ac }
sheet-d20-description = 📝 { $description }

## Admin: /sheet N, /kick N

sheet-usage = Whose sheet? Write the character's number: /sheet 3
sheet-admin-head = 🔎 Admin view · { $game } · status: { $status ->
        [dead] dead
        [kicked] kicked
       *[active] in play
    }
sheet-sent = 📬 The sheet of character #{ $number } is in your private messages.
sheet-open-private = I cannot write to you first. Open a private chat with me with the button below, press “Start” and repeat /sheet { $number }.
sheet-open-private-button = Open the private chat
kick-usage = Whom to remove, and why? /kick N reason — for example, /kick 3 the player left the chat. The reason is required: it goes into the /log.
kick-done = 🚪 Character #{ $number } <b>{ $name }</b> was removed from the game by an admin. Their history is kept.
me-pick = You have characters in { $count } { $count ->
        [one] game
       *[other] games
    }. Whose sheet?
me-pick-gone = That game is over or your character has left it. Send /me again.
