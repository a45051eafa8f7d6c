## d20: the narrative of battle outcomes
## $attacker strikes or casts, $target is the target, $ally the comrade a misfire catches.
## Every set has exactly 8 variants (rules/d20/story.py: VARIANTS); within a battle none comes
## again before the others. The outcome's headline ("a critical hit!") is on the die's line,
## never repeated here. No gendered pronouns: names, "the foe", singular "their".

## Blow: 1, a fumble

d20n-phys-fumble-1 = { $attacker } charges, but a foot skids on the stones — instead of a blow comes an awkward fall. While { $attacker } scrambles up, the fight moves on.
d20n-phys-fumble-2 = { $attacker } swings far too wide and nearly topples over. { $target } need not even defend.
d20n-phys-fumble-3 = { $attacker } pauses to pick the best angle — and the pause drags on. By the time { $attacker } snaps out of it, the moment is long gone.
d20n-phys-fumble-4 = A strap snaps at the worst moment: { $attacker } gets tangled in the gear and loses precious seconds.
d20n-phys-fumble-5 = { $attacker } makes a feint — and fools only themselves: the turn is so sharp the world goes dark for a moment.
d20n-phys-fumble-6 = A rotten plank cracks underfoot and { $attacker } sinks in to the knee. By the time { $attacker } climbs out, { $target } has caught a breath.
d20n-phys-fumble-7 = { $attacker } lunges, { $target } shifts an inch, and { $attacker } sails past, shoulder first into the wall.
d20n-phys-fumble-8 = In the heat of the fight { $attacker } misses the pool of blood underfoot — a short flight, a dull thud, ringing ears.

## Blow: 2–3, a misfire on an ally

d20n-phys-ally-1 = { $attacker } swings wide, { $target } steps aside, and the glancing blow lands on their own side — { $ally } hisses in pain.
d20n-phys-ally-2 = In the crush of the melee { $attacker } misses and catches a comrade full swing — { $ally } gasps with pain.
d20n-phys-ally-3 = { $target } ducks at the last moment, and { $attacker } can no longer stop the swing — it lands on { $ally }, who winces.
d20n-phys-ally-4 = { $ally } steps forward at the worst possible moment — right into a blow meant for the foe.
d20n-phys-ally-5 = { $attacker } spins at the sound of footsteps and strikes blind — { $ally } staggers back, clutching a bruised arm.
d20n-phys-ally-6 = The blow skids off the foe's guard and carries on sideways — to where { $ally } stands. Not deep, but galling.
d20n-phys-ally-7 = { $target } shoves the attacker away, and { $attacker } crashes into their own: { $ally } takes an elbow under the ribs.
d20n-phys-ally-8 = "Careful!" shouts { $ally }, too late: the swing meant for the enemy catches a friend.

## Blow: 2–3, a misfire on oneself (no ally standing)

d20n-phys-self-1 = { $attacker } misses, and the momentum brings the blow down on { $attacker }'s own thigh — painful and embarrassing.
d20n-phys-self-2 = { $target } slips away deftly, and { $attacker }, lunging into empty air, crashes onto a rock and skins both palms.
d20n-phys-self-3 = After the miss { $attacker } yanks back too hard and clips their own arm — a bruise swells on the forearm.
d20n-phys-self-4 = { $attacker } strikes with full force, { $target } steps back, and the blow hits a post. The jolt runs up to the shoulder.
d20n-phys-self-5 = The lunge goes wide, { $attacker } stumbles and drops to one knee — right onto a sharp stone.
d20n-phys-self-6 = { $attacker } tries a leaping strike but lands badly: an ankle crunches.
d20n-phys-self-7 = The miss is so wild that { $attacker } loses balance and meets the wall forehead first.
d20n-phys-self-8 = { $target } jumps clear, and { $attacker } careers on, tearing a side open on a jutting branch.

## Blow: 4–5, a miss (lost concentration)

d20n-phys-miss-1 = { $attacker } strikes, but a shout from behind is distracting at the last instant — the blow cuts empty air.
d20n-phys-miss-2 = { $attacker } attacks too hastily: the blow passes a hand's breadth from the target, and { $target } does not even flinch.
d20n-phys-miss-3 = Sweat stings the eyes, and { $attacker } misses — { $target } stands there without a scratch.
d20n-phys-miss-4 = A glint of sunlight dazzles { $attacker } for a heartbeat — enough to miss.
d20n-phys-miss-5 = { $attacker } waits too long for the right moment, and when the blow finally comes, { $target } is no longer there.
d20n-phys-miss-6 = Smoke veils the field: { $attacker } strikes where a shadow just flickered, but there is nothing there.
d20n-phys-miss-7 = Fatigue tells — the blow comes slow and sloppy, and { $target } merely watches it go by.
d20n-phys-miss-8 = { $attacker } aims at an open flank but hesitates at the last instant — and the blow goes wide.

## Blow: 6–7, a dodge

d20n-phys-dodge-1 = { $attacker } lands a precise blow, but { $target } slips off the line of attack at the last instant.
d20n-phys-dodge-2 = { $target } sees the swing coming and slides away — { $attacker } cleaves only air.
d20n-phys-dodge-3 = The blow might have landed, but { $target } springs aside and { $attacker } stumbles forward.
d20n-phys-dodge-4 = { $target } ducks, and the blow whistles overhead.
d20n-phys-dodge-5 = { $target } rolls out from under the blow and is back up three paces away.
d20n-phys-dodge-6 = Half a step back — and the blow passes a finger's width from the face. { $target } does not even blink.
d20n-phys-dodge-7 = { $target } turns sideways, letting the blow slide past, and { $attacker }'s momentum carries on.
d20n-phys-dodge-8 = { $attacker } strikes twice, and both times { $target } is just a little to the side — as if dancing.

## Blow: 8–9, a block. A massive defender takes it on armour, shield or weapon

d20n-phys-block-heavy-1 = { $target } meets the blow with a weapon and turns it aside with ease — { $attacker } backs off, shaking a numb hand.
d20n-phys-block-heavy-2 = { $target } raises a bracer, and the blow slides off harmlessly.
d20n-phys-block-heavy-3 = { $target } stands like a rock: a blow that would fell anyone else lands on a ready block, and { $attacker } just bounces back.
d20n-phys-block-heavy-4 = The blow booms against a shield. { $target } does not budge an inch and answers with a heavy stare.
d20n-phys-block-heavy-5 = { $target } takes the blow on a steel-clad shoulder — only sparks fly.
d20n-phys-block-heavy-6 = Steel rings on steel: { $target } catches the blow near the hilt and throws it aside.
d20n-phys-block-heavy-7 = { $target } turns slightly, and the blow lands on the breastplate — a dent, not a wound.
d20n-phys-block-heavy-8 = { $target } meets the blow with a counter, and { $attacker } rebounds as if from a wall.

## Blow: 8–9, a block. A middling defender parries and deflects

d20n-phys-block-agile-1 = { $target } catches the blow on a forearm and turns it aside — short, precise, no wasted motion.
d20n-phys-block-agile-2 = A sharp move — and { $target } knocks the blow aside: { $attacker } strikes where no one is any more.
d20n-phys-block-agile-3 = { $target } meets the blow with a short hard block, and { $attacker } pulls back without breaking through.
d20n-phys-block-agile-4 = { $target } does not fight the force of the blow but leads it away — it glides past.
d20n-phys-block-agile-5 = A ringing parry: { $target } turns the blow and is back in stance at once.
d20n-phys-block-agile-6 = { $target } catches the blow on a haft and, with a small twist, steers it down into the ground.
d20n-phys-block-agile-7 = { $target } slaps the attacker's wrist with an open palm — and the blow goes nowhere.
d20n-phys-block-agile-8 = Three quick blows, three short parries. { $target } holds the guard without giving a step.

