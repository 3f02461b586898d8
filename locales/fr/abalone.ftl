# Abalone : ce que dit l'arbitre des positions, des coups et des plateaux.
# Les cases s'écrivent en capitales (E5) ; $owner vaut black ou white.

## Lecture d'un coup (notation Aba-Pro)
abalone-cell-no-digit = « { $char } » n'est pas suivi d'un chiffre : une case s'écrit avec une lettre de rangée (A à I) et un chiffre de diagonale (1 à 9), comme E5
abalone-cell-row = { $cell } n'est pas une case : les rangées vont de A à I
abalone-cell-diagonal = { $cell } n'est pas une case : les diagonales vont de 1 à 9
abalone-cell-off-board = { $cell } n'est pas une case du plateau
abalone-move-number = envoyez le coup seul, sans numéro de coup
abalone-unexpected-digit = chiffre « { $char } » inattendu : une case s'écrit avec une lettre de A à I suivie d'un chiffre
abalone-unexpected-character = caractère « { $char } » inattendu : écrivez seulement les cases du coup, par exemple e5e6
abalone-move-missing = aucun coup n'a été donné
abalone-no-cell = aucune case trouvée : un coup s'écrit avec deux cases (en ligne) ou trois (latéral), par exemple e5e6
abalone-one-cell = une seule case : un coup s'écrit avec deux cases (en ligne) ou trois (latéral), par exemple e5e6
abalone-several-moves = cela ressemble à { $count } coups ; envoyez un seul coup par message
abalone-cells-glued = cases collées : { $count } cases à la suite, alors qu'un coup en a 2 (en ligne) ou 3 (latéral)
abalone-too-many-cells = trop de cases ({ $count }) : un coup en a 2 (en ligne) ou 3 (latéral)
abalone-same-cell = les deux cases sont { $cell } : un coup va de la bille arrière vers une case voisine
abalone-nacre = { $first } et { $second } ne sont pas voisines : ce n'est pas de l'Aba-Pro, plutôt la notation Nacre (première bille, puis arrivée de la dernière). En Aba-Pro, écrivez la bille arrière et la case où elle va, par exemple a1b2
abalone-first-cell-twice = la première case, { $cell }, est écrite deux fois ; un coup en ligne s'écrit avec deux cases (bille arrière, arrivée), un coup latéral avec les deux bouts de la ligne et l'arrivée du premier
abalone-ends-too-far = { $first } et { $second } sont trop éloignées : un coup latéral déplace 2 ou 3 billes, ses bouts sont donc voisins ou séparés d'une case
abalone-ends-not-aligned = { $first } et { $second } ne sont pas alignées : elles ne peuvent pas être les bouts d'un coup latéral
abalone-third-cell = la troisième case, { $third }, n'est pas voisine du premier bout, { $first } : un coup latéral s'écrit avec ses deux bouts, puis l'arrivée du premier bout écrit
abalone-broadside-along-written = un coup latéral ne peut pas suivre sa propre ligne ({ $first } { $second } vers { $third }) ; un coup en ligne s'écrit avec deux cases : la bille arrière et son arrivée

## Positions
abalone-position-empty = la position est vide
abalone-position-after-side = « { $extra } » inattendu après le trait
abalone-position-side = « { $text } » n'est pas un camp au trait (écrivez b ou w)
abalone-position-both-lost = les deux camps ne peuvent pas avoir perdu six billes : la partie s'arrête au premier six
abalone-position-marbles = les { $owner ->
        [white] Blancs
       *[black] Noirs
    } ont { $count } billes ; un camp en a au plus 14
abalone-position-lost = les { $owner ->
        [white] Blancs
       *[black] Noirs
    } ont perdu { $lost } billes : les compteurs vont de 0 à 6 (6 quand la partie est finie)
abalone-position-no-marble = les { $owner ->
        [white] Blancs
       *[black] Noirs
    } n'ont aucune bille sur le plateau
abalone-position-twice = { $cell } est donnée deux fois pour les { $owner ->
        [white] Blancs
       *[black] Noirs
    }
abalone-position-both-colours = { $cell } porte à la fois une bille noire et une bille blanche
abalone-compact-halves = une position compacte a deux moitiés, celle des Noirs puis celle des Blancs, séparées par « _ » (ou « , ») ; il y en a { $count }
abalone-compact-counter = la moitié des { $owner ->
        [white] Blancs doit commencer par le nombre de billes blanches
       *[black] Noirs doit commencer par le nombre de billes noires
    } déjà éjectées (0 à 5)
abalone-compact-digit = moitié des { $owner ->
        [white] Blancs
       *[black] Noirs
    } : le chiffre « { $char } » précède toute lettre de rangée
