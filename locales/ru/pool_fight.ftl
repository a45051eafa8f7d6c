## Групповой бой (система pool)

pool-fight-usage = Напасть: /fight N — номер персонажа из /players. Или ответьте командой /fight на сообщение соперника. Соперник должен быть в одном зале с вами.
pool-fight-admin-usage = Какой бой? Укажите номер: /fight_next N или /fight_stop N — или ответьте командой на сообщение боя. Идут бои: { $fights }.
pool-fight-sleeper-killed = 💀 Удар во сне: { $attacker } → { $sleeper }. Охраны нет — { $sleeper } погибает, не проснувшись.

pool-fight-challenge = ⚔️ <b>Бой №{ $id }</b>, зал { $hall }: { $attacker } → { $target }
pool-fight-guarded = 🛡 { $sleeper } спит под охраной. Сначала бой со стражем: { $attacker } → { $guard }.
pool-fight-joined = Участники: { $names }.
pool-fight-join-hint = Все, кто ещё есть в этом зале, могут вступить в бой: на раздумья { $time }. Начать раньше могут { $attacker } или мастер.
pool-fight-joined-you = Вы вступили в бой.
pool-fight-challenged-you = Вы напали.
pool-fight-confirm = ⚔️ Напасть: { $name }?
pool-fight-confirm-kill = ⚔️ { $name } спит без охраны: нападение { $gender ->
    [f] убьёт её
   *[m] убьёт его
}. Напасть?
pool-fight-confirm-yes = Да
pool-fight-confirm-no = Нет
pool-fight-confirm-done = ⚔️ Вы напали. Цель: { $name }. Что дальше — в группе игры.
pool-fight-confirm-dropped = Нападения не будет.
pool-fight-confirm-changed = Пока вы решали, всё изменилось: прочтите вопрос заново.
pool-fight-asked = Вопрос — в личном чате с ботом: подтвердите там.
pool-fight-ask-unreachable = Перед нападением я спрашиваю в личном чате, но написать вам туда не могу. Откройте чат со мной, нажмите «Запустить» и повторите.
pool-fight-started-you = Бой начинается!
pool-fight-called-off = Бой №{ $id } не состоялся: сражаться некому.

pool-fight-initiative-title = 🎲 Инициатива (1d10 + Инициатива):
pool-fight-initiative-roll = { $name }: 🎲 { $die } + { $bonus } = <b>{ $total }</b>
pool-fight-initiative-reroll = Ничья — переброс среди равных:
pool-fight-order = Соперников выбирают по очереди, от меньшей инициативы к большей: { $names }.
pool-fight-choosing = 👉 Соперника выбирает: { $name } — в личном чате с ботом.
pool-fight-unreachable = ⚠️ { $name }, бот не может вам написать. Откройте чат с ботом, нажмите «Запустить», затем здесь «Прислать выбор». Иначе по истечении времени соперник будет выбран за вас.

pool-fight-round-title = <b>Раунд { $round }</b> · { $chosen }
pool-fight-line = { $mark } { $name } { $bar } { $health }/{ $max }{ $details }
pool-fight-target = → { $name }
pool-fight-choosing-target = выбирает соперника
pool-fight-chosen = ход сделали: { $done } из { $total }
pool-fight-hints = Каждый жмёт за своего персонажа. Таблетки — только из левого кармана куртки.

pool-fight-state-dead = { $gender ->
    [f] погибла
   *[m] погиб
}
pool-fight-state-out = вне боя
pool-fight-state-zero = при смерти
pool-fight-state-fallen = { $gender ->
    [f] упала
   *[m] упал
}
pool-fight-state-unarmed = без меча
pool-fight-state-bleeding = кровотечение
pool-fight-penalty = штраф { $total } ({ $causes })
pool-fight-cause-wounds = раны { $amount }
pool-fight-cause-no-trousers = без брюк { $amount }
pool-fight-cause-no-sword = без меча { $amount }
pool-fight-cause-no-jacket = без куртки { $amount }
pool-fight-cause-hunger = голод { $amount }
pool-fight-cause-sleeplessness = без сна { $amount }

pool-fight-button-join = Вступить
pool-fight-button-start = Начать
pool-fight-button-attack = ⚔️ Атаковать
pool-fight-button-stand = 🧍 Встать
pool-fight-button-pills = 💊 { $count ->
        [0] все
       *[other] { $count }
    }
pool-fight-button-resend = 📩 Прислать выбор
pool-fight-button-open-chat = Открыть чат с ботом

pool-fight-acted-attack = Вы атакуете. Ждём остальных.
pool-fight-acted-pills = { $count ->
        [0] Вы глотаете все таблетки из левого кармана.
       *[other] Вы глотаете таблетки: { $count }.
    } Ждём остальных.
