## d20: the narrative of battle outcomes
## $attacker strikes or casts, $target is the target, $ally the comrade a misfire catches.

## Physical attack

d20n-phys-fumble-1 = { $attacker } charges, but a foot skids on the stones — instead of a blow comes an awkward fall. While { $attacker } scrambles up, the fight moves on.
d20n-phys-fumble-2 = { $attacker } swings far too wide: the weapon snags on something behind, and all balance is gone. { $target } need not even defend.
d20n-phys-fumble-3 = { $attacker } pauses to pick the best angle — and the pause drags on. By the time { $attacker } snaps out of it, the moment is long gone.

d20n-phys-ally-1 = { $attacker } swings hard, but { $target } steps aside and the glancing blow lands on a comrade — { $ally } hisses with pain.
d20n-phys-ally-2 = In the press of the melee { $attacker } misses and clips a friend: { $ally } takes an annoying scratch.
d20n-phys-ally-3 = { $target } ducks at the last instant, and { $attacker } cannot stop the swing — it lands on a comrade's shoulder, and { $ally } winces.

d20n-phys-self-1 = { $attacker } misses, and the swing carries on into the attacker's own thigh — painful and embarrassing.
d20n-phys-self-2 = { $target } slips away deftly, and { $attacker }, lunging into empty air, crashes into a rock and skins both palms.
d20n-phys-self-3 = After the miss { $attacker } yanks the weapon back too sharply and clips their own arm — a bruise is already swelling.

d20n-phys-miss-1 = { $attacker } strikes, but a shout from behind steals the last instant of focus — the blow meets only air.
d20n-phys-miss-2 = { $attacker } attacks too hastily: the blow passes a hand's breadth away, and { $target } does not even flinch.
d20n-phys-miss-3 = Sweat stings the eyes and { $attacker } misses — { $target } stands where they stood, without a scratch.

d20n-phys-dodge-1 = { $attacker } lands what should be a clean blow, but { $target } slips out of its path at the last moment.
d20n-phys-dodge-2 = { $target } reads the swing like an open book and slides away — { $attacker } cuts nothing but air.
d20n-phys-dodge-3 = The blow would have landed, but { $target } springs aside and { $attacker } stumbles forward.

d20n-phys-block-heavy-1 = { $target } meets the blow with a raised weapon and turns it aside with ease — { $attacker } steps back, shaking a numb hand.
d20n-phys-block-heavy-2 = { $target } takes it on an armoured bracer, and the blow skids off harmlessly.
d20n-phys-block-heavy-3 = { $target } stands like a rock: a blow that would fell anyone else lands on a solid guard, and { $attacker } merely bounces back.

d20n-phys-block-agile-1 = { $target } catches the blow on a forearm and deflects it — short, precise, not a wasted motion.
d20n-phys-block-agile-2 = One sharp move and { $target } knocks the strike aside: { $attacker } hits where the target no longer is.
d20n-phys-block-agile-3 = { $target } meets the strike with a short, hard block, and { $attacker } pulls back without breaking through.

d20n-phys-block-frail-1 = { $target } does not argue with brute force: one word, and a shimmering shield flares up, the weapon sliding off it uselessly.
d20n-phys-block-frail-2 = The blow almost lands, but { $target } has a protective ward ready: an invisible barrier swallows the strike.
d20n-phys-block-frail-3 = { $target } flings up a hand, and a charm flaring on the palm takes the blow. { $attacker } backs off: the ward held.

d20n-phys-partial-heavy-1 = { $target } covers up in time, and the blow only grates across a pauldron, leaving a deep scratch in the metal.
d20n-phys-partial-heavy-2 = { $target } turns the blow, though not completely: a graze on the shoulder, nothing to a seasoned fighter.
d20n-phys-partial-heavy-3 = The strike glances off — { $target } gets away with a bruise and a cut baldric strap.

d20n-phys-partial-agile-1 = { $target } nearly avoids the blow — the edge only tears a sleeve and leaves a shallow scratch.
d20n-phys-partial-agile-2 = { $target } half-deflects the strike, but it still clips the ribs: a bruise tomorrow, no harm today.
d20n-phys-partial-agile-3 = { $target } smothers the blow at the last moment, and only a red welt remains on the skin.

