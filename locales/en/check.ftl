# CHECK: a dry run of a move or a line of moves. Nothing is played and the opponent is not
# told.

check-head = A dry run: nothing is played and your opponent is not told.
check-as-if = It is not your turn: the line is checked as if it were, from the position now.
# One move of the line. $n: its place in the line; $played: the move as arbitre writes it;
# $effect: what it does.
check-legal = { $n }. { $played }: legal. { $effect }
# $played: the move as written; $why: why it is refused.
check-refused = { $n }. { $played }: not legal: { $why }.
check-unchecked = { $count ->
        [one] The move after it was not checked.
       *[other] The { $count } moves after it were not checked.
    }
check-board = The board after the legal moves:
check-board-now = The board now (no legal move in the line):
check-empty = CHECK needs a move, or a line of moves, after it: for example CHECK { $example }.
check-too-long = A line of { $count } moves is too long: arbitre checks at most { $most } moves in one message.
check-not-from-here = The rules do not allow this position with you to move, so the line cannot be checked before your turn comes.
