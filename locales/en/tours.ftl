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
tours-capture-off = x announces a capture, but nothing is captured beyond the edge: write { $from }-off
tours-capture-nothing = x announces a capture, but { $cell } holds no { $owner ->
        [white] White
       *[black] Black
    } piece: write { $from }-{ $cell }
tours-game-over = the game is over: no more moves

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

## Pieces and players in sentences
# $kind: round, square or stack (a composite piece); $code: the stack's letters, "(RRS)".
tours-owned = { $owner ->
        [white] White's
       *[black] Black's
    } { $kind ->
        [round] round
        [square] square
       *[stack] stack { $code }
    }
tours-owned-start = { tours-owned }
tours-the = the { tours-noun }
tours-noun = { $kind ->
        [round] round
        [square] square
       *[stack] stack { $code }
    }
tours-a-piece = a { $owner ->
        [white] White
       *[black] Black
    } piece
tours-kind = { $kind ->
        [round] round
       *[square] square
    }
tours-kinds = { $kind ->
        [round] rounds
       *[square] squares
    }
tours-gait = { $kind ->
        [round] diagonally forward
       *[square] straight ahead or sideways
    }
# $nth: 1, 2 or 3.
tours-nth-piece = { $nth ->
        [1] first
        [2] second
       *[3] third
    } piece
tours-cells = { $count ->
        [one] { $count } cell
       *[other] { $count } cells
    }

## What an action does
tours-leaves = { $who } leaves the board from { $from }, beyond the far edge.
tours-moves = { $who } moves from { $from } to { $to }.
tours-moves-forms = { $who } moves from { $from } to { $to } and forms the stack { $formed } there.
tours-captures = { $who } moves from { $from } to { $to } and captures { $victim }.
tours-captures-last = { $who } moves from { $from } to { $to } and captures { $victim }: { $loser } has no piece left.
tours-drop = a { tours-kind } on { $cell }
tours-drop-forms = a { tours-kind } on { $cell }, forming { $formed }
tours-drop-off = a { tours-kind } beyond the far edge
# $early: yes when the deployment ends before every piece is dropped (a piece went off).
tours-deploys = { $side } deploys the stack { $code } from { $from }: { $drops }{ $early ->
        [yes] {" "}(the deployment ends there)
       *[no] {""}
    }.

## Why an action is refused
tours-there-no-piece = there is no piece on { $from }
tours-not-yours = the piece on { $from } is { $owner ->
        [white] White's
       *[black] Black's
    }: you play { $me ->
        [white] White
       *[black] Black
    }
tours-deployments-from = { $reason }. Deployments from { $from }: { $list }
tours-moves-from = { $reason }. Moves from { $from }: { $list }
tours-in-the-way = { $cell } is in the way: a piece never jumps over another
tours-stack-too-high = { $cell } would then hold { $total } pieces: a stack holds at most 3
tours-cannot-go = { $the } cannot go to { $to }
tours-beyond-edge = beyond the far edge
tours-distance-off = going beyond the far edge takes { $steps } steps from { $from }
tours-distance = { $cell } is { $steps } steps from { $from }
tours-simple-one-cell = { $far }, but a simple { $kind } moves only one cell
# $cells: "2 cells"; $gait: "diagonally forward".
tours-reach = { $cells } { $gait }
tours-either = { $one } or { $other }
tours-stack-reach = { $far }, but { $the } moves at most { $reach }, as many cells as it holds pieces of that kind
# $kind: the kind of the piece, whose gait does not lead there.
tours-simple-gait = { $kind ->
        [round] a round moves only diagonally forward, never straight ahead or sideways
       *[square] a square moves only straight ahead or sideways, never diagonally
    }
tours-stack-gait = { $kind ->
        [round] { $the } holds no square: it moves only diagonally forward, like a round
       *[square] { $the } holds no round: it moves only straight ahead or sideways, like a square
    }
tours-backward = nothing moves backward: { $cell } is behind { $from }
tours-off-line = { $place } is not on a line from { $from }: pieces go straight ahead, sideways or diagonally forward
tours-deploy-simple = only a composite piece deploys: { $from } holds a single { $kind }
tours-deploy-off-early = the { $nth } goes beyond the far edge, which ends the deployment: off must be the last target
tours-deploy-too-many = { $the } holds { $height } pieces: a deployment names one cell per piece, so at most { $height }
tours-deploy-too-few = { $the } holds { $height } pieces: name one cell per piece, { $height } in all (only a piece sent off may end the list early)
tours-deploy-other = this is not a deployment of { $the } on { $from }
tours-drop-off-last = { $nth }: off must be the last target
tours-drop-off-far = { $nth }: from { $hand }, one step does not reach beyond the far edge
tours-drop-backward = { $nth } ({ $cell }): nothing moves backward, and { $cell } is behind { $hand }
tours-drop-not-adjacent = { $nth } ({ $cell }): { $cell } is not one step from { $hand }; each piece is dropped one step from the previous one (the first one step from the stack)
tours-drop-missing-kind = { $nth } ({ $cell }): a step { $gait } from { $hand } is a { $piece }'s step, but { $the } holds no { $piece }
tours-drop-kind-spent = { $nth } ({ $cell }): that is a { $piece }'s step, but every { $piece } of the stack is already dropped
tours-next-on = goes to { $cell }
tours-next-off = goes beyond the far edge
tours-next-wall = is stopped by the side edge
tours-drop-zigzag = { $nth } ({ $cell }): { $pieces } are dropped in a straight line, so after { $hand } the next { $piece } { $next }, not { $cell } (no zig-zag)
tours-drop-mixed = { $nth } ({ $cell }): a { $piece } cannot come before the last { $group }: all the { $groups } are dropped, then all the { $pieces }, or the reverse, never { $group }, { $piece }, { $group }
tours-drop-on-enemy = { $nth } ({ $cell }): { $cell } holds { $enemy }, and a deployment never captures (move the whole stack to capture)
