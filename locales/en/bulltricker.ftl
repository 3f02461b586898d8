# Bulltricker: what the referee says about positions, moves and boards.

## Reading a move
bulltricker-pat-alone-draw-proposal = PAT alone is a draw proposal or claim, not a move
bulltricker-err-answer-wrong-move = ERR is the answer to a wrong move, not a move
bulltricker-result-alone-not-move = a result alone is not a move: write the move first, e.g. e.h8 d.h8 WW MAT
bulltricker-move-must-start-with = the move must start with the cell it comes from, e.g. e.h4 e.h6 !! e.h5
bulltricker-message-empty-write-move = the message is empty: write the move as FROM TO, e.g. b.h2 b.h4
bulltricker-only-one-cell-move = only one cell: a move is FROM TO, e.g. b.h2 b.h4
bulltricker-not-number-captures-one = not a number of captures (one move takes 1 to 3 pieces)
bulltricker-captures-both-ways = after !! write either the captured cells or their number, not both
bulltricker-message-names-two-winners = the message names two winners
bulltricker-message-announces-two-different = the message announces two different endings
bulltricker-move-names-only-two = a move names only two cells, FROM and TO; captured cells follow !!
bulltricker-unexpected-after-move-expected = unexpected after the move (expected !!, ++, WW, BW, MAT, TRICK or PAT)

## Cells
bulltricker-empty-coordinate = an empty coordinate
bulltricker-t-lacks-number-vertical = `{ $t }` lacks the number of the vertical line (v1 to v8)
bulltricker-t-there-no-vertical = `{ $t }`: there is no vertical line v{ $k }; they are v1 to v8
bulltricker-t-but-e-where = `{ $t }` is a butée (where line v{ $k } crosses line h{ $m }): nothing ever stands there
bulltricker-not-a-cell = `{ $t }` is not a cell
bulltricker-no-row = `{ $t }`: there is no row { $n }; rows are numbered 1 to 7
bulltricker-t-names-whole-vertical = `{ $t }` names a whole vertical line, not a cell
bulltricker-t-there-no-column = `{ $t }`: there is no column { $col }; columns are a to g
bulltricker-t-there-no-horizontal = `{ $t }`: there is no horizontal line h{ $k }; they are h1 to h8
bulltricker-t-there-no-royal = `{ $t }`: there is no royal row 8 (rows are 1 to 7); the transversal cell of line h8 is { $col }.h8

## What a move announces
bulltricker-this-move-does-not = this move does not have the effect the rules give it
bulltricker-message-announces-promotion-but = the message announces a promotion (++), but the pawn does not reach its last line { $line }
bulltricker-message-announces-promotion-but-2 = the message announces a promotion (++), but only a pawn is promoted
bulltricker-takes-nothing = it takes nothing
bulltricker-takes = it takes { $list } ({ $taken })
bulltricker-message-announces-capture-but = the message announces a capture (!!), but { $takes }
bulltricker-message-announces-captured-but = the message announces { $n } captured (!! { $n }), but { $takes }
bulltricker-message-announces-capture-but-2 = the message announces the capture of { $said }, but { $takes }
bulltricker-game-goes = the game goes on
bulltricker-result-tokens = the result is { $tokens }
bulltricker-message-announces-but-after = the message announces { $said }, but after this move { $actual }

## Position strings
bulltricker-position-empty-write-as = the position is empty: write it as `W: Kd1 Qv1.1 ...; B: Kd7 ...; w`
bulltricker-s-pieces-given-twice = { $side ->
        [white] White's
       *[black] Black's
    } pieces are given twice
bulltricker-side-move-given-twice = the side to move is given twice
bulltricker-key-not-side-write = `{ $key }:` is not a side: write `W:` before White's pieces and `B:` before Black's
bulltricker-s-pieces-missing-write = { $side ->
        [white] White's
       *[black] Black's
    } pieces are missing: write `{ $letter }: K...` with at least the king
bulltricker-already-shut-mat-trick = { $the } is already shut in (MAT or TRICK): the game would be over
bulltricker-value-does-not-say = `{ $value }` does not say who moves: end the position with `; w` (White) or `; b` (Black)
bulltricker-token-not-piece-write = `{ $token }` is not a piece: write K (king), Q (queen) or P (pawn) and its cell, e.g. Kd1, Qv4.1, Pc.h2
bulltricker-token-lacks-cell = `{ $token }` lacks its cell
bulltricker-two-pieces-cell = two pieces on { $cell }
bulltricker-stands-but-e-cell = { $the } stands on the butée { $cell }, where nothing ever stands
bulltricker-king-stands-royal-square = a king stands on a royal square, not on the rectangle { $cell }
bulltricker-cannot-stand-royal-square = { $the } cannot stand on the royal square { $cell }: queens and pawns stand on rectangles
bulltricker-has-no-king = { $who } has no king
bulltricker-has-kings-each-side = { $who } has { $n } kings; each side has one
bulltricker-has-pawns-side-starts = { $who } has { $n } pawns; a side starts with { $value } and never gains any
bulltricker-has-queens-pawns-side = { $who } has { $n } queens and pawns; a side starts with { $value } and never gains any
bulltricker-at-least-one-royal = at least one royal square apart, even diagonally
bulltricker-apart-never-side-by = apart: never side by side
bulltricker-kings-white-black-touch = the kings on { $white } and { $black } touch; they must stay { $rule }
bulltricker-cell-would-already-have = { $the } on { $cell } would already have become a queen: that is its promotion line
bulltricker-can-never-stand-cell = { $the } can never stand on { $cell }: pawns start on their side's second line and row and only move forward

## The board under a move
# The piece letters of the text board ($kind: king, queen, pawn).
bulltricker-letter = { $kind ->
        [king] K
        [queen] Q
       *[pawn] P
    }
