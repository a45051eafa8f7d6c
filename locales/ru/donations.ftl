## Пожертвования (пул d10), диалог в личном чате

donate-title =
    🪙 <b>Пожертвования</b> — { $name }. Монет при себе: { $coins }.
    • любая своя вещь → 1 монета
    • { $prize } { $prize ->
        [one] монета
        [few] монеты
       *[many] монет
    } → любой приз на выбор
    • { $fact } { $fact ->
        [one] монета
        [few] монеты
       *[many] монет
    } → один факт о персонаже N: зал, вещи или здоровье
    • { $win } { $win ->
        [one] монета
        [few] монеты
       *[many] монет
    } разом → победа. Побеждают двое первых; после второго игра окончена.
donate-item-button = 🎁 Пожертвовать вещь (+1 монета)
donate-prize-button = 🏷 Приз за 5 монет
donate-fact-button = 🔎 Факт о персонаже за 1 монету
donate-win-button = 🏆 100 монет — победа
donate-close = Закрыть
donate-back = ◀️ Назад
donate-item-pick = Какую вещь пожертвовать? Каждое нажатие — одна вещь и +1 монета. Надетые куртку и рюкзак сначала освободите.
donate-prize-pick = Какой приз взять за 5 монет? Он ляжет туда же, куда лёг бы приз Харизмы (не поместится — на пол).
donate-fact-ask = О каком персонаже узнать? Напишите его номер (номера — /players в группе).
donate-fact-usage = Нужен номер персонажа, например 3.
donate-fact-pick = Что узнать о №{ $number }? Стоит 1 монету.
donate-q-hall = 🚪 Зал, где персонаж сейчас
donate-q-items = 🎒 Вещи при себе
donate-q-health = ❤️ Здоровье
donate-win-confirm = Пожертвовать разом: { $win } { $win ->
        [one] монета
        [few] монеты
       *[many] монет
    }? При вас: { $coins } { $coins ->
        [one] монета
        [few] монеты
       *[many] монет
    }.
donate-win-yes = ✅ Да, пожертвовать
donate-done-item = ✅ Пожертвовано: { $item }. +1 монета — { $where }.
donate-done-prize = ✅ Получено: { $item } — { $where }.
donate-done-fact = ✅ Ответ пришёл отдельным сообщением.
donate-done-win = 🏆 Победа! Ваше место среди победителей: { $rank }.
donate-fact-hall-answer = 🔎 №{ $number } { $name } сейчас в зале { $hall }.
donate-fact-health-answer = 🔎 №{ $number } { $name }: здоровье { $health }.
donate-fact-dead-answer = 🔎 №{ $number } { $name } — уже не среди живых.
donate-fact-items-answer =
    🔎 Вещи №{ $number } { $name }:
    { $items }
donate-group = Пожертвования — в личном чате со мной: напишите там /donate.
donate-group-won = 🏆 Победа: { $name } (№{ $number }) жертвует 100 монет разом. Место среди победителей: { $rank }.
donate-group-results = 🏁 Итоги: победители — { $first } и { $second }. Остальные пролетели.
