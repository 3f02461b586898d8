# Les pages publiques (arbitre web) : parties, joueurs, épreuves et page d'accueil. Les
# spectateurs les lisent : jamais « vous ». $moves, $move : nombres de coups (chaque coup
# d'un joueur compte pour un).

web-footer = Parties arbitrées par arbitre, jouées par courriel et par SMS. Les joueurs n'y figurent que sous leur nom.
web-index-title = Parties et épreuves
web-events = Épreuves
web-no-event = Aucune épreuve pour l'instant.
web-recent-games = Dernières parties
web-games = Parties
web-no-game = Aucune partie à montrer.
web-moves = Coups
web-in-play = en cours
web-in-play-moves = en cours, { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
web-status-entry = inscriptions ouvertes
web-status-running = en cours
web-status-finished = terminée
web-back-home = Retour aux parties et aux épreuves

# La page d'une partie. $game : le jeu (et la variante) ; $number : le numéro de la partie.
web-game-title = { $first } – { $second }
web-game-subtitle = { $game }, partie n° { $number }
web-round = ronde { $round }
web-round-heading = Ronde { $round }
web-steps = Parcourir les coups
web-step-first = Début
web-step-previous = Reculer
web-step-next = Avancer
web-step-last = Dernier coup
web-at-start = Position de départ ({ $moves ->
    [one] { $moves } coup joué
   *[other] { $moves } coups joués
}).
web-after-move = Après le coup { $move } sur { $moves }.
web-held-back = Les spectateurs suivent cette partie de tournoi avec { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
} de retard : les derniers coups apparaissent au fil de la partie, et tous à sa fin.
web-record = Télécharger la partie ({ $format })
web-clocks = Pendules
web-clock-left = { $name } : reste { $time }.
web-clock-deadline = { $name } doit jouer avant { $when }.

# La page d'un joueur.
web-ratings = Cotes
web-rated-games = { $games ->
    [one] { $games } partie classée
   *[other] { $games } parties classées
}
web-casual-hidden = Les parties amicales de ce joueur ne sont pas montrées.
web-unnamed = Joueur { $handle }
# L'ordinateur (NOUVELLE ... CONTRE arbitre), partout où les pages nomment un joueur.
web-computer = arbitre (ordinateur, niveau { $level })

# La page d'une épreuve. $game : le jeu de l'épreuve.
web-event-entry = { $game } : inscriptions ouvertes.
web-event-running = { $game } : épreuve en cours.
web-event-finished = { $game } : épreuve terminée.
web-standings = Classement
web-entrants = Inscrits
web-conditions = Règlement
web-bye-full = exempt (1 point)
web-bye-half = exempt (½ point)
web-bye-zero = non apparié (0 point)
web-legend = 1 gain, ½ nulle, 0 perte, + et - gain ou perte sans jouer, . partie en cours ; { $shape ->
        [grid] * la case du joueur face à lui-même
       *[rounds] { $first } et { $second } : le joueur a joué en premier ou en second ; le nombre devant : le rang de l'adversaire
    } ; – sous DE : aucune égalité que la confrontation directe puisse départager.

# La page des statistiques (/stats) ; `arbitre stats` affiche les mêmes lignes. $games : un
# nombre de parties ; $average : des coups par partie, avec une décimale (web-stats-decimal) ;
# $side : un camp comme le nomme side-label.
web-stats-title = Statistiques
web-stats-game-title = Statistiques : { $game }
web-stats-link = Statistiques des parties terminées
web-stats-all = Tous les jeux
web-stats-note = Seules comptent les parties terminées que montrent les pages : pas les parties amicales que leurs joueurs tiennent à l'écart des pages, ni celles qui ont pris fin avant le premier coup ou qui ne comptent pour personne. Chaque coup d'un joueur compte pour un.
web-stats-none = Aucune partie terminée pour l'instant.
web-stats-section = { $game } – { $variant }
web-stats-other-start = autres positions de départ
web-stats-summary = { $games ->
    [one] { $games } partie terminée
   *[other] { $games } parties terminées
}, { $average } coups en moyenne.
web-stats-result = Résultat
web-stats-games = Parties
web-stats-share = Part
web-stats-wins = Victoires des { $side }
web-stats-draws = Parties nulles
web-stats-openings = Ouvertures les plus jouées
web-stats-opening = { $opening } : { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}
web-stats-longest = Parties les plus longues
web-stats-long-won = Partie n° { $number } : { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}, gagnée par les { $side }
web-stats-long-drawn = Partie n° { $number } : { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}, nulle
# Un nombre à une décimale : $units, puis $tenths (de 0 à 9).
web-stats-decimal = { $units },{ $tenths }
# Une part en pour cent ; $number : web-stats-decimal.
web-stats-percent = { $number } %

# Adresses qui ne mènent à rien.
web-missing-page = Page introuvable
web-missing-page-why = Aucune page ne se trouve à cette adresse.
web-missing-game = Partie introuvable
web-missing-game-why = Aucune partie ne porte ce numéro, ou ses joueurs la tiennent à l'écart des pages publiques.
web-missing-move = Coup introuvable
web-missing-move-why = La partie n'en est pas encore là, ou les spectateurs ne peuvent pas encore voir ce coup.
web-missing-player = Joueur introuvable
web-missing-player-why = Aucun joueur ne se trouve à cette adresse.
web-missing-event = Épreuve introuvable
web-missing-event-why = Aucune épreuve ne porte ce nom.

# Dans les courriels de partie, quand les pages ont une adresse publique.
web-link = Cette partie sur le web : { $url }