bulltricker-legend-pieces = K king, Q queen, P pawn;
bulltricker-legend-case = upper case White, lower case Black.
bulltricker-legend-last = Last move: { $token }
bulltricker-legend-marks = [ ] arrival, * departure, x taken.

## Pieces and cells in sentences
# $kind: king, queen or pawn; $side: white or black.
bulltricker-the = the { $side ->
        [white] White
       *[black] Black
    } { $kind ->
        [king] king
        [queen] queen
       *[pawn] pawn
    }
bulltricker-the-start = The { $side ->
        [white] White
       *[black] Black
    } { $kind ->
        [king] king
        [queen] queen
       *[pawn] pawn
    }
bulltricker-the-on = { $the } on { $cell }
bulltricker-cell-shapes = write a royal square as c5, a transversal rectangle as c.h3, a longitudinal rectangle as v4.2

## Why a move is refused
bulltricker-nothing-on = nothing on { $cell }
bulltricker-occupied = { $cell } is occupied by { $who }
bulltricker-no-piece = there is no piece on { $from }
bulltricker-not-yours = { $the } is not yours: it is { $side ->
        [white] White
       *[black] Black
    } to move
bulltricker-same-cell = a move must go somewhere: FROM and TO are the same cell
bulltricker-rule-chain = a capture chain must be completed
bulltricker-rule-queen-line = a queen must take every piece it can on its line
bulltricker-capture-goes-on = the capture must go on: { $the } must take { $all } ({ $rule }); play { $options }
bulltricker-capture-ends-wrong = { $the } cannot end its capture on { $to }; it can play { $options }
bulltricker-must-take = { $one } on { $cells } must take
bulltricker-one-must-take = one of the { $side ->
        [white] White
       *[black] Black
    } { $kind ->
        [queen] queens
       *[other] pawns
    } on { $cells } must take
bulltricker-queen-priority = a queen capture takes priority over a pawn capture
bulltricker-capture-compulsory = a capture is compulsory
bulltricker-compulsory = { $head }: { $must } (possible: { $options })
bulltricker-king-royal-only = a king moves only between royal squares, and { $to } is a rectangle
bulltricker-king-diagonal = a king never moves diagonally: it steps one royal square up, down, left or right
bulltricker-king-one-step = a king steps only one royal square at a time, up, down, left or right
bulltricker-king-cannot-cross = { $the } cannot cross { $between }: { $who } stands there, and a king never jumps
bulltricker-king-square-taken = { $to } is taken by { $enemy }
bulltricker-kings-strict = the kings must stay at least one royal square apart, even diagonally: { $to } touches { $enemy }
bulltricker-kings-orthogonal = the kings may never stand side by side: { $to } is next to { $enemy }
bulltricker-kings-app = a king may not step right in front of, or diagonally in front of, the enemy king: { $enemy } is ahead of { $to }
bulltricker-cannot-go = { $the } cannot go to { $to }
bulltricker-pawn-rectangles-only = a pawn stands only on rectangles, and { $to } is a royal square
bulltricker-pawn-backward = { $the } cannot go back to { $to }: a pawn only moves forward
bulltricker-pawn-sideways = { $the } cannot move sideways to { $to }: a pawn only moves forward
bulltricker-pawn-end-to-end-off = a pawn never takes by moving onto a piece (the end-to-end capture is off in this game)
bulltricker-pawn-king-blocks = { $the } cannot step to { $to }: the king on { $mid } blocks it
bulltricker-pawn-one-cell = { $the } moves one cell at a time: only transversal pawns on their starting line play the Coup Spécial
bulltricker-cannot-jump-own = { $the } cannot jump over its own piece on { $over }
bulltricker-king-blocks-jump = the king on { $king } blocks the jump
bulltricker-cannot-take = { $the } cannot take { $victim }: { $why }
bulltricker-coup-special-start-line = only a pawn still on its starting line { $line } may advance two cells (Coup Spécial)
bulltricker-king-blocks = the king on { $king } blocks it
bulltricker-coup-special-blocked = { $the } cannot play the Coup Spécial to { $to }: { $why }
bulltricker-pawn-stuck = { $the } cannot move: every cell it could step to is taken
bulltricker-pawn-targets = { $the } moves one cell forward, straight ahead or pivoting: to { $list }
bulltricker-pawn-coup-special-target = or two cells to { $double } (Coup Spécial)
bulltricker-queen-rectangles-only = a queen stands only on rectangles, and { $to } is a royal square
bulltricker-queen-orientation = { $the } keeps its orientation except when it pivots onto a touching perpendicular rectangle, and { $to } does not touch it
bulltricker-queen-straight = { $the } moves in a straight line along or across its rectangle, and { $to } is not on one
bulltricker-queen-king-blocks = { $the } cannot get to { $to }: the king on { $mid } blocks the way
bulltricker-queen-end-to-end-off = a queen takes only by jumping across royal squares (the end-to-end capture is off in this game)
bulltricker-piece-behind = { $who } stands right behind it
bulltricker-no-cell-behind = there is no cell behind it
bulltricker-queen-blocked = { $the } cannot get to { $to }: { $blocker } is in the way

## What a move does
bulltricker-step = { $the } steps from { $from } to { $to }
bulltricker-pivot = { $the } pivots from { $from } to { $to }
bulltricker-coup-special = { $the } plays the Coup Spécial from { $from } to { $to }
bulltricker-slide = { $the } slides from { $from } to { $to }
bulltricker-king-step = { $the } moves from { $from } to { $to }
bulltricker-jump = { $the } jumps from { $from } to { $to }, taking { $victims }
bulltricker-end-to-end = { $the } takes { $victims } end to end, moving from { $from } to { $to }
bulltricker-promotes = { $done } and becomes a queen
