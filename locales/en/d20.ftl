## d20: checks and battles (the d20 system)

d20-check-usage =
    Check: /check 1, /check 2 or /check 3 — and, if you like, what you are trying. For example: /check 2 pick the lock.
    DC 1 succeeds on 11–20, DC 2 on 17–20, DC 3 only on 20.
d20-check-head = 🎲 <b>{ $who }</b>: DC { $dc } check (succeeds on { $range })
d20-check-head-what = 🎲 <b>{ $who }</b>: “{ $what }” — DC { $dc } check (succeeds on { $range })
d20-check-die = d20: { $die } — { $verdict }
d20-check-success = ✅ success!
d20-check-failure = ❌ failure.
d20-range = { $low }–20
d20-range-top = 20

## Calling a battle

d20-battle-usage = Battle: /battle — sides “First” and “Second”; or /battle Guards | Bandits — with names of your own (up to { $limit } characters each).
d20-side-first = First side
d20-side-second = Second side
d20-side-named = “{ $name }”
d20-battle-open =
    ⚔️ <b>To battle!</b> Called by { $opener }.
    Pick a side with a button — you need a living character in this game. Joining is open for { $time }; { $opener } or an admin may start sooner.
d20-battle-side = <b>{ $side }</b>: { $names }
d20-battle-side-empty = nobody yet
d20-button-join-first = Join the first side
d20-button-join-second = Join the second side
d20-button-join-named = Join “{ $side }”
d20-button-start = ⚔️ Start the battle
d20-joined = { $name } joins the battle: { $side }.
d20-battle-begun = ⚔️ Joining is over — the battle has begun.
d20-battle-lapsed = ⌛ No battle: each side needs at least one fighter.

## The start and the turns

d20-start-head = ⚔️ <b>The battle begins!</b> { $first } against { $second }.
d20-initiative-head = 🎲 Initiative (d20; ties go to whoever joined first):
d20-initiative-line = { $place }. { $name } — { $die }
d20-roster-side = <b>{ $side }</b>: { $fighters }
d20-roster-standing = { $name } { $hp }/{ $max }
d20-roster-fallen = { $name } 💀 0/{ $max }
d20-roster-dead = { $name } ☠️
d20-turn = ➡️ Round { $round }. <b>{ $name }</b> ({ $hp }/{ $max } HP) acts: choose an action.
# What the message that asked for a turn keeps once the turn is taken (its result is below it).
d20-turn-closed = { $how ->
        [acted] ✔️ Turn taken: { $name } — the result is below.
        [passed] ✔️ Turn skipped: { $name } — more below.
       *[other] ✔️ The fight goes on — below.
    }
d20-button-attack = ⚔️ Attack
d20-button-harm = 🔥 Spell (harm)
d20-button-buff = ✨ Heal
d20-button-finish = 💀 Finish off
d20-button-pass = ⏭ Pass the turn
d20-button-back = ◀️ Back
d20-button-target = { $name } ({ $hp }/{ $max })
d20-button-finish-physical = ⚔️ Finish off: { $name }
d20-button-finish-magic = 🔥 Finish off by spell: { $name }
d20-button-spare = 🕊 Spare them

d20-action-physical = ⚔️ <b>{ $attacker }</b> attacks. Target: { $target }.
d20-action-magic = 🔥 <b>{ $attacker }</b> casts a harmful spell. Target: { $target }.
d20-action-buff = ✨ <b>{ $attacker }</b> casts a healing spell. Target: { $target }.
d20-action-finish = 💀 <b>{ $attacker }</b> finishes off the fallen. Target: { $target }.