## Blow: 8–9, a block. A slight defender without magic dodges instead of blocking

d20n-phys-block-evade-1 = { $target } does not even try to meet a blow like that — ducks under the attacker's arm and ends up behind.
d20n-phys-block-evade-2 = Meeting such force head-on would be pointless, so { $target } simply vanishes from its path — the blow crushes stone where the target stood.
d20n-phys-block-evade-3 = { $target } leaps behind an overturned bench, and the blow bites into wood.
d20n-phys-block-evade-4 = { $target } slips between the attacker's legs, and { $attacker } spins round, baffled.
d20n-phys-block-evade-5 = { $target } darts behind a pillar — the blow strikes a shower of sparks from the stone.
d20n-phys-block-evade-6 = Small but quick: { $target } ducks so low that the blow passes over the crown of the head.
d20n-phys-block-evade-7 = { $target } hops back, and a blow that would have broken an arm rips only air.
d20n-phys-block-evade-8 = { $target } throws themselves aside, rolls, and is up again — the blow slams into the dirt.

## Blow: 8–9, a block. A mage or warlock raises a ward, not a staff

d20n-phys-block-ward-1 = { $target } does not contest the force of the blow: one short word — and a shimmering shield flares before the face, the blow sliding off it.
d20n-phys-block-ward-2 = The blow nearly lands, but { $target } has woven a ward in advance: an invisible barrier swallows it.
d20n-phys-block-ward-3 = { $target } raises a hand, and a charm blazing on the palm takes the blow. { $attacker } backs off: the ward held.
d20n-phys-block-ward-4 = The air before the caster thickens like resin, and the blow bogs down before reaching flesh.
d20n-phys-block-ward-5 = { $target } whispers a word — and the blow is flung back as if it struck a glass wall.
d20n-phys-block-ward-6 = Runes on the sleeve flare blue, and the blow dies in a glowing sphere around the target.
d20n-phys-block-ward-7 = { $target } vanishes in a flash and reappears two paces away — the blow hits nothing.
d20n-phys-block-ward-8 = The shadows at their feet thicken and rise like a wall: the blow sinks into them as into a bog.

## Blow: 10–11, a partial block. A massive defender

d20n-phys-partial-heavy-1 = { $target } gets a guard up in time, and the blow only grinds along the pauldron, leaving a deep scratch in the metal.
d20n-phys-partial-heavy-2 = { $target } turns the blow, but not fully: a graze on the shoulder — nothing to a seasoned fighter.
d20n-phys-partial-heavy-3 = The blow glances off — { $target } gets away with a bruise and a cut baldric strap.
d20n-phys-partial-heavy-4 = The shield takes the blow, but its rim knocks its owner on the chin — unpleasant, no more.
d20n-phys-partial-heavy-5 = { $target } blocks a little late: the blow dents the bracer, the arm goes numb but stays whole.
d20n-phys-partial-heavy-6 = The mail holds — { $target } just grunts and rolls a shoulder.
d20n-phys-partial-heavy-7 = { $target } takes the blow on crossed arms and gives a step, then straightens at once.
d20n-phys-partial-heavy-8 = The blow lands on the helmet; ears ring, but { $target } only shakes it off.

## Blow: 10–11, a partial block. A middling or slight defender

d20n-phys-partial-agile-1 = { $target } almost slips the blow — it only tears a sleeve and leaves a shallow scratch.
d20n-phys-partial-agile-2 = { $target } half-deflects the blow, yet it still catches the ribs: a bruise, no harm.
d20n-phys-partial-agile-3 = { $target } softens the blow at the last moment, leaving only a red welt on the skin.
d20n-phys-partial-agile-4 = The parry comes out crooked: the blow glances off and rips a flask from the belt.
d20n-phys-partial-agile-5 = { $target } does not quite dodge — the blow nicks a thigh and splits the trouser leg.
d20n-phys-partial-agile-6 = { $target } takes the blow on a forearm, cushioning it; the arm aches but obeys.
d20n-phys-partial-agile-7 = The blow brushes the hair and shears off a lock — { $target } escapes with a fright.
d20n-phys-partial-agile-8 = { $target } turns the blow aside, but it grazes a shoulder on the way — a trifling scrape.

## Blow: 10–11, a partial block. A mage or warlock: the ward holds only in part

d20n-phys-partial-ward-1 = The ward holds only in part: { $target } escapes with a torn robe and a light graze.
d20n-phys-partial-ward-2 = { $target } reels back behind the ward, and the blow only slits a hem without touching flesh.
d20n-phys-partial-ward-3 = The shimmering shield cracks but eats the force of the blow — { $target } gets away with a bruised shoulder.
d20n-phys-partial-ward-4 = The charm flares and dies, having taken nearly all of the blow; the rest merely pushes the caster back.
d20n-phys-partial-ward-5 = The shield spell rings like a cracked bell — { $target } feels the blow but no wound.
d20n-phys-partial-ward-6 = { $target } cannot finish the ward in time, and the blow comes through its shreds already spent — only a bruise.
d20n-phys-partial-ward-7 = The unseen barrier bends but holds: { $target } is thrown back a step, with nothing hurt but pride.
d20n-phys-partial-ward-8 = Sparks of warding runes rain on the floor; { $target } shakes a numb hand, but there is no blood.

## Blow: 10–11, a partial block against a heavier attacker: the blow breaks through

d20n-phys-partial-through-1 = { $attacker } strikes so hard the guard gives way: the blow pushes through it to the body — a bruise, not a wound.
d20n-phys-partial-through-2 = { $target } tries to cover up, but { $attacker } simply smashes through the block; spent, the blow only shoves the foe back.
d20n-phys-partial-through-3 = Mass against nimbleness: the guard breaks, and { $target } is thrown a couple of paces — luckily without blood.
d20n-phys-partial-through-4 = { $attacker } leans in with full weight and crushes the guard, but the force goes into it — { $target } escapes with a bruise.
d20n-phys-partial-through-5 = A block, but not enough of one: the blow knocks the foe's arm aside and scrapes along the ribs. Painful, not dangerous.
d20n-phys-partial-through-6 = { $target } puts up a guard, and { $attacker } drives the blow right through it — at the end of its strength, too spent to wound.
d20n-phys-partial-through-7 = The heavy blow knocks the guard aside; { $target } stays up, but the arm will hum for a long while.
d20n-phys-partial-through-8 = The guard cracks under the onslaught — { $attacker } breaks through but catches only cloth: { $target } jerks back in time.

## Blow: 12–13, minor damage (1–2)

d20n-phys-hit-minor-1 = { $attacker } catches the foe with the edge of the blow — { $target } takes a shallow cut.
d20n-phys-hit-minor-2 = The blow lands, if clumsily: { $target } winces at the bruise but stays on their feet.
d20n-phys-hit-minor-3 = { $attacker } strikes short and fast — { $target } takes a stinging but harmless knock.
d20n-phys-hit-minor-4 = The blow clips a cheekbone: { $target } spits blood and grins.
d20n-phys-hit-minor-5 = { $attacker } reaches with the very tip — a red line blooms on the foe's arm.
d20n-phys-hit-minor-6 = A jab under the ribs knocks the wind out: { $target } doubles over for a moment, then straightens.
d20n-phys-hit-minor-7 = { $attacker } raps the knuckles — { $target } hisses and shakes out a bruised hand.
d20n-phys-hit-minor-8 = The blow lands on a knee: { $target } sags onto that leg but quickly rights themselves.

