## Мир пула d10: вещи, циклы, сон, залы и порталы

world-item = { $item ->
        [jacket] куртка
        [trousers] брюки
        [backpack] рюкзак
        [sword] меч
        [ration] рацион
        [pill] таблетка
       *[coin] монета
    }
world-items = { $item ->
        [jacket] { $count } { $count ->
            [one] куртка
            [few] куртки
           *[many] курток
        }
        [trousers] { $count } { $count ->
            [one] пара брюк
            [few] пары брюк
           *[many] пар брюк
        }
        [backpack] { $count } { $count ->
            [one] рюкзак
            [few] рюкзака
           *[many] рюкзаков
        }
        [sword] { $count } { $count ->
            [one] меч
            [few] меча
           *[many] мечей
        }
        [ration] { $count } { $count ->
            [one] рацион
            [few] рациона
           *[many] рационов
        }
        [pill] { $count } { $count ->
            [one] таблетка
            [few] таблетки
           *[many] таблеток
        }
       *[coin] { $count } { $count ->
            [one] монета
            [few] монеты
           *[many] монет
        }
    }
world-place = { $place ->
        [left_hand] левая рука
        [right_hand] правая рука
        [worn] надето
        [left_pocket] левый карман
        [right_pocket] правый карман
        [backpack] рюкзак
       *[floor] пол зала
    }
world-place-to = { $place ->
        [left_hand] в левую руку
        [right_hand] в правую руку
        [worn] надеть
        [left_pocket] в левый карман
        [right_pocket] в правый карман
        [backpack] в рюкзак
       *[floor] на пол
    }
world-nothing = пусто
world-item-one = { $item ->
        [jacket] куртка
        [trousers] брюки
        [backpack] рюкзак
        [sword] меч
        [ration] рацион
        [pill] таблетка
       *[coin] монета
    }
world-list-last = { $head } и { $last }

world-inv-hands = ✋ Руки: левая — { $left }, правая — { $right }
world-inv-worn = 👕 Надето: { $items }
world-inv-pockets = 🧥 Карманы куртки: левый — { $left }, правый — { $right }
world-inv-no-jacket = 🧥 Карманов нет: куртка не надета.
world-inv-backpack = 🎒 Рюкзак (заполнен на { $bulk }/{ $limit }: рационы, куртки и брюки): { $items }
world-inv-no-backpack = 🎒 Рюкзак не надет.

## Голод и бессонница (лист персонажа и личный отчёт цикла)

world-needs-hunger = 🍞 Без еды { $cycles } { $cycles ->
        [one] цикл
        [few] цикла
       *[many] циклов
    }: { $penalty ->
        [0] штрафа нет, он появится
       *[other] штраф +{ $penalty }, он вырастет
    } через { $next } { $next ->
        [one] цикл
        [few] цикла
       *[many] циклов
    } без еды. Рацион обнуляет счёт.
world-needs-paused = { " " }Во сне голод не растёт.
world-needs-sleepless = 😴 Без сна { $cycles } { $cycles ->
        [one] цикл
        [few] цикла
       *[many] циклов
    }: { $penalty ->
        [0] штрафа нет, он появится
       *[other] штраф +{ $penalty }, он вырастет
    } через { $next } { $next ->
        [one] цикл
        [few] цикла
       *[many] циклов
    } без сна. Сон на 2 цикла (/sleep) обнуляет счёт.
world-needs-sleeping = 😴 Сон: { $slept } из { $full } { $full ->
        [one] цикла
       *[other] циклов
    }. До сна — { $cycles } { $cycles ->
        [one] цикл
        [few] цикла
       *[many] циклов
    } без сна, штраф бессонницы { $penalty }: полный сон его обнулит, а если разбудят раньше — уполовинит.

## Тик: личный отчёт каждому

world-tick-head = 🌀 <b>Цикл { $cycle }</b> — { $name }
world-tick-slept = 😴 Проспан цикл ({ $cycles } из 2).
world-tick-healed = 💚 Сон лечит: здоровье { $health }.
world-tick-contest = ⚡ Спор за вещь на полу ({ $item }): ваша инициатива { $rolls } — место { $rank } из { $of }.
world-tick-picked = ✋ Подобрано: { $items } → { $place ->
        [left_hand] в левую руку
        [right_hand] в правую руку
        [worn] надето
        [left_pocket] в левый карман
        [right_pocket] в правый карман
       *[backpack] в рюкзак
    }.
