## Ожидание игроков: сроки, что будет без ответа, напоминания

wait-duration-hours = { $n } ч
wait-duration-minutes = { $n } мин
wait-duration-seconds = { $n } с

## Сроки в настройках игры (/game): в минутах

settings-ask-minutes =
    { $current }

    Пришлите новое значение в минутах: от { $low } до { $high }.
error-setting-minutes = Можно только от { $low } до { $high } мин. Ничего не изменилось.
