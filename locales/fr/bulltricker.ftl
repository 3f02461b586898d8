# Bulltricker : ce que dit l'arbitre des positions, des coups et des plateaux.

## Lecture d'un coup
bulltricker-pat-alone-draw-proposal = PAT seul est une proposition ou une demande de nulle, pas un coup
bulltricker-err-answer-wrong-move = ERR est la réponse à un coup erroné, pas un coup
bulltricker-result-alone-not-move = un résultat seul n'est pas un coup : écrivez d'abord le coup, par ex. e.h8 d.h8 WW MAT
bulltricker-move-must-start-with = le coup doit commencer par la case de départ, par ex. e.h4 e.h6 !! e.h5
bulltricker-message-empty-write-move = le message est vide : écrivez le coup DÉPART ARRIVÉE, par ex. b.h2 b.h4
bulltricker-only-one-cell-move = une seule case : un coup s'écrit DÉPART ARRIVÉE, par ex. b.h2 b.h4
bulltricker-not-number-captures-one = pas un nombre de prises (un coup prend de 1 à 3 pièces)
bulltricker-captures-both-ways = après !! écrivez soit les cases prises, soit leur nombre, pas les deux
bulltricker-message-names-two-winners = le message désigne deux gagnants
bulltricker-message-announces-two-different = le message annonce deux fins différentes
bulltricker-move-names-only-two = un coup ne nomme que deux cases, DÉPART et ARRIVÉE ; les cases prises suivent !!
bulltricker-unexpected-after-move-expected = inattendu après le coup (attendu : !!, ++, WW, BW, MAT, TRICK ou PAT)

## Cases
bulltricker-empty-coordinate = une coordonnée vide
bulltricker-t-lacks-number-vertical = il manque à « { $t } » le numéro de la ligne verticale (v1 à v8)
bulltricker-t-there-no-vertical = « { $t } » : il n'y a pas de ligne verticale v{ $k } ; elles vont de v1 à v8
bulltricker-t-but-e-where = « { $t } » est une butée (croisement des lignes v{ $k } et h{ $m }) : aucune pièce n'y est jamais
bulltricker-not-a-cell = « { $t } » n'est pas une case
bulltricker-no-row = « { $t } » : il n'y a pas de rangée { $n } ; elles vont de 1 à 7
bulltricker-t-names-whole-vertical = « { $t } » désigne toute une ligne verticale, pas une case
bulltricker-t-there-no-column = « { $t } » : il n'y a pas de colonne { $col } ; elles vont de a à g
bulltricker-t-there-no-horizontal = « { $t } » : il n'y a pas de ligne horizontale h{ $k } ; elles vont de h1 à h8
bulltricker-t-there-no-royal = « { $t } » : il n'y a pas de rangée royale 8 (elles vont de 1 à 7) ; la case transversale de la ligne h8 s'écrit { $col }.h8

## Ce qu'annonce un coup
bulltricker-this-move-does-not = ce coup n'a pas l'effet que lui donnent les règles
bulltricker-message-announces-promotion-but = le message annonce une promotion (++), mais le pion n'atteint pas sa dernière ligne { $line }
bulltricker-message-announces-promotion-but-2 = le message annonce une promotion (++), mais seul un pion est promu
bulltricker-takes-nothing = il ne prend rien
bulltricker-takes = il prend { $list } ({ $taken })
bulltricker-message-announces-capture-but = le message annonce une prise (!!), mais { $takes }
bulltricker-message-announces-captured-but = le message annonce { $n } prise(s) (!! { $n }), mais { $takes }
bulltricker-message-announces-capture-but-2 = le message annonce la prise de { $said }, mais { $takes }
bulltricker-game-goes = la partie continue
bulltricker-result-tokens = le résultat est { $tokens }
bulltricker-message-announces-but-after = le message annonce { $said }, mais après ce coup { $actual }

## Positions
bulltricker-position-empty-write-as = la position est vide : écrivez-la « W: Kd1 Qv1.1 ...; B: Kd7 ...; w »
bulltricker-s-pieces-given-twice = les pièces { $side ->
        [white] blanches
       *[black] noires
    } sont données deux fois
bulltricker-side-move-given-twice = le camp au trait est donné deux fois
bulltricker-key-not-side-write = « { $key }: » n'est pas un camp : écrivez « W: » avant les pièces blanches et « B: » avant les noires
bulltricker-s-pieces-missing-write = il manque les pièces { $side ->
        [white] blanches
       *[black] noires
    } : écrivez « { $letter }: K... » avec au moins le roi
