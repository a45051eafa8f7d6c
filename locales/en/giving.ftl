## Giving items to another character in the hall (pool d10): private messages to both

gift-given-pills = 💊 { $giver } puts pills into your mouth: { $count }. Swallowed — health { $health } of { $max }.
gift-given = 🤝 { $giver } gives you: { $places }.
gift-placed = { $items } → { $where }
gift-offer = 🤝 { $giver } offers you: { $items }.
gift-offer-ask = Take it? The offer lasts until the end of the cycle.
gift-button-take = ✅ Take
gift-button-decline = ✖️ Decline
gift-taken = ✅ Taken: { $places }.
gift-declined = ✖️ You declined: nothing was given.
gift-failed = ❌ It did not work: { $why ->
        [no_room] you have no room for that many
        [other_hall] you are no longer in the same hall
        [fighting] you are in a fight, and nobody takes things in a fight
       *[other] it cannot be given now
    }. Nothing was given.
gift-expired = ⌛ The offer ended with the cycle: nothing was given.
gift-giver-taken = 🤝 { $receiver } takes from you: { $items }.
gift-giver-declined = ✖️ { $receiver } declines: { $items } — they stay with you.
gift-giver-failed = ❌ The giving did not happen ({ $items }, to { $receiver }): { $reason }
gift-pressed-taken = Taken.
gift-pressed-declined = Declined.
gift-pressed-failed = It did not work: the message says why.
gift-pressed-expired = The offer is gone: the cycle is over.
world-error-cannot-give = { $reason ->
        [giver_fighting] You are in a fight: items can be given only outside a fight.
        [receiver_asleep] That character is asleep and cannot take it: nothing can be put into a sleeper's things (pills at 0 can, straight into the mouth).
       *[receiver_fighting] That character is in a fight: nobody takes things in a fight (at 0 they can be given pills, straight into the mouth).
    }
world-error-no-room-gift = They cannot carry it: { world-items } — only { $room } fit. A pocket holds up to 10 pills or up to 100 coins of one kind, a backpack up to 10 rations, jackets and trousers together, a hand one thing. Nothing was given.
world-error-offer-gone = This offer is gone: it was answered, or the cycle ended.
