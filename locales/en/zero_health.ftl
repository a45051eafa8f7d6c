## Health 0 (pool): the private message to the character's owner

zero-head = 💔 <b>{ $name }: health 0.</b> No fighting, no moving.
zero-head-fight = 💔 <b>Fight #{ $id }: { $name } — health 0.</b> No attacking.
zero-when-round = ⏳ If health is still 0 at the end of round { $round }, { $name } dies.
zero-when-cycle = ⏳ { $cycles ->
    [1] If health is still 0 at the end of this cycle, { $name } dies.
   *[other] { $name } survives this cycle, but dies if health is still 0 at the end of the next one.
}
zero-pills = 💊 A pill from the jacket's left pocket saves: +1 health each. There now: { $count }. { $fight ->
    [yes] In a fight that is your move — the button below or 💊 in the fight's message.
   *[no] The button below swallows one.
}
zero-pills-elsewhere = 💊 You have pills, but not in the jacket's left pocket, and at health 0 only that pocket is in reach.
zero-pills-none = 💊 A pill from the jacket's left pocket would save you, but there are none there.
zero-others = Another character in your hall can help: through /inventory («🤝 Give») they can give you pills — straight into your mouth, which saves you if done before the cycle or round ends.
zero-button-pill = 💊 Take a pill
