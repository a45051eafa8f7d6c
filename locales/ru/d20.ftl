## d20: проверки и бой (система d20)

d20-check-usage =
    Проверка: /check 1, /check 2 или /check 3 — и, если хотите, что проверяете. Например: /check 2 вскрыть замок.
    УС 1 — успех на 11–20, УС 2 — на 17–20, УС 3 — только на 20.
d20-check-head = 🎲 <b>{ $who }</b>: проверка УС { $dc } (успех на { $range })
d20-check-head-what = 🎲 <b>{ $who }</b>: «{ $what }» — проверка УС { $dc } (успех на { $range })
d20-check-die = d20: { $die } — { $verdict }
d20-check-success = ✅ успех!
d20-check-failure = ❌ неудача.
d20-range = { $low }–20
d20-range-top = 20

## Сбор на бой

d20-battle-usage = Бой: /battle — стороны «Первая» и «Вторая»; или /battle Стража | Разбойники — со своими названиями (до { $limit } { $limit ->
        [one] символа
       *[other] символов
    } каждое).
d20-side-first = Первая сторона
d20-side-second = Вторая сторона
d20-side-named = «{ $name }»
d20-battle-open =
    ⚔️ <b>Сбор на бой!</b> Созывает { $opener }.
    Выберите сторону кнопкой — нужен живой персонаж в этой игре. Сбор идёт { $time }; начать раньше может { $opener } или администратор.
d20-battle-side = <b>{ $side }</b>: { $names }
d20-battle-side-empty = пока никого
d20-button-join-first = За первую сторону
d20-button-join-second = За вторую сторону
d20-button-join-named = За сторону «{ $side }»
d20-button-start = ⚔️ Начать бой
d20-joined = { $name } вступает в бой: { $side }.
d20-battle-begun = ⚔️ Сбор окончен — бой начался.
d20-battle-lapsed = ⌛ Бой не состоялся: нужен хотя бы один боец с каждой стороны.

## Начало и ходы

d20-start-head = ⚔️ <b>Бой начинается!</b> Стороны: { $first } и { $second }.
d20-initiative-head = 🎲 Инициатива (d20; при равенстве раньше ходит тот, кто раньше вступил):
d20-initiative-line = { $place }. { $name } — { $die }
d20-roster-side = <b>{ $side }</b>: { $fighters }
d20-roster-standing = { $name } { $hp }/{ $max }
d20-roster-fallen = { $name } 💀 0/{ $max }
d20-roster-dead = { $name } ☠️
d20-turn = ➡️ Раунд { $round }. Ходит <b>{ $name }</b> ({ $hp }/{ $max } ХП): выберите действие.
# What the message that asked for a turn keeps once the turn is taken (its result is below it).
d20-turn-closed = { $how ->
        [acted] ✔️ Ход сделан: { $name } — итог ниже.
        [passed] ✔️ Ход пропущен: { $name } — дальше ниже.
       *[other] ✔️ Бой идёт дальше — ниже.
    }
d20-button-attack = ⚔️ Атака
d20-button-harm = 🔥 Заклинание (урон)
d20-button-buff = ✨ Исцеление
d20-button-finish = 💀 Добить
d20-button-pass = ⏭ Пропустить ход
d20-button-back = ◀️ Назад
d20-button-target = { $name } ({ $hp }/{ $max })
d20-button-finish-physical = ⚔️ Добить: { $name }
d20-button-finish-magic = 🔥 Добить чарами: { $name }
d20-button-spare = 🕊 Пощадить

d20-action-physical = ⚔️ <b>{ $attacker }</b> атакует. Цель: { $target }.
d20-action-magic = 🔥 <b>{ $attacker }</b> читает боевое заклинание. Цель: { $target }.
d20-action-buff = ✨ <b>{ $attacker }</b> читает исцеляющее заклинание. Цель: { $target }.
d20-action-finish = 💀 <b>{ $attacker }</b> добивает { $target_gender ->
        [f] павшую
       *[m] павшего
    }. Цель: { $target }.

