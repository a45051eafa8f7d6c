## Создание персонажа: пул d10

stat-initiative = Инициатива
stat-attack = Атака
stat-defense = Защита
stat-vitality = Живучесть
stat-charisma = Харизма

creation-pool-back = ◀️ Назад
creation-pool-cancel = ✖️ Отмена
creation-pool-next = Дальше ▶️
creation-pool-notice = <i>{ $notice }</i>
creation-pool-cancelled = Создание персонажа отменено, ничего не сохранено. Передумаете — снова нажмите кнопку игры в группе или напишите там /join.

creation-pool-name =
    <b>Новый персонаж · шаг 1 из 4</b>
    Как зовут вашего персонажа? Напишите имя ответным сообщением: от 2 до 32 символов — буквы, цифры, пробелы, дефисы и апострофы.
creation-pool-name-current = Сейчас: <b>{ $name }</b>. Напишите другое имя или нажмите «Дальше».

creation-pool-gender =
    <b>Новый персонаж · шаг 2 из 4</b>
    <b>{ $name }</b> — мужчина или женщина?
    Пол важен для одного правила: женщина без куртки получает штраф 1 к броскам атаки и защиты. Куртка есть в стартовом наборе, но её можно потерять.
creation-pool-male = Мужчина
creation-pool-female = Женщина
creation-pool-gender-m = мужчина
creation-pool-gender-f = женщина

creation-pool-stats =
    <b>Новый персонаж · шаг 3 из 4</b>
    Распределите { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    } между пятью характеристиками кнопками − и +. Живучесть — не меньше 1, остальные — не меньше 0. Нажмите на название, чтобы узнать, зачем нужна характеристика.

    Осталось очков: <b>{ $left }</b> из { $points }
creation-pool-stat-button = { $stat }: { $value }
creation-pool-reset = ↺ Всё к минимуму
creation-pool-hint-no-points = ⚠️ Свободных очков нет: сначала уберите очко у другой характеристики (−).
creation-pool-hint-minimum = ⚠️ { $stat } не может быть меньше { $minimum }.
creation-pool-hint-unspent = ⚠️ Распределите все очки: осталось { $left }. «Дальше» — когда останется 0.
creation-pool-about-initiative = ℹ️ Инициатива: бросок 1d10 + Инициатива решает, кто первым схватит вещь в зале, и задаёт порядок выбора противников перед групповой дракой.
creation-pool-about-attack = ℹ️ Атака: столько d10 вы бросаете, нанося удар. Каждый успех атаки сверх успехов защиты — 1 урона.
creation-pool-about-defense = ℹ️ Защита: столько d10 вы бросаете, отражая удар (с мечом в каждой руке — на кубик больше).
creation-pool-about-vitality = ℹ️ Живучесть: максимум здоровья, персонаж начинает с полным. При здоровье 4 и ниже — штраф к броскам, при 1–2 — кровотечение.
creation-pool-about-charisma = ℹ️ Харизма: каждый цикл бодрствования вы бросаете столько d10, и каждый кубик приносит приз — вещь, рацион, таблетку или монету. Харизму видят все.

creation-pool-preview =
    <b>Новый персонаж · шаг 4 из 4</b> — проверьте и подтвердите.

    <b>{ $name }</b>, { $gender }
    { $stats }
    Здоровье: { $health } из { $health } (максимум = Живучесть)
creation-pool-stat-line = { $stat }: <b>{ $value }</b>
creation-pool-penalty-none = Штрафа на старте нет: успех на кубике атаки и защиты — { $threshold } и выше.
creation-pool-penalty =
    Штраф к броскам атаки и защиты на старте: <b>+{ $total }</b> (успех — { $threshold } и выше, а не 6):
    { $causes }
creation-pool-cause-wounds = • раны: здоровье { $health } — +{ $amount } (штраф есть, пока здоровье 4 и ниже)
creation-pool-cause-no-trousers = • нет брюк — +{ $amount }
creation-pool-cause-no-sword = • нет меча в руке — +{ $amount }
creation-pool-cause-no-jacket = • женщина без куртки — +{ $amount }
creation-pool-cause-hunger = • голод — +{ $amount }
creation-pool-cause-sleeplessness = • бессонница — +{ $amount }
creation-pool-bleeding = ⚠️ При Живучести { $vitality } штраф за раны есть даже при полном здоровье, а любая рана сразу кровоточит: остановить кровь можно, только вылечившись до полного.
creation-pool-appearance = Внешность (её видят все): Харизма { $charisma }, сложение «{ $build }» (Атака + Защита = { $sum }).
creation-pool-build-feeble = дохлятина
creation-pool-build-normal = норма
creation-pool-build-hulk = кабанъ
creation-pool-kit =
    Стартовый набор: надеты куртка, брюки и рюкзак; меч в правой руке; в рюкзаке { $rations } { $rations ->
        [one] рацион
        [few] рациона
       *[many] рационов
    }{ $pocket ->
        [0] { " " }и { $pills } { $pills ->
            [one] таблетка
            [few] таблетки
           *[many] таблеток
        }; карманы пусты, монет нет.
       *[other] , в левом кармане куртки { $pocket } { $pocket ->
            [one] таблетка
            [few] таблетки
           *[many] таблеток
        }; правый карман пуст, монет нет.
    }
    Здоровье, вещи и зал другие игроки не видят — разве что заплатят монету.
creation-pool-pills-hint = 💊 При здоровье 0 спасают только таблетки из левого кармана куртки, а стартовые лежат в рюкзаке. Переложите их кнопкой ниже — или позже, в /inventory.
creation-pool-pills-moved = 💊 Таблетки в левом кармане куртки: при здоровье 0 их можно выпить.
creation-pool-pills-move = 💊 Переложить { $movable } в левый карман
creation-pool-confirm = ✅ Создать персонажа
creation-pool-created = ✅ Персонаж №{ $number } «{ $name }» создан! Полный лист персонажа — /me. Возвращайтесь в группу игры: всё происходит там.
