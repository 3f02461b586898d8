# Les camps d'une partie, selon le jeu ($game) et le camp ($side : black ou white), comme
# groupe nominal : « les Noirs ».
side-name = { $game ->
        [ataxx] { $side ->
            [black] les x
           *[white] les o
        }
       *[other] { $side ->
            [black] les Noirs
           *[white] les Blancs
        }
    }
# « d'Abalone », « de Bulltricker » : le titre après « une partie ».
of-game = { $game ->
        [abalone] d'{ $title }
        [ataxx] d'{ $title }
       *[other] de { $title }
    }
# Le même en début de phrase.
side-name-start = { $game ->
        [ataxx] { $side ->
            [black] Les x
           *[white] Les o
        }
       *[other] { $side ->
            [black] Les Noirs
           *[white] Les Blancs
        }
    }
# Un camp comme étiquette, sans article (liste des parties, couleur nommée par un joueur).
side-label = { $game ->
        [ataxx] { $side ->
            [black] x
           *[white] o
        }
       *[other] { $side ->
            [black] Noirs
           *[white] Blancs
        }
    }