## Blow: 14–15, light damage (3–4)

d20n-phys-hit-light-1 = { $attacker } finds a gap in the guard, and { $target } takes a wound — blood seeps through the clothes.
d20n-phys-hit-light-2 = The blow lands square in the side: { $target } doubles over but straightens at once.
d20n-phys-hit-light-3 = { $attacker } lands a quick flurry, and one blow finds its mark — { $target } grits their teeth in pain.
d20n-phys-hit-light-4 = { $attacker } strikes a thigh — { $target } limps on, leaving dark drops behind.
d20n-phys-hit-light-5 = The blow splits a shoulder: { $target } lowers an arm for a moment, fighting the pain.
d20n-phys-hit-light-6 = { $attacker } catches the foe on the retreat — a blow across the back, and { $target } barely keeps their footing.
d20n-phys-hit-light-7 = A whipping blow to the face: the foe's brow is split, and blood runs into one eye.
d20n-phys-hit-light-8 = { $attacker } draws the guard with a feint and strikes the belly — { $target } gasps and backs off.

## Blow: 16–17, medium damage (5–6)

d20n-phys-hit-medium-1 = { $attacker } strikes with full force, and { $target } is thrown a step back — a serious wound.
d20n-phys-hit-medium-2 = The blow lands right in the body: { $target } grunts and barely keeps balance.
d20n-phys-hit-medium-3 = { $attacker } puts all their weight behind the blow — { $target } staggers, blood running down an arm.
d20n-phys-hit-medium-4 = Ribs crack loud enough to hear over the din: { $target } presses a hand to the side.
d20n-phys-hit-medium-5 = { $attacker } strikes upward, and { $target } drops to one knee, gasping for air.
d20n-phys-hit-medium-6 = The blow breaks the guard and cuts deep into an arm — the foe's fingers go slack for a moment.
d20n-phys-hit-medium-7 = { $attacker } catches the foe in the shoulder — the arm hangs limp.
d20n-phys-hit-medium-8 = Two blows in a row, the second square in the chest: { $target } backs off, leaving a bloody trail.

## Blow: 18, heavy damage (7)

d20n-phys-heavy-1 = A terrible blow: { $attacker } crashes down on the foe, and { $target } barely stays standing.
d20n-phys-heavy-2 = { $attacker } swings with full force — { $target } takes a grievous wound and falls back, leaving a bloody trail.
d20n-phys-heavy-3 = A blow so hard there is a crunch: { $target } clutches a side with a groan.
d20n-phys-heavy-4 = { $attacker } pours all their fury into the blow — { $target } flies back and slams into a wall.
d20n-phys-heavy-5 = An overhead blow cuts through the guard: { $target } falls to their knees but stubbornly rises.
d20n-phys-heavy-6 = { $attacker } strikes the belly, and { $target } folds in half, wheezing with pain.
d20n-phys-heavy-7 = Blood spatters the stones: the blow leaves a deep wound in the foe's flesh.
d20n-phys-heavy-8 = A crushing blow to the legs — { $target } crashes down and gets up swaying.

## Blow: 19, heavy damage and a stun

d20n-phys-stun-1 = { $attacker } strikes a crushing blow — { $target } drops to their knees, ears ringing, the world swimming.
d20n-phys-stun-2 = The blow lands on the head: { $target } goes down and for a while cannot tell up from down.
d20n-phys-stun-3 = { $attacker } puts everything into the blow — { $target } is flung back, hits the ground and loses touch with the world for a moment.
d20n-phys-stun-4 = A blow to the temple puts out the light: { $target } stands, glassy-eyed, hands refusing to obey.
d20n-phys-stun-5 = { $attacker } strikes the solar plexus, and { $target } curls up on the ground, unable to breathe.
d20n-phys-stun-6 = A heavy blow knocks the foe off their feet; { $target } tries to rise, but the legs give way.
d20n-phys-stun-7 = A blow to the jaw — and { $target } sinks down as if every bone were gone.
d20n-phys-stun-8 = { $attacker } hits the helmet so hard the clang carries across the field: { $target } reels, seeing nothing.

## Blow: 20, a critical (the headline is on the die's line)

d20n-phys-crit-1 = { $attacker } finds the one gap in the guard, and { $target } takes a terrible wound.
d20n-phys-crit-2 = { $attacker } strikes perfectly — the way one trains for years and manages once in a lifetime. { $target } reels, clutching the wound.
d20n-phys-crit-3 = Time seems to slow: { $attacker } sees the open side, and the blow lands exactly there. { $target } cries out in pain.
d20n-phys-crit-4 = Half a step decides it: { $attacker } is suddenly close and strikes where there is no guard at all.
d20n-phys-crit-5 = { $attacker } reads the foe's move a heartbeat early and strikes into it — a blow they will tell of around campfires.
d20n-phys-crit-6 = The blow goes through the guard as if it were not there: { $target } sinks to one knee, white with pain.
d20n-phys-crit-7 = { $attacker } strikes at a joint in the armour — the one place worth striking. { $target } groans.
d20n-phys-crit-8 = One blow — and the foe's strength drains away with the blood. { $target } still stands, but not for long.

## A blow that fells its target. The fallen is out of the fight and has no turn left to lose,
## so a 19 that fells is told as an 18 (the heavy-fall set). Never "straightens up" or "stands"

## Blow: 12–13, minor damage, and the target falls

d20n-phys-hit-minor-fall-1 = The blow is a light one, but the foe is worn to the bone: the knees buckle, and { $target } sinks to the ground.
d20n-phys-hit-minor-fall-2 = { $attacker } barely clips the foe — and that is enough: the last strength goes, and { $target } drops to the ground.
d20n-phys-hit-minor-fall-3 = On any other day such a blow would go unnoticed, but today { $target } is at the limit: the world goes dark, and the ground slips away.
d20n-phys-hit-minor-fall-4 = A short jab under the ribs — and { $target } folds in half and cannot unbend.
d20n-phys-hit-minor-fall-5 = { $attacker } barely reaches with the edge of the blow, but { $target } has fought on empty for too long: the legs give way on their own.
d20n-phys-hit-minor-fall-6 = The blow hardly leaves a mark, but it is the last straw: { $target } drops the weapon and slumps to the ground.
d20n-phys-hit-minor-fall-7 = A light blow to the shoulder — and { $target } slowly, as if in a dream, topples sideways.
d20n-phys-hit-minor-fall-8 = { $attacker } strikes a glancing blow; { $target } tries to answer, but the body no longer obeys — and the fight is over for them.

## Blow: 14–15, light damage, and the target falls

