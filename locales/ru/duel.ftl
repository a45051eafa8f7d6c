## Поединок (система duel)

duel-usage = Вызов на поединок: /duel N навык — например, /duel 2 пеший. Или ответьте на сообщение соперника: /duel пеший.
duel-challenge =
    ⚔️ { $challenger } вызывает { $opponent } на поединок: навык «{ $skill }», { $cskill } против { $oskill }.
    Принять или отказаться может только { $answerer }.
duel-button-accept = Принять
duel-button-decline = Отказаться
duel-button-go-on = Продолжить
duel-button-stop = Остановиться
duel-accepted = ⚔️ { $opponent } принимает вызов { $challenger }! Бой начинается.
duel-declined = { $opponent } отказывается от поединка с { $challenger }.
duel-expired = ⌛ Вызов { $challenger } к { $opponent } истёк без ответа.

duel-round-header = ⚔️ <b>Раунд { $round }</b>: { $challenger } ({ $cskill }) против { $opponent } ({ $oskill }), навык «{ $skill }».
duel-round-range = Кубик 1–{ $sides }: 1–{ $b } — успех { $opponent }, { $b1 }–{ $sides } — успех { $challenger }.
duel-round-rolls = Броски: { $rolls }.
duel-round-score = Счёт { $wins }:{ $losses } в пользу { $winner }.
duel-round-dodges = Ловкость { $loser } { $agility }%, d100: { $dodges }.
duel-dodge-yes = { $value } — уклонение
duel-dodge-no = { $value } — нет
duel-round-damage = Урон по { $loser }: { $successes } × { $skill } = <b>{ $damage }</b>.
duel-round-hp = { $name }: { $bar } { $hp }/{ $max }
duel-ask-choice = Продолжаете? Бой идёт дальше, только если оба нажмут «Продолжить».
duel-choice-made = Ваш выбор: { $choice }. Ждём соперника.
duel-choice-go-on = продолжить
duel-choice-stop = остановиться
duel-end-stopped = 🏳 { $who } останавливает поединок. Победа за { $winner }.
duel-end-knockout = 💥 { $loser } повержен. Победа за { $winner }; { $loser } выбывает, пока мастер не вылечит (/heal).
duel-end-killed = ☠️ { $loser } пал в поединке насмерть. Победа за { $winner }.
duel-choices-timeout = ⌛ Время на решение вышло: { $who } не ответил(а). Поединок окончен, победа за { $winner }.
duel-healed = { $name }: хиты восстановлены, { $hp }/{ $max }.
heal-usage = Лечение: /heal N причина — до полного, или /heal N хиты причина — до указанного значения. Например: /heal 2 отдых в таверне. Причина обязательна: она попадёт в журнал /log.
