## Theft from the awake (/steal N)

world-steal-usage = Steal: /steal N, the number of an awake character in your hall. Your Attack + Initiative d10 against their Defense + Initiative d10: more successes, and one item from their pockets or backpack, picked blindly, is yours. One attempt per cycle; a failure is noticed.
world-steal-answered = 🔒 The answer is in your private chat.
world-steal-head = 🫳 Theft attempt on no. { $number } { $name }
world-steal-roll = { $dice } (threshold { $threshold }) → successes: { $successes }
world-steal-no-dice = does not resist (health 0)
world-steal-own-dice = 🎲 You: { $roll }
world-steal-other-dice = 🎲 { $name }: { $roll }
world-steal-got = ✅ Done: { $item } → { $place ->
        [left_hand] into your left hand
        [right_hand] into your right hand
        [worn] straight onto you
        [left_pocket] into your left pocket
        [right_pocket] into your right pocket
       *[backpack] into your backpack
    }. The chance was { $chance }.
world-steal-floor = ✅ Done: { $item }, but you have no room for it, so it fell to the hall's floor. The chance was { $chance }.
world-steal-nothing = ✅ Nobody noticed your hand, but the pockets and the backpack held nothing. The chance was { $chance }.
world-steal-noticed = ❌ Failed: { $name } noticed your hand. The chance was { $chance }.
world-steal-caught = 👀 No. { $number } { $name } tried to rob you, but you caught the hand in your things. Nothing is missing.
world-error-theft-in-fight = No. { $number } is in a fight: no stealing in the middle of one.
world-error-theft-done = You already tried to steal this cycle. The next attempt: after the cycle ends.
