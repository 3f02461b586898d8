# Ataxx: what the referee says about positions, moves and boards.
# Sides are x and o in every language; cells are a1 to g7.

## Position strings (board, side to move, half-move clock, move number)
ataxx-board-ranks = the board `{ $board }` has { $ranks } ranks separated by `/`; it needs 7
ataxx-board-character = `{ $char }` cannot stand on the board: write x, o, - (blocked) or a digit 1-7 for empty cells
ataxx-board-rank-length = rank { $rank } of the board (`{ $text }`) does not describe exactly 7 cells
ataxx-position-empty = the position is empty: write the board, the side to move, the half-move clock and the move number, e.g. x5o/7/7/7/7/7/o5x x 0 1
ataxx-position-fields = the position has { $count } fields; it has at most 4: board, side to move, half-move clock, move number
ataxx-position-side = `{ $text }` is not a side to move: write x or o
ataxx-position-side-missing = the side to move is missing after the board: write x or o
ataxx-position-number = `{ $text }` is not a number (the half-move clock and the move number are whole numbers)
ataxx-position-move-number = the move number starts at 1

## Reading a move
ataxx-cell-shape = `{ $text }` is not a cell: a cell is a file a-g and a rank 1-7, as in f2
ataxx-cell-file = `{ $text }` is not a cell: the files are a to g
ataxx-cell-rank = `{ $text }` is not a cell: the ranks are 1 to 7
ataxx-move-missing = there is no move: write a cell (f2), two cells (g1e3) or 0000 to pass
ataxx-move-spaced = write the two cells together, without a space: { $joined }
ataxx-move-shape = an Ataxx move is a cell (f2), two cells (g1e3) or 0000 to pass

## What a move does ($side: x or o; $converts: ataxx-converts)
ataxx-pass = { $side } has no move and passes.
ataxx-clone = { $side } clones to { $to } { $converts }.
ataxx-jump = { $side } jumps from { $from } to { $to } { $converts }.
ataxx-converts = { $count ->
        [0] and converts nothing
        [1] and converts { $cells }
       *[other] and converts { $count } pieces: { $cells }
    }

## Why a move is refused
ataxx-game-over = the game is over: no more moves
ataxx-pass-refused = { $side } has { $count ->
        [1] a legal move
       *[other] { $count } legal moves
    }: a pass is allowed only when there is none
ataxx-refused-must-pass = { $reason }; { $side } has no legal move and must pass (0000)
ataxx-origin-theirs = { $from } holds a piece of { $them }, not of { $side }
ataxx-origin-empty = { $from } is empty: { $side } has no piece there
ataxx-origin-blocked = { $from } is a blocked cell: no piece stands there
ataxx-destination-taken = { $to } is already taken by a piece of { $them }: the destination must be empty
ataxx-destination-blocked = { $to } is a blocked cell: no piece may go there
ataxx-clone-far = no piece of { $side } touches { $to }, so none can clone there
ataxx-clone-far-jump = no piece of { $side } touches { $to }, so none can clone there (a jump reaches it: { $jump })
ataxx-jump-still = { $from } to { $to } does not move the piece
ataxx-jump-next = { $to } is next to { $from }: that is a clone, written { $to }
ataxx-jump-far = { $from } to { $to } is { $steps } steps: a jump goes exactly 2 steps

## The board under a move
ataxx-board-count = x: { $x } { $x ->
        [1] piece
       *[other] pieces
    }, o: { $o } { $o ->
        [1] piece
       *[other] pieces
    }.
ataxx-legend-last = [ ] last move
ataxx-legend-jumped = ( ) jumped from
ataxx-legend-pass = last move: pass (0000)
ataxx-legend-blocked = # blocked cell
