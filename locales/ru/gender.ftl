## Род персонажа: «он» или «она» — для согласования в текстах («упал» / «упала»)

creation-gender-prompt =
    <b>{ $name }</b> — он или она?
    Так бот будет правильно писать о персонаже: «упал» или «упала», «повержен» или «повержена».
creation-gender-he = он
creation-gender-she = она

## Правка мастером (/edit N)

edit-button-gender = 👤 Он / она
edit-gender =
    👤 <b>Род</b> — №{ $number } { $name }. Сейчас: { $gender ->
        [m] он
        [f] она
       *[other] не указан
    }.
    Как писать о персонаже — «упал» или «упала»?
edit-change-gender = род: { $before ->
        [m] он
        [f] она
       *[other] не указан
    } → { $after ->
        [f] она
       *[m] он
    }
