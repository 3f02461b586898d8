# Ataxx : ce que dit l'arbitre des positions, des coups et des plateaux.
# Les camps s'appellent x et o dans toutes les langues ; les cases vont de a1 à g7.

## Positions (plateau, camp au trait, compteur de demi-coups, numéro du coup)
ataxx-board-ranks = le plateau « { $board } » a { $ranks } rangées séparées par « / » ; il en faut 7
ataxx-board-character = « { $char } » ne peut pas figurer sur le plateau : écrivez x, o, - (case bloquée) ou un chiffre de 1 à 7 pour des cases vides
ataxx-board-rank-length = la rangée { $rank } du plateau (« { $text } ») ne décrit pas exactement 7 cases
ataxx-position-empty = la position est vide : écrivez le plateau, le camp au trait, le compteur de demi-coups et le numéro du coup, par exemple x5o/7/7/7/7/7/o5x x 0 1
ataxx-position-fields = la position a { $count } champs alors qu'elle en a au plus 4 : plateau, camp au trait, compteur de demi-coups, numéro du coup
ataxx-position-side = « { $text } » n'est pas un camp au trait : écrivez x ou o
ataxx-position-side-missing = le camp au trait manque après le plateau : écrivez x ou o
ataxx-position-number = « { $text } » n'est pas un nombre (le compteur de demi-coups et le numéro du coup sont des entiers)
ataxx-position-move-number = le numéro du coup commence à 1

## Lecture d'un coup
ataxx-cell-shape = « { $text } » n'est pas une case : une case s'écrit avec sa colonne (a à g) puis sa rangée (1 à 7), comme f2
ataxx-cell-file = « { $text } » n'est pas une case : les colonnes vont de a à g
ataxx-cell-rank = « { $text } » n'est pas une case : les rangées vont de 1 à 7
ataxx-move-missing = il n'y a pas de coup : écrivez une case (f2), deux cases (g1e3) ou 0000 pour passer
ataxx-move-spaced = écrivez les deux cases accolées, sans espace : { $joined }
ataxx-move-shape = un coup d'Ataxx est une case (f2), deux cases (g1e3) ou 0000 pour passer

## Ce que fait un coup ($side : x ou o ; $converts : ataxx-converts)
ataxx-pass = { $side } n'a aucun coup et passe.
ataxx-clone = { $side } se duplique en { $to } { $converts }.
ataxx-jump = { $side } saute de { $from } en { $to } { $converts }.
ataxx-converts = { $count ->
        [0] sans rien convertir
        [1] et convertit { $cells }
       *[other] et convertit { $count } pions : { $cells }
    }

## Pourquoi un coup est refusé
ataxx-game-over = la partie est terminée : plus aucun coup n'est possible
ataxx-pass-refused = { $side } ont { $count ->
        [1] un coup légal
       *[other] { $count } coups légaux
    } : on ne peut passer que si l'on n'en a aucun
ataxx-refused-must-pass = { $reason } ; { $side } n'a aucun coup légal et doit passer (0000)
ataxx-origin-theirs = le pion en { $from } est un pion { $them }, pas un pion { $side }
ataxx-origin-empty = { $from } est vide : { $side } n'y a pas de pion
ataxx-origin-blocked = { $from } est une case bloquée : aucun pion ne s'y trouve
ataxx-destination-taken = { $to } est déjà occupée par un pion { $them } : la case d'arrivée doit être vide
ataxx-destination-blocked = { $to } est une case bloquée : aucun pion ne peut y aller
ataxx-clone-far = aucun pion { $side } ne touche { $to } : aucun ne peut s'y dupliquer
ataxx-clone-far-jump = aucun pion { $side } ne touche { $to } : aucun ne peut s'y dupliquer (un saut l'atteint : { $jump })
ataxx-jump-still = de { $from } à { $to }, le pion ne bouge pas
ataxx-jump-next = { $to } touche { $from } : c'est une duplication, qui s'écrit { $to }
ataxx-jump-far = de { $from } à { $to }, il y a { $steps } pas : un saut fait exactement 2 pas

## Le plateau sous un coup
ataxx-board-count = x : { $x } { $x ->
        [0] pion
        [1] pion
       *[other] pions
    }, o : { $o } { $o ->
        [0] pion
        [1] pion
       *[other] pions
    }.
ataxx-legend-last = [ ] dernier coup
ataxx-legend-jumped = ( ) départ du saut
ataxx-legend-pass = dernier coup : passe (0000)
ataxx-legend-blocked = # case bloquée
