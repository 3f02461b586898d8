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
tours-capture-off = x annonce une prise, mais on ne prend rien au-delà du bord : écrivez { $from }-off
tours-capture-nothing = x annonce une prise, mais { $cell } ne porte aucune pièce { $owner ->
        [white] blanche
       *[black] noire
    } : écrivez { $from }-{ $cell }
tours-game-over = la partie est terminée : plus aucun coup n'est possible

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

## Les pièces et les joueurs dans les phrases
# $kind : round, square ou stack (une pièce composée) ; $code : les lettres de la pile, « (RRS) ».
tours-owned = { $kind ->
        [round] le rond { $owner ->
            [white] blanc
           *[black] noir
        }
        [square] le carré { $owner ->
            [white] blanc
           *[black] noir
        }
       *[stack] la pile { $owner ->
            [white] blanche
           *[black] noire
        } { $code }
    }
tours-owned-start = { $kind ->
        [round] Le rond { $owner ->
            [white] blanc
           *[black] noir
        }
        [square] Le carré { $owner ->
            [white] blanc
           *[black] noir
        }
       *[stack] La pile { $owner ->
            [white] blanche
           *[black] noire
        } { $code }
    }
tours-the = { $kind ->
        [round] le rond
        [square] le carré
       *[stack] la pile { $code }
    }
tours-noun = { $kind ->
        [round] rond
        [square] carré
       *[stack] pile { $code }
    }
tours-a-piece = une pièce { $owner ->
        [white] blanche
       *[black] noire
    }
tours-kind = { $kind ->
        [round] rond
       *[square] carré
    }
tours-kinds = { $kind ->
        [round] ronds
       *[square] carrés
    }
tours-gait = { $kind ->
        [round] en diagonale vers l'avant
       *[square] tout droit ou de côté
    }
# $nth : 1, 2 ou 3.
tours-nth-piece = { $nth ->
        [1] première
        [2] deuxième
       *[3] troisième
    } pièce
tours-cells = { $count ->
        [one] { $count } case
       *[other] { $count } cases
    }

## Ce que fait une action
tours-leaves = { $who } sort du plateau par { $from }, au-delà du bord adverse.
tours-moves = { $who } va de { $from } en { $to }.
tours-moves-forms = { $who } va de { $from } en { $to } et y forme la pile { $formed }.
tours-captures = { $who } va de { $from } en { $to } et prend { $victim }.
tours-captures-last = { $who } va de { $from } en { $to } et prend { $victim } : { $loser } n'ont plus aucune pièce.
tours-drop = un { tours-kind } en { $cell }
tours-drop-forms = un { tours-kind } en { $cell }, qui forme { $formed }
tours-drop-off = un { tours-kind } au-delà du bord adverse
# $early : yes quand le déploiement s'arrête avant que toutes les pièces soient posées.
tours-deploys = { $side } déploient la pile { $code } de { $from } : { $drops }{ $early ->
        [yes] {" "}(le déploiement s'arrête là)
       *[no] {""}
    }.

## Pourquoi une action est refusée
tours-there-no-piece = il n'y a aucune pièce en { $from }
tours-not-yours = la pièce en { $from } est aux { $owner ->
        [white] Blancs
       *[black] Noirs
    } : vous avez les { $me ->
        [white] Blancs
       *[black] Noirs
    }
tours-deployments-from = { $reason }. Déploiements possibles depuis { $from } : { $list }
tours-moves-from = { $reason }. Déplacements possibles depuis { $from } : { $list }
tours-in-the-way = { $cell } est occupée et barre le chemin : une pièce ne saute jamais par-dessus une autre
tours-stack-too-high = { $cell } compterait alors { $total } pièces, or une pile en compte au plus 3
tours-cannot-go = { $the } ne peut pas aller en { $to }
tours-beyond-edge = au-delà du bord adverse
tours-distance-off = sortir au-delà du bord adverse demande { $steps } pas depuis { $from }
tours-distance = { $cell } est à { $steps } pas de { $from }
tours-simple-one-cell = { $far }, mais un { $kind } simple ne se déplace que d'une case
# $cells : « 2 cases » ; $gait : « en diagonale vers l'avant ».
tours-reach = { $cells } { $gait }
tours-either = { $one } ou { $other }
tours-stack-reach = { $far }, mais { $the } se déplace d'au plus { $reach } : autant de cases que de pièces de cette sorte
# $kind : la sorte de la pièce, dont la marche ne mène pas là.
tours-simple-gait = { $kind ->
        [round] un rond ne se déplace qu'en diagonale vers l'avant, jamais tout droit ni de côté
       *[square] un carré ne se déplace que tout droit ou de côté, jamais en diagonale
    }
tours-stack-gait = { $kind ->
        [round] { $the } ne contient aucun carré : elle ne se déplace qu'en diagonale vers l'avant, comme un rond
       *[square] { $the } ne contient aucun rond : elle ne se déplace que tout droit ou de côté, comme un carré
    }
tours-backward = aucune pièce ne recule : { $cell } est derrière { $from }
tours-off-line = { $place } n'est sur aucune ligne partant de { $from } : les pièces vont tout droit, de côté ou en diagonale vers l'avant
tours-deploy-simple = seule une pièce composée se déploie, et { $from } ne porte qu'un { $kind }
tours-deploy-off-early = la { $nth } va au-delà du bord adverse, ce qui termine le déploiement : off doit être la dernière cible
tours-deploy-too-many = { $the } compte { $height } pièces : un déploiement nomme une case par pièce, donc au plus { $height }
tours-deploy-too-few = { $the } compte { $height } pièces : nommez une case par pièce, { $height } en tout (seule une pièce sortie au-delà du bord peut clore la liste plus tôt)
tours-deploy-other = ce n'est pas un déploiement de { $the } en { $from }
tours-drop-off-last = { $nth } : off doit être la dernière cible
tours-drop-off-far = { $nth } : depuis { $hand }, un pas ne mène pas au-delà du bord adverse
tours-drop-backward = { $nth } ({ $cell }) : aucune pièce ne recule, et { $cell } est derrière { $hand }
tours-drop-not-adjacent = { $nth } ({ $cell }) : { $cell } n'est pas à un pas de { $hand } ; chaque pièce se pose à un pas de la précédente (la première à un pas de la pile)
tours-drop-missing-kind = { $nth } ({ $cell }) : un pas { $gait } depuis { $hand } est un pas de { $piece }, mais { $the } ne contient aucun { $piece }
tours-drop-kind-spent = { $nth } ({ $cell }) : c'est un pas de { $piece }, mais tous les { $pieces } de la pile sont déjà posés
tours-next-on = va en { $cell }
tours-next-off = va au-delà du bord adverse
tours-next-wall = est arrêté par le bord
tours-drop-zigzag = { $nth } ({ $cell }) : les { $pieces } se posent en ligne droite, donc après { $hand } le { $piece } suivant { $next }, pas en { $cell } (pas de zigzag)
tours-drop-mixed = { $nth } ({ $cell }) : un { $piece } ne peut pas précéder le dernier { $group } : on pose tous les { $groups } puis tous les { $pieces }, ou l'inverse, jamais { $group }, { $piece }, { $group }
tours-drop-on-enemy = { $nth } ({ $cell }) : { $cell } porte { $enemy }, et un déploiement ne prend jamais (déplacez toute la pile pour prendre)
