# Sauterelle : ce que dit l'arbitre des positions, des coups et des plateaux.
# $side est un camp tel qu'une phrase le nomme (side-name : « les Blancs », ou side-name-start
# en tête de phrase : « Les Noirs ») : verbes au pluriel. $owner, $scorer : white ou black.

## Positions
sauterelle-board-shape = le plateau « { $board } » doit comporter quatre quarts de six cases séparés par « / », en commençant par le point 1, par exemple ..w.../....../....../......
sauterelle-board-character = « { $char } » ne peut pas figurer sur un point : écrivez . (vide), w ou b (un pion), W ou B (un mur)
sauterelle-position-fields = une position a 6 champs (plateau, barre des Blancs, barre des Noirs, score, dernier à marquer, trait), par exemple ....../....../....../...... 14 14 0-0 - w ; celle-ci en a { $count }
sauterelle-position-count = « { $text } » n'est pas un nombre de pions ou de points
sauterelle-position-score = « { $text } » n'est pas un score : écrivez les points des Blancs, un tiret, puis ceux des Noirs (1-0)
sauterelle-position-last = « { $text } » n'indique pas qui a marqué le dernier : écrivez - (personne encore), w ou b (W ou B si ce camp a gagné)
sauterelle-position-turn = « { $text } » n'est pas le camp au trait : écrivez w ou b
sauterelle-position-low-wall = aucun mur ne peut se trouver en { $point } : un mur se forme quand un pion arrive de six points en arrière, et derrière 1-6 il n'y a que la barre
sauterelle-position-checkers = { $side } ont { $total } pions (barre + plateau + 2 par point marqué), alors que la partie se joue avec { $count } pions chacun (option checkers)
sauterelle-position-scorer-missing = le score n'est pas 0-0, quelqu'un a donc marqué le dernier : écrivez w ou b au lieu de -
sauterelle-position-scorer-points = { $side } sont indiqués comme derniers à marquer mais n'ont pas assez de points pour cela

## Lecture d'un coup
sauterelle-move-shape = un coup de Sauterelle s'écrit départ/arrivée : bar/3 (entrée), 3/9 (avance), 20/off (sortie), ou pass
sauterelle-to-bar = 0 est la barre : aucun pion n'y retourne jamais
sauterelle-point-expected = on attend un numéro de point (1 à 24), bar ou off
sauterelle-point-number = on attend un numéro de point (1 à 24)
sauterelle-no-point = il n'y a pas de point { $number } : les points vont de 1 à 24
sauterelle-bar-off = un pion de la barre doit d'abord entrer en 1-6 ; seuls les murs de 19-24 sortent du plateau

## Pourquoi un coup est refusé
sauterelle-game-over = la partie est terminée : plus aucun coup n'est possible
sauterelle-refused-must-pass = { $reason } ; vous n'avez aucun coup légal et devez passer
sauterelle-pass-refused = vous avez { $count ->
        [1] un coup légal
       *[other] { $count } coups légaux
    } : on ne peut passer que si l'on n'en a aucun
sauterelle-bar-empty = vous n'avez plus aucun pion sur la barre
sauterelle-enter-quadrant = un pion de la barre entre sur les points 1 à 6, pas en { $to }
sauterelle-enter-occupied = le point { $to } est occupé : un pion n'entre que sur un point libre (on ne frappe pas)
sauterelle-last-quadrant = les pions du dernier quart (19-24) ne bougent jamais ; un mur y sort du plateau ({ $from }/off)
sauterelle-next-quadrant = depuis { $from }, un pion va dans le quart suivant, points { $low } à { $high }
sauterelle-wall-base = votre pion en { $to } est { $ahead } points devant { $from } : un mur ne se forme qu'avec le pion situé exactement 6 points derrière (en { $base })
sauterelle-wall-full = le point { $to } est déjà l'un de vos murs : un troisième pion ne peut pas s'y joindre
sauterelle-destination-taken = le point { $to } porte { $holding } : l'arrivée doit être libre (on ne frappe pas)
sauterelle-wall-crossing = un pion seul ne peut pas franchir le mur en { $wall } ; seul le pion du dessus d'un mur saute les murs
sauterelle-bear-off-quadrant = seul un mur du dernier quart (19-24) peut sortir, pas un mur en { $from }
sauterelle-bear-off-single = le point { $from } ne porte qu'un pion : seul un mur (deux pions) peut sortir
sauterelle-point-empty = le point { $point } est vide : aucun de vos pions n'y est
sauterelle-point-theirs = le point { $point } porte { $holding }, aucun des vôtres
# Ce que porte un point ($kind : checker ou wall).
sauterelle-holding = { $kind ->
        [wall] un mur { $owner ->
            [white] blanc
           *[black] noir
        }
       *[checker] un pion { $owner ->
            [white] blanc
           *[black] noir
        }
    }

## Ce que fait un coup
sauterelle-pass = { $side } n'ont aucun coup et passent.
sauterelle-enter = { $side } entrent un pion en { $to }.
sauterelle-advance = { $side } jouent { $from }/{ $to }
sauterelle-advance-top = { $side } avancent le pion du dessus du mur de { $from } en { $to }
sauterelle-jumping = en sautant { $count ->
        [1] le mur
       *[other] les murs
    } en { $walls }
sauterelle-builds = et forment un mur en { $to }
sauterelle-bear-off = { $side } sortent le mur de { $from } et marquent : Blancs { $white }, Noirs { $black }.
sauterelle-wins = Deux points d'affilée : { $side } gagnent.
sauterelle-one-more = Encore un point d'affilée et { $side } gagnent.

## Le plateau sous un coup
sauterelle-board-bar = Barre : Blancs { $white }, Noirs { $black }.
sauterelle-board-points = Points : Blancs { $white }, Noirs { $black }.
sauterelle-board-points-last = Points : Blancs { $white }, Noirs { $black } (dernier point marqué par les { $scorer ->
        [white] Blancs
       *[black] Noirs
    }).
sauterelle-legend-pass = Dernier coup : passe.
sauterelle-legend-enter = [ ] dernier coup.
sauterelle-legend-advance = [ ] dernier coup, ( ) point de départ.
sauterelle-legend-bear-off = ( ) mur qui vient de sortir.
