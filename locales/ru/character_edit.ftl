## Правка персонажа мастером: /edit N и диалог в личке

edit-usage = Кого править? Напишите номер персонажа: /edit 3
edit-open = 🛠 Правка персонажа №{ $number } <b>{ $name }</b> открывается в личном чате со мной — нажмите кнопку:
edit-open-button = Открыть правку в личке
edit-missing = Персонажа №{ $number } в этой игре нет.
edit-main =
    🛠 <b>Правка персонажа</b> · игра №{ $game_id }

    { $sheet }

    Что изменить? Каждую правку проверяют правила; затем я спрошу причину, запишу правку в журнал игры (/log) и объявлю в группе.
edit-saved = ✅ Сохранено и объявлено в группе: { $saved }.

edit-button-stats = 📊 Характеристики
edit-button-health = ❤️ Здоровье
edit-button-items = 🎒 Вещи и монеты
edit-button-hall = 🚪 Зал
edit-button-counters = 🍞 Голод и сон
edit-button-states = 😴 Состояния
edit-button-hp = ❤️ Хиты
edit-button-max-hp = 💗 Максимум хитов
edit-button-agility = 🤸 Ловкость
edit-button-skills = ⚔️ Навыки
edit-button-class = 🧙 Класс
edit-button-race = 🧬 Раса
edit-race-none = — не указана
edit-button-kill = 💀 Убить
edit-button-revive = ✨ Оживить
edit-button-close = Закрыть
edit-button-back = ← Назад
edit-button-cancel = ✖ Отмена
edit-button-food = 🍞 Циклов без еды
edit-button-sleep = 😴 Циклов без сна
edit-button-slept = 💤 Циклов сна проспано
edit-button-sleep-on = 😴 Уложить спать
edit-button-wake = ☀️ Разбудить
edit-button-fall = 🤕 Уронить
edit-button-stand = 🧍 Поднять на ноги
edit-button-add = ➕ Добавить
edit-button-remove = ➖ Убрать
edit-button-move = ↔️ Переложить
edit-button-force = ⚠️ Всё равно применить

edit-ask = { $field ->
        [stats] 📊 Пришлите пять чисел через пробел: Инициатива, Атака, Защита, Живучесть, Харизма. Сейчас: { $current }. По правилам: в сумме { $high }, каждая от 0, Живучесть от 1.
        [health] ❤️ Пришлите новое здоровье. Сейчас: { $current }. По правилам: от 0 до { $high }.
        [max_health] 💗 Пришлите новый максимум хитов. Сейчас: { $current }. При создании в этой игре: { $high }.
        [hall] 🚪 Пришлите номер зала. Сейчас: { $current }. Залы игры: от 1 до { $high }.
        [food] 🍞 Сколько циклов персонаж без еды? Сейчас: { $current }.
        [sleep] 😴 Сколько циклов персонаж без сна? Сейчас: { $current }.
        [slept] 💤 Сколько циклов сна проспано? Сейчас: { $current }. По правилам: от 0 до { $high }, и только у спящего.
        [agility] 🤸 Пришлите ловкость в процентах. Сейчас: { $current }. В этой игре: от { $low } до { $high }.
        [skill] ⚔️ Пришлите значение навыка «{ $skill }». Сейчас: { $current }. В этой игре: от { $low } до { $high }; 0 — убрать навык.
       *[other] 🎒 Сколько штук? Пришлите число.
    }
edit-counters = 🍞 <b>Голод и сон</b> — №{ $number } { $name }. Что изменить?
edit-states = 😴 <b>Состояния</b> — №{ $number } { $name }. Что сделать?
edit-items =
    🎒 <b>Вещи</b> — №{ $number } { $name }
    { $items_text }

    Монеты, таблетки и рационы — тоже вещи: их можно добавить, убрать или переложить.
edit-pick-item = { $item_op ->
        [add] ➕ Какую вещь добавить?
        [remove] ➖ Какую вещь убрать?
       *[move] ↔️ Какую вещь переложить?
    }
edit-pick-place = { $picking ->
        [source] Откуда?
       *[dest] Куда?
    }
edit-skills = ⚔️ <b>Навыки</b> — №{ $number } { $name }. Какой навык изменить?
edit-classes = 🧙 <b>Класс</b> — №{ $number } { $name }. Какой класс дать? Хиты сверх максимума нового класса снизятся до него.
edit-races = 🧬 <b>Раса</b> — №{ $number } { $name }. Выберите из списка или пришлите своими словами (до { $race_limit } символов). Числа раса не меняет — только описания в бою.
edit-class-name = { $cls ->
        [warlock] колдун
        [wizard] маг
        [cleric] клирик
        [monk] монах
        [fighter] воин
        [paladin] паладин
        [ranger] следопыт
       *[barbarian] варвар
    }
edit-confirm =
    ⚠️ <b>Правка выходит за правила</b>: { $changes }
    { $breaks }

    Применить всё равно? Это будет видно в журнале и в объявлении.