world-tick-missed = ✋ Не досталось: { $items } (кто-то успел раньше, не хватило места или вы не могли действовать).
world-tick-charisma = 🎲 Бросок Харизмы, { $count }d10: { $dice }
world-tick-charisma-none = 🎲 Харизма 0: бросать нечего, призов нет.
world-tick-prize = • { $die } — { $item } → { $place ->
        [left_hand] в левую руку
        [right_hand] в правую руку
        [worn] надето
        [left_pocket] в левый карман
        [right_pocket] в правый карман
        [backpack] в рюкзак
       *[floor] на пол зала: некуда положить
    }
world-tick-bled = 🩸 Кровотечение: здоровье { $health }. { $health ->
        [0] Если к концу этого цикла здоровье останется 0 — смерть: спасут только таблетки из левого кармана куртки.
       *[other] Поднимите его хотя бы до 3 (таблетки), иначе к концу этого цикла станет ещё меньше.
    }
world-tick-died = 💀 Ваш персонаж погиб: { $cause ->
        [wounds] смертельные раны
        [killed_asleep] убит во сне
       *[unattended] здоровье оставалось 0 весь цикл
    }.
world-tick-woke = ☀️ Вы проснулись, выспавшись: бессонница обнулилась.
world-tick-moved = 🚪 Порталы открылись: вы перешли из зала { $here } в зал { $there }.
world-tick-blocked = 🚪 Порталы открылись, но в зал { $there } вы не перешли: { $reason ->
        [dead] персонаж мёртв
        [asleep] вы спите
        [at_zero] здоровье 0, сил идти нет
       *[closed] портал туда больше не ведёт
    }.
world-tick-move-waits = 🚪 Порталы открылись, но вы ещё спите. Заявка в зал { $there } остаётся: пройдёте, когда проснётесь, — спящие просыпаются за минуту до открытия порталов.
world-tick-health = ❤️ Здоровье { $health } из { $max }.

## Тик: коротко в группе (без тайн)

world-tick-group = 🌀 <b>Цикл { $cycle }</b> прошёл.
world-tick-group-woke = ☀️ Проснулись: { $names }.
world-tick-group-died = 💀 Погибли: { $names }.
world-tick-group-portals = 🚪 Порталы открылись: кто просился в другой зал — перешёл.
world-tick-group-private = 🔒 Кубики Харизмы, призы и остальное — каждому в личные сообщения.
world-tick-group-unreached = ✉️ Личный отчёт не доставлен: { $names }. Откройте чат со мной и нажмите «Запустить» — следующий дойдёт.

## Залы и порталы

world-look-head = 👁 <b>Зал { $hall }</b>
world-look-people = Здесь кроме вас (по виду):
world-look-person = • Харизма { $charisma }, сложение — { $build ->
        [feeble] дохлятина
        [hulk] кабанъ
       *[normal] норма
    }; { $gear }
world-look-person-asleep = • Харизма { $charisma }, сложение — { $build ->
        [feeble] дохлятина
        [hulk] кабанъ
       *[normal] норма
    }; { $gear } — 😴 спит
world-look-gear = { $jacket ->
        [yes] { $trousers ->
            [yes] в куртке и брюках
           *[no] в куртке, без брюк
        }
       *[no] { $trousers ->
            [yes] в брюках, без куртки
           *[no] без куртки и брюк
        }
    }, { $backpack ->
        [yes] с рюкзаком
       *[no] без рюкзака
    }, { $swords ->
        [left] меч в левой руке
        [right] меч в правой руке
        [both] мечи в обеих руках
       *[none] без меча
    }
world-look-nobody = Кроме вас здесь никого.
world-look-floor = На полу: { $items }
world-look-exits = Порталы ведут в залы: { $halls }. Переход: /move H.
world-look-no-exits = Порталы отсюда никуда не ведут.
world-look-moving = 🚪 Ваша заявка: в зал { $hall } при следующем открытии порталов.
world-halls-every = все залы соединены со всеми
world-halls-none = ни один портал не открыт
world-halls-show = 🚪 Залов в игре: { $halls }. Порталы: { $pairs }.
world-halls-usage = Порталы между залами: /halls all — каждый зал с каждым, или пары: /halls 1-2 2-3. Залов: { $halls } (число меняется в настройках, /game).
world-halls-set = ✅ Сохранено. { $portals }
world-error-hall-pair = Пара «{ $pair }» не годится: нужны два разных зала от 1 до { $halls }, например 1-2.
world-move-usage = Переход: /move H — номер зала, куда уйти при следующем открытии порталов; /move 0 — остаться.
world-move-done = 🚪 Заявка принята: при следующем открытии порталов — из зала { $here } в зал { $hall }.
world-move-done-asleep = 🚪 Заявка принята: из зала { $here } в зал { $hall }. Вы спите — пройдёте при первом открытии порталов после пробуждения (спящие просыпаются за минуту до него).
world-move-cancelled = Заявка на переход отменена: остаётесь в зале { $hall }.
world-open-private = Открыть личный чат
world-answered-privately = Ответ — в личном чате: в каком вы зале — тайна.
world-private-needed = Ответ — только в личном чате (в каком вы зале — тайна). Откройте чат со мной и повторите команду там.

