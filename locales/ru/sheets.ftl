## Листы персонажей: /me, /players, /sheet, /kick

me-none =
    У вас пока нет персонажа ни в одной идущей игре.
    Как вступить: в группе, где идёт игра, нажмите «Создать персонажа» под сообщением игры или напишите там /join — персонажа соберём здесь, в личном чате.
me-group-none = У вас нет персонажа в этой игре. Вступить: /join.
me-dead-head = 💀 <b>№{ $number } { $name }</b> { $gender ->
        [f] погибла
       *[m] погиб
    }.
me-dead-when = Когда: { $where ->
        [tick] в конце цикла { $cycle }
        [fight] в бою №{ $ref }
        [duel] в поединке №{ $ref }, противник — { $by }
        [battle] в бою №{ $ref }
       *[cycle] в цикле { $cycle }
    }.
me-dead-how = Причина: { $cause ->
        [wounds] смертельные раны — здоровье ниже 0.
        [asleep] { $gender ->
            [f] убита
           *[m] убит
        } во сне, охраны не было.
        [at_zero] здоровье 0, и до конца раунда или цикла его не подняли.
        [duel] поединок насмерть.
        [finished] { $gender ->
            [f] добита
           *[m] добит
        } после падения в бою.
       *[gm] так решил мастер (правка персонажа).
    }
me-dead-back = Вернуть { $gender ->
        [f] её
       *[m] его
    } в игру может только мастер: /revive { $number } причина.
me-dead-new = Новый персонаж в этой игре: /join в группе.
me-dead-no-new = Новых персонажей после гибели в этой игре не создают: так настроил мастер.
me-group =
    Ваш персонаж (видно всем):
    { $line }
    Полный лист — команда /me в личном чате со мной.

players-title = 👥 <b>Персонажи</b> — { $system }, в игре: { $count }
players-empty = В этой игре пока нет живых персонажей. Вступить: /join.
players-pool-secret = 🔒 Зал, вещи и здоровье персонажа — тайна. Узнать одно из них о персонаже N стоит 1 монету (пожертвование).
players-pool-line = №{ $number } <b>{ $name }</b> — Харизма { $charisma }, сложение: { $build ->
        [feeble] дохлятина
        [hulk] кабанъ
       *[normal] норма
    }
players-duel-line = №{ $number } <b>{ $name }</b> — { $skills } · ловкость { $agility } % · ❤️ { $hp }/{ $max }
players-d20-line = №{ $number } <b>{ $name }</b> — { $cls ->
        [warlock] колдун
        [wizard] маг
        [cleric] клирик
        [monk] монах
        [fighter] воин
        [paladin] паладин
        [ranger] следопыт
       *[barbarian] варвар
    } · ❤️ { $hp }/{ $max }

sheet-game-title = 🎲 <b>{ $title }</b> · { $system }
sheet-game-fallback = 🎲 <b>{ $system }</b> · игра №{ $game }
sheet-state = Состояние: { $words }
sheet-health = ❤️ { $bar } { $hp }/{ $max }
sheet-empty = пусто

## Пул d10

sheet-pool-head = <b>№{ $number } { $name }</b> ({ $gender ->
        [f] ж
       *[m] м
    })
sheet-pool-stats = Инициатива { $initiative } · Атака { $attack } · Защита { $defense } · Живучесть { $vitality } · Харизма { $charisma }
sheet-pool-look = 👁 Сложение «{ $build ->
        [feeble] дохлятина
        [hulk] кабанъ
       *[normal] норма
    }» (Атака + Защита = { $sum }) и Харизму видят все.
sheet-pool-fine = в строю
sheet-pool-dead = 💀 { $gender ->
        [f] мертва
       *[m] мёртв
    }
sheet-pool-asleep = 😴 спит, без охраны { $gender ->
        [f] беззащитна
       *[m] беззащитен
    }
sheet-pool-fallen = { $gender ->
        [f] упала
       *[m] упал
    }: в следующем раунде можно только встать
sheet-pool-at-zero = без сил: здоровье 0, можно только глотать таблетки из левого кармана куртки; если здоровье так и останется 0, смерть — { $cycles ->
        [1] в конце этого цикла
       *[other] в конце следующего цикла
    } (в бою — в конце раунда, начатого на нуле)
sheet-pool-bleeding = 🩸 кровотечение: здоровье −1 в конце каждого раунда (или цикла), пока его не поднимут до 3
sheet-pool-guarding = 🛡 охраняет №{ $number }
sheet-pool-moving = 🚪 уйдёт в зал { $hall }, когда откроются порталы
sheet-pool-penalty-none = 🎯 Штрафа нет: успех на кубике атаки и защиты — { $threshold } и выше.
sheet-pool-penalty = 🎯 Штраф к атаке и защите: <b>+{ $total }</b> (успех — { $threshold } и выше):
sheet-pool-cause = • { $cause ->
        [wounds] раны
        [no_trousers] нет брюк
        [no_sword] нет меча в руке
        [no_jacket] женщина без куртки
        [hunger] голод
       *[sleeplessness] бессонница
    } — +{ $amount }
