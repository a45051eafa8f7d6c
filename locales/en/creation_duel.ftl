## Creating a fighter for duels (the "Duel" system)

creation-duel-name-prompt =
    ⚔️ <b>A new duelist</b>
    What is your character's name? Send it as a message: 2 to 32 characters — letters, digits, spaces, hyphens and apostrophes.
creation-duel-name-current = Now: <b>{ $name }</b>. Send another name or press "Next".
creation-duel-need-text = Please send text.
creation-duel-skills-prompt =
    <b>{ $name }</b>: combat skills.
    Tick one or more skills with the button bearing their name and set each with − and + (from { $min } to { $max } in this game). A ticked skill starts at { $default }.
creation-duel-no-skills = The game's admin has not set the skill list yet. Ask them to do it in the group with /game.
creation-duel-error-no-skill = Tick at least one skill.
creation-duel-error-skill-min = Not below { $min }: that is this game's lowest skill.
creation-duel-error-skill-max = Not above { $max }: that is this game's highest skill.
creation-duel-agility-prompt =
    <b>{ $name }</b>: agility — <b>{ $agility }%</b>.
    Agility is the chance to dodge each successful blow of the opponent: a d100 is rolled for each of their successes, and a result not above your agility is a dodge. In this game agility is { $min } to { $max }%.
    Change it with the buttons or send a number.
creation-duel-error-agility-range = Agility in this game is { $min } to { $max }%.
creation-duel-error-agility-number = Send agility as a whole number from { $min } to { $max }, or use the buttons.
creation-duel-preview =
    <b>Check your fighter</b>
    Name: <b>{ $name }</b> ({ $gender ->
        [f] she
       *[m] he
    })
    Skills:
    { $skills }
    Agility: { $agility }%
    HP: { $hp } (set by the game)

    All correct? Press "Create".
creation-duel-preview-skill = • { $skill } { $value } — chance to win a round { $odds }
creation-duel-preview-odds = against skill { $opponent }: { NUMBER($chance, maximumFractionDigits: 1) }%
creation-duel-button-next = Next ▶️
creation-duel-button-back = ◀️ Back
creation-duel-button-cancel = ✖️ Cancel
creation-duel-button-confirm = ✅ Create
creation-duel-cancelled = Character creation cancelled, nothing was saved. Start again with the "Create a character" button under the game's message or with /join in the group.
creation-duel-created =
    ✅ Character #{ $number } "{ $name }" is created and has joined the game.
    Its sheet: /me here in the private chat.