## Сон

world-sleep-done = 😴 { $name } засыпает на 2 цикла. Во сне { $gender ->
        [f] она беззащитна, если её
       *[m] он беззащитен, если его
    } никто не охраняет (/guard { $number }).
world-wake-usage = Разбудить: /wake N — номер спящего персонажа в вашем зале.
world-wake-done = ☀️ { $name } будит { $sleeper_gender ->
        [f] спящую
       *[m] спящего
    }: №{ $number } { $sleeper }.
world-guard-usage = Охранять: /guard N — номер спящего персонажа в вашем зале.
world-guard-done = 🛡 { $name } охраняет { $sleeper_gender ->
        [f] спящую: №{ $number } { $sleeper }. Напасть на неё
       *[m] спящего: №{ $number } { $sleeper }. Напасть на него
    } можно, только одолев охрану.
world-snatch-usage = Вырвать меч: /snatch N — номер спящего персонажа в вашем зале. Это его разбудит.
world-snatch-done = 🗡 { $name } вырывает меч у { $sleeper_gender ->
        [f] спящей: №{ $number } { $sleeper } — и та просыпается
       *[m] спящего: №{ $number } { $sleeper } — и тот просыпается
    }. Меч: { $place }.
world-snatch-done-public = 🗡 { $name } вырывает меч у { $sleeper_gender ->
        [f] спящей: №{ $number } { $sleeper } — и та просыпается
       *[m] спящего: №{ $number } { $sleeper } — и тот просыпается
    }.
world-snatch-yours = 🗡 Вырванный меч: { $place }.

## Отказы

world-error-no-character = У вас нет живого персонажа в идущей игре на пуле d10. Вступить: /join в группе игры. Если ваш персонаж погиб, /me расскажет, когда и как.
world-error-cannot-act = { $reason ->
        [dead] Ваш персонаж мёртв.
        [asleep] Ваш персонаж спит: во сне ничего не сделать, разбудить его может другой персонаж.
       *[at_zero] Здоровье 0: можно только проглотить таблетки из левого кармана куртки.
    }
world-error-bad-count = Количество — целое число от 1.
world-error-same-place = Вещь и так там.
world-error-wrong-place = Так нельзя: { world-item } — { world-place-to }. Мечи — только в руках; рацион — в рюкзаке или в руке; таблетки и монеты — в карманах или рюкзаке; куртку, брюки и рюкзак можно надеть.
world-error-no-container = Этого места сейчас нет ({ world-place }): карманы бывают только у надетой куртки, рюкзак должен быть надет.
world-error-does-not-fit = Не помещается: { $count } шт. ({ world-item }) — { world-place-to }. Места там: { $room }. Карман — до 10 таблеток или до 100 монет, одного вида; рюкзак — до 10 рационов, курток и брюк вместе; рука — одна вещь.
world-error-not-there = Столько нет: нужно { $count } ({ world-item }), а там ({ world-place }) — { $have }.
world-error-not-empty = Сначала освободите { $item ->
        [jacket] карманы куртки
       *[backpack] рюкзак
    }.
world-error-unknown-hall = Зала { $hall } в игре нет.
world-error-not-connected = Из зала { $here } портал в зал { $there } не ведёт.
world-error-not-here = Не получится: этого персонажа здесь нет или он недоступен. Кто рядом — /look.
world-error-self = С самим собой так нельзя.
world-error-not-asleep = Персонаж №{ $number } не спит.
world-error-steal = Со спящего ничего нельзя украсть. Можно только вырвать меч из его руки (/snatch N), и он проснётся.
world-error-not-owned = Пожертвовать можно только свою вещь; монеты жертвуются по своим правилам (5 — за приз, 1 — за вопрос, 100 — за победу).
world-error-coins = Не хватает монет: нужно { $needed }, при вас { $have }.
world-error-already-won = Вы уже победили.
world-error-game-over = Игра окончена: двое победителей уже есть.

halls-title = 🗺 Залы и темы форума:
halls-line-free = Зал { $hall } — без темы (новости зала — туда, где началось)
halls-line-bound = Зал { $hall } — тема №{ $topic }
halls-usage = Привязать зал к теме: напишите /halls N в этой теме. Отвязать: /halls N в общем чате.
halls-bad-hall = Такого зала нет: залы с 1 по { $high }.
halls-bound = Зал { $hall } привязан к этой теме: бои в этом зале будут идти здесь.
halls-unbound = Зал { $hall } больше не привязан к теме.
