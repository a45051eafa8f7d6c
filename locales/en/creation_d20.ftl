## Creating a d20 character

creation-d20-name-prompt =
    🎲 <b>A new character</b>
    What is your hero's name? Send it as a message: 2 to 32 characters — letters, digits, spaces, hyphens and apostrophes.
creation-d20-name-current = Now: <b>{ $name }</b>. Send another name or press "Next".
creation-d20-need-text = Please send text.
creation-d20-class-prompt =
    <b>{ $name }</b>: choose a class.
    The class sets your hit points (HP); everyone's armour class is { $ac }.
creation-d20-class-button = { $class } — { $hp } HP
creation-d20-class-warlock = warlock
creation-d20-class-wizard = wizard
creation-d20-class-cleric = cleric
creation-d20-class-monk = monk
creation-d20-class-fighter = fighter
creation-d20-class-paladin = paladin
creation-d20-class-ranger = ranger
creation-d20-class-barbarian = barbarian
creation-d20-description-prompt =
    <b>{ $name }</b>, { $class }.
    Describe your character briefly — looks, temper, where { $gender ->
        [f] she comes
       *[m] he comes
    } from (up to { $limit } characters). This is optional: you may press "Skip".
creation-d20-description-current = Now: { $description }
creation-d20-error-description-long = The description is longer than { $limit } characters (yours has { $length }). Please shorten it.
creation-d20-preview =
    <b>Check your character</b>
    Name: <b>{ $name }</b> ({ $gender ->
        [f] she
       *[m] he
    })
    Class: { $class }
    HP: { $hp }, armour class: { $ac }
creation-d20-race-prompt =
    <b>Race</b> is optional. It changes no number, but the bot uses it to pick plausible battle narration: a slight halfling dodges an axe rather than blocking it.
    Pick one from the list, press "Other…" or just type your own; you may skip.
creation-d20-race-current = Now: { $race }
creation-d20-race-other-prompt = Type the race in your own words, up to { $race_limit } characters, e.g. "half-elf" or "kenku".
creation-d20-preview-race = Race: { $race }
creation-d20-preview-description = Description: { $description }
creation-d20-preview-no-description = Description: none
creation-d20-preview-confirm = All correct? Press "Create".
creation-d20-button-next = Next ▶️
creation-d20-button-skip = Skip
creation-d20-button-keep = Keep this ▶️
creation-d20-button-back = ◀️ Back
creation-d20-button-cancel = ✖️ Cancel
creation-d20-button-confirm = ✅ Create
creation-d20-cancelled = Character creation cancelled, nothing was saved. Start again with the "Create a character" button under the game's message or with /join in the group.
creation-d20-created =
    ✅ Character #{ $number } "{ $name }" is created and has joined the game.
    Its sheet: /me here in the private chat.