d20n-phys-hit-light-fall-1 = { $attacker } finds a gap in the guard — a shallow wound, but too much blood is lost already: the knees buckle, and { $target } crashes onto their back.
d20n-phys-hit-light-fall-2 = The blow lands square in the side: { $target } doubles over — and cannot unbend again.
d20n-phys-hit-light-fall-3 = { $attacker } strikes the thigh; the leg gives way, and { $target } crashes heavily to the ground.
d20n-phys-hit-light-fall-4 = A quick flurry, and one blow finds its mark: { $target } drops the weapon and sinks down.
d20n-phys-hit-light-fall-5 = The blow cuts the shoulder open, and that proves enough: { $target } sinks to their knees, then face down into the dust.
d20n-phys-hit-light-fall-6 = { $attacker } catches the foe retreating — a blow across the back, and { $target } pitches face first into the dust.
d20n-phys-hit-light-fall-7 = A lashing blow to the face: blood floods the eyes, { $target } reels blindly — and collapses.
d20n-phys-hit-light-fall-8 = { $attacker } feints past the guard and strikes the belly — { $target } gasps, doubles over and slumps to the ground.

## Blow: 16–17, medium damage, and the target falls

d20n-phys-hit-medium-fall-1 = { $attacker } strikes with all their might — { $target } is thrown back and lies where they land.
d20n-phys-hit-medium-fall-2 = The blow lands full in the body: { $target } grunts dully, and the legs fail.
d20n-phys-hit-medium-fall-3 = { $attacker } puts their whole weight into the blow — { $target } flies into the wall and slides down it.
d20n-phys-hit-medium-fall-4 = Ribs crack loud enough to hear over the fight: { $target } topples onto one side, gasping for air.
d20n-phys-hit-medium-fall-5 = { $attacker } strikes upward, and { $target } snaps back and crashes down flat.
d20n-phys-hit-medium-fall-6 = The blow smashes the guard and cuts deep into the arm; the weapon falls from the fingers, and { $target } sinks down after it.
d20n-phys-hit-medium-fall-7 = { $attacker } catches the foe in the shoulder so hard that { $target } spins round and goes down.
d20n-phys-hit-medium-fall-8 = Two blows in a row, the second square in the chest: { $target } takes a step back, then another — and topples over.

## Blow: 18–19, heavy damage, and the target falls

d20n-phys-heavy-fall-1 = A terrible blow: { $attacker } crashes down on the foe, and { $target } drops like a felled tree.
d20n-phys-heavy-fall-2 = { $attacker } swings with full force — { $target } is flung several steps and stays down in the dust.
d20n-phys-heavy-fall-3 = A blow so hard there is a crunch: { $target } sinks to the ground with a groan, the weapon slipping from the fingers.
d20n-phys-heavy-fall-4 = { $attacker } pours all their fury into the blow — { $target } slams into a wall and slides down it.
d20n-phys-heavy-fall-5 = An overhead blow cuts through the guard: { $target } falls to their knees, tries to lean on one arm — and the arm gives way.
d20n-phys-heavy-fall-6 = { $attacker } strikes the belly, and { $target } folds in half, wheezes and topples onto one side.
d20n-phys-heavy-fall-7 = Blood spatters the stones: the blow leaves a deep wound, and { $target } collapses straight into the crimson pool.
d20n-phys-heavy-fall-8 = A crushing blow to the legs — { $target } crashes down, tries to push up on one elbow and lets the head drop.

## Blow: 20, a critical with nothing to take: the target is at 1 HP, and a critical goes no lower. No wounds, no blood

d20n-phys-crit-spent-1 = { $attacker } strikes flawlessly — but there is nothing left to take: { $target } is on the last gasp already, and the blow only glances off torn armour.
d20n-phys-crit-spent-2 = A perfect blow finds its mark — and finds nothing there left to take. { $target } sways, but stands.
d20n-phys-crit-spent-3 = { $attacker } puts all their skill into the blow, but { $target } is on the very edge already, and this blow cannot push them over it.
d20n-phys-crit-spent-4 = Such a blow would fell anyone, but { $target } is standing on stubbornness alone — and the stubbornness holds.
d20n-phys-crit-spent-5 = The blade goes exactly where { $attacker } aims — but there is nothing there left to take: { $target } stays upright by a miracle.
d20n-phys-crit-spent-6 = { $attacker } sees the gap and strikes true, but { $target } seems past all weariness already: the blow changes nothing.
d20n-phys-crit-spent-7 = The best blow of the whole fight — and it changes nothing: { $target }, barely alive, still stands where they stood.
d20n-phys-crit-spent-8 = The blow is flawless, but the foe has nothing left to lose: { $target } rocks back — and still stands.

## Finishing off with a blow

d20n-phys-finish-1 = { $attacker } walks up to the fallen foe. One precise blow — and { $target } will never rise again.
d20n-phys-finish-2 = { $attacker } knows no mercy: a short blow, and { $target } falls silent for ever.
d20n-phys-finish-3 = { $attacker } bends over the body and finishes what was begun. { $target } leaves this world without a sound.
d20n-phys-finish-4 = { $target } tries to rise, but { $attacker } does not allow it: one last blow ends it.
d20n-phys-finish-5 = { $attacker } hesitates a moment, looking the fallen in the eye, then strikes — quick and merciful.
d20n-phys-finish-6 = Silence hangs over the field; { $attacker } lowers the arm, and { $target } is still for ever.
d20n-phys-finish-7 = { $attacker } turns away without waiting for the last breath. { $target } will not get up again.
d20n-phys-finish-8 = A short, almost careless blow — and { $target } goes where no one comes back from.

## Harmful spell: 1, a fumble

d20n-magic-fumble-1 = { $attacker } starts weaving a spell but muddles the words — the magic scatters into sparks, and the head spins.
d20n-magic-fumble-2 = { $attacker } gets so lost in the formula that for a moment they forget where they are and whom they fight.
d20n-magic-fumble-3 = The magic breaks loose: { $attacker } staggers, coloured spots dancing before the eyes.
d20n-magic-fumble-4 = The power answers the call — all of it at once: { $attacker } clutches their temples, a nosebleed starting.
d20n-magic-fumble-5 = Another will meddles with the weave, and the spell dies in the caster's hands, leaving a ringing void.
d20n-magic-fumble-6 = { $attacker } drops the focus and gropes for it in the dirt while the fight goes on.
d20n-magic-fumble-7 = The word of power sticks in the throat: { $attacker } coughs and cannot catch a breath.
d20n-magic-fumble-8 = The spell collapses with a dull pop, and { $attacker } is deaf and blind for a moment from the backlash.

## Harmful spell: 2–3, a misfire on an ally

d20n-magic-ally-1 = { $attacker } hurls a bolt of force, { $target } dodges, and the flash catches their own side — { $ally } reels back under a shower of sparks.
d20n-magic-ally-2 = The spell veers off: { $ally } gets caught at its very edge and takes a burn.
d20n-magic-ally-3 = { $attacker } misjudges the range — the spell hits their own, and { $ally } cries out in surprise.
d20n-magic-ally-4 = The ray glances off the foe's shield and ricochets into the back — where { $ally } stands.
d20n-magic-ally-5 = { $ally } surges forward just as the spell leaves the caster's fingers — and takes part of it.
d20n-magic-ally-6 = The blast comes out wider than meant: { $ally } is caught at its edge and rubs a scorched arm.
d20n-magic-ally-7 = A shard of ice misses the target and bites into a comrade's shoulder — { $ally } swears through gritted teeth.
d20n-magic-ally-8 = The spell confuses friend and foe: { $ally } flinches at the sting of a hostile power.

## Harmful spell: 2–3, a misfire on oneself (no ally standing)

