# La ligne d'état de la ligne de commande sous un plateau (arbitre play, arbitre board).
# $side : le camp au trait comme le dit side-name, ou un camp comme le nomme side-label ;
# $ply : le numéro du demi-coup à jouer ; $how : la façon dont la partie a fini.
status-to-move = Au trait : { $side } (demi-coup { $ply }).
status-won = Victoire des { $side } : { $how }.
status-drawn = Partie nulle : { $how }.
# Un camp sans coup légal passe ; $pass : le passe comme l'écrit le jeu.
status-passes = Les { $side } n'ont aucun coup et passent ({ $pass }).