d20n-phys-partial-frail-1 = The protective spell holds only partly: { $target } gets away with a torn robe and a light graze.
d20n-phys-partial-frail-2 = { $target } recoils, and the blow merely slits the hem of a garment without touching flesh.
d20n-phys-partial-frail-3 = The shimmering shield cracks but soaks up the force — { $target } is left with a bruised shoulder.

d20n-phys-hit-minor-1 = { $attacker } catches the foe with the tail of the swing — { $target } takes a shallow cut.
d20n-phys-hit-minor-2 = The blow lands, if badly: { $target } winces at the bruise but stays on their feet.
d20n-phys-hit-minor-3 = { $attacker } strikes short and fast — { $target } takes a stinging but harmless knock.

d20n-phys-hit-light-1 = { $attacker } finds a gap in the guard and { $target } is wounded — blood seeps through the clothes.
d20n-phys-hit-light-2 = The blow lands square in the side: { $target } doubles over, then straightens at once.
d20n-phys-hit-light-3 = { $attacker } throws a quick flurry and one strike gets through — { $target } grits their teeth.

d20n-phys-hit-medium-1 = { $attacker } hits with full force and { $target } is thrown back a step — a serious wound.
d20n-phys-hit-medium-2 = The strike lands right in the body: { $target } grunts and barely keeps balance.
d20n-phys-hit-medium-3 = { $attacker } puts full weight behind the blow — { $target } staggers, blood running down an arm.

d20n-phys-heavy-1 = A terrible blow: { $attacker } crashes down on the foe, and { $target } barely stays standing.
d20n-phys-heavy-2 = { $attacker } strikes with a full swing — { $target } takes a grievous wound and falls back, leaving a trail of blood.
d20n-phys-heavy-3 = A blow so hard that something cracks: { $target } clutches their side with a groan.

d20n-phys-stun-1 = { $attacker } lands a crushing blow — { $target } drops to one knee, ears ringing, the world swimming.
d20n-phys-stun-2 = The blow takes { $target } in the head; down they go, unsure for a moment which way is up.
d20n-phys-stun-3 = { $attacker } puts everything into the strike — { $target } is hurled to the ground and loses touch with the world for a moment.

d20n-phys-crit-1 = A critical hit! { $attacker } finds the one gap in the guard, and { $target } takes a dreadful wound.
d20n-phys-crit-2 = { $attacker } strikes perfectly — the blow one trains for years to land once in a lifetime. { $target } reels, clutching the wound.
d20n-phys-crit-3 = Time seems to slow: { $attacker } sees the open flank, and the blow lands exactly there. { $target } cries out in pain.

d20n-phys-finish-1 = { $attacker } walks up to the fallen foe. One precise blow, and { $target } will never rise again.
d20n-phys-finish-2 = { $attacker } knows no mercy: a short blow, and { $target } falls silent forever.
d20n-phys-finish-3 = { $attacker } bends over the body and finishes what was started. { $target } leaves this world without a sound.

## Harmful spell

d20n-magic-fumble-1 = { $attacker } begins to weave the spell but muddles the words — the magic scatters in sparks and the head starts spinning.
d20n-magic-fumble-2 = { $attacker } sinks so deep into the formula that for a moment it is unclear where the fight even is.
d20n-magic-fumble-3 = The magic slips its leash: { $attacker } reels, coloured spots dancing before the eyes.

d20n-magic-ally-1 = { $attacker } hurls a bolt of force, but { $target } dodges and the flash catches a comrade — { $ally } staggers back, shaking off sparks.
d20n-magic-ally-2 = The spell veers aside: { $ally } is caught by its edge and gets burned.
d20n-magic-ally-3 = { $attacker } misjudges the range — the spell hits their own side, and { $ally } yelps in surprise.

d20n-magic-self-1 = The spell backlashes into its caster: { $attacker } burns their own palms with their own magic.
d20n-magic-self-2 = { $attacker } closes the formula wrongly, and part of the power rebounds — painful and embarrassing.
d20n-magic-self-3 = The spell leaps from the fingers and ricochets: { $attacker } gets a taste of their own power.

