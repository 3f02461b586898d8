# VERIFIER : un essai d'un coup ou d'une suite de coups. Rien n'est joué et l'adversaire
# n'en sait rien.

check-head = Un essai : rien n'est joué et votre adversaire n'en sait rien.
check-as-if = Ce n'est pas à vous de jouer : la suite est vérifiée comme si c'était le cas, depuis la position actuelle.
# Un coup de la suite. $n : son rang ; $played : le coup tel qu'arbitre l'écrit ; $effect :
# ce qu'il fait.
check-legal = { $n }. { $played } : coup légal. { $effect }
# $played : le coup tel qu'écrit ; $why : pourquoi il est refusé.
check-refused = { $n }. { $played } : coup illégal : { $why }.
check-unchecked = { $count ->
        [one] Le coup suivant n'a pas été vérifié.
       *[other] Les { $count } coups suivants n'ont pas été vérifiés.
    }
check-board = Le plateau après les coups légaux :
check-board-now = Le plateau actuel (aucun coup légal dans la suite) :
check-empty = VERIFIER attend un coup, ou une suite de coups : par exemple VERIFIER { $example }.
check-too-long = Une suite de { $count } coups est trop longue : arbitre en vérifie au plus { $most } par message.
check-not-from-here = Les règles n'admettent pas cette position avec vous au trait : la suite ne peut pas être vérifiée avant votre tour.
