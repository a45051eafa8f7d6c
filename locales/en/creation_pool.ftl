## Character creation: d10 pool

stat-initiative = Initiative
stat-attack = Attack
stat-defense = Defense
stat-vitality = Vitality
stat-charisma = Charisma

creation-pool-back = ◀️ Back
creation-pool-cancel = ✖️ Cancel
creation-pool-next = Next ▶️
creation-pool-notice = <i>{ $notice }</i>
creation-pool-cancelled = Character creation cancelled; nothing was saved. Changed your mind? Press the game's button in the group again or send /join there.

creation-pool-name =
    <b>New character · step 1 of 4</b>
    What is your character's name? Send it as a message: 2 to 32 characters — letters, digits, spaces, hyphens and apostrophes.
creation-pool-name-current = Now: <b>{ $name }</b>. Send another name or press “Next”.

creation-pool-gender =
    <b>New character · step 2 of 4</b>
    Is <b>{ $name }</b> a man or a woman?
    Gender matters for one rule: a woman without a jacket gets a penalty of 1 to attack and defense rolls. The start kit has a jacket, but it can be lost.
creation-pool-male = Man
creation-pool-female = Woman
creation-pool-gender-m = man
creation-pool-gender-f = woman

creation-pool-stats =
    <b>New character · step 3 of 4</b>
    Spread { $points } points over the five stats with − and +. Vitality is at least 1, the others at least 0. Press a stat's name to learn what it does.

    Points left: <b>{ $left }</b> of { $points }
creation-pool-stat-button = { $stat }: { $value }
creation-pool-reset = ↺ All to minimum
creation-pool-hint-no-points = ⚠️ No points left: take a point from another stat first (−).
creation-pool-hint-minimum = ⚠️ { $stat } cannot go below { $minimum }.
creation-pool-hint-unspent = ⚠️ Spend every point: { $left } left. “Next” works once 0 are left.
creation-pool-about-initiative = ℹ️ Initiative: a 1d10 + Initiative roll decides who grabs an item in a hall first, and the order of choosing opponents before a group fight.
creation-pool-about-attack = ℹ️ Attack: how many d10 you roll when you strike. Each attack success beyond the defense successes deals 1 damage.
creation-pool-about-defense = ℹ️ Defense: how many d10 you roll against a blow (one more die with a sword in each hand).
creation-pool-about-vitality = ℹ️ Vitality: maximum health; a character starts at full. At health 4 and below rolls get a penalty, at 1–2 you bleed.
creation-pool-about-charisma = ℹ️ Charisma: every cycle awake you roll that many d10, and each die brings a prize — an item, a ration, a pill or a coin. Everyone sees Charisma.

creation-pool-preview =
    <b>New character · step 4 of 4</b> — check and confirm.

    <b>{ $name }</b>, { $gender }
    { $stats }
    Health: { $health } of { $health } (maximum = Vitality)
creation-pool-stat-line = { $stat }: <b>{ $value }</b>
creation-pool-penalty-none = No penalty at the start: attack and defense dice succeed on { $threshold } and up.
creation-pool-penalty =
    Penalty to attack and defense rolls at the start: <b>+{ $total }</b> (success on { $threshold } and up instead of 6):
    { $causes }
creation-pool-cause-wounds = • wounds: health { $health } — +{ $amount } (a penalty while health is 4 or less)
creation-pool-cause-no-trousers = • no trousers — +{ $amount }
creation-pool-cause-no-sword = • no sword in hand — +{ $amount }
creation-pool-cause-no-jacket = • a woman without a jacket — +{ $amount }
creation-pool-cause-hunger = • hunger — +{ $amount }
creation-pool-cause-sleeplessness = • sleeplessness — +{ $amount }
creation-pool-bleeding = ⚠️ With Vitality { $vitality } the wound penalty applies even at full health, and any wound bleeds at once: only healing back to full stops it.
creation-pool-appearance = Appearance (everyone sees it): Charisma { $charisma }, build “{ $build }” (Attack + Defense = { $sum }).
creation-pool-build-feeble = weakling
creation-pool-build-normal = average
creation-pool-build-hulk = brute
creation-pool-kit =
    Start kit: jacket, trousers and backpack worn; a sword in the right hand; { $rations } { $rations ->
        [one] ration
       *[other] rations
    }{ $pocket ->
        [0] { " " }and { $pills } { $pills ->
            [one] pill
           *[other] pills
        } in the backpack; empty pockets, no coins.
       *[other] { " " }in the backpack, { $pocket } { $pocket ->
            [one] pill
           *[other] pills
        } in the jacket's left pocket; the right pocket empty, no coins.
    }
    Other players do not see your health, items or hall — unless they pay a coin.
creation-pool-pills-hint = 💊 At health 0 only pills in the jacket's left pocket can save you, and the starting ones are in the backpack. Move them with the button below, or later in /inventory.
creation-pool-pills-moved = 💊 The pills are in the jacket's left pocket: at health 0 you can take them.
creation-pool-pills-move = 💊 Move { $movable } to the left pocket
creation-pool-confirm = ✅ Create the character
creation-pool-created = ✅ Character #{ $number } “{ $name }” created! Your full sheet: /me. Head back to the game's group: that is where everything happens.