d20n-magic-miss-1 = { $attacker } loses focus on the last syllable — the spell fizzles before it leaves the hands.
d20n-magic-miss-2 = The beam of force goes wide: { $attacker } aims far too hastily.
d20n-magic-miss-3 = { $attacker } is distracted for a heartbeat, and the woven spell unravels into nothing.

d20n-magic-dodge-1 = { $target } dives aside, and the spell bursts on the ground where the target stood a moment ago.
d20n-magic-dodge-2 = { $target } leaps clear in time — the flash passes close, scorching only air.
d20n-magic-dodge-3 = { $attacker } releases the spell, but { $target } slips out of its way as if knowing where it would land.

d20n-magic-block-heavy-1 = { $target } takes the spell full on the chest and simply shakes it off like rain: a warrior's will outlasts the magic.
d20n-magic-block-heavy-2 = An amulet flares and swallows the spell — { $target } does not even slow down.
d20n-magic-block-heavy-3 = { $target } bursts through the spell with a roar, and the magic scatters harmlessly.

d20n-magic-block-agile-1 = { $target } gathers focus for a single breath, and inner strength snuffs out the foreign magic.
d20n-magic-block-agile-2 = { $target } cuts through the stream of magic with a sharp gesture — and the spell falls apart.
d20n-magic-block-agile-3 = A warding sign on the clothes flares, and the spell dies out — { $target } takes not a scratch.

d20n-magic-block-frail-1 = { $target } answers with a counterspell, and the two powers cancel out in a silent flash.
d20n-magic-block-frail-2 = { $target } recognises the weave before it is finished and tears it apart with a single word.
d20n-magic-block-frail-3 = A magic shield takes the full force of the spell — { $target } merely straightens a sleeve.

d20n-magic-partial-heavy-1 = { $target } almost shrugs the spell off — only the skin of an arm is singed and a cloak hem smoulders.
d20n-magic-partial-heavy-2 = An amulet absorbs most of the spell, and { $target } gets away with a light burn.
d20n-magic-partial-heavy-3 = { $target } covers up, and the magic only scorches a pauldron.

d20n-magic-partial-agile-1 = { $target } weakens the spell in time, but sparks still leave red marks on the skin.
d20n-magic-partial-agile-2 = Inner strength does not quite quench the spell — { $target } feels only an unpleasant tingling.
d20n-magic-partial-agile-3 = { $target } nearly escapes the flash — only the edge of a sleeve burns.

d20n-magic-partial-frail-1 = { $target } throws up a hasty ward: the spell breaks through, but spent — only a robe smoulders.
d20n-magic-partial-frail-2 = The counterspell half works, and { $target } gets away with numb fingers.
d20n-magic-partial-frail-3 = { $target } partly unravels the weave — what is left only ruffles hair and clothes.

d20n-magic-hit-minor-1 = A spark of the spell scorches a shoulder — { $target } flinches and rubs the burn.
d20n-magic-hit-minor-2 = { $attacker } hits, if weakly: { $target } feels an arm go numb.
d20n-magic-hit-minor-3 = The spell clips the target with its edge — { $target } winces at the burn.

d20n-magic-hit-light-1 = A bolt of force hits home: { $target } reels as blisters rise on the skin.
d20n-magic-hit-light-2 = { $attacker } looses icy needles, and some find their mark — { $target } hisses with pain.
d20n-magic-hit-light-3 = The spell wraps around the foe and squeezes — { $target } tears free with an effort.

d20n-magic-hit-medium-1 = Flame washes over the foe from head to toe: { $target } barely manages to beat it out.
d20n-magic-hit-medium-2 = { $attacker } brings down a torrent of force, and { $target } is thrown several steps back.
d20n-magic-hit-medium-3 = The spell strikes the chest — { $target } gasps as a spasm runs through the body.

d20n-magic-heavy-1 = { $attacker } pours everything into the spell — a pillar of fire engulfs the target, and { $target } staggers out of the flames screaming.
d20n-magic-heavy-2 = Lightning strikes true: { $target } convulses, and the air smells of scorching.
d20n-magic-heavy-3 = A dark wave rolls over the foe — { $target } barely stays standing.

