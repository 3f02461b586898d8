# Tournois par correspondance : appariements, règlement, classement. $title : le titre du
# tournoi ; $name : son nom court, celui des commandes ; $round : un numéro de ronde.

crosstable-rank = Rg
crosstable-name = Nom
crosstable-rating = Cote
crosstable-points = Pts
crosstable-current = Glicko
crosstable-round = Ronde

tournament-yes = oui
tournament-no = non
tournament-system-round-robin = toutes rondes (chacun rencontre chacun une fois)
tournament-system-double-round-robin = toutes rondes aller-retour (chacun rencontre chacun deux fois, une fois de chaque côté)
tournament-system-swiss = système suisse en { $rounds } rondes (appariements FIDE, système hollandais)
tournament-system-knockout-replay = élimination directe par matchs de deux parties ; en cas d'égalité, deux parties de plus
tournament-system-knockout-seed = élimination directe par matchs de deux parties ; en cas d'égalité, le mieux classé passe
# Une ligne du règlement : $label, $value.
tournament-condition = {"  "}{ $label } : { $value }
tournament-game = Jeu
tournament-system = Formule
tournament-time = Cadence
tournament-leave = Congés
tournament-leave-days = { $days } jours par an (CONGE arrête vos pendules)
tournament-conditionals = Coups conditionnels
tournament-takebacks = Reprises de coup (ANNULER)
tournament-draw-offers = Propositions de nulle par joueur et par partie
tournament-unlimited = sans limite
tournament-tie-breaks = Départages
# Un départage du règlement, selon son code.
tournament-tie-break = { $code ->
        [WIN] nombre de gains (WIN)
        [WON] parties gagnées sur l'échiquier (WON)
        [SB] Sonneborn-Berger (SB)
        [DE] confrontation directe (DE)
        [BH] Buchholz (BH)
        [BH-C1] Buchholz sans le plus faible (BH-C1)
        [BH-M1] Buchholz médian (BH-M1)
        [ARO] cote moyenne des adversaires (ARO)
        [LOTS] tirage au sort
       *[other] { $code }
    }
tournament-spectators = Spectateurs (pages publiques)
tournament-no-delay = les coups dès qu'ils sont joués
tournament-delay-moves = les parties avec { $moves } coups de retard
tournament-rated = Compte pour le classement
tournament-directors = Arbitres

# En tête du message qui ouvre chaque partie d'un tournoi.
tournament-game-head = { $title }, ronde { $round }.

# Le message des appariements. $id : le numéro de la partie ; $opponent : le nom de
# l'adversaire ; $side : le camp du lecteur.
tournament-pairings-subject = [arbitre] { $title } : ronde { $round }
tournament-pairings-subject-all = [arbitre] { $title } : vos parties
tournament-pairings-round = La ronde { $round } { ELIDE("de", $title) } est appariée :
tournament-pairings-first = { $title } commence. La ronde 1 est appariée :
tournament-pairings-replay = Ronde { $round } { ELIDE("de", $title) } : votre match est à égalité, deux parties de plus commencent maintenant :
tournament-pairings-all = { $title } commence. Toutes vos parties démarrent maintenant :
tournament-pairing-game = {"  "}Ronde { $round } : partie n° { $id } contre { $opponent }, vous jouez { $side }.
tournament-pairing-bye = {"  "}Ronde { $round } : vous êtes exempt (un point sans jouer).
tournament-pairing-bye-knockout = {"  "}Ronde { $round } : vous êtes exempt, et qualifié pour la ronde suivante.
tournament-conditions-head = Le règlement du tournoi :
tournament-standings-hint = Envoyez CLASSEMENT { $name } quand vous voulez pour recevoir le classement du moment.

# La fin du tournoi.
# Le tournoi commence sans une inscription qu'aucun arbitre n'a confirmée.
tournament-entry-lapsed-subject = [arbitre] { $title }
tournament-entry-lapsed = { $title } a commencé sans votre inscription : aucun arbitre ne l'a confirmée. Rien d'autre ne change pour vous.
tournament-final-subject = [arbitre] { $title } : classement final
tournament-final-head = { $title } est terminé. Merci d'avoir joué. Le classement final :
# Aux directeurs quand un tournoi ne peut pas avancer. $name : le nom court du tournoi ;
# $round : la ronde qui ne peut pas commencer ; $why : la raison technique, telle que la
# ligne de commande la donne (en anglais).
tournament-stuck-subject = [arbitre] { $title } : la ronde { $round } ne peut pas être appariée
tournament-stuck-body = { $title } ({ $name }) est en attente : arbitre ne peut pas lancer la ronde { $round }.
    Raison (message technique, en anglais) : { $why }
    Le tournoi reste en l'état. arbitre réessaie à chaque tour de son horloge et ne vous écrit de nouveau que si la raison change. Pour voir le tournoi : arbitre tournament show { $name }. Retirer un joueur (arbitre tournament withdraw { $name } ADRESSE) peut rendre l'appariement possible ; arbitre tournament pair { $name } réessaie tout de suite.