d20-effect-fumble = 🎲 d20: { $die } — провал: { $attacker } теряет следующий ход.
d20-effect-ally-hit = 🎲 d20: { $die } — мимо, да по своим, урон { $damage }: { $struck } { $before } → { $after } ХП.
d20-effect-self-hit = 🎲 d20: { $die } — мимо, да по себе, урон { $damage }: { $struck } { $before } → { $after } ХП.
d20-effect-no-effect = 🎲 d20: { $die } — заклинание не подействовало.
d20-effect-miss = 🎲 d20: { $die } — промах: концентрация потеряна.
d20-effect-dodge = 🎲 d20: { $die } — уклонение.
d20-effect-block = 🎲 d20: { $die } — удар блокирован.
d20-effect-block-magic = 🎲 d20: { $die } — заклинание нейтрализовано.
d20-effect-partial-block = 🎲 d20: { $die } — частичный блок: без серьёзных повреждений, 0 ХП.
d20-effect-partial-block-magic = 🎲 d20: { $die } — заклинание частично нейтрализовано: 0 ХП.
d20-effect-hit-minor = 🎲 d20: { $die } — незначительный урон { $damage }: { $struck } { $before } → { $after } ХП.
d20-effect-hit-light = 🎲 d20: { $die } — лёгкий урон { $damage }: { $struck } { $before } → { $after } ХП.
d20-effect-hit-medium = 🎲 d20: { $die } — средний урон { $damage }: { $struck } { $before } → { $after } ХП.
d20-effect-heavy-hit = 🎲 d20: { $die } — тяжёлый урон { $damage }: { $struck } { $before } → { $after } ХП.
d20-effect-stun-hit = 🎲 d20: { $die } — тяжёлый урон { $damage }: { $struck } { $before } → { $after } ХП, и { $struck } теряет следующий ход.
d20-effect-critical = 🎲 d20: { $die } — критический удар! { $struck }: { $before } → { $after } ХП.
d20-effect-critical-magic = 🎲 d20: { $die } — критическое попадание! { $struck }: { $before } → { $after } ХП.
d20-effect-critical-spent = 🎲 d20: { $die } — критический удар! { $struck }: { $before } → { $after } ХП: меньше 1 ХП крит не оставляет.
d20-effect-critical-magic-spent = 🎲 d20: { $die } — критическое попадание! { $struck }: { $before } → { $after } ХП: меньше 1 ХП крит не оставляет.
d20-effect-buff-miss = 🎲 d20: { $die } — концентрация потеряна, чары рассеялись.
d20-effect-buff-slip = 🎲 d20: { $die } — заклинание произнесено неверно.
d20-effect-buff-block = 🎲 d20: { $die } — эффект погашен.
d20-effect-buff-partial = 🎲 d20: { $die } — чары не удержались: исцеления нет.
d20-effect-buff-hit = 🎲 d20: { $die } — исцеление +{ $heal } ХП: { $struck } { $before } → { $after } ХП.
d20-effect-buff-strong = 🎲 d20: { $die } — сильное исцеление +{ $heal } ХП: { $struck } { $before } → { $after } ХП.
d20-effect-buff-critical = 🎲 d20: { $die } — блестяще: полное исцеление, +{ $heal } ХП: { $struck } { $before } → { $after } ХП.
d20-narrative-self = { $gender ->
        [f] сама заклинательница
       *[m] сам заклинатель
    }
d20-fell = 💀 { $name } падает без сил (0 ХП) и выбывает из боя.
d20-rose = 🌅 { $name } поднимается на ноги ({ $hp } ХП) и возвращается в бой.
d20-dead = ☠️ { $name } погибает.
d20-skipped = ⏭ { $name }: ход потерян и пропускается.

## Описание состояния, пропуски, время

d20-narration-ask = ✍️ { $name }, опишите состояние персонажа — бой ждёт.
d20-narration-done = 📜 Описание принято ({ $name }).
d20-narration-timeout = ⌛ Время на описание вышло ({ $name }).
d20-narration-skipped = ⏩ Мастер пропускает описание ({ $name }).
d20-turn-passed = ⏭ { $name } пропускает ход.
d20-turn-timeout = ⌛ Время хода вышло: { $name } пропускает ход.
d20-turn-skipped = ⏩ Мастер пропускает ход: { $name }.

## Конец боя

d20-end = 🏁 <b>Бой окончен.</b> Победа: { $side }. На ногах: { $names }.
d20-end-draw = 🏁 <b>Бой окончен.</b> На ногах не осталось никого.
d20-finish-offer = Павшие ждут своей участи: победители могут добить их кнопками ниже или пощадить.
d20-spared = 🕊 { $name } оставляет павших в живых. Бой закрыт. Хиты павшим вернёт мастер: /heal или привал /rest.
d20-spared-admin = 🕊 Мастер закрывает бой: павшие остаются в живых. Хиты им вернёт мастер: /heal или привал /rest.

## Отказы

