## Duel (the duel system)

duel-usage = Challenge to a duel: /duel N skill — e.g. /duel 2 foot. Or reply to your opponent's message: /duel foot.
duel-npc-usage = A challenge from the game master's NPC: /duel N skill | Name skill [agility] [HP] — e.g. /duel 2 пеший | Разбойник 8 20 30: the NPC Разбойник (skill 8, agility 20 %, 30 HP) challenges character №2. Agility 0 to 100 (none: 0), HP 1 to { $max } (none: 30), the NPC's skill 1 to 99; the name 2–32 characters.
duel-challenge =
    ⚔️ Duel challenge: { $challenger } → { $opponent }
    Skill “{ $skill }”: { $cskill } against { $oskill }.
    Only { $answerer } may accept or decline.
duel-button-accept = Accept
duel-button-decline = Decline
duel-button-go-on = Go on
duel-button-stop = Stop
duel-accepted = 🤝 Challenge accepted: { $challenger } → { $opponent }. The fight begins!
duel-declined = 🚫 Challenge declined: { $challenger } → { $opponent }. { $opponent } refuses the duel.
duel-expired = ⌛ The challenge lapsed: { $challenger } → { $opponent }. { $opponent } did not answer in time.

duel-round-header = ⚔️ <b>Round { $round }</b>, skill “{ $skill }”: { $challenger } ({ $cskill }) — { $opponent } ({ $oskill }).
duel-round-rolls = 🎲 1–{ $sides } · { $challenger } : { $opponent }
# One side's successes: their count, then each die (bold: it counts for this side).
duel-round-side = { $name } { $count } ({ $rolls })
duel-round-side-none = { $name } 0
duel-round-score = Score { $wins }:{ $losses } — { $winner } wins the round.
duel-round-dodges = Agility: { $loser }, { $agility }%; d100: { $dodges } → dodged: { $dodged } of { $count }.
duel-round-damage = { $damage ->
        [0] No damage: { $loser } dodged every blow.
       *[other] Damage: { $loser } <b>−{ $damage }</b> ({ $successes } × { $skill }).
    }
duel-round-hp = { $name }: { $bar } { $hp }/{ $max }
duel-round-hp-down = { $name }: { $bar } 0/{ $max } — { $dead ->
        [yes] fallen
       *[no] down
    }
duel-round-closed = { $next ->
        [0] ✔️ Decided: the outcome is below.
       *[other] ✔️ Both chose “Go on”: round { $next } is below.
    }
duel-ask-choice = Go on? The fight continues only if both press “Go on”.
duel-choice-made = Your choice: { $choice }. Waiting for your opponent.
duel-choice-go-on = go on
duel-choice-stop = stop
duel-chose-go-on = ✅ { $name } chooses “Go on”. Waiting for: { $other }.
duel-end-stopped = 🏳 { $who } stops the duel. Winner: { $winner }.
duel-end-knockout = 💥 { $loser } is down. Winner: { $winner }. { $loser } cannot fight until a game master restores { $gender ->
        [f] her
       *[m] his
    } HP (/heal).
duel-end-killed = ☠️ A duel to the death: { $loser } fell. Winner: { $winner }.
duel-end-forfeit = ⌛ Time to decide ran out: { $who } did not answer, while { $winner } was ready to go on. The duel is over: silence counts as a defeat. Winner: { $winner }.
duel-end-unanswered = ⌛ Time to decide ran out: neither { $challenger } nor { $opponent } answered. The duel is over: { $winner } won the last round, and with it the duel.
heal-usage = Healing: /heal N reason — to full, or /heal N amount reason — to that value (any system). For example: /heal 2 a rest at the inn. The reason is required: it goes into the /log. Everyone at once — /rest reason.
