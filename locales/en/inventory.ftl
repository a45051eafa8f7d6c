## A character's inventory (d10 pool), a dialog in the private chat

inventory-title = 🎒 <b>Inventory</b> — { $name }, hall { $hall }
inventory-floor = 🪨 On the hall floor: { $items }
inventory-requests = ⏳ You reach for: { $items } — settled at the end of the cycle (by initiative if several want it).
inventory-pills-hint = 💊 At health 0 only pills in the jacket's left pocket are in reach — there now: { $count }.
inventory-stack = { $place }: { $items }
inventory-selected = Chosen: { $items } ({ $place }). How many: { $count }. What to do?
inventory-gone = That is not there any more. Go back.
inventory-refresh = 🔄 Refresh
inventory-close = Close
inventory-back = ◀️ Back
inventory-all = All
inventory-to = → { $where }
inventory-eat = 🍽 Eat a ration
inventory-pills = 💊 Swallow: { $count }
inventory-pickup-any = ✋ Pick up (wherever it fits)
inventory-pickup-to = ✋ Pick up → { $where }
inventory-done-moved = ✅ Done: { $items } — { $where }.
inventory-done-eaten = ✅ Ration eaten: cycles without food reset.
inventory-done-pills = ✅ Pills swallowed: { $count }. Health { $health } of { $max }.
inventory-done-requested = ⏳ Requested: { $items } from the floor. Not at once: someone else is reaching for it, or you are in a fight. Settled at the end of the cycle, by initiative if contested.
inventory-done-picked = ✅ Picked up: { $items }. Nobody else was reaching for it.
inventory-pick-gone = ✋ Missed: { $items }. It is no longer on the floor: someone picked it up first. Nothing changed.
inventory-group = The inventory is in the private chat with me: send /inventory there.
inventory-button = 🎒 Inventory
error-pills-in-fight = You are in a fight: pills come only from the jacket's left pocket now — the «💊» button in the fight message.
inventory-give = 🤝 Give: { $count }
inventory-give-whom = 🤝 Give { $items } to whom? Here in the hall (by appearance; those at 0 first):
inventory-give-nobody = 🤝 Nobody to give it to: there is no one else in the hall.
inventory-give-to = { $state ->
        [at_zero] 💔 at 0 —
        [asleep] 😴 asleep —
       *[awake] 🧍
    } Charisma { $charisma }, build — { $build ->
        [feeble] a weakling
        [hulk] a hulk
       *[normal] average
    }
inventory-given-pills = ✅ Put straight into their mouth: { $items }. Swallowed at once — +1 health each.
inventory-given = ✅ Given: { $items }. One at 0 need not agree.
inventory-given-offered = 🤝 Offered: { $items }. They stay with you for now; if the offer is taken before the cycle ends they pass over, and you are told in private.
