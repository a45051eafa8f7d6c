## Поединок (система duel)
## Имена только в именительном падеже («Урон: Бронн −12»); глагол или краткое прилагательное,
## согласованное с бойцом, — через селектор на его род $gender («упал» / «упала»).

duel-usage = Вызов на поединок: /duel N навык — например, /duel 2 пеший. Или ответьте на сообщение соперника: /duel пеший.
duel-npc-usage = Вызов от НПС мастера: /duel N навык | Имя навык [ловкость] [хиты] — например, /duel 2 пеший | Разбойник 8 20 30: НПС «Разбойник» (навык 8, ловкость 20 %, 30 хитов) вызывает персонажа №2. Ловкость — от 0 до 100 (без неё 0), хиты — от 1 до { $max } (без них 30), навык НПС — от 1 до 99; имя — 2–32 символа.
duel-challenge =
    ⚔️ Вызов на поединок: { $challenger } → { $opponent }
    Навык «{ $skill }»: { $cskill } против { $oskill }.
    Принять или отказаться может только { $answerer }.
duel-button-accept = Принять
duel-button-decline = Отказаться
duel-button-go-on = Продолжить
duel-button-stop = Остановиться
duel-accepted = 🤝 Вызов принят: { $challenger } → { $opponent }. Бой начинается!
duel-declined = 🚫 Вызов отклонён: { $challenger } → { $opponent }. { $opponent } отказывается от поединка.
duel-expired = ⌛ Вызов истёк: { $challenger } → { $opponent }. { $opponent } не { $gender ->
        [f] ответила
       *[m] ответил
    } вовремя.

duel-round-header = ⚔️ <b>Раунд { $round }</b>, навык «{ $skill }»: { $challenger } ({ $cskill }) — { $opponent } ({ $oskill }).
duel-round-rolls = 🎲 1–{ $sides } · { $challenger } : { $opponent }
# One side's successes: their count, then each die (bold: it counts for this side).
duel-round-side = { $name } { $count } ({ $rolls })
duel-round-side-none = { $name } 0
duel-round-score = Счёт { $wins }:{ $losses } — раунд { $gender ->
        [f] выиграла
       *[m] выиграл
    } { $winner }.
duel-round-dodges = Ловкость: { $loser }, { $agility } %; d100: { $dodges } → уклонений: { $dodged } из { $count }.
duel-round-damage = { $damage ->
        [0] Урона нет: { $loser } { $gender ->
            [f] увернулась
           *[m] увернулся
        } от всех ударов.
       *[other] Урон: { $loser } <b>−{ $damage }</b> ({ $successes } × { $skill }).
    }
duel-round-hp = { $name }: { $bar } { $hp }/{ $max }
duel-round-hp-down = { $name }: { $bar } 0/{ $max } — { $dead ->
        [yes] { $gender ->
            [f] пала
           *[m] пал
        }
       *[no] { $gender ->
            [f] повержена
           *[m] повержен
        }
    }
duel-round-closed = { $next ->
        [0] ✔️ Решение принято — итог ниже.
       *[other] ✔️ Оба выбрали «Продолжить» — раунд { $next } ниже.
    }
duel-ask-choice = Продолжаете? Бой идёт дальше, только если оба нажмут «Продолжить».
duel-choice-made = Ваш выбор: { $choice }. Ждём соперника.
duel-choice-go-on = продолжить
duel-choice-stop = остановиться
duel-chose-go-on = ✅ { $name } выбирает «Продолжить». Ждём ответа: { $other }.
duel-end-stopped = 🏳 { $who } останавливает поединок. Победа: { $winner }.
duel-end-knockout = 💥 { $loser } { $gender ->
        [f] повержена
       *[m] повержен
    }. Победа: { $winner }. { $loser } не сможет сражаться, пока мастер не восстановит хиты (/heal).
duel-end-killed = ☠️ Поединок насмерть: { $loser } { $gender ->
        [f] пала
       *[m] пал
    }. Победа: { $winner }.
duel-end-forfeit = ⌛ Время на решение вышло: { $who } не { $gender ->
        [f] ответила
       *[m] ответил
    }, а { $winner } { $winner_gender ->
        [f] была готова
       *[m] был готов
    } продолжать. Поединок окончен: молчание засчитано как поражение. Победа: { $winner }.
duel-end-unanswered = ⌛ Время на решение вышло: ни { $challenger }, ни { $opponent } не ответили. Поединок окончен: последний раунд { $gender ->
        [f] выиграла
       *[m] выиграл
    } { $winner } — { $gender ->
        [f] ей
       *[m] ему
    } и победа.
heal-usage = Лечение: /heal N причина — до полного, или /heal N сколько причина — до указанного значения (в любой системе). Например: /heal 2 отдых в таверне. Причина обязательна: она попадёт в журнал /log. Всех разом — /rest причина.
