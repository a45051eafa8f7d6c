## A character's grammatical gender ("he" or "she"): the Russian texts agree with it

creation-gender-prompt =
    <b>{ $name }</b>: he or she?
    The bot writes about your character accordingly.
creation-gender-he = he
creation-gender-she = she
