# La Bataille des Tours: what the referee says about positions, moves and boards.
# $owner: white or black; $kind: round or square.

## Reading a move
tours-move-shape = write a move as b1-c2 (c4xe6 for a capture, e8-off to leave the board) or a deployment as d4>d5,c6,b7
tours-move-missing = the message holds no move: { $shape }
tours-no-pass = nobody ever passes in La Bataille des Tours: a player with a piece always has a move
tours-destination-missing = the destination is missing after { $from }: { $shape }
tours-same-cell = { $from } is both the start and the end: a piece must leave its cell
tours-drops-missing = the drop cells are missing after { $from }>: name one cell per piece, as in d4>d5,c6,b7
tours-drop-empty = an empty drop cell: separate the drop cells with single commas, as in d4>d5,c6,b7
tours-from-off = an action starts from a cell of the board, not from off
tours-cell = `{ $text }` is not a cell: files run from a to h, ranks from 1 to 8
tours-capture-off = x announces a capture, but nothing is captured beyond the edge: write { $from }-off.
tours-capture-nothing = x announces a capture, but { $cell } holds no { $owner ->
        [white] White
       *[black] Black
    } piece: write { $from }-{ $cell }.
tours-game-over = the game is over: no more moves.

## Position strings
tours-board-ranks = the board must give 8 ranks separated by `/`, rank 8 first (found { $count })
tours-rank-open = rank { $rank }: a `(` is not closed
tours-rank-short = rank { $rank } describes { $count } cells instead of 8
tours-rank-long = rank { $rank } describes more than 8 cells
tours-rank = rank { $rank }: { $problem }
tours-piece-character = `{ $char }` is not a piece (R or S for White, r or s for Black, a digit for empty cells, a stack in parentheses)
tours-stack-mixed = the stack `({ $letters })` mixes White and Black pieces; a stack belongs to one player
tours-stack-size = the stack `({ $letters })` must hold 1 to 3 pieces
tours-position-empty = the position string is empty
tours-position-side = `{ $text }` is not a side to move: write w (White) or b (Black)
tours-position-side-missing = the side to move is missing: end the position string with w (White) or b (Black)
tours-position-extra = unexpected `{ $extra }`: a position string is the board, the side to move, and only after a win the piece beyond the edge (+S)
tours-position-too-many = { $owner ->
        [white] White
       *[black] Black
    } has { $count } { $kind ->
        [round] rounds
       *[square] squares
    } but a player has only 8
tours-position-beyond-side = the piece beyond the edge must belong to the player who has just moved, not to the side to move
tours-position-no-piece = { $owner ->
        [white] White
       *[black] Black
    } has no piece left yet is the player who has just moved
tours-position-beyond = `{ $text }` is not a piece beyond the edge: write + and the piece, as in +S or +(RS)
tours-position-beyond-piece = the piece beyond the edge: { $problem }

## The board under a move
tours-board-beyond = beyond the far edge: { $piece } ({ $owner ->
        [white] White
       *[black] Black
    })
tours-board-legend = R round, S square: capitals White (moving up), small Black (down).
tours-board-stack = RRS = a stack of 2 rounds and 1 square.
tours-board-last = [ ] = last move.
