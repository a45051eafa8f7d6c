## Настройки игры (/game)

settings-open = ⚙️ Настройки игры открываются в личном чате со мной — нажмите кнопку:
settings-open-button = Открыть настройки в личке
settings-main =
    ⚙️ <b>Настройки игры №{ $game_id }</b> — { $system }
    Чат: «{ $title }»

    { $summary }

    Кнопки − и + меняют значение, нажатие на название — ввести число вручную. Всё сохраняется сразу.
settings-round-timeout = ⏱ Время на ход: { $round_timeout }
settings-join-window = 🚪 Сбор на бой и ответ на вызов: { $join_window }
settings-choice-timeout = 🎯 Выбор противника: { $choice_timeout }
settings-narration-timeout = 📜 Время на описание: { $narration_timeout }
settings-halls = 🏛 Залов: { $halls }
settings-auto-tick =
    🔁 Автоцикл: { $auto_tick_minutes ->
        [0] выключен
        [1] каждую минуту
       *[other] каждые { $auto_tick_minutes } мин
    }
settings-skill-min = 🗡 Навык от: { $skill_min }
settings-skill-max = 🗡 Навык до: { $skill_max }
settings-agility-min = 🤸 Ловкость от: { $agility_min } %
settings-agility-max = 🤸 Ловкость до: { $agility_max } %
settings-duel-hp = ❤️ Здоровье в поединке: { $duel_hp }
settings-duel-to-death =
    ☠️ Поединки до смерти: { $duel_to_death ->
        [yes] да
       *[no] нет
    }
settings-new-after-death =
    ♻️ Новый персонаж после гибели: { $allow_new_after_death ->
        [yes] можно
       *[no] нельзя
    }
settings-d20-any-action =
    🪄 Любые действия всем классам: { $d20_any_action ->
        [yes] да
       *[no] нет, по таблице классов
    }
settings-duel-skills = 📋 Навыки поединка: { $skills }
settings-skills-button = 📋 Навыки поединка ({ $skill_count }) →
settings-skills =
    📋 <b>Навыки поединка</b> ({ $skill_count } из { $max_skills }): { $skills_text }

    Чтобы добавить навык, пришлите его название: от 2 до 24 букв, можно пробелы и дефисы.
    Чтобы убрать навык, нажмите на него. Хотя бы один навык должен остаться.
settings-ask-number =
    { $current }

    Пришлите новое значение числом: от { $low } до { $high }.
settings-back = ← Назад
settings-close = Закрыть

error-setting-range = Можно только от { $low } до { $high }. Ничего не изменилось.
error-skill =
    { $problem ->
        [length] Название навыка — от 2 до 24 символов.
        [duplicate] Такой навык уже есть (регистр не важен).
        [too-many] Навыков не может быть больше 10. Сначала уберите какой-нибудь.
        [last] Хотя бы один навык должен остаться.
        [gone] Этого навыка уже нет в списке.
       *[characters] В названии навыка можно использовать только буквы, пробелы и дефисы.
    }
