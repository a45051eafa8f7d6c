## Ожидание игроков: сроки, что будет без ответа, напоминания

wait-duration-hours = { $n } ч
wait-duration-minutes = { $n } мин
wait-duration-seconds = { $n } с

wait-timeout-round = ⏱ Кто не выберет действие за { $time }, атакует своего соперника.
wait-timeout-choice = ⏱ Через { $time } без выбора соперник будет назначен автоматически.
wait-timeout-turn = ⏱ Через { $time } без ответа ход будет пропущен.
wait-timeout-narration = ⏱ Через { $time } без описания бой продолжится.
wait-timeout-challenge = ⏱ Через { $time } без ответа вызов истечёт.
wait-timeout-duel = ⏱ Кто не ответит за { $time }, тот проиграет; промолчат оба — победит выигравший этот раунд.

wait-reminder-round = ⏳ { $names }: ход ждёт вас, осталось { $left }.
wait-reminder-choice = ⏳ { $names }: выбор соперника ждёт вас в личном чате с ботом, осталось { $left }.
wait-reminder-turn = ⏳ { $names }: ход ждёт вас, осталось { $left } — потом он будет пропущен.
wait-reminder-narration = ⏳ { $names }: бой ждёт вашего описания, осталось { $left } — потом он продолжится без него.
wait-reminder-challenge = ⏳ { $names }: вызов ждёт вашего ответа, осталось { $left }.
wait-reminder-duel = ⏳ { $names }: поединок ждёт вашего решения, осталось { $left }.

## Сроки в настройках игры (/game): в минутах

settings-ask-minutes =
    { $current }

    Пришлите новое значение в минутах: от { $low } до { $high }.
error-setting-minutes = Можно только от { $low } до { $high } мин. Ничего не изменилось.
