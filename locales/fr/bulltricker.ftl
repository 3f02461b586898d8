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
bulltricker-s-pieces-given-twice = les pièces de { $who } sont données deux fois
bulltricker-side-move-given-twice = le camp au trait est donné deux fois
bulltricker-key-not-side-write = « { $key }: » n'est pas un camp : écrivez « W: » avant les pièces blanches et « B: » avant les noires
bulltricker-s-pieces-missing-write = il manque les pièces de { $who } : écrivez « { $letter }: K... » avec au moins le roi
bulltricker-already-shut-mat-trick = { $the } est déjà enfermé (MAT ou TRICK) : la partie serait finie
bulltricker-value-does-not-say = « { $value } » ne dit pas qui joue : terminez la position par « ; w » (Blanc) ou « ; b » (Noir)
bulltricker-token-not-piece-write = « { $token } » n'est pas une pièce : écrivez K (roi), Q (dame) ou P (pion) suivi de sa case, par ex. Kd1, Qv4.1, Pc.h2
bulltricker-token-lacks-cell = il manque la case de « { $token } »
bulltricker-two-pieces-cell = deux pièces en { $cell }
bulltricker-stands-but-e-cell = { $the } est sur la butée { $cell }, où rien ne se pose jamais
bulltricker-king-stands-royal-square = un roi se place sur une case royale, pas sur la case rectangulaire { $cell }
bulltricker-cannot-stand-royal-square = { $the } ne peut pas être sur la case royale { $cell } : dames et pions se placent sur les cases rectangulaires
bulltricker-has-no-king = { $who } n'a pas de roi
bulltricker-has-kings-each-side = { $who } a { $n } rois ; chaque camp en a un
bulltricker-has-pawns-side-starts = { $who } a { $n } pions ; un camp en a { $value } au départ et n'en gagne jamais
bulltricker-has-queens-pawns-side = { $who } a { $n } dames et pions ; un camp en a { $value } au départ et n'en gagne jamais
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
