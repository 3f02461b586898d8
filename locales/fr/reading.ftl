# Lire un coup écrit au milieu d'autres mots, et les coups légaux proposés après un coup
# refusé. Les phrases reading-several et reading-no-move suivent « Votre coup n'a pas été
# accepté : » et finissent sans point.

# Un coup cité dans une phrase. $text : le coup tel qu'il est écrit.
reading-quoted = « { $text } »

# Le message contient plusieurs coups ; aucun n'est joué. $count : combien (2 ou plus) ;
# $moves : les coups, cités comme le dit reading-quoted, séparés par des virgules.
reading-several = votre message contient { $count } coups ({ $moves }) et arbitre n'en joue qu'un par message : envoyez celui que vous voulez jouer, seul sur la première ligne

# Aucun coup dans une ligne de plusieurs mots. $line : la ligne lue ; $reason : pourquoi
# le mot qui ressemble le plus à un coup n'en est pas un.
reading-no-move = aucun coup n'a été trouvé dans « { $line } » ({ $reason })

# Avant les coups légaux proches d'un coup refusé, qui suivent un par ligne. $count :
# combien (de 1 à 3).
reading-suggestions =
    { $count ->
        [one] Vouliez-vous jouer ce coup ? Il est légal ici :
       *[other] Vouliez-vous jouer l'un de ces coups ? Chacun est légal ici :
    }

# Un mot lu comme un coup mais mal écrit. $token : le mot ; $reason : ce qui ne va pas.
reading-not-a-move = « { $token } » n'est pas un coup : { $reason }
