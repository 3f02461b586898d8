# UNDO: taking back a move by agreement. $played: the move as recorded; $who: the
# opponent's name (or "Your opponent"); $opponent: the same inside a sentence.

undo-asked = { $who } asks to take back their last move, { $played }. Reply UNDO to agree (the move is removed and it is their turn again); play your move to refuse.
undo-sent = You asked { $opponent } to take back your move { $played }. If they agree, you will get the board to play again; if they play on, the move stands.
undo-already-asked = You have already asked to take back your last move; arbitre is waiting for your opponent's answer. Nothing was changed.
undo-nothing = There is no move of yours to take back: UNDO asks to take back your own last move before your opponent answers it. Nothing was changed.
undo-done-they-agreed = { $who } agreed: your move { $played } is taken back. It is your turn again.
undo-done-you-agreed = You agreed: your opponent's move { $played } is taken back, and it is their turn again.
# In the mail of the opponent's move, to the player whose request lapsed.
undo-lapsed = By playing on, your opponent declined to take back your move.
# Subjects while a request stands; $event: where the game stands.
event-undo-asked-of-you = { $event }; { $opponent } asks to take back a move
event-undo-asked-by-you = { $event }; your take-back request stands
# HISTORY: the moves taken back, after the record. $number: the move's number as the
# record writes it; $side: who had played it.
takebacks-head = Taken back by agreement:
takeback-line = {"  "}{ $number } { $played } ({ $side })
# A game of an event whose conditions forbid take-backs.
undo-not-in-event = Take-backs are not allowed in this event: the move stands. Nothing was changed.
# Against the computer, UNDO is granted at once; $moves: the moves taken back (yours, and
# the computer's answer when it came already).
undo-computer = Taken back: { $moves }. It is your move again.
