## Передача вещей другому персонажу в зале (пул d10): личные сообщения получателю и дарящему

gift-given-pills = 💊 { $giver } вкладывает вам в рот таблетки: { $count }. Проглочено — здоровье { $health } из { $max }.
gift-given = 🤝 { $giver } отдаёт вам: { $places }.
gift-placed = { $items } → { $where }
gift-offer = 🤝 { $giver } предлагает вам: { $items }.
gift-offer-ask = Взять? Предложение действует до конца цикла.
gift-button-take = ✅ Взять
gift-button-decline = ✖️ Отказаться
gift-taken = ✅ Взято: { $places }.
gift-declined = ✖️ Вы отказались: ничего не передано.
gift-failed = ❌ Не вышло: { $why ->
        [no_room] вам столько некуда положить
        [other_hall] вы уже не в одном зале
        [fighting] вы в бою, а в бою вещей не берут
       *[other] отдать это сейчас нельзя
    }. Ничего не передано.
gift-expired = ⌛ Предложение кончилось вместе с циклом: ничего не передано.
gift-giver-taken = 🤝 { $receiver } принимает от вас: { $items }.
gift-giver-declined = ✖️ { $receiver } отказывается: { $items } — остаются у вас.
gift-giver-failed = ❌ Передача не состоялась ({ $items }, получатель — { $receiver }): { $reason }
gift-pressed-taken = Взято.
gift-pressed-declined = Отказ принят.
gift-pressed-failed = Не вышло: причина — в сообщении.
gift-pressed-expired = Предложение уже не действует: цикл кончился.
world-error-cannot-give = { $reason ->
        [giver_fighting] Вы в бою: передавать вещи можно только вне боя.
        [receiver_asleep] Этот персонаж спит и не может взять: в вещи спящего ничего не положить (таблетки на нуле — можно, прямо в рот).
       *[receiver_fighting] Этот персонаж в бою: в бою вещей не берут (на нуле — можно дать таблетки, прямо в рот).
    }
world-error-no-room-gift = Не унесёт: { world-items } — поместится только { $room }. Карман — до 10 таблеток или до 100 монет одного вида, рюкзак — до 10 рационов, курток и брюк вместе, рука — одна вещь. Ничего не передано.
world-error-offer-gone = Это предложение уже не действует: на него ответили, или кончился цикл.