bulltricker-already-shut-mat-trick = { $the } est déjà enfermé (MAT ou TRICK) : la partie serait finie
bulltricker-value-does-not-say = « { $value } » ne dit pas qui joue : terminez la position par « ; w » (les Blancs) ou « ; b » (les Noirs)
bulltricker-token-not-piece-write = « { $token } » n'est pas une pièce : écrivez K (roi), Q (dame) ou P (pion) suivi de sa case, par ex. Kd1, Qv4.1, Pc.h2
bulltricker-token-lacks-cell = il manque la case de « { $token } »
bulltricker-two-pieces-cell = deux pièces en { $cell }
bulltricker-stands-but-e-cell = { $the } est sur la butée { $cell }, où rien ne se pose jamais
bulltricker-king-stands-royal-square = un roi se place sur une case royale, pas sur la case rectangulaire { $cell }
bulltricker-cannot-stand-royal-square = { $the } ne peut pas être sur la case royale { $cell } : dames et pions se placent sur les cases rectangulaires
bulltricker-has-no-king = { $who } n'ont pas de roi
bulltricker-has-kings-each-side = { $who } ont { $n } rois ; chaque camp en a un
bulltricker-has-pawns-side-starts = { $who } ont { $n } pions ; un camp en a { $value } au départ et n'en gagne jamais
bulltricker-has-queens-pawns-side = { $who } ont { $n } dames et pions ; un camp en a { $value } au départ et n'en gagne jamais
bulltricker-at-least-one-royal = séparés par au moins une case royale, même en diagonale
bulltricker-apart-never-side-by = séparés : jamais côte à côte
bulltricker-kings-white-black-touch = les rois en { $white } et { $black } se touchent ; ils doivent rester { $rule }
bulltricker-cell-would-already-have = { $the } en { $cell } serait déjà devenu une dame : c'est sa ligne de promotion
bulltricker-can-never-stand-cell = { $the } ne peut jamais être en { $cell } : les pions partent de la deuxième ligne et rangée de leur camp et n'avancent que vers l'avant

## Le plateau sous un coup
# Les lettres des pièces sur le plateau en texte ($kind : king, queen, pawn).
bulltricker-letter = { $kind ->
        [king] R
        [queen] D
       *[pawn] P
    }
bulltricker-legend-pieces = R roi, D dame, P pion ;
bulltricker-legend-case = majuscules pour les Blancs, minuscules pour les Noirs.
bulltricker-legend-last = Dernier coup : { $token }
bulltricker-legend-marks = [ ] arrivée, * départ, x prise.

## Les pièces et les cases dans les phrases
# $kind : king, queen ou pawn ; $side : white ou black.
bulltricker-the = { $kind ->
        [king] le roi { $side ->
            [white] blanc
           *[black] noir
        }
        [queen] la dame { $side ->
            [white] blanche
           *[black] noire
        }
       *[pawn] le pion { $side ->
            [white] blanc
           *[black] noir
        }
    }
bulltricker-the-start = { $kind ->
        [king] Le roi { $side ->
            [white] blanc
           *[black] noir
        }
        [queen] La dame { $side ->
            [white] blanche
           *[black] noire
        }
       *[pawn] Le pion { $side ->
            [white] blanc
           *[black] noir
        }
    }
bulltricker-the-on = { $the } en { $cell }
bulltricker-cell-shapes = une case royale s'écrit c5, une case transversale c.h3, une case longitudinale v4.2

## Pourquoi un coup est refusé
bulltricker-nothing-on = rien en { $cell }
bulltricker-occupied = { $cell } est occupée par { $who }
bulltricker-no-piece = il n'y a aucune pièce en { $from }
bulltricker-not-yours = { $the } n'est pas à vous : c'est aux { $side ->
        [white] Blancs
       *[black] Noirs
    } de jouer
bulltricker-same-cell = un coup doit aller quelque part : DÉPART et ARRIVÉE sont la même case
bulltricker-rule-chain = une prise en chaîne doit être menée à son terme
bulltricker-rule-queen-line = une dame doit prendre toutes les pièces qu'elle peut sur sa ligne
bulltricker-capture-goes-on = la prise doit continuer : { $the } doit prendre { $all } ({ $rule }) ; jouez { $options }
bulltricker-capture-ends-wrong = { $the } ne peut pas finir sa prise en { $to } ; { $kind ->
        [queen] elle
       *[other] il
    } peut jouer { $options }
bulltricker-must-take = { $one } en { $cells } doit prendre
bulltricker-one-must-take = { $kind ->
        [queen] l'une des dames { $side ->
            [white] blanches
           *[black] noires
        }
       *[other] l'un des pions { $side ->
            [white] blancs
           *[black] noirs
        }
    } en { $cells } doit prendre
