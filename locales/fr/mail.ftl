# Objets des messages qui ne portent sur aucune partie, et réponses sur l'acheminement et
# sur le message lui-même.

subject-help = [arbitre] Aide
subject-games = [arbitre] Vos parties
subject-language = [arbitre] Langue
subject-leave = [arbitre] Congé
subject-zone = [arbitre] Fuseau horaire
subject-phone = [arbitre] Téléphone et SMS
subject-tournament = [arbitre] Tournois
subject-chat = [arbitre] Messages des adversaires
subject-pictures = [arbitre] Images du plateau
subject-public = [arbitre] Pages publiques
subject-name = [arbitre] Le nom affiché
subject-problem = [arbitre] Votre message n'a pas pu être pris en compte
subject-challenge = [arbitre] Nouvelle partie
subject-which-game = [arbitre] Quelle partie ?

your-opponent = votre adversaire
your-opponent-start = Votre adversaire

empty-message = Votre message était vide : arbitre n'y a trouvé aucune commande.
not-understood = arbitre n'a pas compris « { $line } ».

too-large = Votre message est trop volumineux pour arbitre ({ $size } octets, pour une limite de { $limit }). Rien n'a été fait. Envoyez votre coup ou votre commande seul, dans un court message en texte brut, sans pièce jointe.

not-your-game = Vous ne jouez pas la partie n° { $id } : arbitre ne peut pas donner suite à votre message. Rien n'a été changé. Écrivez PARTIES pour voir vos parties, ou AIDE.
unknown-game = arbitre n'a pas de partie n° { $id } à votre nom. Rien n'a été changé. Écrivez PARTIES pour voir vos parties.

no-game-active =
    Vous n'avez aucune partie en cours : arbitre ne sait donc pas à quelle partie votre message s'adresse. Rien n'a été changé.
    Pour en commencer une : NOUVELLE <jeu> CONTRE <adresse>. Écrivez AIDE pour la liste des commandes.
no-game-to-answer = Aucune invitation ni proposition de nulle n'attend votre réponse. Rien n'a été changé. Écrivez PARTIES pour voir vos parties.

which-game = Vous avez plusieurs parties en cours, et arbitre ne peut pas savoir à laquelle votre message s'adresse. Rien n'a été changé. Répondez à un message de la partie voulue, ou mettez son étiquette (par exemple [arbitre #12]) dans l'objet.

games-none = Vous n'avez aucune partie en cours. Pour en commencer une : NOUVELLE <jeu> CONTRE <adresse>.
games-head = Vos parties :

game-line = [arbitre #{ $id }] { $game } contre { $opponent }, vous jouez les { $side } : { $state ->
        [your-turn] à vous de jouer
        [their-turn] en attente du coup de votre adversaire
        [invited-you] vous êtes invité : répondez ACCEPTER ou REFUSER
        [invited-them] invitation envoyée, pas encore acceptée
        [finished] terminée, { $result }
       *[declined] invitation refusée
    }
game-line-address = adresse de réponse : { $address }

# L'objet de tout message sur une partie : l'étiquette (qui achemine les réponses), le jeu,
# l'adversaire, et où en est la partie pour le lecteur.
subject-game = [arbitre #{ $id }] { $title } contre { $opponent } : { $event }
event-your-move = à vous de jouer
event-your-move-after = à vous ({ $last })
event-waiting = au tour { ELIDE("de", $opponent) }
event-invited-you = invitation
event-invited-them = en attente de la réponse { ELIDE("de", $opponent) }
event-declined = invitation refusée
event-resigned-you-win = { $opponent } a abandonné, vous gagnez
event-you-resigned = vous avez abandonné
event-you-win = vous gagnez
event-you-lose = vous perdez
event-drawn = partie nulle
event-cancelled = partie annulée
# Tant qu'une proposition de nulle attend : $event dit où en est la partie, comme ci-dessus.
event-draw-offered-to-you = { $event } ; { $opponent } propose la nulle
event-draw-offered-by-you = { $event } ; votre proposition de nulle attend
subject-game-anonymous = [arbitre #{ $id }] { $title } : { $event }