edit-reason =
    ✍️ Правка: { $changes }.
    Коротко напишите причину (до 200 знаков) — её увидят игроки.

edit-change = { $field ->
        [stats] характеристики (Ин/Ат/Защ/Жив/Хар)
        [health] здоровье
        [max_health] максимум хитов
        [hall] зал
        [food] циклов без еды
        [sleep] циклов без сна
        [slept] циклов сна
       *[agility] ловкость
    } { $before } → { $after }
edit-change-secret = { $field ->
        [stats] характеристики
        [health] здоровье
        [max_health] максимум здоровья
        [hall] зал
       *[item] вещи
    } (подробности — тайна игрока)
edit-change-item = { world-item } ({ world-place }): { $before } → { $after }
edit-change-skill = навык «{ $skill }» { $before } → { $after }
edit-change-race = раса: { $before } → { $after }
edit-change-class = класс { $before ->
        [warlock] колдун
        [wizard] маг
        [cleric] клирик
        [monk] монах
        [fighter] воин
        [paladin] паладин
        [ranger] следопыт
       *[barbarian] варвар
    } → { $after ->
        [warlock] колдун
        [wizard] маг
        [cleric] клирик
        [monk] монах
        [fighter] воин
        [paladin] паладин
        [ranger] следопыт
       *[barbarian] варвар
    }
edit-change-state = { $field ->
        [asleep] { $after ->
            [yes] сон
           *[no] пробуждение
        }
        [fallen] { $after ->
            [yes] на земле
           *[no] снова на ногах
        }
        [dead] смерть
       *[alive] оживление
    }
edit-notice = 🛠 Правка мастера — №{ $number } { $name }: { $changes }. Мастер: { $actor }.{ $forced ->
        [yes] { " " }⚠️ Сверх правил, с подтверждением.
       *[no] { "" }
    } Причина: { $reason }

edit-limit-stat-min = { $stat ->
        [initiative] Инициатива
        [attack] Атака
        [defense] Защита
        [vitality] Живучесть
       *[charisma] Харизма
    } ниже { $low }
edit-limit-stat-sum = сумма характеристик { $total }, а по правилам { $expected }
edit-limit-health = здоровье { $health } больше максимума { $high } (Живучесть)
edit-limit-slept = сон длится { $high } { $high ->
        [one] цикл
        [few] цикла
       *[many] циклов
    }, больше не проспать
edit-limit-slept-awake = персонаж не спит, а счётчик сна не ноль
edit-limit-cannot-sleep = по правилам персонаж не может уснуть ({ $reason ->
        [asleep] уже спит
        [at_zero] здоровье 0
       *[dead] мёртв
    })
edit-limit-pocket = в кармане будет { $count }, а помещается до { $limit } ({ world-item })
edit-limit-backpack = рюкзак будет заполнен на { $bulk }/{ $limit }
edit-limit-duel-hp = при создании в этой игре хитов { $hp }
edit-limit-range = в этой игре — от { $low } до { $high }

edit-error-range = Так нельзя: нужно число от { $low } до { $high }.
edit-error-numbers = { $count ->
        [1] Пришлите одно целое число.
        [one] Пришлите { $count } целое число через пробел.
        [few] Пришлите { $count } целых числа через пробел.
       *[many] Пришлите { $count } целых чисел через пробел.
    }
edit-error-unchanged = Ничего не меняется: так уже есть.
edit-error-stale = Пока вы правили, персонаж изменился (ход игры или другой мастер). Вот он сейчас — повторите правку.
edit-error-limits = Правка выходит за правила, а подтверждения не было. Вот персонаж сейчас — повторите правку.
edit-error-place = Такого места для вещей нет.
edit-error-pocket-kind = В кармане лежит другое: в одном кармане — только один вид (таблетки или монеты).
edit-error-occupied = Там уже занято: в руке — одна вещь, надеть можно по одной куртке, брюкам и рюкзаку.
edit-error-item = Такой вещи в игре нет.
edit-error-one = В руку или на себя — только одна вещь.
edit-error-field = Это в этой игре не меняется.
edit-error-skill = Такого навыка нет ни у персонажа, ни в игре.
edit-error-last-skill = Последний навык убрать нельзя: без навыков не сражаться.
edit-error-in-fight = Персонаж №{ $number } сейчас в бою: его состояние хранит бой. Править можно после боя.
edit-error-kicked = Персонаж №{ $number } исключён из игры: его не правят.
edit-error-dead = Персонаж №{ $number } мёртв: его можно только оживить.
edit-error-reason = Причина нужна: от 1 до { $high } { $high ->
        [one] знака
       *[other] знаков
    }.
edit-log = правка №{ $number }: { $changes }{ $forced ->
        [yes] { " " }(сверх правил, с подтверждением)
       *[no] { "" }
    }
