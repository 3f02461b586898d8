# Pendules : les cadences en mots, le temps restant, les dates limites, les commandes
# PENDULE et FUSEAU.

clock-days = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
clock-hours = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
clock-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
clock-seconds = { $n ->
    [one] { $n } seconde
   *[other] { $n } secondes
}
# Deux parties d'une durée : « 2 jours 4 heures ».
clock-pair = { $first } { $second }

clock-control-none = sans limite de temps
clock-control-per-move = { $time } par coup
clock-control-fischer = { $base } au départ, plus { $increment } après chaque coup
clock-control-fischer-cap = { $base } au départ, plus { $increment } après chaque coup, { $cap } au plus en réserve
clock-control-moves = { $moves } coups en { $time }, le temps non utilisé étant reporté
clock-option-whole-days = décompté en jours entiers
clock-option-free = { $free } pour répondre avant que le temps ne soit décompté
clock-option-double = le temps passé sur un coup au-delà de { $double } compté double
clock-option-no-weekends = week-ends non décomptés
clock-option-exact = décompté à la seconde

clock-weekday = { $day ->
    [1] lundi
    [2] mardi
    [3] mercredi
    [4] jeudi
    [5] vendredi
    [6] samedi
   *[7] dimanche
}
# Un instant : dans le fuseau horaire du lecteur, puis en UTC.
clock-when = { $weekday } { $date } à { $time } ({ $zone }), { $utc } UTC
clock-when-utc = { $weekday } { $date } à { $time } UTC

clock-control-line = Cadence : { $control } ({ $words }).
clock-left-line = Temps restant : vous { $you }, { $opponent } { $theirs }.
clock-for-moves = { $time } pour { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
clock-deadline-you = Votre coup doit parvenir à arbitre avant le { $when }.
clock-deadline-them = Date limite pour { $who } : le { $when }.
clock-not-started = Votre temps court depuis le départ de ce courriel.
clock-paused = Le directeur du tournoi a arrêté les pendules de cette partie : aucun temps n'est décompté jusqu'à leur remise en marche.
clock-claim-mode = Mode réclamation : le temps dépassé ne termine la partie que si l'adversaire le réclame par RECLAMER.

# PENDULE.
clock-head = Pendules de la partie n° { $id } :
clock-none = Cette partie se joue sans pendule.
clock-your-zone = Les heures sont données dans votre fuseau horaire, { $zone } ; changez-le par FUSEAU <fuseau>, par exemple FUSEAU Europe/Paris.

# FUSEAU.
zone-set = Votre fuseau horaire est désormais { $zone } : les dates limites de vos courriels y sont données, ainsi qu'en UTC.
zone-current = Votre fuseau horaire est { $zone }. Changez-le par FUSEAU suivi de son nom, par exemple FUSEAU Europe/Paris ou FUSEAU America/Montreal.
zone-unknown = arbitre ne connaît pas le fuseau horaire « { $zone } ». Écrivez son nom comme la base des fuseaux horaires l'écrit, par exemple FUSEAU Europe/Paris, FUSEAU America/Montreal ou FUSEAU UTC. Rien n'a été changé.

# Cadences illisibles (NOUVELLE ... CADENCE ...).
clock-error-unreadable = « { $text } » n'est pas une cadence.
clock-error-option = « { $text } » n'est pas une option de cadence (options : exact, whole-days, no-weekends, free=12h, double=20d, double=off).
clock-error-short = « { $text } » est trop court : une cadence donne au moins 10 secondes.
clock-error-cap = La réserve maximale doit être au moins égale au temps de départ.
clock-error-none-options = « none » ne prend pas d'option.
clock-error-missing = Donnez la cadence après CADENCE.
new-bad-time = { $why } Écrivez par exemple CADENCE 3j (3 jours par coup), CADENCE 30j+3j (30 jours, plus 3 après chaque coup) ou CADENCE 10/50j (10 coups en 50 jours).

# Un rappel au joueur au trait.
clock-reminder = Rappel : la partie n° { $id } ({ $title }) contre { $opponent } attend votre coup depuis { $waited }.
# La fin d'une partie au temps.
end-time-you = Votre temps est écoulé : aucun coup de votre part n'est parvenu à arbitre avant le { $when }. Vous perdez au temps.
end-time-them = { $who } a dépassé son temps : aucun coup n'est parvenu à arbitre avant le { $when }. Vous gagnez au temps.
end-cancelled = La partie est annulée : son premier coup n'est pas parvenu à arbitre avant le { $when }. Elle ne compte pour personne.

# CONGE.
leave-taken = Votre congé du { $first } au { $last } est enregistré ({ $days }) : toutes vos pendules s'arrêtent pendant ce temps. Congé restant en { $year } : { $left }.
leave-opponent = { $who } est en congé du { $first } au { $last } : sa pendule s'arrête pendant ces jours.
leave-opponent-cancelled = { $who } ne prend plus de congé du { $first } au { $last }.
leave-opponent-back = { $who } revient de congé plus tôt que prévu : sa pendule tourne de nouveau.
leave-refused-soon = Un congé commence demain au plus tôt. Rien n'a été enregistré.
leave-refused-reversed = Le dernier jour précède le premier. Rien n'a été enregistré.
leave-refused-overlap = Ces jours chevauchent un congé déjà enregistré. Rien n'a été enregistré.
leave-refused-quota = Cela ferait { $asked } en { $year }, et il vous en reste { $left }. Rien n'a été enregistré.
leave-usage = Écrivez CONGE suivi du premier et du dernier jour, par exemple CONGE 20/12/2026 03/01/2027 (ou 2026-12-20 2027-01-03). CONGE ANNULER met fin à votre congé en cours ou au prochain ; CONGE seul indique ce qu'il vous reste.
leave-balance = Congé restant en { $year } : { $left } sur { $quota }.
leave-planned-head = Congés enregistrés :
leave-line = {"  "}du { $first } au { $last } ({ $days })
leave-none-planned = Aucun congé enregistré.
leave-cancelled = Votre congé du { $first } au { $last } est annulé ; ses jours vous sont rendus ({ $back }).
leave-cut = Votre congé se termine aujourd'hui au lieu du { $last } ; les jours non pris vous sont rendus ({ $back }).
leave-nothing-to-cancel = Vous n'avez aucun congé en cours ou à venir à annuler.

# RECLAMER (parties en mode réclamation).
claim-offered = { $who } a dépassé son temps : aucun coup n'est parvenu à arbitre avant le { $when }. Cette partie est en mode réclamation : répondez RECLAMER pour gagner au temps, ou continuez d'attendre son coup.
claim-nothing = Il n'y a rien à réclamer : { $who } a encore du temps, jusqu'au { $when }.
claim-your-move = C'est à vous de jouer : seul le temps de votre adversaire peut être dépassé.
claim-no-clock = Cette partie se joue sans pendule : il n'y a pas de temps à réclamer.
