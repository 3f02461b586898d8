# Conditional moves: answers prepared in advance (IF <their move> THEN <your move>), played
# by arbitre as soon as the opponent's move comes. Nobody but their owner is told of them
# until they are played. $opponent: the opponent's name inside a sentence (or "your
# opponent"); $played: a move as arbitre writes it; $n: a step of a line, from 1.

# One step of a line, written the way the player writes it.
conditions-step = IF { $theirs } THEN { $mine }
conditions-stored = Your conditional line is stored; { $opponent } is not told. As soon as they play a move it expects, arbitre plays your answer and mails you both moves.
conditions-replaced = { $count ->
        [one] It replaces this line, which answered the same move differently:
       *[other] It replaces these { $count } lines, which answered the same moves differently:
    }
conditions-head = { $count ->
        [one] Your conditional line in this game:
       *[other] Your { $count } conditional lines in this game:
    }
conditions-none = You have no conditional moves in this game.
conditions-how = To add a line: IF <their move> THEN <your move>, with more IF ... THEN ... pairs to look further ahead. A new answer to the same move replaces the old one. To drop them all: CONDITIONS CLEAR.

# A line that cannot be stored: $line as written, quoted; $why, one of the reasons below;
# $others, the number of other IF lines in the same mail (not stored either).
conditions-refused = Your conditional line { $line } was not stored: { $why }. { $others ->
        [0] Nothing was changed.
        [one] Nothing was changed: the other line of your mail was not stored either.
       *[other] Nothing was changed: the { $others } other lines of your mail were not stored either.
    }
conditions-your-turn = it is your move, and conditional moves answer your opponent's next one; play your move first, then send your conditions
conditions-shape = write it as IF <their move> THEN <your move>, followed if you like by more IF <their move> THEN <your move> pairs, with one move between two keywords
conditions-theirs-illegal = at step { $n }, your opponent could not play { $played }: { $why }
conditions-mine-illegal = at step { $n }, you could not answer { $played }: { $why }
conditions-after-end = at step { $n }, the game would already be over, so the line cannot go on
conditions-too-long = a line of { $count } steps is too long; arbitre keeps at most { $most } steps in one line
conditions-too-many = Your conditional line was not stored: arbitre keeps at most { $most } lines per player in one game. Drop some first (CONDITIONS CLEAR drops them all). Nothing was changed.
conditions-cleared = { $count ->
        [one] Your conditional line in this game is dropped:
       *[other] Your { $count } conditional lines in this game are dropped:
    }

# To the owner, in the mail of the opponent's move that a line expected.
conditions-answered = Your conditional moves answered it at once: move { $ply }, { $played }. { $effect }
conditions-left = { $count ->
        [one] Your conditional line still stored:
       *[other] Your { $count } conditional lines still stored:
    }
conditions-none-left = No conditional move of yours is left in this game.
# To the opponent, in the mail of the prepared move.
conditions-theirs-played = This move was prepared in advance (a conditional move): arbitre played it as soon as your move arrived.

# Lines dropped: by a move no line expected, by the opponent's draw offer, by a take-back.
conditions-dropped-by-move = { $count ->
        [one] Your conditional line did not expect this move, so it is dropped:
       *[other] None of your { $count } conditional lines expected this move, so they are all dropped:
    }
conditions-dropped-by-offer = { $count ->
        [one] The draw offer drops your conditional line:
       *[other] The draw offer drops your { $count } conditional lines:
    }
conditions-dropped-by-takeback = { $count ->
        [one] The take-back drops your conditional line:
       *[other] The take-back drops your { $count } conditional lines:
    }
# HISTORY, to the owner alone.
conditions-history-head = { $count ->
        [one] Your conditional line (nobody else sees it):
       *[other] Your conditional lines (nobody else sees them):
    }
# A game of an event whose conditions forbid conditional moves.
conditions-not-in-event = Conditional moves are not allowed in this event: play your moves one at a time. Nothing was stored.
