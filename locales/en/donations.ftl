## Donations (d10 pool), a dialog in the private chat

donate-title =
    🪙 <b>Donations</b> — { $name }. Coins carried: { $coins }.
    • any thing of yours → 1 coin
    • { $prize } coins → any prize of your choice
    • { $fact } coin → one fact about character N: hall, items or health
    • { $win } coins at once → a win. The first two win; after the second the game is over.
donate-item-button = 🎁 Donate a thing (+1 coin)
donate-prize-button = 🏷 A prize for 5 coins
donate-fact-button = 🔎 A fact about a character for 1 coin
donate-win-button = 🏆 100 coins — a win
donate-close = Close
donate-back = ◀️ Back
donate-item-pick = Which thing to donate? Each press is one thing and +1 coin. Empty a worn jacket or backpack first.
donate-prize-pick = Which prize for 5 coins? It goes where a charisma prize would (no room: the floor).
donate-fact-ask = Which character? Send their number (numbers: /players in the group).
donate-fact-usage = A character number is needed, e.g. 3.
donate-fact-pick = What to learn about no. { $number }? It costs 1 coin.
donate-q-hall = 🚪 The hall they are in now
donate-q-items = 🎒 The things they carry
donate-q-health = ❤️ Health
donate-win-confirm = Donate { $win } coins at once? You carry { $coins }.
donate-win-yes = ✅ Yes, donate
donate-done-item = ✅ Donated: { $item }. +1 coin — { $where }.
donate-done-prize = ✅ Received: { $item } — { $where }.
donate-done-fact = ✅ The answer came in a message of its own.
donate-done-win = 🏆 Victory! Your place among the winners: { $rank }.
donate-fact-hall-answer = 🔎 No. { $number } { $name } is in hall { $hall } now.
donate-fact-health-answer = 🔎 No. { $number } { $name }: health { $health }.
donate-fact-dead-answer = 🔎 No. { $number } { $name } is no longer among the living.
donate-fact-items-answer =
    🔎 What no. { $number } { $name } carries:
    { $items }
donate-group = Donations are in the private chat with me: send /donate there.
donate-group-won = 🏆 Victory: { $name } (no. { $number }) donates 100 coins at once. Place among the winners: { $rank }.
donate-group-results = 🏁 Results: the winners are { $first } and { $second }. Everyone else missed out.
