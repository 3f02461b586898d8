# Les noms des variantes, des options et des fins de partie de chaque jeu. $game : le nom
# du jeu (abalone, ataxx, bulltricker, sauterelle, tours) ; $variant : l'identifiant d'une
# variante ; $option : le nom d'une option ; $end : la façon dont la partie a fini.

game-title = { $game ->
        [bulltricker] Bulltricker
        [abalone] Abalone
        [ataxx] Ataxx
        [sauterelle] Sauterelle
        [tours] La Bataille des Tours
       *[other] { $game }
    }

game-variant = { $game ->
        [abalone] { $variant ->
            [standard] Standard
            [belgian-daisy] Marguerite belge
            [german-daisy] Marguerite allemande
            [dutch-daisy] Marguerite hollandaise
            [swiss-daisy] Marguerite suisse
            [french-daisy] Marguerite française
            [irish-daisy] Marguerite irlandaise
            [korean-daisy] Marguerite coréenne
            [austrian-daisy] Marguerite autrichienne
            [scottish-daisy] Marguerite écossaise
            [domination] Domination
            [pyramid] Pyramide
            [snakes] Serpents
            [snakes-variant] Serpents (variante Bodini)
            [alien] Alien
            [the-wall] Le Mur
            [face-a-face] Face à face
            [fujiyama] Fujiyama
            [couronne] Couronne
            [tranchee] Tranchée
            [alitration] Alitration
            [infiltration] Infiltration
            [alliances] Alliances
            [duel] Duel
           *[other] { $variant }
        }
        [ataxx] { $variant ->
            [standard] Standard, sans case bloquée
            [square] Carré de cases bloquées c3 e3 c5 e5
            [quincunx] Quinconce de cases bloquées c3 e3 d4 c5 e5
            [cross] Croix de cases bloquées d3 c4 e4 d5
           *[other] { $variant }
        }
        [bulltricker] { $variant ->
            [standard] Standard
           *[other] { $variant }
        }
        [sauterelle] { $variant ->
            [standard] Standard, tous les pions sur la barre
           *[other] { $variant }
        }
        [tours] { $variant ->
            [standard] Standard
            [light-corner] Coin a1 clair, ronds et carrés échangés
           *[other] { $variant }
        }
       *[other] { $variant }
    }

game-option = { $game ->
        [abalone] { $option ->
            [repetition] nulle quand la même position (billes, éjections, trait) survient ce nombre de fois ; off suit les règles officielles
            [move-limit] finir la partie après ce nombre de demi-coups depuis le départ ; none suit les règles officielles
            [move-limit-result] le résultat à la limite de coups : nulle, ou victoire du camp qui a éjecté le plus de billes (nulle à égalité)
           *[other] { $option }
        }
        [ataxx] { $option ->
            [fifty-move-rule] on : 100 demi-coups de suite sans duplication (cinquante coups chacun) terminent la partie par une nulle, comme dans l'Ataxx moderne ; off : pas de limite, comme dans Attax 2000
           *[other] { $option }
        }
        [bulltricker] { $option ->
            [king-separation] distance entre les rois : strict = jamais côte à côte ni en diagonale ; orthogonal-only = jamais côte à côte ; app-compatible = comme l'application officielle 2D (un roi ne peut pas avancer juste devant le roi adverse, ni en diagonale devant lui)
            [end-to-end-capture] la prise facultative bout à bout des anciennes règles : un pion longitudinal peut prendre la pièce adverse juste devant lui sur sa ligne, et une dame la pièce adverse qui la touche bout à bout, en prenant sa place (jamais obligatoire)
            [capture-notation] écriture des prises dans les réponses : list = les cases prises (e.h4 e.h6 !! e.h5), count = leur nombre (b.h3 b.h7 !! 2)
            [double-enclosure] qui gagne quand un coup enferme les deux rois (possible seulement si les rois peuvent se toucher) : mover-wins = le joueur qui a joué (MAT) ; app-scan-order = comme l'application officielle, perd le roi le plus proche du bord h8 (puis du côté a)
           *[other] { $option }
        }
        [sauterelle] { $option ->
            [checkers] le nombre de pions de chaque joueur : 14 comme sur BrainKing ; Molyneux permet aux débutants d'en prendre moins, toujours un nombre pair
            [first-player] qui joue en premier au départ : les Blancs, comme sur BrainKing (Molyneux tire à pile ou face)
           *[other] { $option }
        }
        [tours] { $option ->
            [rebound] les pièces composées rebondissent sur les bords latéraux (colonnes a et h) en déplacement et en déploiement (spec 3.5, BT2) ; off : le bord les arrête
            [repetition] la troisième apparition d'une même position avec le même trait est une nulle automatique (spec T-Q10)
            [no-progress] nulle après ce nombre de coups de chaque joueur d'affilée sans prise ni pièce qui avance (spec T-Q10, facultatif)
           *[other] { $option }
        }
       *[other] { $option }
    }

game-end = { $end ->
        [abalone-six-ejected] six billes éjectées
        [abalone-no-legal-move] aucun coup légal
        [abalone-repetition] répétition de la position
        [abalone-move-limit] limite de coups atteinte
        [ataxx-no-pieces] l'adversaire n'a plus aucun pion
        [ataxx-more-pieces] plus personne ne peut jouer et le camp gagnant a plus de pions
        [ataxx-equal-pieces] plus personne ne peut jouer et les deux camps ont autant de pions
        [ataxx-fifty-moves] cinquante coups chacun sans duplication (règle des cinquante coups)
        [bulltricker-mat] MAT, le roi adverse est enfermé sur ses quatre côtés
        [bulltricker-trick] TRICK, le perdant a enfermé lui-même son roi
        [bulltricker-material] PAT, il ne reste à chaque camp que trois dames et pions au plus
        [bulltricker-stalemate] PAT, le camp au trait n'a aucun coup légal
        [sauterelle-two-in-a-row] deux points d'affilée
        [sauterelle-no-move] aucun des deux joueurs ne peut plus jouer
        [tours-beyond-edge] une pièce au-delà du bord adverse
        [tours-all-captured] toutes les pièces adverses prises
        [tours-repetition] triple répétition de la position
        [tours-no-progress] ni prise ni avancée depuis trop longtemps
        [resignation] abandon
        [agreed-draw] nulle par accord mutuel
        [time] dépassement du temps
        [cancelled] partie annulée, le premier coup n'est jamais venu à temps
        [cancelled-by-director] partie annulée par le directeur du tournoi
        [adjudication] décision de l'arbitre
        [forfeit] forfait, l'adversaire s'est retiré du tournoi
        [withdrawal] partie annulée, un joueur s'est retiré du tournoi
       *[other] { $end }
    }

# PARTIES : les classements du joueur, après la liste (une ligne par jeu). $rating : `1523 ±87`.
games-ratings-head = Vos classements (Glicko-2, mis à jour au début de chaque mois) :
games-rating-line = {"  "}{ $game } : { $rating } ({ $games ->
        [one] une partie classée
       *[other] { $games } parties classées
    })