pool-fight-acted-stand = Вы поднимаетесь на ноги. Ждём остальных.

pool-fight-prompt-setup = ⚔️ Бой №{ $id }: ваш черёд выбрать соперника. Без выбора за { $time } — { $default }.
pool-fight-prompt-pick = ⚔️ Бой №{ $id }: вас выбрали сразу несколько противников. Кого атакуете? Без выбора — { $default }.
pool-fight-prompt-retarget = ⚔️ Бой №{ $id }: ваш соперник выбыл. Выберите нового; без выбора — { $default }.
pool-fight-target-taken = Соперник: { $name }.
pool-fight-target-done = ⚔️ Бой №{ $id }: вы выбрали — { $name }.
pool-fight-resent = Выбор отправлен вам в личный чат с ботом.

pool-fight-results-title = 📜 <b>Бой №{ $id }, раунд { $round }</b>
pool-fight-round-closed = ✔️ <b>Раунд { $round }</b> сыгран — итоги ниже.
pool-fight-quiet-round = Никто не атаковал.
pool-fight-exchange = 🗡 { $attacker } → { $defender }: { $outcome }
pool-fight-exchange-dice = 🎲 { $attacker } → { $defender }: { $attack } · { $defense }
pool-fight-attack-roll = атака { $dice } (порог { $threshold }) → { $result }
pool-fight-defense-roll = защита { $dice } (порог { $threshold }) → { $result }
pool-fight-threshold-plain = { $threshold }
pool-fight-threshold = { $threshold } = 6 + { $causes }
pool-fight-no-defense = защиты нет: { $reason ->
    [fallen] лежит на земле
   *[zero] при смерти
}
pool-fight-damage = урон <b>{ $damage }</b>
pool-fight-miss = промах
pool-fight-pills = 💊 { $name } глотает таблетки ({ $count }) — здоровье { $health }.
pool-fight-dropped = 🔻 { $name } роняет меч на пол зала
pool-fight-fell = 🤕 { $name } падает без оружия
pool-fight-bled = 🩸 { $name } истекает кровью: здоровье { $health }.
pool-fight-died-wounds = ☠️ { $name } погибает от ран.
pool-fight-died-unattended = ☠️ { $name } умирает: здоровье оставалось 0 весь раунд.
pool-fight-stood-up = 🧍 { $name } поднимается на ноги.

pool-fight-over = 🏁 Бой №{ $id } окончен. В строю: { $names }.
pool-fight-over-nobody = 🏁 Бой №{ $id } окончен. В строю никого не осталось.
pool-fight-over-zero = При смерти (здоровье 0): { $names }.
pool-fight-over-dead = Погибли: { $names }.
pool-fight-stopped = 🛑 Бой №{ $id } остановлен мастером. { $count ->
    [0] В строю никого.
   *[other] В строю: { $names }.
}

error-fight-self = Напасть на самого себя нельзя.
error-fight-asleep = Вы спите: во сне не сражаются.
error-fight-busy = { $name } уже в бою. Дождитесь, пока бой закончится.
error-fight-not-in = Это кнопка участников боя, а вашего персонажа в нём нет.
error-fight-cannot-join = { $reason ->
    [already] Вы уже в этом бою.
    [hall] Вступить можно только в бой в своём зале.
    [asleep] Вы спите и не можете вступить в бой.
    [health] При смерти в бой не вступают.
   *[busy] Вы уже сражаетесь в другом бою.
}
error-fight-action = { $problem ->
    [only_pills] При смерти можно только глотать таблетки из левого кармана куртки.
    [only_stand_up] Вы лежите: сначала нужно встать.
    [not_fallen] Вы и так на ногах.
    [not_enough_pills] В левом кармане куртки столько таблеток нет. В бою доступен только левый карман.
    [not_in_fight] Вы уже вне боя.
   *[bad_count] Так нельзя.
}
error-fight-already-acted = Вы уже сделали ход в этом раунде.
error-fight-target = Этот соперник уже недоступен — выберите другого.
error-fight-not-your-turn = Сейчас выбираете не вы.
error-fight-private-closed = Бот не может вам написать: откройте чат с ботом по кнопке, нажмите «Запустить» и попробуйте снова.
error-fight-none = Такого боя сейчас нет.
fight-view-gm = Вы ведёте эту игру. Команды для боя — в группе: /fight_next { $id } — двинуть бой дальше (начать его, принять выбор по умолчанию или бросить раунд сейчас), /fight_stop { $id } — остановить бой.
fight-view-open-button = ⚔️ К сообщению боя в группе
pool-fight-link-nothing-to-choose = Сейчас в этом бою выбирать не нужно: бот напишет, когда настанет ваш черёд.