d20-effect-fumble = 🎲 d20: { $die } — a fumble: { $attacker } loses the next turn.
d20-effect-ally-hit = 🎲 d20: { $die } — a miss that hits a friend, damage { $damage }: { $struck } { $before } → { $after } HP.
d20-effect-self-hit = 🎲 d20: { $die } — a miss that hits oneself, damage { $damage }: { $struck } { $before } → { $after } HP.
d20-effect-no-effect = 🎲 d20: { $die } — the spell has no effect.
d20-effect-miss = 🎲 d20: { $die } — a miss: focus lost.
d20-effect-dodge = 🎲 d20: { $die } — dodged.
d20-effect-block = 🎲 d20: { $die } — blocked.
d20-effect-block-magic = 🎲 d20: { $die } — the spell is neutralised.
d20-effect-partial-block = 🎲 d20: { $die } — partly blocked: no real harm, 0 HP.
d20-effect-partial-block-magic = 🎲 d20: { $die } — the spell is partly neutralised: 0 HP.
d20-effect-hit-minor = 🎲 d20: { $die } — minor damage { $damage }: { $struck } { $before } → { $after } HP.
d20-effect-hit-light = 🎲 d20: { $die } — light damage { $damage }: { $struck } { $before } → { $after } HP.
d20-effect-hit-medium = 🎲 d20: { $die } — medium damage { $damage }: { $struck } { $before } → { $after } HP.
d20-effect-heavy-hit = 🎲 d20: { $die } — heavy damage { $damage }: { $struck } { $before } → { $after } HP.
d20-effect-stun-hit = 🎲 d20: { $die } — heavy damage { $damage }: { $struck } { $before } → { $after } HP, and { $struck } loses the next turn.
d20-effect-critical = 🎲 d20: { $die } — a critical hit! { $struck }: { $before } → { $after } HP.
d20-effect-critical-magic = 🎲 d20: { $die } — a critical spell! { $struck }: { $before } → { $after } HP.
d20-effect-critical-spent = 🎲 d20: { $die } — a critical hit! { $struck }: { $before } → { $after } HP: a critical never leaves less than 1 HP.
d20-effect-critical-magic-spent = 🎲 d20: { $die } — a critical spell! { $struck }: { $before } → { $after } HP: a critical never leaves less than 1 HP.
d20-effect-buff-miss = 🎲 d20: { $die } — focus lost, the spell scatters.
d20-effect-buff-slip = 🎲 d20: { $die } — the spell is miscast.
d20-effect-buff-block = 🎲 d20: { $die } — the effect is smothered.
d20-effect-buff-partial = 🎲 d20: { $die } — the spell does not hold: no healing.
d20-effect-buff-hit = 🎲 d20: { $die } — healing +{ $heal } HP: { $struck } { $before } → { $after } HP.
d20-effect-buff-strong = 🎲 d20: { $die } — strong healing +{ $heal } HP: { $struck } { $before } → { $after } HP.
d20-effect-buff-critical = 🎲 d20: { $die } — brilliant: fully healed, +{ $heal } HP: { $struck } { $before } → { $after } HP.
d20-narrative-self = the caster { $gender ->
        [f] herself
       *[m] himself
    }
d20-fell = 💀 { $name } collapses (0 HP) and is out of the fight.
d20-rose = 🌅 { $name } is back on their feet ({ $hp } HP) and in the fight again.
d20-dead = ☠️ { $name } dies.
d20-skipped = ⏭ { $name }: the lost turn is skipped.

## Describing one's state, skips, time

d20-narration-ask = ✍️ { $name }, describe your character's state — the battle waits.
d20-narration-done = 📜 Description received ({ $name }).
d20-narration-timeout = ⌛ Time to describe is up ({ $name }).
d20-narration-skipped = ⏩ The game master skips the description ({ $name }).
d20-turn-passed = ⏭ { $name } passes the turn.
d20-turn-timeout = ⌛ Time is up: { $name } loses the turn.
d20-turn-skipped = ⏩ The game master skips the turn: { $name }.

## The end

d20-end = 🏁 <b>The battle is over.</b> Victory: { $side }. Still standing: { $names }.
d20-end-draw = 🏁 <b>The battle is over.</b> Nobody is left standing.
d20-finish-offer = The fallen await their fate: the victors may finish them off with the buttons below, or spare them.
d20-spared = 🕊 { $name } lets the fallen live. The battle is closed. The game master restores their HP: /heal or a rest, /rest.
d20-spared-admin = 🕊 The game master closes the battle: the fallen live. The game master restores their HP: /heal or a rest, /rest.

## Refusals

