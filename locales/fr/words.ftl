# Les mots que les joueurs écrivent à arbitre en français : chaque message donne les
# expressions qui veulent dire une même chose, séparées par des virgules. Majuscules, accents,
# apostrophes et ponctuation autour des mots sont indifférents. Une expression est aussi
# comprise dans un message écrit dans une autre langue.

# Commandes seules sur leur ligne.
words-accept = accepter, accepte, j'accepte, accepter nulle, j'accepte nulle
words-decline = refuser, refuse, je refuse, refuser nulle, je refuse nulle
words-resign = abandon, abandonner, abandonne, j'abandonne
words-claim = réclamer, je réclame, réclamer le gain
words-draw = nulle, partie nulle, propose nulle, proposer nulle
# Commandes en début de ligne ; les mots qui suivent sont lus aussi.
words-new = nouvelle, nouveau, défi, défier
words-board = plateau, diagramme, échiquier
words-history = historique, coups
words-games = parties, liste, mes parties
words-help = aide, commandes
words-lang = langue, langage
words-chat = discussion
words-check = vérifier, vérifie, essayer, essai
words-undo = annuler, reprendre, reprise
# Contre l'ordinateur seulement : il propose un coup.
words-hint = conseil, indice, suggestion
# Dans une suite conditionnelle : SI <son coup> ALORS <mon coup>.
words-if = si
words-then = alors
words-conditions = conditions, conditionnels, coups conditionnels
# Après CONDITIONS : effacer tous les coups conditionnels de la partie.
words-clear = effacer, supprimer, annuler, aucune, aucun
words-clock = pendule, pendules, temps restant
words-leave = congé, congés, vacances
words-zone = fuseau, fuseau horaire
# Après DISCUSSION.
words-on = oui
words-off = non
# Dans un défi (NOUVELLE abalone EN blanc CADENCE 3j CONTRE bob@example.org) : avant
# l'adresse de l'adversaire, les mots passés avant le nom du jeu, avant une couleur, les
# articles avant une couleur, avant la cadence, et les mots pour qui joue en premier ou en
# second.
words-versus = contre
words-filler = partie, de, d', une, un
words-colour = en, avec, jouant
words-article = les, le, la, l'
words-time = temps, cadence
words-first = premier, première, premiers, 1er
words-second = second, seconde, deuxième, 2e
# Jouer contre l'ordinateur (NOUVELLE ataxx CONTRE arbitre NIVEAU 5) : les mots qui le
# désignent au lieu d'une adresse, et le mot devant son niveau.
words-computer = arbitre, ordinateur, machine, robot
words-level = niveau, force
# Téléphones et SMS : TELEPHONE +33612345678, TELEPHONE NON ; AVIS SMS, AVIS MAIL, AVIS
# LES DEUX.
words-phone = téléphone, portable, mobile
words-notify = avis, notifications, prévenir
words-pictures = images, image, dessins
words-public = public, publique
# NOM Alice M. : le nom montré aux adversaires et sur les pages.
words-name = nom, pseudo, pseudonyme
words-sms = sms, texto, textos
words-mail = mail, courriel, e-mail, email
words-both = les deux, deux, sms et mail, mail et sms
# Par SMS seulement, seuls dans le message : les mots habituels des opérateurs pour ne
# plus recevoir de SMS, puis pour les recevoir à nouveau.
words-stop = stop, arrêt, arret, stop sms, désabonner, desabonnement
words-start = start, marche

# Tournois : s'inscrire, voir le classement, se retirer.
words-join = inscription, inscrire, participer, rejoindre
words-standings = classement, tableau
words-withdraw = retrait, retirer, forfait
words-rated = classée, classee, comptée

# Seuls dans la réponse à une demande de confirmation : oui, exécuter la commande ; ou non,
# je ne l'ai pas envoyée (la demande est annulée).
words-yes = oui, confirmer, je confirme, confirme, confirmé, oui je confirme, c'est moi, oui c'est moi, c'était moi, oui c'était moi
words-not-me = pas moi, non pas moi, ce n'est pas moi, c'est pas moi, ce n'était pas moi, c'était pas moi, je ne l'ai pas envoyé, je ne l'ai pas envoyée, je n'ai rien envoyé
# Seul sur sa ligne : les invitations des autres joueurs ne parviennent plus à l'expéditeur
# (sa propre NOUVELLE partie les rétablit).
words-no-invitations = plus d'invitations, plus aucune invitation, aucune invitation, pas d'invitations
