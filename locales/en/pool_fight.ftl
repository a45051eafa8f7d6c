## Group fight (pool system)

pool-fight-usage = To attack: /fight N — the character's number from /players. Or reply with /fight to a message of the one you attack. They must be in your hall.
pool-fight-admin-usage = Which fight? Give its number: /fight_next N or /fight_stop N — or reply with the command to the fight's message. Open fights: { $fights }.
pool-fight-sleeper-killed = 💀 A blow in the sleep: { $attacker } → { $sleeper }. No guard — { $sleeper } dies without waking.

pool-fight-challenge = ⚔️ <b>Fight #{ $id }</b>, hall { $hall }: { $attacker } → { $target }
pool-fight-guarded = 🛡 { $sleeper } sleeps under guard. First the guard: { $attacker } → { $guard }.
pool-fight-joined = Fighters: { $names }.
pool-fight-join-hint = Anyone else in this hall may join within { $time }. { $attacker } or a GM may start sooner.
pool-fight-joined-you = You joined the fight.
pool-fight-challenged-you = You attacked.
pool-fight-confirm = ⚔️ Attack { $name }?
pool-fight-confirm-kill = ⚔️ { $name } is asleep and unguarded: the attack will kill { $gender ->
    [f] her
   *[m] him
}. Attack?
pool-fight-confirm-yes = Yes
pool-fight-confirm-no = No
pool-fight-confirm-done = ⚔️ You attacked. Target: { $name }. The rest is in the game's group.
pool-fight-confirm-dropped = No attack.
pool-fight-confirm-changed = Things changed while you were deciding: read the question again.
pool-fight-asked = The question is in your private chat with the bot: confirm there.
pool-fight-ask-unreachable = I ask before an attack in private, but I can't write to you there. Open the chat with me, press "Start" and try again.
pool-fight-started-you = The fight begins!
pool-fight-called-off = Fight #{ $id } is off: nobody left to fight.

pool-fight-initiative-title = 🎲 Initiative (1d10 + Initiative):
pool-fight-initiative-roll = { $name }: 🎲 { $die } + { $bonus } = <b>{ $total }</b>
pool-fight-initiative-reroll = A tie — re-rolled among the tied:
pool-fight-order = Opponents are chosen in turn, lowest initiative first: { $names }.
pool-fight-choosing = 👉 { $name } is choosing an opponent now, in the private chat with the bot.
pool-fight-unreachable = ⚠️ { $name }, the bot cannot write to you. Open the chat with the bot, press Start, then "Send my choice" here. Otherwise the opponent is chosen for you when time runs out.

pool-fight-round-title = <b>Round { $round }</b> · { $chosen }
pool-fight-line = { $mark } { $name } { $bar } { $health }/{ $max }{ $details }
pool-fight-target = → { $name }
pool-fight-choosing-target = choosing an opponent
pool-fight-chosen = moves made: { $done } of { $total }
pool-fight-hints = Everyone presses for their own character. Pills come only from the jacket's left pocket.

pool-fight-state-dead = dead
pool-fight-state-out = out of the fight
pool-fight-state-zero = dying
pool-fight-state-fallen = fallen
pool-fight-state-unarmed = unarmed
pool-fight-state-bleeding = bleeding
pool-fight-penalty = penalty { $total } ({ $causes })
pool-fight-cause-wounds = wounds { $amount }
pool-fight-cause-no-trousers = no trousers { $amount }
pool-fight-cause-no-sword = no sword { $amount }
pool-fight-cause-no-jacket = no jacket { $amount }
pool-fight-cause-hunger = hunger { $amount }
pool-fight-cause-sleeplessness = no sleep { $amount }

pool-fight-button-join = Join
pool-fight-button-start = Start
pool-fight-button-attack = ⚔️ Attack
pool-fight-button-stand = 🧍 Stand up
pool-fight-button-pills = 💊 { $count ->
        [0] all
       *[other] { $count }
    }
pool-fight-button-resend = 📩 Send my choice
pool-fight-button-open-chat = Open the bot's chat

pool-fight-acted-attack = You attack. Waiting for the others.
pool-fight-acted-pills = { $count ->
        [0] You swallow every pill in your left pocket.
       *[other] You swallow pills: { $count }.
    } Waiting for the others.
