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
bulltricker-s-pieces-given-twice = { $who }'s pieces are given twice
bulltricker-side-move-given-twice = the side to move is given twice
bulltricker-key-not-side-write = `{ $key }:` is not a side: write `W:` before White's pieces and `B:` before Black's
bulltricker-s-pieces-missing-write = { $who }'s pieces are missing: write `{ $letter }: K...` with at least the king
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
