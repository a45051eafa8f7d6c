## Help and command menus

help-private =
    <b>Private chat commands</b>
    /me — your character's sheet (every detail)
    /inventory — items: move, wear, eat, take pills (pool)
    /donate — donations: coins, prizes, questions about others (pool)
    /rules — the systems in short
    /odds — exact chances: /odds 5 3, /odds duel 9 8
    /roll <i>notation</i> — roll dice: /roll 2d6+3, /roll 1d20+5 stealth, /roll d20

    Characters are created with the “Create a character” button in the game's group, or with /join there.
    /help in the game's group shows the commands of its system.
help-group-common =
    <b>Group commands</b>
    /join — create a character (in private)
    /me — your character (what everyone can see) · /players — all characters
    /rules — the rules · /log — latest rolls · /verify — check the dice
    /odds — exact chances · /roll <i>notation</i> — roll dice
help-group-pool =
    <b>d10 pool</b>
    /fight N — attack character N in your hall (others may join)
    /sleep — sleep for 2 cycles · /wake N — wake someone · /guard N — guard a sleeper
    /snatch N — snatch a sword from a sleeper · /steal N — rob someone awake (once a cycle)
    /move H — go to hall H when the portals open
    /look — who and what is in your hall
    In private: /inventory — items (pills for a fight go to the jacket's left pocket) · /donate — coins and prizes
    The game master runs the cycles (/tick): each player's cycle report comes in private. Pool rules — /rules
help-group-duel =
    <b>Duel</b>
    /duel N skill — challenge character N (or reply to their message: /duel skill)
    After a round both press “Go on” or “Stop”; whoever does not answer in time has stopped.
    HP carries over between duels; the game master heals (/heal, a rest /rest). Duel rules — /rules
help-group-d20 =
    <b>d20</b>
    /check 1|2|3 <i>what</i> — a difficulty check · /battle — start a battle
    /battle Guards | Robbers — a battle with named sides; on your turn pick an action, then the target.
    After a 1 or a 19 the bot asks for your character's state: write it in the group as a reply to the bot's message ("Reply"). d20 rules — /rules
help-group-admin =
    <b>Game masters</b>
    /newgame — new game · /game — settings · /endgame — end it and reveal the dice
    /kick N reason — remove a character · /sheet N — full sheet in private · /edit N — edit a character (in private)
    /heal N [amount] reason — heal · /rest reason — a rest: full health for every living character
    /tick — next cycle · /halls — portals
    /fight_next, /fight_stop — hurry or stop a fight (pool) · /skip — skip a narration (d20)
    /npc Name class | side — a game master's NPC in a gathering battle (d20)
    /give N item [count] reason — give an item (pool) · /place N H reason — to hall H (pool)
    /revive N reason — revive · /pause reason, /resume reason — pause. Everyone sees the reason in /log

cmd-start = Start and see what I can do
cmd-help = Command help
cmd-roll = Roll dice: /roll 2d6+3
cmd-me = My character
cmd-inventory = Character's items (pool)
cmd-donate = Donations (pool)
cmd-rules = The rules in short
cmd-odds = Exact chances
cmd-join = Create a character
cmd-players = All characters of the game
cmd-log = Latest rolls
cmd-verify = Check the dice are fair
cmd-check = Difficulty check (d20)
cmd-duel = Challenge to a duel
cmd-battle = Start a battle (d20)
cmd-fight = Attack (pool)
cmd-sleep = Go to sleep (pool)
cmd-wake = Wake someone (pool)
cmd-guard = Guard a sleeper (pool)
cmd-snatch = Snatch a sleeper's sword (pool)
cmd-steal = Rob someone awake (pool)
cmd-move = Go through a portal (pool)
cmd-look = Look around the hall (pool)
cmd-newgame = New game
cmd-game = Game settings
cmd-endgame = End the game
cmd-kick = Remove a character
cmd-edit = Edit a character: stats, health, items…
cmd-sheet = Full character sheet
cmd-heal = Heal a character
cmd-rest = A rest: full health for everyone living
cmd-tick = Next cycle (pool)
cmd-halls = Portals between halls (pool)
cmd-skip = Skip a narration (d20)
cmd-npc = Field an NPC in a battle (d20, game master)
cmd-fight_next = Resolve the round now (pool)
cmd-fight_stop = Stop the fight (pool)
cmd-place = Put a character in a hall (pool)
cmd-give = Give an item, with a reason (pool)
cmd-revive = Revive a character, with a reason
cmd-pause = Pause the game, with a reason
cmd-resume = Resume a paused game
