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
