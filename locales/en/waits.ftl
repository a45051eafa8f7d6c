## Waiting for players: time limits, what happens without an answer, reminders

wait-duration-hours = { $n } h
wait-duration-minutes = { $n } min
wait-duration-seconds = { $n } s

## Time limits in the game settings (/game): in minutes

settings-ask-minutes =
    { $current }

    Send the new value in minutes: from { $low } to { $high }.
error-setting-minutes = Only from { $low } to { $high } min is allowed. Nothing changed.
