## Команды мастера: /give, /revive, /place, /pause, /resume — каждая с причиной для журнала

error-game-paused = ⏸ Игра на паузе: мастер её остановил. Продолжится после /resume, а смотреть (/me, /players, /log) можно и сейчас.

gm-error-no-reason = Нужна короткая причина: она попадёт в журнал /log, чтобы игроки видели, почему мастер вмешался.
gm-error-reason-long = Причина длинновата: { $length } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    }, а можно до { $limit }. Хватит пары слов.
gm-error-count = Сколько дать: от 1 до { $high }.
gm-error-item = Не знаю вещь «{ $word }». Вещи: куртка, брюки, рюкзак, меч, рацион, таблетка, монета.
gm-error-not-living = №{ $number } { $name } — не среди живых: сначала /revive { $number } причина.
gm-error-alive = №{ $number } { $name } — среди живых: оживлять некого.
gm-error-kicked = №{ $number } { $name }: это исключение из игры (/kick), а не гибель — оживить нельзя.
gm-error-has-living = №{ $number } { $name }: оживить нельзя — у этого игрока уже есть живой персонаж в игре: { $other }. Один живой персонаж на игрока.
gm-error-revive-fighting = №{ $number } { $name } всё ещё в списке идущего боя. Оживить можно, когда бой закончится.
gm-error-already-paused = Игра уже на паузе. Продолжить: /resume причина.
gm-error-not-paused = Игра и так идёт, не на паузе. Остановить: /pause причина.
gm-error-rest-fighting = Привал — только между боями, а сейчас в игре идёт бой (или ждёт ответа вызов). Дождитесь его конца.
gm-error-rest-nobody = Все живые персонажи и так полностью здоровы: привал ничего не изменит. В журнал ничего не записано.

gm-heal-done = 💚 №{ $number } { $name }: хиты восстановлены, { $hp }/{ $max }. Записано в журнал /log.
gm-heal-done-pool = 💚 Мастер лечит №{ $number } { $name }. Сколько теперь здоровья — тайна: цифры знает только игрок. Записано в журнал /log.
gm-heal-yours = 💚 Мастер вылечил вашего персонажа: здоровье { $before } → { $after } из { $max }.
rest-usage = Привал между боями: /rest причина — все живые персонажи игры восстанавливают здоровье полностью. Например: /rest ночь в таверне. Причина обязательна: она попадёт в журнал /log. Павших привал не поднимает — для них /revive.
gm-rest-done =
    🏕 Привал — «{ $reason }». Силы восстановлены:
    { $lines }
    Записано в журнал /log.
gm-rest-line = • №{ $number } { $name }: хиты { $before } → { $after }/{ $max }
gm-rest-line-pool = • №{ $number } { $name } (здоровье полностью, цифры — тайна игрока)
gm-rest-yours = 🏕 Привал: здоровье вашего персонажа восстановлено полностью — { $max } из { $max }.

gm-give-usage =
    Дать вещь персонажу (пул): /give N вещь [сколько] причина — например, /give 3 меч нашёл в сундуке или /give 2 монеты 10 награда за загадку.
    Причина обязательна: она попадёт в журнал /log. Вещи: куртка, брюки, рюкзак, меч, рацион, таблетка, монета.

# Words /give accepts for each item (any form, separated by spaces).
gm-item-words = { $item ->
        [jacket] куртка куртки куртку курток
        [trousers] брюки брюк штаны
        [backpack] рюкзак рюкзаки рюкзака рюкзаков
        [sword] меч мечи меча мечей
        [ration] рацион рационы рациона рационов еда
        [pill] таблетка таблетки таблетку таблеток
       *[coin] монета монеты монету монет
    }
gm-give-pool-only = /give — для пула d10: в других системах вещей нет.
gm-give-done = 🎁 №{ $number } { $name } получает { $items }: { $spread }. Записано в журнал /log.

gm-revive-usage = Оживить погибшего персонажа: /revive N причина — например, /revive 3 ошибка бота. Причина обязательна: она попадёт в журнал /log.
gm-revive-done-pool = ✨ №{ $number } { $name } снова среди живых — еле-еле: здоровье 1, зал { $hall }. Кровотечение никуда не делось: нужны таблетки. Записано в журнал /log.
gm-revive-done = ✨ №{ $number } { $name } снова в строю: хиты { $hp }. Записано в журнал /log.

gm-place-usage = Поставить персонажа в зал (пул): /place N H причина — например, /place 2 3 телепорт мастера. Причина обязательна: она попадёт в журнал /log.
gm-place-pool-only = /place — для пула d10: залы есть только там.
gm-place-done = ✅ №{ $number } { $name } теперь в зале { $hall }. Записано в журнал /log.

gm-pause-usage = Поставить игру на паузу: /pause причина — например, /pause перерыв на обед. Причина обязательна: она попадёт в журнал /log.
gm-resume-usage = Продолжить игру: /resume причина — например, /resume все вернулись. Причина обязательна: она попадёт в журнал /log.
gm-paused =
    ⏸ Игра на паузе — «{ $reason }».
    Циклы, бои, поединки и все таймеры стоят; смотреть (/me, /players, /log) можно. Продолжить: /resume причина.
gm-resumed = ▶️ Игра продолжается — «{ $reason }». Таймеры идут с того места, где остановились.

log-gm-line = 🛠 Мастер { $actor }: { $what } — «{ $reason }»
log-gm-give = /give №{ $number }: { $items } ({ $spread })
log-gm-revive-pool = /revive №{ $number }: здоровье { $health }, зал { $hall }
log-gm-revive = /revive №{ $number }: хиты { $hp }
log-gm-place = /place №{ $number }: зал { $before } → { $after }
log-gm-pause = /pause
log-gm-kick = /kick №{ $number }: исключение из игры
log-gm-heal = /heal №{ $number }: хиты { $before } → { $after }
log-gm-heal-pool = /heal №{ $number }: здоровье (сколько — тайна игрока)
log-gm-rest = /rest: полное здоровье у персонажей с номерами { $numbers }
log-gm-resume = /resume (пауза длилась { $minutes ->
        [0] меньше минуты
       *[other] { $minutes } мин
    })
log-gm-other = { $action } { $details }
