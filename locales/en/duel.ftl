## Duel (the duel system)

duel-usage = Challenge to a duel: /duel N skill — e.g. /duel 2 foot. Or reply to your opponent's message: /duel foot.
duel-challenge =
    ⚔️ { $challenger } challenges { $opponent } to a duel: skill “{ $skill }”, { $cskill } against { $oskill }.
    Only { $answerer } may accept or decline.
duel-button-accept = Accept
duel-button-decline = Decline
duel-button-go-on = Go on
duel-button-stop = Stop
duel-accepted = ⚔️ { $opponent } accepts { $challenger }'s challenge! The fight begins.
duel-declined = { $opponent } declines the duel with { $challenger }.
duel-expired = ⌛ { $challenger }'s challenge to { $opponent } lapsed unanswered.

duel-round-header = ⚔️ <b>Round { $round }</b>: { $challenger } ({ $cskill }) against { $opponent } ({ $oskill }), skill “{ $skill }”.
duel-round-range = Die 1–{ $sides }: 1–{ $b } is a success for { $opponent }, { $b1 }–{ $sides } for { $challenger }.
duel-round-rolls = Rolls: { $rolls }.
duel-round-score = Score { $wins }:{ $losses } to { $winner }.
duel-round-dodges = { $loser }'s agility { $agility }%, d100: { $dodges }.
duel-dodge-yes = { $value } — dodged
duel-dodge-no = { $value } — no
duel-round-damage = Damage to { $loser }: { $successes } × { $skill } = <b>{ $damage }</b>.
duel-round-hp = { $name }: { $bar } { $hp }/{ $max }
duel-ask-choice = Go on? The fight continues only if both press “Go on”.
duel-choice-made = Your choice: { $choice }. Waiting for your opponent.
duel-choice-go-on = go on
duel-choice-stop = stop
duel-end-stopped = 🏳 { $who } stops the duel. { $winner } wins.
duel-end-knockout = 💥 { $loser } is down. { $winner } wins; { $loser } is out until a game master heals them (/heal).
duel-end-killed = ☠️ { $loser } fell in a duel to the death. { $winner } wins.
duel-choices-timeout = ⌛ Time to decide ran out: { $who } did not answer. The duel is over; { $winner } wins.
duel-healed = { $name }: HP restored, { $hp }/{ $max }.
heal-usage = Healing: /heal N reason — to full, or /heal N hp reason — to that value. For example: /heal 2 a rest at the inn. The reason is required: it goes into the /log.
