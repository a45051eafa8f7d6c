## Waiting for players: time limits, what happens without an answer, reminders

wait-duration-hours = { $n } h
wait-duration-minutes = { $n } min
wait-duration-seconds = { $n } s

wait-timeout-round = ⏱ Whoever has not chosen an action within { $time } attacks their opponent.
wait-timeout-choice = ⏱ With no choice within { $time }, an opponent is assigned automatically.
wait-timeout-turn = ⏱ With no answer within { $time }, the turn is skipped.
wait-timeout-narration = ⏱ With no description within { $time }, the battle goes on.
wait-timeout-challenge = ⏱ With no answer within { $time }, the challenge lapses.
wait-timeout-duel = ⏱ Whoever does not answer within { $time } loses; if neither answers, the winner of this round wins.

wait-reminder-round = ⏳ { $names }: the round waits for your move, { $left } left.
wait-reminder-choice = ⏳ { $names }: choose your opponent in the private chat with the bot, { $left } left.
wait-reminder-turn = ⏳ { $names }: your turn waits for you, { $left } left — then it is skipped.
wait-reminder-narration = ⏳ { $names }: the battle waits for your description, { $left } left — then it goes on without it.
wait-reminder-challenge = ⏳ { $names }: the challenge waits for your answer, { $left } left.
wait-reminder-duel = ⏳ { $names }: the duel waits for your decision, { $left } left.

## Time limits in the game settings (/game): in minutes

settings-ask-minutes =
    { $current }

    Send the new value in minutes: from { $low } to { $high }.
error-setting-minutes = Only from { $low } to { $high } min is allowed. Nothing changed.
