# Coups conditionnels : des réponses préparées à l'avance (SI <son coup> ALORS <votre coup>),
# jouées par arbitre dès que le coup de l'adversaire arrive. Personne d'autre que leur
# auteur n'en sait rien avant qu'elles soient jouées. $opponent : le nom de l'adversaire
# dans une phrase (ou « votre adversaire ») ; $played : un coup tel qu'arbitre l'écrit ;
# $n : une étape d'une suite, à partir de 1.

# Une étape d'une suite, écrite comme le joueur l'écrit.
conditions-step = SI { $theirs } ALORS { $mine }
conditions-stored = Votre suite conditionnelle est enregistrée, sans { ELIDE("que", $opponent) } en soit informé. Dès qu'arrive un coup qu'elle prévoit, arbitre joue votre réponse et vous envoie les deux coups.
conditions-replaced = { $count ->
        [one] Elle remplace cette suite, qui répondait autrement au même coup :
       *[other] Elle remplace ces { $count } suites, qui répondaient autrement aux mêmes coups :
    }
conditions-head = { $count ->
        [one] Votre suite conditionnelle dans cette partie :
       *[other] Vos { $count } suites conditionnelles dans cette partie :
    }
conditions-none = Vous n'avez aucun coup conditionnel dans cette partie.
conditions-how = Pour ajouter une suite : SI <son coup> ALORS <votre coup>, puis d'autres paires SI ... ALORS ... pour voir plus loin. Une nouvelle réponse au même coup remplace l'ancienne. Pour tout effacer : CONDITIONS EFFACER.

# Une suite qui ne peut pas être enregistrée : $line telle qu'écrite, entre guillemets ;
# $why, l'une des raisons ci-dessous ; $others, le nombre d'autres lignes SI du même message
# (qui ne sont pas enregistrées non plus).
conditions-refused = Votre suite conditionnelle { $line } n'a pas été enregistrée : { $why }. { $others ->
        [0] Rien n'a été changé.
        [one] Rien n'a été changé : l'autre ligne de votre message n'est pas enregistrée non plus.
       *[other] Rien n'a été changé : les { $others } autres lignes de votre message ne sont pas enregistrées non plus.
    }
conditions-your-turn = c'est à vous de jouer, et les coups conditionnels répondent au prochain coup de votre adversaire ; jouez d'abord votre coup, puis envoyez vos conditions
conditions-shape = écrivez-la SI <son coup> ALORS <votre coup>, suivie au besoin d'autres paires SI <son coup> ALORS <votre coup>, avec un seul coup entre deux mots-clés
conditions-theirs-illegal = à l'étape { $n }, votre adversaire ne pourrait pas jouer { $played } : { $why }
conditions-mine-illegal = à l'étape { $n }, vous ne pourriez pas répondre { $played } : { $why }
conditions-after-end = à l'étape { $n }, la partie serait déjà finie : la suite ne peut pas continuer
conditions-too-long = une suite de { $count } étapes est trop longue ; arbitre en garde au plus { $most } par suite
conditions-too-many = Votre suite conditionnelle n'a pas été enregistrée : arbitre garde au plus { $most } suites par joueur dans une partie. Effacez-en d'abord (CONDITIONS EFFACER les efface toutes). Rien n'a été changé.
conditions-cleared = { $count ->
        [one] Votre suite conditionnelle dans cette partie est effacée :
       *[other] Vos { $count } suites conditionnelles dans cette partie sont effacées :
    }

# À l'auteur, dans le message du coup de l'adversaire qu'une suite prévoyait.
conditions-answered = Vos coups conditionnels y ont répondu aussitôt : coup { $ply }, { $played }. { $effect }
conditions-left = { $count ->
        [one] Votre suite conditionnelle toujours enregistrée :
       *[other] Vos { $count } suites conditionnelles toujours enregistrées :
    }
conditions-none-left = Il ne vous reste aucun coup conditionnel dans cette partie.
# À l'adversaire, dans le message du coup préparé.
conditions-theirs-played = Ce coup était préparé à l'avance (un coup conditionnel) : arbitre l'a joué dès l'arrivée du vôtre.

# Suites effacées : par un coup qu'aucune ne prévoyait, par la proposition de nulle de
# l'adversaire, par une reprise.
conditions-dropped-by-move = { $count ->
        [one] Votre suite conditionnelle ne prévoyait pas ce coup ; elle est effacée :
       *[other] Aucune de vos { $count } suites conditionnelles ne prévoyait ce coup ; elles sont toutes effacées :
    }
conditions-dropped-by-offer = { $count ->
        [one] La proposition de nulle efface votre suite conditionnelle :
       *[other] La proposition de nulle efface vos { $count } suites conditionnelles :
    }
conditions-dropped-by-takeback = { $count ->
        [one] La reprise efface votre suite conditionnelle :
       *[other] La reprise efface vos { $count } suites conditionnelles :
    }
# HISTORIQUE, à l'auteur seul.
conditions-history-head = { $count ->
        [one] Votre suite conditionnelle (personne d'autre ne la voit) :
       *[other] Vos suites conditionnelles (personne d'autre ne les voit) :
    }
# Une partie d'un tournoi dont le règlement interdit les coups conditionnels.
conditions-not-in-event = Les coups conditionnels ne sont pas autorisés dans ce tournoi : jouez vos coups un par un. Rien n'a été enregistré.
