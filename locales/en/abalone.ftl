# Abalone: what the referee says about positions, moves and boards.
# Cells are written in capitals (E5); $owner and $side-keys are black or white.

## Reading a move (Aba-Pro notation)
abalone-cell-no-digit = `{ $char }` is not followed by a digit: a cell is a row letter A–I and a diagonal digit 1–9, such as E5
abalone-cell-row = { $cell } is not a cell: rows go from A to I
abalone-cell-diagonal = { $cell } is not a cell: diagonals go from 1 to 9
abalone-cell-off-board = { $cell } is not a cell of the board
abalone-move-number = send the move alone, without a move number
abalone-unexpected-digit = unexpected digit `{ $char }`: a cell is a row letter A–I followed by a digit
abalone-unexpected-character = unexpected character `{ $char }`: write only the cells of the move, such as e5e6
abalone-move-missing = no move was given
abalone-no-cell = no cell found: a move is written with two cells (in line) or three (broadside), such as e5e6
abalone-one-cell = only one cell: a move is written with two cells (in line) or three (broadside), such as e5e6
abalone-several-moves = this looks like { $count } moves; send one move per message
abalone-cells-glued = cells glued together: { $count } cells in a row, but a move has 2 (in line) or 3 (broadside)
abalone-too-many-cells = too many cells ({ $count }): a move has 2 (in line) or 3 (broadside)
abalone-same-cell = both cells are { $cell }: a move goes from the rear marble to a neighbouring cell
abalone-nacre = { $first } and { $second } are not neighbours, so this is not Aba-Pro; this looks like Nacre notation (first marble, then where the last one lands). In Aba-Pro, write the rear marble and the cell it moves to, such as a1b2
abalone-first-cell-twice = the first cell { $cell } is written twice; an in-line move has two cells (rear marble, destination), a broadside the two ends of the line and the destination of the first
abalone-ends-too-far = { $first } and { $second } are too far apart: a broadside moves 2 or 3 marbles, so its ends are neighbours or one cell apart
abalone-ends-not-aligned = { $first } and { $second } are not on one line, so they cannot be the ends of a broadside
abalone-third-cell = the third cell { $third } is not a neighbour of the first end { $first }: a broadside is written as its two ends, then where the first written end goes
abalone-broadside-along-written = a broadside cannot move along its own line ({ $first } { $second } towards { $third }); an in-line move is written with two cells: the rear marble and where it goes

## Position strings
abalone-position-empty = the position is empty
abalone-position-after-side = unexpected `{ $extra }` after the side to move
abalone-position-side = `{ $text }` is not a side to move (write b or w)
abalone-position-both-lost = both sides cannot have lost six marbles: the game ends at the first six
abalone-position-marbles = { $owner ->
        [white] White has
       *[black] Black has
    } { $count } marbles; a side has at most 14
abalone-position-lost = { $owner ->
        [white] White has
       *[black] Black has
    } lost { $lost } marbles: the counters go from 0 to 6 (6 when the game is over)
abalone-position-no-marble = { $owner ->
        [white] White has
       *[black] Black has
    } no marble on the board
abalone-position-twice = { $cell } is given twice for { $owner ->
        [white] White
       *[black] Black
    }
abalone-position-both-colours = { $cell } holds both a Black and a White marble
abalone-compact-halves = a compact position has two halves, Black's then White's, separated by `_` (or `,`); found { $count }
abalone-compact-counter = { $owner ->
        [white] White's half must start with the number of White
       *[black] Black's half must start with the number of Black
    } marbles already pushed off (0 to 5)
abalone-compact-digit = { $owner ->
        [white] White's
       *[black] Black's
    } half: digit `{ $char }` comes before any row letter
abalone-compact-character = { $owner ->
        [white] White's
       *[black] Black's
    } half: unexpected `{ $char }` (cells are a row letter a–i and digits 1–9)
abalone-compact-row-digit = row letter `{ $letter }` is followed by no digit
abalone-apgn-rows = an APGN position has 9 rows (I to A) separated by `/`; found { $count }
abalone-apgn-character = row { $letter }: unexpected `{ $char }` (use b, w and digits for empty cells)
abalone-apgn-row-length = row { $letter } describes { $filled } cells; it has { $length }
abalone-apgn-counters = the ejection counters must read `-<n>b<n>w` (Black's lost marbles, then White's), not `-{ $text }`

## Why a move is refused ($token: the move as written)
abalone-refused = in { $token }, { $reason }
abalone-not-yours = { $cell } is { $owner ->
        [white] White's
       *[black] Black's
    } marble, not yours
abalone-not-yours-middle = { $cell } (the middle of the line) is { $owner ->
        [white] White's
       *[black] Black's
    } marble, not yours
abalone-no-marble = there is no marble on { $cell }
abalone-no-marble-middle = there is no marble on { $cell } (the middle of the line)
abalone-too-many-marbles = { $count } of your own marbles would have to move: at most 3 can move at once
abalone-own-marble-off = your marble would leave the board
abalone-own-marbles-off = your marbles would leave the board: you may never push your own marble off (the front one is { $front })
abalone-single-push = a single marble cannot push ({ $cell } is { $owner ->
        [white] White's
       *[black] Black's
    })
abalone-outnumbered = { $count } marbles cannot push { $against } ({ $owner ->
        [white] White's
       *[black] Black's
    } { $cells }): a push needs more of your marbles than of the opponent's in line (2 against 1, 3 against 1 or 2)
abalone-sandwich = sandwich: your own marble on { $cell } is right behind the { $count } { $owner ->
        [white] White
       *[black] Black
    } { $count ->
        [1] marble
       *[other] marbles
    } you would push, so they have nowhere to go
abalone-ends-not-line = the two ends are not a line of 2 or 3 cells
abalone-broadside-along = a broadside cannot move along its own line
abalone-broadside-off = your marble on { $cell } would leave the board
abalone-broadside-occupied = broadside into occupied cell { $cell }: a broadside move never pushes
abalone-not-neighbour = the destination is not a neighbour of the first cell
abalone-game-over = the game is over
abalone-malformed = this is not a well-formed move
abalone-count-mismatch = the line from { $cell } has { $found } of your marbles, not { $written }

## What a move does ($side: side-name-start; $cells: "A1 A2 → B2 B3")
abalone-move = { $side } moves { $count } { $count ->
        [1] marble
       *[other] marbles
    } { $kind ->
        [broadside] broadside
       *[inline] in line
    } { $direction }: { $cells }.
abalone-direction = { $dir ->
        [east] east (right)
        [north-east] north-east (up right)
        [north-west] north-west (up left)
        [west] west (left)
        [south-west] south-west (down left)
       *[south-east] south-east (down right)
    }
abalone-pushes = Pushes { $count } { $owner ->
        [white] White
       *[black] Black
    } { $count ->
        [1] marble
       *[other] marbles
    }: { $steps }.
abalone-ejected = off the board (ejected)
abalone-score = Score: Black { $black }, White { $white } (marbles pushed off).
abalone-wins = { $side } has pushed off six marbles and wins.

## The board under a move
abalone-legend = @ Black   O White
abalone-legend-last = ( ) last move: { $token }