error-battle-busy = В этом чате уже идёт бой. Дождитесь его конца.
error-no-battle = Сейчас нечего пропускать: бой не ждёт ни хода, ни описания.
error-battle-joined = Ваш персонаж уже на этой стороне.
error-battle-sides = Для боя нужен хотя бы один боец с каждой стороны.
error-battle-start = Начать бой может тот, кто его созвал, или администратор.
d20-error-action = { $name } так не { $kind ->
        [magic] колдует во вред: боевых заклинаний
        [buff] исцеляет: исцеляющих заклинаний
       *[physical] сражается: ударов оружием
    } у этого класса нет. Выберите другое действие; мастер может разрешить всем классам любые действия в настройках игры (/game).

## Раса (по желанию): по ней бот выбирает правдоподобные описания
d20-race-human = человек
d20-race-elf = эльф
d20-race-dwarf = дварф
d20-race-half-orc = полуорк
d20-race-halfling = полурослик
d20-race-gnome = гном
d20-race-tiefling = тифлинг
d20-race-dragonborn = драконорождённый
d20-race-other = другая…

## НПС мастера (свод правил: d20 / НПС)
d20-npc = 🎭 { $name }
d20-npc-usage =
    Как вывести НПС в бой (только мастер, пока идёт сбор на бой):
    <code>/npc Имя класс | сторона</code> — например, <code>/npc Гоблин воин | Орда</code>
    <code>/npc Имя хиты | сторона</code> — например, <code>/npc Босс 40 | 2</code>
    Класс: { $classes }; без класса НПС бьётся как воин. Хиты — от 1 до { $max } (без них — по классу). Можно дописать «ж», чтобы описания говорили о НПС в женском роде. Сторона — её название или 1 / 2.
d20-npc-bad-name = Имя НПС — от { $min } до { $max } символов: буквы, цифры, пробел, дефис или апостроф. Например: <code>/npc Гоблин воин | 2</code>
d20-npc-fielded = 🎭 { $name } ({ $character_class }, { $hp } ХП) — НПС мастера, вступает в бой: { $side }.
d20-npc-error-name = В бою уже есть { $name }: у бойцов одного боя имена не должны совпадать. Дайте НПС другое имя.
d20-npc-error-many = НПС в одном бою — не больше { $limit }.
d20-npc-error-no-battle = НПС выводят, пока идёт сбор на бой: сначала /battle, потом /npc.
d20-button-npcs = 🎭 Добавить НПС
d20-npcs-opened = Пишу вам в личку: добавляйте НПС там.
d20-npcs-unreachable = Не могу написать вам в личку: откройте чат со мной и нажмите «Запустить» (или отправьте /start), затем снова нажмите «🎭 Добавить НПС».
d20-npcs-name-prompt = 🎭 НПС для собирающегося боя. Как зовут НПС? Напишите имя: от { $min } до { $max } символов.
d20-npcs-bad-name = Имя НПС — от { $min } до { $max } символов: буквы, цифры, пробел, дефис или апостроф. Напишите другое имя.
d20-npcs-sheet-prompt = 🎭 { $name }: выберите класс — или напишите число хитов (от 1 до { $hp_max }), тогда НПС бьётся как воин.
d20-npcs-bad-hp = Хиты — целое число от 1 до { $max }. Напишите другое число или выберите класс.
d20-npcs-gender-prompt = 🎭 { $name }: мужчина или женщина? От этого зависят окончания в описаниях боя.
d20-npcs-button-he = ♂ Мужчина
d20-npcs-button-she = ♀ Женщина
d20-npcs-button-any = Не важно
d20-npcs-side-prompt = 🎭 { $name }: за какую сторону?
d20-npcs-more-prompt = Добавить ещё одного НПС?
d20-npcs-button-more = ➕ Ещё одного
d20-npcs-button-done = ✅ Готово
d20-npcs-button-cancel = Отмена
d20-npcs-done = Готово: НПС в бою, их видно в сообщении о сборе в группе.
d20-npcs-cancelled = Хорошо, этого НПС не добавляю. Уже добавленные остаются в бою.
d20-npcs-no-battle = Сбор на этот бой уже закончился: НПС в него больше не добавить.
d20-button-auto = 🎲 Пусть решит бот
d20-auto = 🎲 За { $name } решает бот.
d20-turn-npc = ➡️ Раунд { $round }. Ходит <b>{ $name }</b> ({ $hp }/{ $max } ХП) — НПС: действие выбирает мастер.
d20-narration-ask-npc = ✍️ { $name } (НПС): мастер, опишите состояние персонажа — бой ждёт. Описанием станет ваше следующее сообщение в чате (или ответ на это); /skip — пропустить.
