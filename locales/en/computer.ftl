# Playing the computer: its hints. (Its first mail's words are in challenge.ftl.)

hint-answer =
    arbitre suggests { $hint }, searched at its level ({ $level }).
    Play it or not: reply with your move as usual.
hint-people = There are no hints in a game between people: HINT is for games against the computer (NEW <game> VS arbitre). Nothing was changed.
hint-not-your-turn = It is not your turn: ask for a hint when it is your move. Nothing was changed.
hint-coming = Your hint is on its way: arbitre mails it as soon as its search ends.
# The same hint by SMS.
sms-hint = Hint: { $hint }
