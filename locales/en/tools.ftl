## Table tools: /rules, /log, /verify, /odds

rules-no-game = No game is running here. The rules of any system: /rules pool, /rules duel, /rules d20.
rules-not-playing = You are not in any game yet. The rules of any system: /rules pool, /rules duel, /rules d20.
rules-pool =
    📖 <b>d10 pool</b> — survival in the halls
    • Character: 12 points over five stats — Initiative, Attack, Defense, Vitality (at least 1), Charisma. Max health = Vitality.
    • A roll: as many d10 as the stat. A die of 6 or more succeeds (with a penalty: 6 + penalty), each 1 takes a success away. Below zero, the character drops a sword, or falls without one.
    • A blow: Attack successes minus Defense successes is the damage. A sword in each hand adds a defense die.
    • Penalty: wounds (health 4: +1 … health 1: +4), no trousers +1, no sword in hand +2, a woman without a jacket +1, hunger and sleeplessness after 4 cycles.
    • Health 1–2 bleeds: −1 a round until raised to 3. At 0 only pills from the left pocket help, else death. Below 0: dead at once.
    • A cycle: those awake roll Charisma (a prize per die), hunger and sleeplessness grow. Sleep lasts 2 cycles and heals +1 a cycle at health 4 or more.
    • The dead's belongings fall to their hall's floor. Theft from the awake (/steal N, once a cycle): Attack + Initiative against Defense + Initiative, more successes takes one item from the pockets or backpack, blindly.
    • Coins: 1 buys one fact about a character (hall, items or health); 5 buy any prize. The first two to donate 100 coins at once win.
rules-duel =
    📖 <b>Duel</b> — one on one
    • Character: HP (usually 30), agility in percent, combat skills (for example foot and mounted).
    • A round is 5 rolls of 1 to A+B, A being the challenger's skill and B the opponent's: 1…B is the opponent's success, above is the challenger's. More successes wins the round.
    • The loser rolls a d100 for each of the winner's successes: not above their agility dodges it.
    • Damage to the loser = successes left × the winner's skill. The winner takes none.
    • After each round both choose to go on or stop; whoever does not answer in time while the opponent is ready to go on loses. HP 0 or less loses (or dies, if the game is to the death). The game master restores HP (/heal or a rest, /rest).
rules-d20 =
    📖 <b>d20</b> — the outcome table
    • HP by class: warlock, wizard 12; cleric, monk 16; fighter, paladin, ranger 20; barbarian 22. Armour class 12 for everyone.
    • An attack (blow or spell) is one d20, damage read from the die: 1 fails and loses the next turn; 2–3 hit the next ally (1 or 2 HP; no ally: oneself); 4–5 miss; 6–7 dodged; 8–9 blocked; 10–11 partly blocked, 0 damage; 12–17 deal die − 11; 18 deals 7; 19 deals 7 and the target, if still standing, loses a turn; 20 is critical: above half HP, HP is halved, else 1 is left.
    • Healing on oneself or an ally (standing or fallen): 1 fails and loses a turn; 2–11 no effect; 12–17 heal die − 11; 18–19 heal 7; 20 heals to full. Never above max; one raised above 0 fights again.
    • Class actions: fighter, barbarian, monk strike; wizard casts harm; cleric does all; warlock, ranger strike and cast harm; paladin strikes and heals. The game master may allow everything to all.
    • Checks: DC 1 succeeds on 11–20, DC 2 on 17–20, DC 3 on 20 only.
    • At 0 HP a character falls, out of the fight; they stand again when the game master restores their HP (/heal or a rest, /rest). Turn order: a d20 at the start of a fight.

log-head = 📜 <b>Roll log</b> · { $game }. Latest dice: { $shown }, this game in all: { $total }.
log-empty = 📜 { $game }: no rolls yet.
log-line = <code>{ $indices }</code> { $actor } — { $purpose }: { $dice } → <b>{ $values }</b>
log-no-actor = the game
log-actor-fight = Fight #{ $number }
log-actor-cycle = Cycle { $number }
log-actor-duel = Duel #{ $number }
log-actor-battle = Battle #{ $number }
log-owner-attack = { $owner }: attack → { $other }
log-owner-defense = { $owner }: defense ← { $other }
log-owner-initiative = { $owner }
log-owner-contest = the skills' contest
log-owner-dodge = { $owner }: dodge
log-purpose-owned = { $purpose } ({ $owner })
log-purpose-pool-initiative = initiative
log-purpose-pool-round = round
log-purpose-pool-tick = charisma and item contests
log-purpose-pool-secret = a secret action
log-purpose-duel-round = duel round
log-purpose-d20-initiative = turn order
log-purpose-d20-attack = d20 battle turn (attack or healing)
log-purpose-d20-check = check

verify-active =
    🔐 The game is still running, so its dice can be checked after /endgame.
    The seed's hash announced at the start (SHA-256: the same fingerprint as in the game's start message):
    <code>{ $commitment }</code>
    Rolls so far: { $rolls }. When the game ends I reveal the seed: its SHA-256 must equal this hash, and every roll must match its log entry (/log). /verify after the end recomputes it all for you.