tournament-final-foot = 1 gain, ½ nulle, 0 perte, + et - gagnée ou perdue sans jouer, . pas terminée ; { $shape ->
        [grid] * la case d'un joueur face à lui-même
       *[rounds] { $first } et { $second } : le joueur a joué en premier ou en second ; le nombre devant : la place de l'adversaire
    } ; – sous DE : aucune égalité que la confrontation directe puisse départager.

# INSCRIPTION. $open : les tournois ouverts, un par ligne ; $shown : le nom affiché dans
# les tableaux.
join-none-open = (aucun tournoi n'est ouvert aux inscriptions en ce moment)
join-which = Quel tournoi ? Écrivez INSCRIPTION suivi de son nom, par exemple INSCRIPTION printemps-2027, puis si vous le souhaitez le nom à afficher dans les tableaux. Tournois ouverts :
    { $open }
join-unknown = Aucun tournoi ouvert ne s'appelle { $name }. Tournois ouverts :
    { $open }
join-status-pending = en attente de la confirmation d'un arbitre
join-status-confirmed = confirmée
join-status-withdrawn = retirée
join-need-name = Quel nom afficher dans les tableaux ? Écrivez-le après le nom du tournoi, par exemple INSCRIPTION { $name } Ada Lovelace. Rien n'a été changé.
join-already = Vous êtes déjà inscrit à { $title } (inscription { $status }). Rien n'a été changé.
join-closed = Les inscriptions à { $title } sont closes. Rien n'a été changé.
join-directors-only = Les inscriptions à { $title } passent par ses arbitres : écrivez à { $directors }. Rien n'a été changé.
join-pending = Votre inscription à { $title } est enregistrée, sous le nom { $shown }. Un arbitre va la confirmer ; vous recevrez vos appariements par courriel au début du tournoi.
join-entered = Vous êtes inscrit à { $title }, sous le nom { $shown }. Vous recevrez vos appariements par courriel au début du tournoi.
join-director-confirm = { $shown } demande à s'inscrire à { $title }. `arbitre tournament show { $name }` liste les inscriptions avec leurs adresses ; pour confirmer celle-ci :
    arbitre tournament enter { $name } --confirm ADRESSE
join-director-entered = { $shown } s'est inscrit à { $title } (`arbitre tournament show { $name }` liste les inscriptions).

# CLASSEMENT.
standings-no-event = Vous ne jouez dans aucun tournoi commencé : il n'y a pas de classement à vous envoyer.
standings-which = Quel tournoi ? Écrivez CLASSEMENT suivi de son nom. Les vôtres :
    { $events }
standings-now = { $title } : le classement du moment (ronde { $round }).
standings-now-all = { $title } : le classement du moment.
standings-final = { $title } : le classement final.

# RETRAIT.
withdraw-which = Quel tournoi ? Écrivez RETRAIT suivi du nom d'un tournoi où vous jouez, par exemple RETRAIT printemps-2027. Rien n'a été changé.
withdraw-reason = retrait du tournoi { $title }
withdraw-done = Vous vous êtes retiré { ELIDE("de", $title) }. Vos parties en cours sont réglées selon la règle de l'ICCF (perdues par vous si au moins la moitié de vos parties étaient terminées, annulées sinon) ; vos adversaires sont prévenus. Vous ne serez plus apparié.
withdraw-entry = Votre inscription à { $title } est retirée ; le tournoi n'a pas commencé, rien d'autre ne change.
withdraw-refused = Vous ne pouvez pas vous retirer { ELIDE("de", $title) } maintenant (il n'est pas en cours, ou vous vous êtes déjà retiré). Rien n'a été changé.

# La copie des appariements de chaque étape, pour les directeurs.
tournament-director-subject = [arbitre] { $title } : les appariements
tournament-director-started = { $title } a commencé ; vous le dirigez. Ses appariements :
tournament-director-round = La ronde { $round } { ELIDE("de", $title) } est appariée ; vous dirigez le tournoi. Les nouvelles parties :
tournament-director-pairing-game = {"  "}Ronde { $round } : partie n° { $id }, { $first } ({ $first_side }) contre { $second } ({ $second_side }).
tournament-director-pairing-bye = {"  "}Ronde { $round } : { $player } est exempt.
tournament-director-hint = Le classement à tout moment : arbitre tournament standings --config FICHIER { $name }
