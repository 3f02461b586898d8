# La Bataille des Tours : ce que dit l'arbitre des positions, des coups et des plateaux.
# $owner : white ou black ; $kind : round (rond) ou square (carré).

## Lecture d'un coup
tours-move-shape = écrivez un déplacement comme b1-c2 (c4xe6 pour une prise, e8-off pour sortir du plateau) ou un déploiement comme d4>d5,c6,b7
tours-move-missing = le message ne contient aucun coup : { $shape }
tours-no-pass = on ne passe jamais à La Bataille des Tours : un joueur qui a encore une pièce a toujours un coup
tours-destination-missing = l'arrivée manque après { $from } : { $shape }
tours-same-cell = { $from } est à la fois le départ et l'arrivée : une pièce doit quitter sa case
tours-drops-missing = les cases de dépose manquent après { $from }> : nommez une case par pièce, comme dans d4>d5,c6,b7
tours-drop-empty = une case de dépose est vide : séparez les cases par une seule virgule, comme dans d4>d5,c6,b7
tours-from-off = une action part d'une case du plateau, pas de off
tours-cell = « { $text } » n'est pas une case : les colonnes vont de a à h, les rangées de 1 à 8
tours-capture-off = x annonce une prise, mais on ne prend rien au-delà du bord : écrivez { $from }-off.
tours-capture-nothing = x annonce une prise, mais { $cell } ne porte aucune pièce { $owner ->
        [white] blanche
       *[black] noire
    } : écrivez { $from }-{ $cell }.
tours-game-over = la partie est terminée : plus aucun coup n'est possible.

## Positions
tours-board-ranks = le plateau doit donner 8 rangées séparées par « / », la rangée 8 en premier (il y en a { $count })
tours-rank-open = rangée { $rank } : une « ( » n'est pas fermée
tours-rank-short = la rangée { $rank } décrit { $count } cases au lieu de 8
tours-rank-long = la rangée { $rank } décrit plus de 8 cases
tours-rank = rangée { $rank } : { $problem }
tours-piece-character = « { $char } » n'est pas une pièce (R ou S pour les Blancs, r ou s pour les Noirs, un chiffre pour des cases vides, une pile entre parenthèses)
tours-stack-mixed = la pile « ({ $letters }) » mêle des pièces blanches et noires ; une pile appartient à un seul joueur
tours-stack-size = la pile « ({ $letters }) » doit compter de 1 à 3 pièces
tours-position-empty = la position est vide
tours-position-side = « { $text } » n'est pas un camp au trait : écrivez w (les Blancs) ou b (les Noirs)
tours-position-side-missing = le camp au trait manque : terminez la position par w (les Blancs) ou b (les Noirs)
tours-position-extra = « { $extra } » inattendu : une position donne le plateau, le camp au trait et, seulement après une victoire, la pièce sortie du plateau (+S)
tours-position-too-many = les { $owner ->
        [white] Blancs
       *[black] Noirs
    } ont { $count } { $kind ->
        [round] ronds
       *[square] carrés
    } alors qu'un joueur n'en a que 8
tours-position-beyond-side = la pièce sortie du plateau doit appartenir au joueur qui vient de jouer, pas au camp qui a le trait
tours-position-no-piece = les { $owner ->
        [white] Blancs
       *[black] Noirs
    } n'ont plus aucune pièce alors qu'ils viennent de jouer
tours-position-beyond = « { $text } » n'est pas une pièce sortie du plateau : écrivez + et la pièce, comme +S ou +(RS)
tours-position-beyond-piece = la pièce sortie du plateau : { $problem }

## Le plateau sous un coup
tours-board-beyond = au-delà du bord adverse : { $piece } ({ $owner ->
        [white] les Blancs
       *[black] les Noirs
    })
tours-board-legend = R rond, S carré : majuscules pour les Blancs (qui montent), minuscules pour les Noirs (qui descendent).
tours-board-stack = RRS = pile de 2 ronds et 1 carré.
tours-board-last = [ ] = dernier coup.
