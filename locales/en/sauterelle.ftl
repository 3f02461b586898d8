# Sauterelle: what the referee says about positions, moves and boards.
# $side is a side as sentences name it (side-name, or side-name-start for the sentences that
# start with it): "White", "Black".
# $owner, $scorer: white or black.

## Position strings
sauterelle-board-shape = the board `{ $board }` must be four quadrants of six cells separated by `/`, point 1 first, e.g. ..w.../....../....../......
sauterelle-board-character = `{ $char }` cannot stand on a point: write . (empty), w or b (one checker), W or B (a wall)
sauterelle-position-fields = a position has 6 fields (board, White's bar, Black's bar, score, last scorer, turn), e.g. ....../....../....../...... 14 14 0-0 - w; this one has { $count }
sauterelle-position-count = `{ $text }` is not a count of checkers or points
sauterelle-position-score = `{ $text }` is not a score: write White's points, a dash, Black's points (1-0)
sauterelle-position-last = `{ $text }` is not the last scorer: write - (nobody yet), w or b (W or B once that side has won)
sauterelle-position-turn = `{ $text }` is not the side to move: write w or b
sauterelle-position-low-wall = no wall can stand on point { $point }: a wall is built by a checker arriving from six points behind, and nothing is behind 1-6 but the bar
sauterelle-position-checkers = { $side } has { $total } checkers (bar + board + 2 per point scored), but the game is played with { $count } each (option checkers)
sauterelle-position-scorer-missing = the score is not 0-0, so someone scored last: write w or b instead of -
sauterelle-position-scorer-points = { $side } is named as the last scorer but has too few points for that

## Reading a move
sauterelle-move-shape = a Sauterelle move is written from/to: bar/3 (enter), 3/9 (advance), 20/off (bear off), or pass
sauterelle-to-bar = 0 is the bar: no checker ever goes back to the bar
sauterelle-point-expected = expected a point number (1-24), bar or off
sauterelle-point-number = expected a point number (1-24)
sauterelle-no-point = there is no point { $number }: the points are 1 to 24
sauterelle-bar-off = a checker on the bar must first enter on 1-6; only walls in 19-24 leave the board

## Why a move is refused
sauterelle-game-over = the game is over: no more moves
sauterelle-refused-must-pass = { $reason }; you have no legal move and must pass
sauterelle-pass-refused = you have { $count ->
        [1] a legal move
       *[other] { $count } legal moves
    }: a pass is allowed only when there is none
sauterelle-bar-empty = you have no checker left on the bar
sauterelle-enter-quadrant = a checker from the bar enters on points 1-6, not { $to }
sauterelle-enter-occupied = point { $to } is occupied: a checker enters only on an empty point (there is no hitting)
sauterelle-last-quadrant = checkers in the last quadrant (19-24) never move; a wall there is borne off ({ $from }/off)
sauterelle-next-quadrant = from { $from } a checker goes to the next quadrant, points { $low }-{ $high }
sauterelle-wall-base = your checker on { $to } is { $ahead } points ahead of { $from }: a wall is built only by the checker exactly 6 points behind (on { $base })
sauterelle-wall-full = point { $to } is already one of your walls: a third checker cannot join it
sauterelle-destination-taken = point { $to } holds { $holding }: the destination must be empty (there is no hitting)
sauterelle-wall-crossing = a single checker cannot cross the wall on { $wall }; only the top checker of a wall jumps walls
sauterelle-bear-off-quadrant = only a wall in the last quadrant (19-24) can be borne off, not one on { $from }
sauterelle-bear-off-single = point { $from } holds a single checker: only a wall (two checkers) can be borne off
sauterelle-point-empty = point { $point } is empty: none of your checkers is there
sauterelle-point-theirs = point { $point } holds { $holding }, none of yours
# What a point holds ($kind: checker or wall).
sauterelle-holding = { $kind ->
        [wall] a { $owner ->
            [white] White
           *[black] Black
        } wall
       *[checker] a { $owner ->
            [white] White
           *[black] Black
        } checker
    }

## What a move does
sauterelle-pass = { $side } has no move and passes.
sauterelle-enter = { $side } enters a checker on { $to }.
sauterelle-advance = { $side } moves { $from }/{ $to }
sauterelle-advance-top = { $side } moves the top checker of the wall on { $from } to { $to }
sauterelle-jumping = jumping the { $count ->
        [1] wall
       *[other] walls
    } on { $walls }
sauterelle-builds = and builds a wall on { $to }
sauterelle-bear-off = { $side } bears off the wall on { $from } and scores: White { $white }, Black { $black }.
sauterelle-wins = Two points in a row: { $side } wins.
sauterelle-one-more = One more point in a row and { $side } wins.

## The board under a move
sauterelle-board-bar = Bar: White { $white }, Black { $black }.
sauterelle-board-points = Points: White { $white }, Black { $black }.
sauterelle-board-points-last = Points: White { $white }, Black { $black } ({ $scorer ->
        [white] White
       *[black] Black
    } scored last).
sauterelle-legend-pass = Last move: pass.
sauterelle-legend-enter = [ ] last move.
sauterelle-legend-advance = [ ] last move, ( ) moved from.
sauterelle-legend-bear-off = ( ) wall just borne off.
