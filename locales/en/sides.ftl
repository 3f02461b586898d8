# The sides of a game, by game ($game: abalone, ataxx, bulltricker, sauterelle, tours) and
# side ($side: black or white), as the subject or object of a sentence.
side-name = { $game ->
        [ataxx] { $side ->
            [black] x
           *[white] o
        }
       *[other] { $side ->
            [black] Black
           *[white] White
        }
    }
# "of Abalone", after "a game".
of-game = of { $title }
# The same at the start of a sentence.
side-name-start = { $game ->
        [ataxx] { $side ->
            [black] x
           *[white] o
        }
       *[other] { $side ->
            [black] Black
           *[white] White
        }
    }
# A side as a label, without article (the games list, records, a colour the player names).
side-label = { $game ->
        [ataxx] { $side ->
            [black] x
           *[white] o
        }
       *[other] { $side ->
            [black] Black
           *[white] White
        }
    }
