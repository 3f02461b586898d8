# Ce que les décisions du directeur du tournoi apprennent aux joueurs ($id : le numéro de la
# partie ; $you : yes quand il s'agit de la pendule du lecteur, sinon c'est celle de son
# adversaire).

director-time-given = { $you ->
        [yes] Le directeur du tournoi a ajouté { $time } à votre pendule dans la partie n° { $id }.
       *[no] Le directeur du tournoi a ajouté { $time } à la pendule de votre adversaire dans la partie n° { $id }.
    }
director-time-taken = { $you ->
        [yes] Le directeur du tournoi a retiré { $time } à votre pendule dans la partie n° { $id }.
       *[no] Le directeur du tournoi a retiré { $time } à la pendule de votre adversaire dans la partie n° { $id }.
    }
director-time-set = { $you ->
        [yes] Le directeur du tournoi a réglé votre pendule sur { $time } dans la partie n° { $id }.
       *[no] Le directeur du tournoi a réglé la pendule de votre adversaire sur { $time } dans la partie n° { $id }.
    }
director-paused = Le directeur du tournoi a arrêté les deux pendules de la partie n° { $id }.
director-resumed = Le directeur du tournoi a remis en marche les pendules de la partie n° { $id }.
director-claim-on = Le directeur du tournoi a placé la partie n° { $id } en mode réclamation : un dépassement du temps ne met fin à la partie que si l'adversaire le réclame par RECLAMER.
director-claim-off = Le directeur du tournoi a retiré la partie n° { $id } du mode réclamation : un dépassement du temps met désormais fin à la partie immédiatement.
director-reason = Motif : { $reason }
director-leave-granted = Le directeur du tournoi vous accorde un congé exceptionnel du { $first } au { $last } ({ $days }). Il ne compte pas dans vos congés de l'année ; toutes vos pendules s'arrêtent pendant ce congé.
end-adjudicated = Le directeur du tournoi a décidé du résultat de cette partie.
end-cancelled-by-director = Le directeur du tournoi a annulé cette partie.