abalone-compact-character = moitié des { $owner ->
        [white] Blancs
       *[black] Noirs
    } : « { $char } » inattendu (les cases s'écrivent avec une lettre de a à i et des chiffres de 1 à 9)
abalone-compact-row-digit = la lettre de rangée « { $letter } » n'est suivie d'aucun chiffre
abalone-apgn-rows = une position APGN a 9 rangées (I à A) séparées par « / » ; il y en a { $count }
abalone-apgn-character = rangée { $letter } : « { $char } » inattendu (utilisez b, w et des chiffres pour les cases vides)
abalone-apgn-row-length = la rangée { $letter } décrit { $filled } cases ; elle en a { $length }
abalone-apgn-counters = les compteurs d'éjection s'écrivent « -<n>b<n>w » (billes perdues par les Noirs, puis par les Blancs), pas « -{ $text } »

## Pourquoi un coup est refusé ($token : le coup tel qu'écrit)
abalone-refused = dans { $token }, { $reason }
abalone-not-yours = { $cell } est une bille des { $owner ->
        [white] Blancs
       *[black] Noirs
    }, pas une des vôtres
abalone-not-yours-middle = { $cell } (le milieu de la ligne) est une bille des { $owner ->
        [white] Blancs
       *[black] Noirs
    }, pas une des vôtres
abalone-no-marble = il n'y a pas de bille en { $cell }
abalone-no-marble-middle = il n'y a pas de bille en { $cell } (le milieu de la ligne)
abalone-too-many-marbles = { $count } de vos billes devraient bouger : 3 au plus peuvent bouger ensemble
abalone-own-marble-off = votre bille sortirait du plateau
abalone-own-marbles-off = vos billes sortiraient du plateau : on ne pousse jamais sa propre bille dehors (celle de devant est en { $front })
abalone-single-push = une bille seule ne peut pas pousser ({ $cell } appartient aux { $owner ->
        [white] Blancs
       *[black] Noirs
    })
abalone-outnumbered = { $count } billes ne peuvent pas en pousser { $against } ({ $cells }, { $owner ->
        [white] aux Blancs
       *[black] aux Noirs
    }) : il faut plus de billes à vous qu'à l'adversaire dans la ligne (2 contre 1, 3 contre 1 ou 2)
abalone-sandwich = sandwich : votre propre bille en { $cell } est juste derrière { $count ->
        [1] la bille { $owner ->
            [white] blanche
           *[black] noire
        } à pousser, qui n'a donc nulle part où aller
       *[other] les { $count } billes { $owner ->
            [white] blanches
           *[black] noires
        } à pousser, qui n'ont donc nulle part où aller
    }
abalone-ends-not-line = les deux bouts ne forment pas une ligne de 2 ou 3 cases
abalone-broadside-along = un coup latéral ne peut pas suivre sa propre ligne
abalone-broadside-off = votre bille en { $cell } sortirait du plateau
abalone-broadside-occupied = déplacement latéral vers la case occupée { $cell } : un coup latéral ne pousse jamais
abalone-not-neighbour = l'arrivée n'est pas voisine de la première case
abalone-game-over = la partie est terminée
abalone-malformed = ce n'est pas un coup bien formé
abalone-count-mismatch = la ligne depuis { $cell } compte { $found } de vos billes, pas { $written }

## Ce que fait un coup ($side : side-name-start ; $cells : « A1 A2 → B2 B3 »)
abalone-move = { $side } déplacent { $count } { $count ->
        [1] bille
       *[other] billes
    } { $kind ->
        [broadside] en latéral
       *[inline] en ligne
    } { $direction } : { $cells }.
abalone-direction = { $dir ->
        [east] vers l'est (à droite)
        [north-east] vers le nord-est (en haut à droite)
        [north-west] vers le nord-ouest (en haut à gauche)
        [west] vers l'ouest (à gauche)
        [south-west] vers le sud-ouest (en bas à gauche)
       *[south-east] vers le sud-est (en bas à droite)
    }
abalone-pushes = { $count ->
        [1] Bille { $owner ->
            [white] blanche
           *[black] noire
        } poussée
       *[other] { $count } billes { $owner ->
            [white] blanches
           *[black] noires
        } poussées
    } : { $steps }.
abalone-ejected = hors du plateau (éjectée)
abalone-score = Score : Noirs { $black }, Blancs { $white } (billes éjectées).
abalone-wins = { $side } ont éjecté six billes et gagnent.

## Le plateau sous un coup
abalone-legend = @ Noirs   O Blancs
abalone-legend-last = ( ) dernier coup : { $token }