d20n-magic-stun-1 = The spell strikes the head: { $target } collapses, body cramping, unable to rise.
d20n-magic-stun-2 = A chilling touch seizes the foe: frost creeps up the arms, and { $target } cannot move.
d20n-magic-stun-3 = A thunderclap knocks the foe flat — { $target } lies on the ground, ears ringing.

d20n-magic-crit-1 = A critical hit! { $attacker } weaves a flawless spell, and { $target } takes its full might.
d20n-magic-crit-2 = The magic flares blindingly — { $target } screams as the power pierces right through.
d20n-magic-crit-3 = { $attacker } finds a crack in the foe's very essence: a strike of pure power, and { $target } barely stays conscious.

d20n-magic-finish-1 = { $attacker } speaks the last word, and { $target } falls silent forever.
d20n-magic-finish-2 = A brief flash over the fallen — and { $target } will never rise again.
d20n-magic-finish-3 = { $attacker } touches the fallen foe, and the last spark of life goes out: { $target } is gone.

## Beneficial spell (on oneself or an ally)

d20n-buff-fumble-1 = { $attacker } muddles the words of the blessing, and the spell falls apart — the head spins, no time for fighting.
d20n-buff-fumble-2 = { $attacker } sinks so deep into the spell that the thread of the fight is lost.
d20n-buff-fumble-3 = The summoned power answers with a painful backlash — { $attacker } reels, clutching both temples.

d20n-buff-none-1 = { $attacker } completes the spell, but it does not take — and { $target } feels nothing at all.
d20n-buff-none-2 = The words are right, but the power stays silent: { $attacker } lowers both hands — nothing has changed.
d20n-buff-none-3 = The spell slides off like water off glass, and { $target } gains nothing from it.

d20n-buff-miss-1 = { $attacker } loses focus, and the blessing scatters before it reaches its target.
d20n-buff-miss-2 = The din of battle breaks the rhythm — { $attacker } stumbles over the words, and the spell dies halfway through.
d20n-buff-miss-3 = { $attacker } is distracted for a moment — and the thread of the spell snaps.

d20n-buff-slip-1 = { $attacker } fumbles a gesture — the spell comes out crooked and falls apart at once.
d20n-buff-slip-2 = The needed component is not at hand: { $attacker } fumbles at the belt, but the spell will not come together.
d20n-buff-slip-3 = { $attacker } mispronounces the word of power, and the magic does not answer.

d20n-buff-block-1 = The spell almost takes, but something smothers it — and { $target } feels only a faint warmth.
d20n-buff-block-2 = The power reaches its target and melts away like snow on a palm before { $target } can feel it.
d20n-buff-block-3 = Hostile magic in the air snuffs the spell out: { $attacker } feels the blessing slip away.

d20n-buff-partial-1 = The spell works at half strength: { $target } feels a surge of vigour, but a brief one.
d20n-buff-partial-2 = The spell settles unevenly — and { $target } receives only part of the promised power.
d20n-buff-partial-3 = The blessing works weakly, but it works: { $target } feels a light rush of energy.

d20n-buff-hit-1 = { $attacker } completes the spell, and { $target } feels strength flowing through the body.
d20n-buff-hit-2 = The spell settles evenly: { $target } moves lighter and sees clearer.
d20n-buff-hit-3 = Soft light wraps the target, and { $target } squares their shoulders.

d20n-buff-heavy-1 = A strong spell: { $target } feels a mighty surge of strength.
d20n-buff-heavy-2 = { $attacker } pours their soul into the spell — and { $target } sheds all the weariness of battle.
d20n-buff-heavy-3 = The magic flares bright, and { $target } feels able to move mountains.

d20n-buff-stun-1 = The spell takes at full strength — { $target } glows from within, weariness gone in an instant.
d20n-buff-stun-2 = { $attacker } hits the very heart of the spell: { $target } feels an unheard-of lightness.
d20n-buff-stun-3 = The blessing works brilliantly — and { $target } rushes into battle with fresh strength.

d20n-buff-crit-1 = A flawless spell: { $target } is filled with power to the brim — the strongest effect there is.
d20n-buff-crit-2 = Magic itself answers the call: { $attacker } weaves a spell to be told of for years, and { $target } receives its full might.
d20n-buff-crit-3 = A critical success: power pours like a river, and { $target } feels capable of anything.
