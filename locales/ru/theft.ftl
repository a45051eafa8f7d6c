## Кража у бодрствующего (/steal N)

world-steal-usage = Украсть: /steal N — номер бодрствующего персонажа в вашем зале. Ваши Атака + Инициатива d10 против его Защиты + Инициативы d10: успехов больше — одна вещь из его карманов или рюкзака, наугад, ваша. Одна попытка за цикл; неудачу он заметит.
world-steal-answered = 🔒 Ответ — в личном чате.
world-steal-head = 🫳 Попытка кражи у №{ $number } { $name }
world-steal-roll = { $dice } (порог { $threshold }) → успехов: { $successes }
world-steal-no-dice = не сопротивляется (здоровье 0)
world-steal-own-dice = 🎲 Вы: { $roll }
world-steal-other-dice = 🎲 { $name }: { $roll }
world-steal-got = ✅ Удалось: { $item } → { $place ->
        [left_hand] в левую руку
        [right_hand] в правую руку
        [worn] сразу на вас
        [left_pocket] в левый карман
        [right_pocket] в правый карман
       *[backpack] в рюкзак
    }. Шанс был { $chance }.
world-steal-floor = ✅ Удалось: { $item }, но вам некуда это деть — оно упало на пол зала. Шанс был { $chance }.
world-steal-nothing = ✅ Рука прошла незамеченной, но в карманах и рюкзаке ничего не нашлось. Шанс был { $chance }.
world-steal-noticed = ❌ Не вышло: { $name } { $gender ->
        [f] заметила
       *[m] заметил
    } вашу руку. Шанс был { $chance }.
world-steal-caught = 👀 №{ $number } { $name } { $gender ->
        [f] пыталась
       *[m] пытался
    } вас обокрасть, но вы заметили руку в своих вещах. Ничего не пропало.
world-error-theft-in-fight = №{ $number } сейчас в бою: посреди схватки не до краж.
world-error-theft-done = В этом цикле вы уже пытались украсть. Следующая попытка — после конца цикла.
