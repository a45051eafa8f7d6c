## Game settings (/game)

settings-open = ⚙️ The game's settings open in your private chat with me. Tap the button:
settings-open-button = Open settings in private
settings-main =
    ⚙️ <b>Settings of game no. { $game_id }</b>: { $system }
    Chat: “{ $title }”

    { $summary }

    − and + change a value; tap a setting's name to type a number. Every change is saved at once.
settings-round-timeout = ⏱ Time for a move: { $round_timeout }
settings-join-window = 🚪 Gathering and answering a challenge: { $join_window }
settings-choice-timeout = 🎯 Choosing an opponent: { $choice_timeout }
settings-narration-timeout = 📜 Time to describe: { $narration_timeout }
settings-halls = 🏛 Halls: { $halls }
settings-auto-tick =
    🔁 Auto cycle: { $auto_tick_minutes ->
        [0] off
        [1] every minute
       *[other] every { $auto_tick_minutes } min
    }
settings-skill-min = 🗡 Skill from: { $skill_min }
settings-skill-max = 🗡 Skill up to: { $skill_max }
settings-agility-min = 🤸 Agility from: { $agility_min }%
settings-agility-max = 🤸 Agility up to: { $agility_max }%
settings-duel-hp = ❤️ Duel HP: { $duel_hp }
settings-duel-to-death =
    ☠️ Duels to the death: { $duel_to_death ->
        [yes] yes
       *[no] no
    }
settings-new-after-death =
    ♻️ New character after death: { $allow_new_after_death ->
        [yes] allowed
       *[no] not allowed
    }
settings-d20-any-action =
    🪄 Any action for every class: { $d20_any_action ->
        [yes] yes
       *[no] no, by the class table
    }
settings-duel-skills = 📋 Duel skills: { $skills }
settings-skills-button = 📋 Duel skills ({ $skill_count }) →
settings-skills =
    📋 <b>Duel skills</b> ({ $skill_count } of { $max_skills }): { $skills_text }

    To add a skill, send its name: 2 to 24 letters, spaces and hyphens allowed.
    To remove a skill, tap it. At least one skill must remain.
settings-ask-number =
    { $current }

    Send the new value as a number: from { $low } to { $high }.
settings-back = ← Back
settings-close = Close

error-setting-range = Only from { $low } to { $high } is allowed. Nothing changed.
error-skill =
    { $problem ->
        [length] A skill's name is 2 to 24 characters long.
        [duplicate] That skill is already on the list (case does not matter).
        [too-many] There can be at most 10 skills. Remove one first.
        [last] At least one skill must remain.
        [gone] That skill is no longer on the list.
       *[characters] A skill's name may contain only letters, spaces and hyphens.
    }