d20n-magic-self-1 = The spell backfires on the caster: { $attacker } scorches their own palms.
d20n-magic-self-2 = { $attacker } closes the formula wrong, and part of the power comes back — painful and embarrassing.
d20n-magic-self-3 = The spell slips from the fingers and rebounds: { $attacker } feels their own power.
d20n-magic-self-4 = Finding no target, the power sinks into the ground — and strikes the legs of the one who called it. { $attacker } drops to a knee.
d20n-magic-self-5 = The spell flares right in the hands: { $attacker } shakes a blistered palm.
d20n-magic-self-6 = { $target } turns the spell aside, and it returns to its weaver — { $attacker } winces in pain.
d20n-magic-self-7 = The spell's cold grips the caster's own fingers — { $attacker } can barely feel them.
d20n-magic-self-8 = The recoil punches the chest: { $attacker } is thrown back a step, gasping.

## Harmful spell: 4–5, a miss (lost concentration)

d20n-magic-miss-1 = { $attacker } loses focus on the last syllable — the spell fades before leaving the hands.
d20n-magic-miss-2 = The bolt of force flies far wide: { $attacker } aims too hastily.
d20n-magic-miss-3 = { $attacker } is distracted for an instant, and the woven spell unravels into nothing.
d20n-magic-miss-4 = Someone screams nearby, and the formula snaps halfway — { $attacker } is left empty-handed.
d20n-magic-miss-5 = The bolt goes skyward: { $target } is nowhere near where { $attacker } aims.
d20n-magic-miss-6 = The spell comes out pale and weak and melts away before reaching the target.
d20n-magic-miss-7 = { $attacker } loses the rhythm of the spell, and the power trickles away like water.
d20n-magic-miss-8 = The flash strikes the wall behind the foe — the stone blackens, and the target does not even turn round.

## Harmful spell: 6–7, a dodge

d20n-magic-dodge-1 = { $target } dives aside, and the spell shatters with a crack on the ground where the foe stood a moment ago.
d20n-magic-dodge-2 = { $target } leaps clear in time — the flash passes close, scorching only air.
d20n-magic-dodge-3 = { $attacker } releases the spell, but { $target } slips out from under it, as if knowing where it would land.
d20n-magic-dodge-4 = { $target } drops flat, and the fireball roars over their back.
d20n-magic-dodge-5 = The ray slices the air, but { $target } is already behind a pillar — stone melts where the target was.
d20n-magic-dodge-6 = { $target } sees the fingers shape the spell and steps aside before the power is loosed.
d20n-magic-dodge-7 = Lightning strikes the ground at their very feet: { $target } jumps clear, hair standing on end.
d20n-magic-dodge-8 = { $target } rolls behind a dropped shield, and the spell breaks on the metal.

## Harmful spell: 8–9, neutralised. A mage, warlock or cleric answers with magic

d20n-magic-block-ward-1 = { $target } answers with a counterspell, and the two powers cancel out in a soundless flash.
d20n-magic-block-ward-2 = { $target } recognises the weave before it is finished and tears it apart with a single word.
d20n-magic-block-ward-3 = A magic shield takes the full force of the spell — { $target } merely straightens a sleeve.
d20n-magic-block-ward-4 = { $target } raises an open palm — and the spell shatters against an unseen wall.
d20n-magic-block-ward-5 = Two wills clash in the air; the defender's wins — the spell crumbles to ash.
d20n-magic-block-ward-6 = { $target } traces a sign in the air, and the hostile power drains into it like water into sand.
d20n-magic-block-ward-7 = { $target } simply seizes the flow of power and grounds it — the stone cracks underfoot.
d20n-magic-block-ward-8 = A warding word spoken in advance does its work: the spell dies a span from the face.

## Harmful spell: 8–9, neutralised. The others endure it by will, amulet or sheer body

d20n-magic-block-resist-1 = { $target } meets the spell chest-first and shakes it off like rain: will is stronger than magic.
d20n-magic-block-resist-2 = The amulet at the neck flares and swallows the spell — { $target } does not even slow down.
d20n-magic-block-resist-3 = { $target } bursts through the spell with a roar, and the magic disperses harmlessly.
d20n-magic-block-resist-4 = { $target } focuses for a single breath, and inner strength snuffs out the hostile magic.
d20n-magic-block-resist-5 = { $target } slashes through the stream of magic with a sharp gesture — and the spell falls apart.
d20n-magic-block-resist-6 = A warding sign on the clothes flares, and the spell dies out — { $target } takes not a scratch.
d20n-magic-block-resist-7 = { $target } grits their teeth and weathers the spell — the magic runs down the body into the ground.
d20n-magic-block-resist-8 = { $target } shields the face with an arm, and the spell, finding no gap, goes out.

## Harmful spell: 10–11, partly neutralised. A mage, warlock or cleric

d20n-magic-partial-ward-1 = { $target } throws up a hasty ward: the spell breaks through, but spent — only the robe smoulders.
d20n-magic-partial-ward-2 = The counterspell half-works, and { $target } escapes with numb fingers.
d20n-magic-partial-ward-3 = { $target } partly unravels the weave — what is left only tousles hair and clothes.
d20n-magic-partial-ward-4 = A shield of light cracks under the blow; only warmth reaches the body.
d20n-magic-partial-ward-5 = { $target } snuffs out the most dangerous part of the spell; the rest is a prickly wind in the face.
d20n-magic-partial-ward-6 = A warding sign flares and fades at once — it lasted just long enough to spare a wound.
d20n-magic-partial-ward-7 = { $target } answers word for word, and the weakened spell leaves only frost on a sleeve.
d20n-magic-partial-ward-8 = The charm takes the blow and crumbles to dust — { $target } gets away with nothing worse than a headache.

## Harmful spell: 10–11, partly neutralised. The others

d20n-magic-partial-resist-1 = { $target } nearly shakes off the spell — only the skin of a hand is scorched and a cloak hem smoulders.
d20n-magic-partial-resist-2 = The amulet absorbs most of the spell, and { $target } escapes with a light burn.
d20n-magic-partial-resist-3 = { $target } covers up, and the magic only scorches a pauldron.
d20n-magic-partial-resist-4 = { $target } manages to weaken the spell, but sparks still leave red marks on the skin.
d20n-magic-partial-resist-5 = Inner strength does not quite quench the spell — { $target } feels only an unpleasant tingling.
d20n-magic-partial-resist-6 = { $target } nearly clears the blast — only the edge of a sleeve burns.
d20n-magic-partial-resist-7 = The spell's cold chills to the bone, but { $target } shakes it off without losing a drop of blood.
d20n-magic-partial-resist-8 = The spell strikes a raised arm and dies, leaving only numbness.

## Harmful spell: 12–13, minor damage (1–2)

d20n-magic-hit-minor-1 = A spark of the spell scorches a shoulder — { $target } flinches and rubs the burn.
d20n-magic-hit-minor-2 = { $attacker } hits, if weakly: { $target } feels an arm go numb.
d20n-magic-hit-minor-3 = The spell grazes the target — { $target } winces at the burn.
d20n-magic-hit-minor-4 = A prickling cold touches a cheek: { $target } shivers as frost forms on the skin.
d20n-magic-hit-minor-5 = The spell stings like a swarm of wasps — { $target } swats at it, but a couple of stings get through.
d20n-magic-hit-minor-6 = A flash blinds for an instant, and { $target } blinks, trying to clear the spots.
d20n-magic-hit-minor-7 = An invisible lash whips an arm — { $target } hisses but does not give ground.
d20n-magic-hit-minor-8 = { $attacker } whispers a curse, and { $target } feels a nasty chill run down the spine.

