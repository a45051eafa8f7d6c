## Создание персонажа системы d20

creation-d20-name-prompt =
    🎲 <b>Новый персонаж</b>
    Как зовут вашего героя? Напишите имя сообщением: от 2 до 32 символов — буквы, цифры, пробелы, дефисы и апострофы.
creation-d20-name-current = Сейчас: <b>{ $name }</b>. Напишите другое имя или нажмите «Дальше».
creation-d20-need-text = Пришлите, пожалуйста, текст.
creation-d20-class-prompt =
    <b>{ $name }</b>: выберите класс.
    От класса зависят хиты (ХП); класс защиты у всех { $ac }.
creation-d20-class-button = { $class } — { $hp } ХП
creation-d20-class-warlock = колдун
creation-d20-class-wizard = маг
creation-d20-class-cleric = клирик
creation-d20-class-monk = монах
creation-d20-class-fighter = воин
creation-d20-class-paladin = паладин
creation-d20-class-ranger = следопыт
creation-d20-class-barbarian = варвар
creation-d20-description-prompt =
    <b>{ $name }</b>, { $class }.
    Коротко опишите персонажа — внешность, характер, откуда { $gender ->
        [f] она
       *[m] он
    } (до { $limit } { $limit ->
        [one] символа
       *[other] символов
    }). Это необязательно: можно нажать «Пропустить».
creation-d20-description-current = Сейчас: { $description }
creation-d20-error-description-long = Описание длиннее { $limit } { $limit ->
        [one] символа
       *[other] символов
    } (у вас { $length }). Сократите его, пожалуйста.
creation-d20-preview =
    <b>Проверьте персонажа</b>
    Имя: <b>{ $name }</b> ({ $gender ->
        [f] она
       *[m] он
    })
    Класс: { $class }
    Хиты: { $hp }, класс защиты: { $ac }
creation-d20-race-prompt =
    <b>Раса</b> — по желанию. Числа она не меняет, но по ней бот подбирает правдоподобные описания в бою: хрупкий полурослик увернётся от топора, а не примет его на блок.
    Выберите из списка, нажмите «Другая…» или просто напишите свою; можно пропустить.
creation-d20-race-current = Сейчас: { $race }
creation-d20-race-other-prompt = Напишите расу своими словами — до { $race_limit } символов, например «полуэльф» или «кенку».
creation-d20-preview-race = Раса: { $race }
creation-d20-preview-description = Описание: { $description }
creation-d20-preview-no-description = Описание: нет
creation-d20-preview-confirm = Всё верно? Нажмите «Создать».
creation-d20-button-next = Дальше ▶️
creation-d20-button-skip = Пропустить
creation-d20-button-keep = Оставить это ▶️
creation-d20-button-back = ◀️ Назад
creation-d20-button-cancel = ✖️ Отмена
creation-d20-button-confirm = ✅ Создать
creation-d20-cancelled = Создание персонажа отменено, ничего не сохранено. Начать заново можно кнопкой «Создать персонажа» под сообщением игры или командой /join в группе.
creation-d20-created =
    ✅ Персонаж №{ $number } «{ $name }» создан и вступил в игру.
    Его лист — команда /me здесь, в личном чате.
