## Создание бойца для поединков (система «Поединок»)

creation-duel-name-prompt =
    ⚔️ <b>Новый боец для поединков</b>
    Как зовут вашего персонажа? Напишите имя сообщением: от 2 до 32 символов — буквы, цифры, пробелы, дефисы и апострофы.
creation-duel-name-current = Сейчас: <b>{ $name }</b>. Напишите другое имя или нажмите «Дальше».
creation-duel-need-text = Пришлите, пожалуйста, текст.
creation-duel-skills-prompt =
    <b>{ $name }</b>: боевые навыки.
    Отметьте один или несколько навыков кнопкой с названием и задайте каждому значение кнопками − и + (в этой игре от { $min } до { $max }). Отмеченный навык начинается с { $default }.
creation-duel-no-skills = Администратор ещё не задал список навыков этой игры. Попросите его сделать это в группе командой /game.
creation-duel-error-no-skill = Отметьте хотя бы один навык.
creation-duel-error-skill-min = Меньше { $min } нельзя: это нижний предел навыка в этой игре.
creation-duel-error-skill-max = Больше { $max } нельзя: это верхний предел навыка в этой игре.
creation-duel-agility-prompt =
    <b>{ $name }</b>: ловкость — <b>{ $agility } %</b>.
    Ловкость — шанс увернуться от каждого успешного удара противника: на каждый его успех бросается d100, и результат не выше ловкости — это уворот. В этой игре ловкость от { $min } до { $max } %.
    Меняйте её кнопками или напишите число.
creation-duel-error-agility-range = Ловкость в этой игре — от { $min } до { $max } %.
creation-duel-error-agility-number = Напишите ловкость целым числом от { $min } до { $max } или пользуйтесь кнопками.
creation-duel-preview =
    <b>Проверьте бойца</b>
    Имя: <b>{ $name }</b> ({ $gender ->
        [f] она
       *[m] он
    })
    Навыки:
    { $skills }
    Ловкость: { $agility } %
    Хиты: { $hp } (их задаёт игра)

    Всё верно? Нажмите «Создать».
creation-duel-preview-skill = • { $skill } { $value } — шанс выиграть раунд { $odds }
creation-duel-preview-odds = против навыка { $opponent }: { NUMBER($chance, maximumFractionDigits: 1) } %
creation-duel-button-next = Дальше ▶️
creation-duel-button-back = ◀️ Назад
creation-duel-button-cancel = ✖️ Отмена
creation-duel-button-confirm = ✅ Создать
creation-duel-cancelled = Создание персонажа отменено, ничего не сохранено. Начать заново можно кнопкой «Создать персонажа» под сообщением игры или командой /join в группе.
creation-duel-created =
    ✅ Персонаж №{ $number } «{ $name }» создан и вступил в игру.
    Его лист — команда /me здесь, в личном чате.