pool-fight-acted-stand = You get up. Waiting for the others.

pool-fight-prompt-setup = ⚔️ Fight #{ $id }: your turn to choose an opponent. If you do not choose in { $time }, it will be { $default }.
pool-fight-prompt-pick = ⚔️ Fight #{ $id }: several fighters chose you. Whom do you attack? Without a choice: { $default }.
pool-fight-prompt-retarget = ⚔️ Fight #{ $id }: your opponent is out. Choose a new one; without a choice: { $default }.
pool-fight-target-taken = Opponent: { $name }.
pool-fight-target-done = ⚔️ Fight #{ $id }: you chose { $name }.
pool-fight-resent = Your choice was sent to your private chat with the bot.

pool-fight-results-title = 📜 <b>Fight #{ $id }, round { $round }</b>
pool-fight-round-closed = ✔️ <b>Round { $round }</b> is fought: the results are below.
pool-fight-quiet-round = Nobody attacked.
pool-fight-exchange = 🗡 { $attacker } → { $defender }: { $outcome }
pool-fight-exchange-dice = 🎲 { $attacker } → { $defender }: { $attack } · { $defense }
pool-fight-attack-roll = attack { $dice } (threshold { $threshold }) → { $result }
pool-fight-defense-roll = defense { $dice } (threshold { $threshold }) → { $result }
pool-fight-threshold-plain = { $threshold }
pool-fight-threshold = { $threshold } = 6 + { $causes }
pool-fight-no-defense = no defense: { $reason ->
    [fallen] lying on the ground
   *[zero] dying
}
pool-fight-damage = damage <b>{ $damage }</b>
pool-fight-miss = a miss
pool-fight-pills = 💊 { $name } swallows pills ({ $count }) — health { $health }.
pool-fight-dropped = 🔻 { $name } drops a sword to the hall's floor
pool-fight-fell = 🤕 { $name } falls, having no sword
pool-fight-bled = 🩸 { $name } is bleeding: health { $health }.
pool-fight-died-wounds = ☠️ { $name } dies of wounds.
pool-fight-died-unattended = ☠️ { $name } dies: health stayed at 0 for the whole round.
pool-fight-stood-up = 🧍 { $name } gets up.

pool-fight-over = 🏁 Fight #{ $id } is over. Still standing: { $names }.
pool-fight-over-nobody = 🏁 Fight #{ $id } is over. Nobody is left standing.
pool-fight-over-zero = At 0 health: { $names }.
pool-fight-over-dead = Died: { $names }.
pool-fight-stopped = 🛑 The GM stopped fight #{ $id }. { $count ->
    [0] Nobody is standing.
   *[other] Still standing: { $names }.
}

error-fight-self = You cannot attack yourself.
error-fight-asleep = You are asleep: nobody fights in their sleep.
error-fight-busy = { $name } is already in a fight. Wait until it ends.
error-fight-not-in = This button is for the fighters, and your character is not in this fight.
error-fight-cannot-join = { $reason ->
    [already] You are in this fight already.
    [hall] You can only join a fight in your own hall.
    [asleep] You are asleep and cannot join a fight.
    [health] Nobody joins a fight while dying.
   *[busy] You are fighting in another fight.
}
error-fight-action = { $problem ->
    [only_pills] While dying you can only swallow pills from the jacket's left pocket.
    [only_stand_up] You are on the ground: get up first.
    [not_fallen] You are on your feet already.
    [not_enough_pills] Your jacket's left pocket does not hold that many pills. In a fight only the left pocket counts.
    [not_in_fight] You are out of the fight.
   *[bad_count] Not allowed.
}
error-fight-already-acted = You have made your move this round.
error-fight-target = That opponent is no longer available: choose another one.
error-fight-not-your-turn = It is not your turn to choose.
error-fight-private-closed = The bot cannot write to you: open the chat with the bot with the button, press Start and try again.
error-fight-none = There is no such fight now.
fight-view-gm = You run this game. The fight's commands are for the group: /fight_next { $id } moves it on (starts the fight, takes the default choice or rolls the round now), /fight_stop { $id } stops it.
fight-view-open-button = ⚔️ To the fight's message in the group
pool-fight-link-nothing-to-choose = Nothing to choose in this fight right now: the bot will write when it is your turn.