## Harmful spell: 14–15, light damage (3–4)

d20n-magic-hit-light-1 = A bolt of force strikes true: { $target } reels, blisters rising on the skin.
d20n-magic-hit-light-2 = { $attacker } looses ice needles, and some find their mark — { $target } hisses in pain.
d20n-magic-hit-light-3 = The spell wraps around the foe and squeezes — { $target } barely breaks free.
d20n-magic-hit-light-4 = A clot of darkness bites into a side, and { $target } feels warmth draining from the wound.
d20n-magic-hit-light-5 = A pillar of light strikes from above: { $target } shields the eyes, clothes smoking.
d20n-magic-hit-light-6 = Roots burst from the ground and lash at the legs — { $target } falls but springs up again.
d20n-magic-hit-light-7 = The spell hits the chest like a giant's fist — { $target } coughs, bent double.
d20n-magic-hit-light-8 = A prickling bolt runs through the body: { $target } jerks, fingers cramping.

## Harmful spell: 16–17, medium damage (5–6)

d20n-magic-hit-medium-1 = Flame washes over the foe from head to toe: { $target } barely manages to beat it out.
d20n-magic-hit-medium-2 = { $attacker } unleashes a torrent of force, and { $target } is hurled several paces.
d20n-magic-hit-medium-3 = The spell strikes the chest — { $target } chokes, a spasm running through the body.
d20n-magic-hit-medium-4 = An eldritch blast burns right through the guard — { $target } cries out and clutches a shoulder.
d20n-magic-hit-medium-5 = Ice locks a leg and cracks along with the skin: { $target } drops to a knee.
d20n-magic-hit-medium-6 = Sacred fire flares on the foe's very body, and { $target } rolls on the ground to smother it.
d20n-magic-hit-medium-7 = The caster's voice booms, and a wave of sound slams the foe to the ground.
d20n-magic-hit-medium-8 = Black tendrils close around the chest — { $target } tears free, ribs creaking.

## Harmful spell: 18, heavy damage (7)

d20n-magic-heavy-1 = { $attacker } pours everything into the spell — a pillar of fire engulfs the target, and { $target } breaks out of the flames screaming.
d20n-magic-heavy-2 = Lightning strikes true: { $target } convulses from head to toe, and the air smells of scorching.
d20n-magic-heavy-3 = A dark wave crashes over the foe — { $target } barely stays standing.
d20n-magic-heavy-4 = An ice lance pierces the guard and lodges in a side — { $target } howls, wrenching out the shard.
d20n-magic-heavy-5 = The sky answers: a sheaf of light crashes down on the foe, and the skin blisters.
d20n-magic-heavy-6 = Three eldritch blasts strike one after another, and { $target } falls to their knees after the third.
d20n-magic-heavy-7 = Acid hisses on the armour and eats its way to the skin — { $target } snarls with pain.
d20n-magic-heavy-8 = A gust of howling wind dashes the foe against the stones; { $target } rises, blood running down the face.

## Harmful spell: 19, heavy damage and a stun

d20n-magic-stun-1 = The spell strikes the head: { $target } falls, the body cramping — getting up is out of the question.
d20n-magic-stun-2 = A freezing touch binds the foe: frost creeps up the arms, and { $target } cannot move.
d20n-magic-stun-3 = A thunderclap knocks the target down — { $target } lies on the ground, ears ringing.
d20n-magic-stun-4 = An alien will breaks into the mind: { $target } stands with an empty gaze, forgetting where they are.
d20n-magic-stun-5 = A blinding flash burns away everything in sight — { $target } gropes about in white emptiness.
d20n-magic-stun-6 = Lightning strikes the chest, and { $target } drops, twitching like a puppet with cut strings.
d20n-magic-stun-7 = The ground heaves underfoot, and { $target } falls flat without even a cry.
d20n-magic-stun-8 = A whispered curse seeps into the bones: { $target } doubles over, and the world spins.

## Harmful spell: 20, a critical (the headline is on the die's line)

d20n-magic-crit-1 = { $attacker } weaves a flawless spell, and { $target } takes its full might.
d20n-magic-crit-2 = The magic flares blindingly — { $target } screams as the power pierces right through.
d20n-magic-crit-3 = { $attacker } finds a breach in the foe's very essence: a strike of pure power — and { $target } barely stays conscious.
d20n-magic-crit-4 = Every syllable falls true: the spell gathers into one shining point and strikes at the heart.
d20n-magic-crit-5 = The air rings with power: { $attacker } brings down a spell fit for three, and { $target } takes all of it.
d20n-magic-crit-6 = The power goes through every ward at once — { $target } sinks to their knees, smoking.
d20n-magic-crit-7 = For a moment { $attacker } seems taller, the voice not their own. The spell strikes, and { $target } sways like a tree under the axe.
d20n-magic-crit-8 = Silence — then a roar: the caster's spell bursts right on the target's body. { $target } barely stays standing.

## A spell that fells its target (a 19 that fells is told as an 18: the fallen has no turn to lose)

## Harmful spell: 12–13, minor damage, and the target falls

d20n-magic-hit-minor-fall-1 = A spark of the spell only scorches a shoulder, but { $target } is at the limit: that is enough for the legs to give way.
d20n-magic-hit-minor-fall-2 = { $attacker } hits, if weakly — { $target } feels an arm go numb, then the whole body, and slowly sinks to the ground.
d20n-magic-hit-minor-fall-3 = The spell only grazes the target, but the last strength goes out with it: { $target } drops to the ground.
d20n-magic-hit-minor-fall-4 = A prickling cold touches the cheek, frost creeps over the skin — and the worn-out body gives in: { $target } sinks down.
d20n-magic-hit-minor-fall-5 = The magic stings like a swarm of wasps — { $target } swats at it, but the arms no longer obey, and down goes { $target }, face first.
d20n-magic-hit-minor-fall-6 = The flash blinds for a moment — and that moment is enough: { $target } loses balance and cannot get back up.
d20n-magic-hit-minor-fall-7 = An unseen whip lashes the arm — lightly, almost carelessly, but the foe has no strength left: { $target } sinks down.
d20n-magic-hit-minor-fall-8 = { $attacker } whispers a curse, a chill runs down the spine — and { $target }, the last strength spent, slumps to the ground.

## Harmful spell: 14–15, light damage, and the target falls

d20n-magic-hit-light-fall-1 = A bolt of force strikes true: blisters rise on the skin, and { $target } collapses with a groan.
d20n-magic-hit-light-fall-2 = Ice needles bite into the body; { $target } takes a step, another — and sinks down, stiff with cold.
d20n-magic-hit-light-fall-3 = The spell binds the foe and squeezes — there is no strength left to break free, and { $target } goes limp in its coils.
d20n-magic-hit-light-fall-4 = A clot of darkness bites into a side, warmth drains from the body, and { $target } slowly sinks to their knees, then to the ground.
d20n-magic-hit-light-fall-5 = A pillar of light strikes from above: the clothes smoke, and { $target } collapses face down, shielding the eyes.
d20n-magic-hit-light-fall-6 = Roots burst from the ground, lash at the legs and bring the foe down — there is no getting back up.
d20n-magic-hit-light-fall-7 = The spell hits the chest like a giant's fist — { $target } doubles over, coughing, and topples sideways.
d20n-magic-hit-light-fall-8 = Prickling lightning runs through the body: the fingers cramp, the weapon falls, and { $target } follows it down.

## Harmful spell: 16–17, medium damage, and the target falls