bulltricker-queen-priority = la prise par une dame passe avant la prise par un pion
bulltricker-capture-compulsory = une prise est obligatoire
bulltricker-compulsory = { $head } : { $must } (possible : { $options })
bulltricker-king-royal-only = un roi ne va que de case royale en case royale, et { $to } est une case rectangulaire
bulltricker-king-diagonal = un roi ne se déplace jamais en diagonale : il avance d'une case royale vers le haut, le bas, la gauche ou la droite
bulltricker-king-one-step = un roi n'avance que d'une case royale à la fois, vers le haut, le bas, la gauche ou la droite
bulltricker-king-cannot-cross = { $the } ne peut pas franchir { $between } : { $who } s'y trouve, et un roi ne saute jamais
bulltricker-king-square-taken = { $to } est occupée par { $enemy }
bulltricker-kings-strict = les rois doivent rester séparés d'au moins une case royale, même en diagonale, or { $to } touche { $enemy }
bulltricker-kings-orthogonal = les rois ne peuvent jamais être côte à côte, or { $to } est à côté de { $enemy }
bulltricker-kings-app = un roi ne peut pas s'avancer juste devant le roi adverse, ni en diagonale devant lui, or { $enemy } est devant { $to }
bulltricker-cannot-go = { $the } ne peut pas aller en { $to }
bulltricker-pawn-rectangles-only = un pion ne se place que sur les cases rectangulaires, et { $to } est une case royale
bulltricker-pawn-backward = { $the } ne peut pas reculer en { $to } : un pion ne va que vers l'avant
bulltricker-pawn-sideways = { $the } ne peut pas aller de côté en { $to } : un pion ne va que vers l'avant
bulltricker-pawn-end-to-end-off = un pion ne prend jamais en se posant sur une pièce (la prise bout à bout n'est pas en vigueur dans cette partie)
bulltricker-pawn-king-blocks = { $the } ne peut pas avancer en { $to } : le roi en { $mid } lui barre le passage
bulltricker-pawn-one-cell = { $the } avance d'une case à la fois : seuls les pions transversaux encore sur leur ligne de départ jouent le Coup Spécial
bulltricker-cannot-jump-own = { $the } ne peut pas sauter par-dessus sa propre pièce en { $over }
bulltricker-king-blocks-jump = le roi en { $king } empêche le saut
bulltricker-cannot-take = { $the } ne peut pas prendre { $victim } : { $why }
bulltricker-coup-special-start-line = seul un pion encore sur sa ligne de départ { $line } peut avancer de deux cases (Coup Spécial)
bulltricker-king-blocks = le roi en { $king } lui barre le passage
bulltricker-coup-special-blocked = { $the } ne peut pas jouer le Coup Spécial vers { $to } : { $why }
bulltricker-pawn-stuck = { $the } ne peut pas bouger : toutes les cases où il pourrait aller sont occupées
bulltricker-pawn-targets = { $the } avance d'une case, tout droit ou en pivotant : vers { $list }
bulltricker-pawn-coup-special-target = ou de deux cases vers { $double } (Coup Spécial)
bulltricker-queen-rectangles-only = une dame ne se place que sur les cases rectangulaires, et { $to } est une case royale
bulltricker-queen-orientation = { $the } garde son orientation, sauf en pivotant sur une case perpendiculaire qui la touche, et { $to } ne la touche pas
bulltricker-queen-straight = { $the } se déplace en ligne droite, le long de sa case ou en travers, et { $to } n'est sur aucune de ces lignes
bulltricker-queen-king-blocks = { $the } ne peut pas atteindre { $to } : le roi en { $mid } barre le chemin
bulltricker-queen-end-to-end-off = une dame ne prend qu'en sautant par-dessus une case royale (la prise bout à bout n'est pas en vigueur dans cette partie)
bulltricker-piece-behind = { $who } est juste derrière
bulltricker-no-cell-behind = il n'y a pas de case derrière
bulltricker-queen-blocked = { $the } ne peut pas atteindre { $to } : { $blocker } est sur le chemin

## Ce que fait un coup
bulltricker-step = { $the } avance de { $from } en { $to }
bulltricker-pivot = { $the } pivote de { $from } en { $to }
bulltricker-coup-special = { $the } joue le Coup Spécial de { $from } en { $to }
bulltricker-slide = { $the } glisse de { $from } en { $to }
bulltricker-king-step = { $the } va de { $from } en { $to }
bulltricker-jump = { $the } saute de { $from } en { $to } et prend { $victims }
bulltricker-end-to-end = { $the } prend { $victims } bout à bout, en allant de { $from } en { $to }
bulltricker-promotes = { $done } et devient une dame