verify-bad-seed = That does not look like a seed: it takes { $length } hexadecimal characters (0–9, a–f), as /verify shows it after the game. For example: /verify 3fa9…
verify-revealed =
    🔎 The game's seed is revealed: <code>{ $seed }</code>
    Checking it against the hash announced before the first roll and against the roll log (how to check it yourself: the player's guide).
verify-supplied = 🔎 Checking the given seed against the game's hash and roll log.
verify-ok =
    ✅ It all matches: { $checked } rolls checked, the seed's SHA-256 equals the announced hash
    <code>{ $commitment }</code>
verify-commitment-bad =
    ❌ This seed's SHA-256 does not match the hash announced at the start of the game:
    <code>{ $commitment }</code>
verify-roll-bad = ❌ Roll <code>#{ $index }</code> does not match the seed: the logged value differs.
verify-rolls-match = The logged rolls match this seed ({ $checked } checked).

odds-usage =
    🎯 <b>Exact odds</b> — tell me what to compute:
    • pool: /odds pool 5 3 — 5 attack dice against 3 defense dice; add the attack and defense penalties if any: /odds pool 5 3 1 0
    • duel: /odds duel 9 8 — the skills; then both agilities and both HP: /odds duel 9 8 20 30 30 30
    • d20: /odds d20 — the chances of each attack outcome
    In a chat with a game the system's name may be left out. Dice 0–{ $dice }, penalty 0–{ $penalty }, skill 1–{ $skill }, agility 0–100, HP 1–{ $hp }.
odds-usage-pool =
    🎯 Pool: /odds 5 3 — 5 attack dice against 3 defense dice; add the attack and defense penalties if any: /odds 5 3 1 0.
    Dice 0–{ $dice }, penalty 0–{ $penalty }, whole numbers only.
odds-usage-duel =
    🎯 Duel: /odds 9 8 — the two fighters' skills; add both agilities (%) and both HP if you like: /odds 9 8 20 30 30 30.
    Skill 1–{ $skill }, agility 0–100, HP 1–{ $hp }, whole numbers only.
odds-pool-head = 🎯 <b>Attack { $attack }d10 against defense { $defense }d10</b> (attack penalty +{ $apen }, defense +{ $dpen })
odds-pool-hit-label = Hit
odds-pool-hit = { odds-pool-hit-label }: { $bar } <b>{ $chance }</b>
odds-pool-expected = Average damage: <b>{ $damage }</b>
odds-pool-damage-head = Damage:
odds-pool-damage-label = { $damage ->
        [0] miss
       *[other] { $damage }
    }
odds-pool-damage = { odds-pool-damage-label }: { $bar } { $chance }
odds-pool-damage-rare = the rest — under 0.1%
odds-percent = { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
odds-percent-below = under { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
odds-percent-above = over { NUMBER($value, minimumFractionDigits: 1, maximumFractionDigits: 1) }%
odds-average = { NUMBER($value, minimumFractionDigits: 2, maximumFractionDigits: 2) }
odds-pool-attacker-drops-label = The attacker drops a sword (falls without one)
odds-pool-attacker-drops = { odds-pool-attacker-drops-label }: { $bar } { $chance }
odds-pool-defender-drops-label = The defender drops a sword (falls without one)
odds-pool-defender-drops = { odds-pool-defender-drops-label }: { $bar } { $chance }
odds-duel-head = ⚔️ <b>Skill { $a } against { $b }</b> · agility { $agility_a }% and { $agility_b }% · HP { $hp_a } and { $hp_b }
odds-duel-round-a-label = The first wins a round
odds-duel-round-a = { odds-duel-round-a-label }: { $bar } <b>{ $chance }</b>
odds-duel-round-b-label = The second wins a round
odds-duel-round-b = { odds-duel-round-b-label }: { $bar } { $chance }
odds-duel-damage = Average damage a round (after dodges): to the first { $to_a }, to the second { $to_b }
odds-duel-win-a-label = The first wins the duel fought out
odds-duel-win-a = { odds-duel-win-a-label }: { $bar } <b>{ $chance }</b>
odds-duel-win-b-label = The second wins the duel fought out
odds-duel-win-b = { odds-duel-win-b-label }: { $bar } { $chance }
odds-duel-endless = Both dodge everything (agility 100%): the duel never ends.
odds-d20-head-both = 🎲 <b>d20: attack outcomes</b> (blows and spells alike)
odds-d20-head-physical = 🎲 <b>d20: blow</b>
odds-d20-head-magic = 🎲 <b>d20: spell</b>
odds-d20-outcome-label = { $outcome ->
        [fumble] fumble, turn lost
        [ally_hit] a miss; hits an ally if one is standing, else oneself (1–2 HP)
        [self_hit] hits oneself
        [no_effect] no effect
        [miss] miss
        [dodge] dodged
        [block] blocked
        [partial_block] partly blocked, 0 damage
        [hit] damage 1–6
        [heavy_hit] damage 7
        [stun_hit] damage 7, and a lost turn if the target stays up
       *[critical] critical
    }
odds-d20-outcome = { $faces } { odds-d20-outcome-label }: { $bar } { $chance }
odds-d20-checks-head = Checks:
odds-d20-check-label = DC { $dc }
odds-d20-check = { odds-d20-check-label }: { $bar } { $chance }
