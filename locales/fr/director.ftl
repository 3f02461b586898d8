# Ce que les décisions du directeur du tournoi apprennent aux joueurs ($id : le numéro de la
# partie ; $who : le nom de l'autre joueur ; $you : yes quand il s'agit de la pendule du
# lecteur).

director-time-given = { $you ->
        [yes] Le directeur du tournoi vous a accordé { $time } de plus à votre pendule dans la partie n° { $id }.
       *[no] Le directeur du tournoi a accordé { $time } de plus à la pendule de { $who } dans la partie n° { $id }.
    }
director-time-taken = { $you ->
        [yes] Le directeur du tournoi a retiré { $time } à votre pendule dans la partie n° { $id }.
       *[no] Le directeur du tournoi a retiré { $time } à la pendule de { $who } dans la partie n° { $id }.
    }
director-time-set = { $you ->
        [yes] Le directeur du tournoi a réglé votre pendule dans la partie n° { $id } : il vous reste { $time } pour jouer votre coup.
       *[no] Le directeur du tournoi a réglé la pendule de { $who } dans la partie n° { $id } : il lui reste { $time } pour jouer son coup.
    }
director-paused = Le directeur du tournoi a arrêté les deux pendules de la partie n° { $id } : aucun temps n'est décompté jusqu'à leur remise en marche.
director-resumed = Le directeur du tournoi a remis en marche les pendules de la partie n° { $id }.
director-claim-on = Le directeur du tournoi a placé la partie n° { $id } en mode réclamation : le temps dépassé ne met fin à la partie que si l'adversaire le réclame par RECLAMER.
director-claim-off = Le directeur du tournoi a retiré la partie n° { $id } du mode réclamation : le temps dépassé met désormais fin à la partie aussitôt.
director-reason = Motif : { $reason }
director-leave-granted = Le directeur du tournoi vous accorde un congé exceptionnel du { $first } au { $last } ({ $days }). Il ne compte pas dans vos congés de l'année ; toutes vos pendules s'arrêtent pendant ce congé.
end-adjudicated = Le directeur du tournoi a décidé du résultat de cette partie.