d20n-magic-hit-medium-fall-1 = Flame washes over the foe from head to toe; { $target } rolls on the ground to beat it out and stays down.
d20n-magic-hit-medium-fall-2 = { $attacker } unleashes a torrent of force — { $target } is flung several steps and lies there, stunned.
d20n-magic-hit-medium-fall-3 = The spell strikes the chest — { $target } chokes, the body convulses, and the legs give way.
d20n-magic-hit-medium-fall-4 = An eldritch blast burns clean through the guard — { $target } cries out and sinks down, clutching a shoulder.
d20n-magic-hit-medium-fall-5 = Ice locks a leg and cracks along with the skin: { $target } drops to one knee, then onto one side.
d20n-magic-hit-medium-fall-6 = Sacred fire flares right on the foe's body; { $target } rolls on the ground to put it out — and cannot get back up.
d20n-magic-hit-medium-fall-7 = The caster's voice thunders, and a wave of sound dashes the foe against the ground — there is no strength left to get back up.
d20n-magic-hit-medium-fall-8 = Black tentacles tighten round the chest; ribs crack, and { $target } goes limp in their grip.

## Harmful spell: 18–19, heavy damage, and the target falls

d20n-magic-heavy-fall-1 = A pillar of fire engulfs the target; { $target } breaks out of the flames — and at once collapses, smoking.
d20n-magic-heavy-fall-2 = Lightning strikes true: { $target } convulses from head to toe and drops to the ground; the air smells of scorching.
d20n-magic-heavy-fall-3 = A dark wave crashes over the foe, and when it rolls back, { $target } lies face down.
d20n-magic-heavy-fall-4 = An ice lance pierces the guard and lodges in a side — { $target } clutches the shard and sinks to the ground.
d20n-magic-heavy-fall-5 = The sky answers: a sheaf of light crashes down on the foe, and { $target } sinks to their knees, then falls face down.
d20n-magic-heavy-fall-6 = Three eldritch blasts strike one after another; after the third, { $target } stays down.
d20n-magic-heavy-fall-7 = Acid eats through the armour to the skin — { $target } snarls with pain, reels and collapses.
d20n-magic-heavy-fall-8 = A gust of howling wind dashes the foe against the stones; { $target } stays down, blood running down the face.

## Harmful spell: 20, a critical with nothing to take: the target is at 1 HP, and a critical goes no lower

d20n-magic-crit-spent-1 = { $attacker } weaves a flawless spell — but the force passes through the foe, finding nothing left to take: { $target } is on the very edge already.
d20n-magic-crit-spent-2 = The magic flares blindingly, and still changes nothing: { $target } barely holds on — but holds on.
d20n-magic-crit-spent-3 = The spell strikes at the very core — and finds only a stubbornness no fire can burn. { $target } sways, and stands.
d20n-magic-crit-spent-4 = Every syllable lands true, but the target is drained to the dregs: the force goes nowhere, and { $target } is still upright.
d20n-magic-crit-spent-5 = The air rings with power enough for three — but over the last spark of life it has no hold: { $target } stays upright.
d20n-magic-crit-spent-6 = The force goes through every ward at once and dies out, having taken nothing: { $target } is hanging on by a thread already.
d20n-magic-crit-spent-7 = For a moment { $attacker } seems taller, the voice not their own. The spell strikes — and breaks on sheer stubbornness: { $target } does not give in.
d20n-magic-crit-spent-8 = Silence — then a roar; when the smoke clears, { $target } stands where they stood, barely alive, but still in the fight.

## Finishing off with a spell

d20n-magic-finish-1 = { $attacker } speaks the final word, and { $target } falls silent for ever.
d20n-magic-finish-2 = A brief flash over the fallen — and { $target } will never rise again.
d20n-magic-finish-3 = { $attacker } touches the fallen foe, and the last spark of life goes out: { $target } is gone for good.
d20n-magic-finish-4 = Flame flares and dies at once; silence takes its place. { $target } will not get up again.
d20n-magic-finish-5 = { $attacker } whispers a word best not repeated — and the fallen one's breath stops.
d20n-magic-finish-6 = Cold spreads from the palm through the body, and { $target } stiffens under a crust of frost — for ever.
d20n-magic-finish-7 = Light descends from the sky — quietly, almost tenderly — and { $target } departs with it.
d20n-magic-finish-8 = { $attacker } clenches a fist, and shadows close over the body. When they part, { $target } is no longer breathing.

## Healing spell (on oneself or an ally, standing or fallen). $target receives it; on oneself, "the caster"

d20n-buff-fumble-1 = { $attacker } muddles the words of the blessing, and the spell scatters — the head spins, no time for fighting.
d20n-buff-fumble-2 = { $attacker } sinks so deep into the spell that they lose the thread of what is happening.
d20n-buff-fumble-3 = The summoned power answers with a painful backlash — { $attacker } staggers, clutching their temples.
d20n-buff-fumble-4 = The prayer breaks off mid-word: { $attacker } forgets how it ends and freezes in confusion.
d20n-buff-fumble-5 = The light meant to warm strikes the eyes instead — { $attacker } is blind for a few long moments.
d20n-buff-fumble-6 = { $attacker } reaches for the power — and it pulls back: knees buckle, ears hum.
d20n-buff-fumble-7 = The spell needs quiet, and there is a battle all around: { $attacker } slips three times and ends up just catching a breath.
d20n-buff-fumble-8 = The spell twists into a tight knot and bursts — { $attacker } reels, stunned by the bang.

d20n-buff-none-1 = { $attacker } completes the spell, but it does not take — { $target } feels nothing.
d20n-buff-none-2 = The words are right, but the power stays silent: { $attacker } lowers their hands — nothing has changed.
d20n-buff-none-3 = The spell slides off like water off glass, and { $target } gains nothing.
d20n-buff-none-4 = A warm glow flares — and dies at once, never touching the target.
d20n-buff-none-5 = { $attacker } pours all their strength into the spell, but it drains away as into sand.
d20n-buff-none-6 = The power responds — and goes past, who knows where. Nothing changes for the target.
d20n-buff-none-7 = The blessing sounds fine but hollow: { $target } listens within and finds nothing.
d20n-buff-none-8 = The spell settles on the shoulders and crumbles at once, like dry leaves.

d20n-buff-miss-1 = { $attacker } loses focus, and the spell disperses before reaching the target.
d20n-buff-miss-2 = The din of battle breaks the rhythm of the spell — { $attacker } stumbles, and the magic fades mid-word.
d20n-buff-miss-3 = { $attacker } is distracted for an instant — and the thread of the spell snaps.
d20n-buff-miss-4 = An arrow whistles overhead — { $attacker } ducks on instinct and drops the weave.
d20n-buff-miss-5 = { $attacker } turns at a shout, and the unattended spell melts away.
d20n-buff-miss-6 = Too much at once: { $attacker } cannot hold both the battle and the spell in mind.
d20n-buff-miss-7 = The spell is almost ready when someone's elbow jolts the caster — and it all falls apart.
d20n-buff-miss-8 = { $attacker } reaches for the power, but the thoughts scatter, and the call goes into the void.

