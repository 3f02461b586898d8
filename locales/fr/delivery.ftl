# Le courrier qui n'a pas pu être remis (src/referee/undelivered.rs).

undelivered-opponent-subject = [arbitre #{ $id }] Votre adversaire est injoignable
undelivered-opponent = Le message annonçant à votre adversaire que c'est à son tour de jouer dans la partie n° { $id } n'a pas pu lui être remis : son serveur de courrier l'a refusé. { $timed ->
    [yes] Sa pendule est arrêtée jusqu'à ce qu'un avis lui parvienne.
   *[no] Il en sera averti de nouveau dès qu'on pourra le joindre.
} Un arbitre a été prévenu et peut lui attribuer une nouvelle adresse. Vous n'avez rien à faire : arbitre vous écrira dès qu'il aura joué.
undelivered-director-subject = [arbitre] Partie n° { $id } : le courrier pour { $address } n'est pas arrivé
undelivered-director = Le message annonçant à { $address } que c'est à son tour de jouer dans la partie n° { $id } n'a pas pu être remis.
    {"  "}Code : { $status }
    {"  "}Réponse du serveur : { $text }
    { $timed ->
        [yes] Sa pendule est arrêtée jusqu'à ce qu'un avis lui parvienne.
       *[no] La partie l'attend.
    } S'il a une autre adresse, indiquez-la à arbitre : son courrier en attente y partira et sa pendule repartira :
    {"  "}arbitre player address { $address } NOUVELLE-ADRESSE --reason "..."
unconfirmed-director-subject = [arbitre] Partie n° { $id } : un rapport dit que le courrier pour { $address } n'est pas arrivé
unconfirmed-director = Un rapport est revenu, selon lequel le message annonçant à { $address } que c'est à son tour de jouer dans la partie n° { $id } n'a pas pu être remis.
    {"  "}Code : { $status }
    {"  "}Texte du rapport : { $text }
    Ce rapport est non confirmé : aucun serveur de courrier ayant traité le message ne le confirme (il ne cite pas l'identifiant d'enveloppe du message). Il peut venir d'un serveur qui a accepté le message avant d'y renoncer, ou de quelqu'un qui a reçu le message et a écrit ce rapport lui-même. arbitre n'a donc rien changé{ $timed ->
        [yes] {" "}: la pendule tourne.
       *[no] .
    } Si vous estimez que le joueur est réellement injoignable, vous pouvez arrêter la pendule ou lui attribuer une nouvelle adresse :
    {"  "}arbitre clock pause { $id } --reason "..."
    {"  "}arbitre player address { $address } NOUVELLE-ADRESSE --reason "..."
undeliverable-sms = arbitre : le courrier pour { $address } échoue sans cesse ({ $status }) ; arbitre n'y écrit plus. Demandez à votre arbitre de tournoi d'enregistrer une nouvelle adresse pour vous.
abuse-director-subject = [arbitre] Une plainte pour spam au sujet du courrier de { $address }
abuse-director = Le fournisseur de messagerie de { $address } a signalé le courrier d'arbitre comme indésirable : le joueur a cliqué sur « spam », ou le fournisseur l'a classé ainsi. arbitre n'écrit plus à cette adresse. Ses parties que vous arbitrez : { $games }.
    Pour lui attribuer une autre adresse (son courrier y partira de nouveau) :
    {"  "}arbitre player address { $address } NOUVELLE-ADRESSE --reason "..."
readdress-subject = [arbitre] Votre adresse a changé
readdress-old = Un arbitre de tournoi a transféré votre compte arbitre vers { $new } (motif : { $reason }). Le courrier de vos parties y est désormais envoyé. Si vous ne l'avez pas demandé, répondez à l'arbitre du tournoi.
readdress-new = Votre compte arbitre a été transféré ici depuis { $old } (motif : { $reason }). Vos parties, leurs pendules et vos réglages suivent ; le courrier qui n'avait pas pu atteindre votre ancienne adresse arrive à la suite.
web-unreached = Le message invitant { $name } à jouer n'a pas pu être remis. { $timed ->
    [yes] Sa pendule est arrêtée jusqu'à ce qu'un avis lui parvienne.
   *[no] La partie attend qu'un avis lui parvienne.
}
