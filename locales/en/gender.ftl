## A character's grammatical gender ("he" or "she"): the Russian texts agree with it

creation-gender-prompt =
    <b>{ $name }</b>: he or she?
    The bot writes about your character accordingly.
creation-gender-he = he
creation-gender-she = she

## A game master's edit (/edit N)

edit-button-gender = 👤 He / she
edit-gender =
    👤 <b>Gender</b> — #{ $number } { $name }. Now: { $gender ->
        [m] he
        [f] she
       *[other] not set
    }.
    How should the bot speak of the character?
edit-change-gender = gender: { $before ->
        [m] he
        [f] she
       *[other] not set
    } → { $after ->
        [f] she
       *[m] he
    }

## /me: once, for a character made before the bot asked

me-gender-ask = Tell the bot your character's gender, so that it writes about them right.
me-gender-he = He
me-gender-she = She
me-gender-set = Done: the bot now speaks of your character as “{ $gender ->
        [f] she
       *[m] he
    }”.
me-gender-error-set = The character's gender is already set. A game master can change it (/edit).
me-gender-error-gone = This character is no longer in the game: the button does nothing.
