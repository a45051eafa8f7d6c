## Инвентарь персонажа (пул d10), диалог в личном чате

inventory-title = 🎒 <b>Инвентарь</b> — { $name }, зал { $hall }
inventory-floor = 🪨 На полу зала: { $items }
inventory-requests = ⏳ Вы тянетесь за: { $items } — решится в конце цикла (если хотят несколько — по инициативе).
inventory-pills-hint = 💊 При здоровье 0 достать можно только таблетки из левого кармана куртки — сейчас там { $count }.
inventory-stack = { $place }: { $items }
inventory-selected = Выбрано: { $items } ({ $place }). Сколько: { $count }. Что сделать?
inventory-gone = Этой вещи там уже нет. Вернитесь назад.
inventory-refresh = 🔄 Обновить
inventory-close = Закрыть
inventory-back = ◀️ Назад
inventory-all = Все
inventory-to = → { $where }
inventory-eat = 🍽 Съесть рацион
inventory-pills = 💊 Проглотить: { $count }
inventory-pickup-any = ✋ Подобрать (куда поместится)
inventory-pickup-to = ✋ Подобрать → { $where }
inventory-done-moved = ✅ Готово: { $items } — { $where }.
inventory-done-eaten = ✅ Рацион съеден: счёт циклов без еды обнулён.
inventory-done-pills = ✅ Проглочено таблеток: { $count }. Здоровье { $health } из { $max }.
inventory-done-requested = ⏳ Заявка: { $items } с пола. Сразу не взять: за этим уже тянется кто-то ещё или вы в бою. Решится в конце цикла, при споре — по инициативе.
inventory-done-picked = ✅ Подобрано: { $items }. Никто больше за этим не тянулся.
inventory-pick-gone = ✋ Не досталось: { $items } — на полу этого уже нет, кто-то подобрал раньше. Ничего не изменилось.
inventory-group = Инвентарь — в личном чате со мной: напишите там /inventory.
inventory-button = 🎒 Инвентарь
error-pills-in-fight = Вы в бою: таблетки сейчас можно взять только из левого кармана куртки — кнопкой «💊» в сообщении боя.
inventory-give = 🤝 Передать: { $count }
inventory-give-whom = 🤝 Кому передать: { $items }? Здесь в зале (по виду; кто на нуле — первыми):
inventory-give-nobody = 🤝 Передать некому: кроме вас в зале никого.
inventory-give-to = { $state ->
        [at_zero] 💔 на нуле —
        [asleep] 😴 спит —
       *[awake] 🧍
    } Харизма { $charisma }, сложение — { $build ->
        [feeble] дохлятина
        [hulk] кабанъ
       *[normal] норма
    }
inventory-given-pills = ✅ Отдано прямо в рот: { $items }. Таблетки проглочены сразу — +1 здоровья за каждую.
inventory-given = ✅ Отдано: { $items }. Тому, кто на нуле, согласия не нужно.
inventory-given-offered = 🤝 Предложено: { $items }. Пока вещи у вас; если предложение примут до конца цикла, они перейдут, а ответ придёт вам в личку.