d20n-buff-slip-1 = { $attacker } fumbles a gesture — the spell comes out crooked and falls apart at once.
d20n-buff-slip-2 = The needed component is not at hand: { $attacker } rummages through the belt, but the spell does not come together.
d20n-buff-slip-3 = { $attacker } mispronounces the word of power, and the magic does not respond.
d20n-buff-slip-4 = Fingers tremble with fatigue, the sign comes out smudged — the power does not recognise it.
d20n-buff-slip-5 = { $attacker } confuses two similar spells, and instead of a blessing comes a scatter of sparks.
d20n-buff-slip-6 = The spell rushes to the target but flies past, like an arrow missing the mark.
d20n-buff-slip-7 = Blood on the palms spoils the sign — { $attacker } wipes their hands, and the moment is lost.
d20n-buff-slip-8 = { $attacker } starts the spell over, but there is no time for a second beginning.

d20n-buff-block-1 = The spell almost takes, but something quenches it — { $target } feels only a faint warmth.
d20n-buff-block-2 = The power reaches the target and melts like snow on a palm — { $target } has no time to feel it.
d20n-buff-block-3 = Hostile magic in the air smothers the spell: { $attacker } feels the blessing slip away.
d20n-buff-block-4 = Foreign wards on the battlefield dampen everything — the blessing bogs down in them and is lost.
d20n-buff-block-5 = The target's body is so tense before the next blow that the spell bounces off, finding nowhere to settle.
d20n-buff-block-6 = The power reaches the target but dies inside, like a spark in wet grass.
d20n-buff-block-7 = Something in this place dislikes light: the spell dims and melts the moment it touches the target.
d20n-buff-block-8 = The blessing runs into an unseen wall — { $attacker } frowns, sensing someone else's opposition.

d20n-buff-partial-1 = The spell almost weaves, then frays like rotten thread — the wounds stay as they were.
d20n-buff-partial-2 = The light touches the wounds and fades before it can close them.
d20n-buff-partial-3 = { $attacker } feels the power slip through their fingers: the spell breaks on its last word.
d20n-buff-partial-4 = Warmth flares and cools at once — the wounds are just as they were.
d20n-buff-partial-5 = The healing has nearly taken when a shout breaks the caster's focus, and the spell melts away.
d20n-buff-partial-6 = For a moment the wounds stop aching — then remind of themselves as sharply as before.
d20n-buff-partial-7 = The power reaches the target, but there is not enough of it for even a scratch.
d20n-buff-partial-8 = { $attacker } finishes the spell, but nothing answers: the pain does not go.

d20n-buff-hit-1 = { $attacker } lays a palm on the wound, and its edges draw together — { $target } catches their breath.
d20n-buff-hit-2 = Soft light wraps the target: the bleeding eases, and { $target } grips their weapon tighter.
d20n-buff-hit-3 = A warm wave runs through the body — the cuts close under thin pink skin, and { $target } feels alive again.
d20n-buff-hit-4 = The prayer is short and firm, and the pain recedes.
d20n-buff-hit-5 = The grazes fade before everyone's eyes, and { $target } breathes evenly again.
d20n-buff-hit-6 = Healing light streams from the palms, and the wound stops bleeding.
d20n-buff-hit-7 = A sign flares over the wound, and { $target } feels their strength coming back.
d20n-buff-hit-8 = Warmth spreads from the chest to the fingertips: the wounds ache less, and { $target } is ready to fight on.

d20n-buff-heavy-1 = { $attacker } puts their whole soul into the spell — deep wounds close one after another.
d20n-buff-heavy-2 = A golden glow wraps the target head to toe: only pale scars are left of the wounds.
d20n-buff-heavy-3 = The power floods in like a spring tide, washing away pain and weariness.
d20n-buff-heavy-4 = Broken bone knits with a quiet crunch, and { $target } straightens to full height.
d20n-buff-heavy-5 = The word of power rings like a bell: the bleeding stops, the breathing grows deep and even.
d20n-buff-heavy-6 = The light soaks into the wounds like water into dry earth — { $target } looks born anew.
d20n-buff-heavy-7 = The spell sits tight as a skilled healer's bandage: { $target } is full of strength again.
d20n-buff-heavy-8 = The spell rings like a taut string, and the wounds close faster than the eye can follow.

d20n-buff-stun-1 = The spell lands at full strength: { $target } glows from within as the wounds close.
d20n-buff-stun-2 = { $attacker } strikes the very heart of the spell — a deep cut closes without a trace.
d20n-buff-stun-3 = The healing song rings so clear that the echo joins it — the pain is gone.
d20n-buff-stun-4 = Warmth wells up: ribs knit, the faintness passes, and { $target } stands firm again.
d20n-buff-stun-5 = A shining pattern rises on the skin and fades, taking the pain with it.
d20n-buff-stun-6 = The spell hits home — { $target } breathes deep, and every muscle obeys again.
d20n-buff-stun-7 = The spell lands perfectly; { $attacker } nods — it could not be done better: only scars are left.
d20n-buff-stun-8 = A distant choir is heard, and the wounds close one after another.

d20n-buff-crit-1 = A flawless spell: every wound closes at once, as if there had been no fight.
d20n-buff-crit-2 = Magic itself answers the call: { $attacker } works a miracle people will tell of — not a trace of the wounds remains.
d20n-buff-crit-3 = For a moment the battlefield is bright as day: the light washes away blood, bruises and weariness.
d20n-buff-crit-4 = { $attacker } does not speak the words — sings them, and every wound vanishes as if it had never been.
d20n-buff-crit-5 = The spell weaves a shining crown over the target's head — { $target } is whole and unharmed.
d20n-buff-crit-6 = Once in a lifetime: the power enters the target whole, and even old scars pale.
d20n-buff-crit-7 = Light, warmth and silence at once — { $target } is as fresh as before the first blow.
d20n-buff-crit-8 = A healing wave rolls through the body, and { $target } feels in wonder for the wounds that were just there.

## Healing raises a fallen ally (0 HP → above 0): $target stands and fights again
d20n-buff-rise-1 = { $attacker } bends over the fallen and whispers a prayer — { $target } opens their eyes and rises.
d20n-buff-rise-2 = Light settles on the still body, and { $target } draws a ragged breath — alive!
d20n-buff-rise-3 = The noise of battle comes back as if through water: the spell pulls { $target } out of oblivion, and they stand.
d20n-buff-rise-4 = A warm palm touches the brow, and { $target } jerks up gasping for air, then gets to their feet.
d20n-buff-rise-5 = The blood stops soaking into the ground: the wound closes, and { $target } staggers up.
d20n-buff-rise-6 = { $attacker } calls their name — and { $target } answers: fingers close on the hilt, the eyes clear.
d20n-buff-rise-7 = Radiance wraps the fallen, and { $target } rises as if from a heavy sleep.
d20n-buff-rise-8 = Too soon to bury them: { $target } opens their eyes, stands leaning on their weapon, and takes their place in the line again.

## Healing a target already at full HP: nothing to mend
d20n-buff-whole-1 = The spell lands true, but there is nothing to mend: { $target } is at full strength already.
d20n-buff-whole-2 = Warm light circles the target and fades — it has nothing to do here.
d20n-buff-whole-3 = { $attacker } finishes the spell and shrugs: the power went for nothing.
d20n-buff-whole-4 = The power answers gladly, but finds the target whole and unharmed.
d20n-buff-whole-5 = The healing rings in the air and scatters: not a scratch, not a bruise.
d20n-buff-whole-6 = { $attacker } spends a prayer on someone who does not need it yet.
d20n-buff-whole-7 = The light slides over the skin and melts — all is well already.
d20n-buff-whole-8 = The spell succeeds, only there is no one to heal: the target is as fresh as before the fight.