sheet-pool-hopeless = ⚠️ С таким штрафом ни один кубик не даёт успеха, а единицы всё равно отнимают.
sheet-pool-items = 🎒 <b>Вещи</b>
sheet-pool-hands = Руки: левая — { $left }, правая — { $right }
sheet-pool-worn = Надето: { $items }
sheet-pool-pockets = Карманы куртки: левый — { $left }, правый — { $right }
sheet-pool-no-jacket = Карманов нет: куртка не надета.
sheet-pool-backpack = Рюкзак: { $content } (место: { $bulk } из { $limit })
sheet-pool-no-backpack = Рюкзака нет.
sheet-pool-hall = 🚪 Зал { $hall }
sheet-hand = { $item ->
        [sword] меч
        [ration] рацион
       *[none] пусто
    }
sheet-worn = { $item ->
        [jacket] куртка
        [trousers] брюки
       *[backpack] рюкзак
    }
sheet-count = { $item ->
        [ration] { $count } { $count ->
            [one] рацион
            [few] рациона
           *[many] рационов
        }
        [jacket] { $count } { $count ->
            [one] куртка
            [few] куртки
           *[many] курток
        }
        [trousers] брюки: { $count }
        [pill] { $count } { $count ->
            [one] таблетка
            [few] таблетки
           *[many] таблеток
        }
        [coin] { $count } { $count ->
            [one] монета
            [few] монеты
           *[many] монет
        }
        [sword] { $count } { $count ->
            [one] меч
            [few] меча
           *[many] мечей
        }
       *[backpack] { $count } { $count ->
            [one] рюкзак
            [few] рюкзака
           *[many] рюкзаков
        }
    }

## Поединок

sheet-duel-head = <b>№{ $number } { $name }</b>
sheet-duel-state = Состояние: { $state ->
        [dead] 💀 { $gender ->
            [f] погибла
           *[m] погиб
        }
        [out] { $gender ->
            [f] выбыла
           *[m] выбыл
        }: хиты кончились; пока мастер их не восстановит (/heal или /rest), сражаться нельзя
       *[fine] в строю
    }
sheet-duel-skills = ⚔️ Навыки: { $skills }
sheet-duel-agility = 🤸 Ловкость: { $agility } % (уклон от каждого успеха соперника, если d100 не выше)

## d20

sheet-d20-head = <b>№{ $number } { $name }</b>, { $cls ->
        [warlock] колдун
        [wizard] маг
        [cleric] клирик
        [monk] монах
        [fighter] воин
        [paladin] паладин
        [ranger] следопыт
       *[barbarian] варвар
    }
sheet-d20-state = Состояние: { $state ->
        [dead] 💀 { $gender ->
            [f] мертва
           *[m] мёртв
        }
        [fallen] { $gender ->
            [f] упала и выбыла из боя
           *[m] упал и выбыл из боя
        }; пока мастер не восстановит хиты (/heal или /rest), сражаться нельзя
       *[fine] в строю
    }
sheet-d20-race = 🧬 Раса: { $race }
sheet-d20-ac = 🛡 Класс защиты: { $ac }
sheet-d20-description = 📝 { $description }

## Администратор: /sheet N, /kick N

sheet-usage = Чей лист показать? Напишите номер персонажа: /sheet 3
sheet-admin-head = 🔎 Лист для администратора · { $game } · статус: { $status ->
        [dead] нет в живых
        [kicked] исключение из игры
       *[active] в игре
    }
sheet-sent = 📬 Лист персонажа №{ $number } отправлен вам в личные сообщения.
sheet-open-private = Я не могу написать вам первым. Откройте личный чат со мной кнопкой ниже, нажмите «Запустить» и повторите /sheet { $number }.
sheet-open-private-button = Открыть личный чат
kick-usage = Кого исключить и почему? /kick N причина — например, /kick 3 игрок ушёл из чата. Причина обязательна: она попадёт в журнал /log.
kick-done = 🚪 Персонаж №{ $number } <b>{ $name }</b> исключён из игры администратором. Его история сохранена.
me-pick = У вас персонажи в { $count } { $count ->
        [one] игре
       *[other] играх
    }. Чей лист показать?
me-pick-gone = Этой игры уже нет или ваш персонаж в ней выбыл. Наберите /me ещё раз.
