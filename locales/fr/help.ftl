help =
    arbitre arbitre des jeux de plateau joués par courriel. Écrivez une commande (ou un coup) seule sur la première ligne de votre message, en majuscules ou en minuscules.

    Commencer une partie :
      NOUVELLE <jeu> [<variante>] [<option>...] [EN BLANC|NOIR|PREMIER|SECOND] [CADENCE <cadence>] CONTRE <adresse>
      (l'autre joueur reçoit une invitation et répond ACCEPTER ou REFUSER ;
      sauf choix contraire, vous prenez le camp qui joue en premier)
      CADENCE 3j : 3 jours par coup ; 30j+3j : 30 jours plus 3 après chaque coup ;
      10/50j : 10 coups en 50 jours (NOUVELLE abalone CADENCE 3j CONTRE ami@exemple.fr)
      NOUVELLE <jeu> ... CONTRE arbitre [NIVEAU 1-9]
                    jouer tout de suite contre l'ordinateur, du niveau 1 (le plus
                    faible) au niveau 9 (le plus fort ; 3 par défaut) ; jamais classée

    Dans une partie (répondez à l'un de ses messages) :
      <votre coup>  dans la notation du jeu, un coup par message
      NULLE         proposer la nulle, ou accepter celle de votre adversaire
      PAT           Bulltricker : réclamer la nulle (accordée si les règles la donnent,
                    sinon transmise à votre adversaire comme une proposition)
      REFUSER       refuser une invitation ou une proposition de nulle
      ABANDON       abandonner la partie
      ANNULER       demander à reprendre votre dernier coup avant qu'il ait reçu
                    une réponse, ou accepter la demande de votre adversaire (contre
                    l'ordinateur : accordé tout de suite, avec sa réponse)
      CONSEIL       contre l'ordinateur : il vous propose un coup
      PLATEAU       le plateau actuel
      HISTORIQUE    la liste complète des coups
      VERIFIER <coups>
                    essayer un coup, ou une suite de coups des deux camps, sans
                    le jouer : est-il légal, que ferait-il (VERIFIER e5e6 i5h5)
      SI <son coup> ALORS <votre coup> [SI ... ALORS ...]
                    préparer vos réponses aux prochains coups de votre adversaire :
                    arbitre les joue dès que le coup arrive, et votre adversaire
                    n'en sait rien avant (SI i5h5 ALORS b1c2)
      CONDITIONS    vos réponses préparées ; CONDITIONS EFFACER les efface
      PENDULE       les deux pendules et la date limite du joueur au trait
      RECLAMER      dans une partie en mode réclamation, gagner au temps une fois
                    le temps de votre adversaire dépassé

    À tout moment :
      PARTIES       vos parties
      AIDE [jeu]    ce texte, ou l'aide d'un jeu
      LANG <code>   recevoir les messages d'arbitre dans une autre langue ({ $languages })
      DISCUSSION OUI|NON
                    recevoir ou non les mots que vos adversaires joignent à leurs coups
      IMAGES OUI|NON
                    une image du plateau dans vos courriels de partie (oui sauf si vous dites non)
      PUBLIC OUI|NON
                    vos parties amicales sur les pages publiques d'arbitre, sous votre
                    seul nom (oui sauf si vous dites non)
      NOM <nom>     le nom que vos adversaires et les pages voient (NOM Alice M. ;
                    40 caractères au plus, jamais une adresse)
      FUSEAU <fuseau>
                    le fuseau horaire de vos dates limites (FUSEAU Europe/Paris)
      CONGE <premier jour> <dernier jour>
                    arrêter toutes vos pendules ces jours-là (CONGE 20/12/2026 03/01/2027) ;
                    CONGE ANNULER y met fin, CONGE seul indique ce qu'il vous reste
      TELEPHONE <numéro>
                    relier votre téléphone pour jouer et suivre vos parties par SMS ;
                    arbitre y envoie un code à renvoyer (TELEPHONE +33612345678) ;
                    TELEPHONE NON le retire
      AVIS SMS|MAIL|LES DEUX
                    ce qui vous parvient aussi par SMS, en plus du courriel (AVIS SMS :
                    votre coup à jouer, les rappels, les résultats)
      PLUS D'INVITATIONS
                    plus aucune invitation d'un autre joueur ne vous parvient (votre
                    propre NOUVELLE partie les rétablit)

    Par SMS, depuis un téléphone relié : votre coup, ou l'une des commandes
    ci-dessus ; si vous avez plusieurs parties, le numéro de la partie d'abord
    (#12 e5e6). STOP arrête tout envoi de SMS, START les fait reprendre.

    Jeux :
help-variants = Variantes { $of } (écrivez NOUVELLE { $game } <variante> ; la première est celle par défaut) :
help-options = Options (écrivez nom=valeur après le jeu dans NOUVELLE) :
# Une option sous help-options : son nom, sa valeur par défaut, ses valeurs, ce qu'elle change.
help-option = {"  "}{ $name }={ $default } ({ $values }) : { $what }