error-battle-busy = A battle is already on in this chat. Wait for it to end.
error-no-battle = Nothing to skip: the battle waits for neither a turn nor a description.
error-battle-joined = Your character is already on that side.
error-battle-sides = A battle needs at least one fighter on each side.
error-battle-start = Only whoever called the battle, or an admin, may start it.
d20-error-action = { $name } cannot { $kind ->
        [magic] cast harmful spells
        [buff] cast healing spells
       *[physical] strike with a weapon
    }: the class does not have that action. Choose another; the game master may allow every action to every class in the game settings (/game).

## Race (optional): the bot picks plausible narration by it
d20-race-human = human
d20-race-elf = elf
d20-race-dwarf = dwarf
d20-race-half-orc = half-orc
d20-race-halfling = halfling
d20-race-gnome = gnome
d20-race-tiefling = tiefling
d20-race-dragonborn = dragonborn
d20-race-other = other…

## The game master's NPCs (rulebook: d20 / NPCs)
d20-npc = 🎭 { $name }
d20-npc-usage =
    How to field an NPC (the game master only, while the battle gathers):
    <code>/npc Name class | side</code> — e.g. <code>/npc Goblin fighter | Horde</code>
    <code>/npc Name HP | side</code> — e.g. <code>/npc Boss 40 | 2</code>
    Class: { $classes }; without one, an NPC fights as a fighter. HP from 1 to { $max } (without: by class). Add «f» for a female NPC in the narration. The side: its name, or 1 / 2.
d20-npc-bad-name = An NPC's name is { $min } to { $max } characters: letters, digits, spaces, hyphens or apostrophes. For example: <code>/npc Goblin fighter | 2</code>
d20-npc-fielded = 🎭 { $name } ({ $character_class }, { $hp } HP) — the game master's NPC joins the battle: { $side }.
d20-npc-error-name = { $name } is in this battle already: fighters of one battle need different names. Give the NPC another name.
d20-npc-error-many = At most { $limit } NPCs in one battle.
d20-npc-error-no-battle = NPCs join while a battle gathers: first /battle, then /npc.
d20-button-npcs = 🎭 Add NPCs
d20-npcs-opened = Check your private chat with me: add the NPCs there.
d20-npcs-unreachable = I can't write to you in private: open a chat with me, press “Start” (or send /start), then press “🎭 Add NPCs” again.
d20-npcs-name-prompt = 🎭 NPCs for the gathering battle. What is the NPC's name? Type it: { $min } to { $max } characters.
d20-npcs-bad-name = An NPC's name is { $min } to { $max } characters: letters, digits, spaces, hyphens or apostrophes. Type another name.
d20-npcs-sheet-prompt = 🎭 { $name }: choose a class — or type the HP (1 to { $hp_max }), and the NPC fights as a fighter.
d20-npcs-bad-hp = HP is a whole number from 1 to { $max }. Type another number or choose a class.
d20-npcs-gender-prompt = 🎭 { $name }: a man or a woman? The battle's narration agrees with it.
d20-npcs-button-he = ♂ Man
d20-npcs-button-she = ♀ Woman
d20-npcs-button-any = Doesn't matter
d20-npcs-side-prompt = 🎭 { $name }: which side?
d20-npcs-more-prompt = Add another NPC?
d20-npcs-button-more = ➕ One more
d20-npcs-button-done = ✅ Done
d20-npcs-button-cancel = Cancel
d20-npcs-done = Done: the NPCs are in the battle, listed in the call in the group.
d20-npcs-cancelled = All right, not adding this NPC. Those added already stay in the battle.
d20-npcs-no-battle = This battle no longer gathers: no more NPCs can join it.
d20-button-auto = 🎲 Let the bot decide
d20-auto = 🎲 The bot decides for { $name }.
d20-turn-npc = ➡️ Round { $round }. <b>{ $name }</b> acts ({ $hp }/{ $max } HP) — an NPC: the game master chooses.
d20-narration-ask-npc = ✍️ { $name } (NPC): game master, describe the character's state — the battle waits. Your next message in the chat (or a reply to this one) is the description; /skip skips it.
