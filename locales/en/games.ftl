## Games in a group

system-pool = d10 pool (survival in the halls)
system-duel = Duel
system-d20 = d20 (outcome table)

game-choose-system = Which system do we run in this chat? Choose with a button (admins only).
game-created =
    🎲 The game has begun: <b>{ $system }</b>.
    🔐 The dice are sealed in advance. The seed's fingerprint (SHA-256):
    <code>{ $commitment }</code>
    After the game anyone can check every roll (/verify, or the roll log in the app) and compare the fingerprint with this message.

    Join with the button below: we build your character in private.
game-join-button = Create a character
game-join = We build characters in a private chat with me — press the button:
game-ended =
    🏁 The game “{ $system }” is over. Rolls this game: { $rolls }.
    🔓 The dice seed is revealed: every roll can now be checked with /verify.
duel-default-skills = foot, mounted

## Refusals

error-refused = That is not allowed; nothing changed.
error-no-game = There is no game in this chat right now. An admin can start one with /newgame.
error-game-ended = This game is over. You can start a new one with /newgame in the group.
error-game-exists = A “{ $system }” game is already running here. End it first: /endgame.
error-not-admin = Only chat admins and game masters can do that.
error-group-only = This command works in the game's group chat.
error-name =
    { $problem ->
        [length] A name must be 2 to 32 characters long.
        [taken] That name is taken: this game already has “{ $existing }”, and yours reads the same (case and lookalike letters of other alphabets do not count). Pick another.
       *[characters] A name may contain only letters, digits, spaces, hyphens and apostrophes.
    }
error-has-character = You already have a living character in this game. See it with /me.
error-no-new-character = This game does not allow a new character after the old one died.
error-no-character = There is no character number { $number }.
error-race = A race in your own words takes 1 to { $limit } characters (yours has { $length }). Make it shorter or pick one from the list.
error-build = That character does not fit the game's rules. Check the values and try again.

error-wrong-system = This command is not for this game's system.
error-no-own-character = You have no living character in this game. Create one: /join. If your character died, /me tells when and how.
error-not-your-button = Not your button: only the character's owner may press it.
error-stale-action = This button no longer works: the move was made or the fight is over.
error-duel-skill = Both fighters need that skill, from this game's list: { $skills }.
error-duel-self = You cannot challenge yourself.
error-duel-busy = One of you is already in a duel. Finish it first.
error-cannot-fight = { $state ->
        [dead] { $name } is dead and fights no more. Only the game master can bring them back: /revive.
        [gone] { $name } was removed from the game and does not fight.
        [beaten] { $name } is beaten and cannot fight until the game master restores their HP: /heal.
        [fallen] { $name } is down (0 HP) and cannot fight until the game master restores their HP: /heal or /rest.
       *[other] { $name } cannot fight right now.
    }
error-bad-number = A number from { $low } to { $high } is needed.

## The group became a supergroup (a new chat id in Telegram)

game-chat-moved =
    🔁 This group became a supergroup (Telegram does it by itself, for instance when the history is opened to new members), and it has a new address now. The game “{ $system }” moved with it: characters, fights and the roll log are all here.
game-chat-moved-buttons = The old messages’ buttons no longer work — whatever waits for a press is repeated below.
