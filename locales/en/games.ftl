# What the games call their variants, options and endings. $game: the game's name
# (abalone, ataxx, bulltricker, sauterelle, tours); $variant: a variant's id; $option: an
# option's name; $end: how a game ended.

game-title = { $game ->
        [bulltricker] Bulltricker
        [abalone] Abalone
        [ataxx] Ataxx
        [sauterelle] Sauterelle (Grasshopper)
        [tours] Battle of Towers (La Bataille des Tours)
       *[other] { $game }
    }

game-variant = { $game ->
        [abalone] { $variant ->
            [standard] Standard
            [belgian-daisy] Belgian daisy
            [german-daisy] German daisy
            [dutch-daisy] Dutch daisy
            [swiss-daisy] Swiss daisy
            [french-daisy] French daisy
            [irish-daisy] Irish daisy
            [korean-daisy] Korean daisy
            [austrian-daisy] Austrian daisy
            [scottish-daisy] Scottish daisy
            [domination] Domination
            [pyramid] Pyramid
            [snakes] Snakes
            [snakes-variant] Snakes variant (Bodini)
            [alien] Alien attack
            [the-wall] The Wall
            [face-a-face] Face to face
            [fujiyama] Fujiyama
            [couronne] Crown
            [tranchee] Trench
            [alitration] Alitration
            [infiltration] Infiltration
            [alliances] Alliances
            [duel] Duel
           *[other] { $variant }
        }
        [ataxx] { $variant ->
            [standard] Standard, no blocked cell
            [square] Square of blocked cells c3 e3 c5 e5
            [quincunx] Quincunx of blocked cells c3 e3 d4 c5 e5
            [cross] Cross of blocked cells d3 c4 e4 d5
           *[other] { $variant }
        }
        [bulltricker] { $variant ->
            [standard] Standard
           *[other] { $variant }
        }
        [sauterelle] { $variant ->
            [standard] Standard, every checker on the bar
           *[other] { $variant }
        }
        [tours] { $variant ->
            [standard] Standard
            [light-corner] Light a1 corner, rounds and squares swapped
           *[other] { $variant }
        }
       *[other] { $variant }
    }

game-option = { $game ->
        [abalone] { $option ->
            [repetition] draw when the same position (marbles, ejections, side to move) occurs this many times; off follows the official rules
            [move-limit] end the game after this many plies (half-moves) from the start; none follows the official rules
            [move-limit-result] the result at the move limit: a draw, or a win for the side that pushed off more marbles (a draw when equal)
           *[other] { $option }
        }
        [ataxx] { $option ->
            [fifty-move-rule] on: 100 plies in a row without a clone (fifty moves each) end the game in a draw, as in modern Ataxx; off: no such limit, as in Attax 2000
           *[other] { $option }
        }
        [bulltricker] { $option ->
            [king-separation] how far apart the kings must stay: strict = never side by side nor diagonally adjacent; orthogonal-only = never side by side; app-compatible = as the official 2D app (a king may not step right in front of, or diagonally in front of, the enemy king)
            [end-to-end-capture] the optional end-to-end capture of older rule pages: a longitudinal pawn may take the enemy piece straight ahead on its line, and a queen the enemy piece touching it end to end, by moving onto it (never compulsory)
            [capture-notation] how replies write captures: list = the captured cells (e.h4 e.h6 !! e.h5), count = their number (b.h3 b.h7 !! 2)
            [double-enclosure] who wins when one move shuts in both kings (possible only when kings may touch): mover-wins = the player who moved (MAT); app-scan-order = as the official app, the king nearer the h8 edge (then the a side) loses
           *[other] { $option }
        }
        [sauterelle] { $option ->
            [checkers] the number of checkers each player has: 14 as on BrainKing; Molyneux lets beginners play with fewer, always an even number
            [first-player] who moves first from the start: White as on BrainKing (Molyneux tosses a coin)
           *[other] { $option }
        }
        [tours] { $option ->
            [rebound] composite pieces bounce off the side edges (files a and h) in moves and deployments (spec 3.5, BT2); off: a side edge stops them
            [repetition] the third occurrence of the same position with the same side to move is an automatic draw (spec T-Q10)
            [no-progress] a draw after this many moves by each player in a row with no capture and no piece going forward (spec T-Q10, optional)
           *[other] { $option }
        }
       *[other] { $option }
    }

game-end = { $end ->
        [abalone-six-ejected] six marbles pushed off
        [abalone-no-legal-move] no legal move
        [abalone-repetition] repetition of the position
        [abalone-move-limit] move limit reached
        [ataxx-no-pieces] the opponent has no piece left
        [ataxx-more-pieces] nobody can move any more and it has more pieces
        [ataxx-equal-pieces] nobody can move any more and both sides have as many pieces
        [ataxx-fifty-moves] fifty moves each without a clone (fifty-move rule)
        [bulltricker-mat] MAT, the enemy king is shut in on all four sides
        [bulltricker-trick] TRICK, the loser shut in his own king
        [bulltricker-material] PAT, both sides are down to three queens and pawns or fewer
        [bulltricker-stalemate] PAT, the side to move has no legal move
        [sauterelle-two-in-a-row] two points in a row
        [sauterelle-no-move] neither player can ever move again
        [tours-beyond-edge] a piece beyond the far edge
        [tours-all-captured] every enemy piece captured
        [tours-repetition] threefold repetition
        [tours-no-progress] no capture and no forward step for too long
        [resignation] resignation
        [agreed-draw] draw by agreement
        [time] time forfeit
        [cancelled] cancelled, the first move never came in time
        [adjudication] adjudication
        [forfeit] forfeit, the opponent withdrew from the event
        [withdrawal] cancelled, a player withdrew from the event
        [cancelled-by-director] cancelled by the tournament director
       *[other] { $end }
    }

# GAMES: the player's ratings, after the list (one line per game). $rating: `1523 ±87`.
games-ratings-head = Your ratings (Glicko-2, updated at the start of each month):
games-rating-line = {"  "}{ $game }: { $rating } ({ $games ->
        [one] one rated game
       *[other] { $games } rated games
    })
