# Commencer une partie : NOUVELLE et ses erreurs, invitations, acceptation, refus.

new-usage =
    Écrivez : NOUVELLE <jeu> [<variante>] [<option>...] [EN BLANC|NOIR|PREMIER|SECOND] [CADENCE <cadence>] CONTRE <adresse>
    par exemple : NOUVELLE abalone CONTRE ami@exemple.fr
    Pour jouer contre l'ordinateur, écrivez CONTRE arbitre, et si vous voulez NIVEAU 1 (le plus faible) à 9 (le plus fort) : NOUVELLE ataxx CONTRE arbitre NIVEAU 5
    Écrivez AIDE <jeu> pour les variantes et les options d'un jeu.
new-missing-game = Quel jeu ? arbitre connaît : { $games }.
new-unknown-game = arbitre ne connaît pas le jeu « { $name } ». Il connaît : { $games }.
new-missing-opponent = Contre qui ? Terminez la ligne par CONTRE et l'adresse de votre adversaire.
new-bad-address = « { $address } » n'est pas une adresse de courriel.
new-bad-colour = « { $colour } » n'est pas une couleur : écrivez BLANC, NOIR, PREMIER ou SECOND.
no-game-created = Aucune partie n'a été créée.
new-self = Vous ne pouvez pas vous défier vous-même : donnez l'adresse de votre adversaire après CONTRE. Aucune partie n'a été créée.
new-bad-level = « { $level } » n'est pas un niveau : écrivez NIVEAU suivi d'un nombre de 1 (le plus faible) à 9 (le plus fort).
new-level-for-person = Seul l'ordinateur a un niveau : écrivez CONTRE arbitre NIVEAU { $level } pour l'affronter, ou retirez NIVEAU pour jouer contre une personne.

# Une partie contre l'ordinateur : dans son premier message, après le plateau.
computer-terms =
    arbitre joue au niveau { $level } (1 est le plus faible, 9 le plus fort) et répond à chacun de vos coups en quelques secondes.
    Contre lui, ANNULER reprend votre dernier coup et sa réponse, CONSEIL vous propose un coup, et il accepte la NULLE quand il juge la position égale. Les parties contre l'ordinateur ne sont pas classées.

computer-too-many = Vous avez déjà { $most } parties en cours contre l'ordinateur, le maximum pour un joueur : terminez-en une ou abandonnez-la (ABANDON #n), puis relancez le défi.

setup-unknown-variant = { $title } n'a pas de variante « { $name } » (variantes : { $known }).
setup-unknown-option = { $title } n'a pas d'option « { $name } » (options : { $known }).
setup-bad-value = L'option { $name } ne peut pas valoir « { $value } » (valeurs possibles : { $allowed }).
setup-syntax = « { $item } » n'est ni une variante ni une option { $of } : écrivez les options sous la forme nom=valeur.
setup-position = La position de départ n'est pas valable : { $reason }.

options-line = Options : { $options }.

a-player = Un joueur
invitation =
    { $who } vous invite à une partie { $of } arbitrée par arbitre (partie n° { $id }).
    { $you_first ->
        [yes] Vous auriez { $side } et joueriez en premier.
       *[no] Vous auriez { $side } ; { $first } jouent en premier.
    }
# Le joueur qui propose la partie l'a demandée classée (CLASSÉE parmi les options).
invitation-rated = Cette partie compte pour le classement : en l'acceptant, vous en êtes d'accord.
invitation-how =
    Répondez à ce message par ACCEPTER pour jouer, ou par REFUSER.
    arbitre vérifie chaque coup selon les règles et le transmet ; vos adresses restent privées. Écrivez AIDE pour en savoir plus.
your-reply-address = Votre adresse de réponse personnelle pour cette partie : { $address }
# Dans chaque invitation, dans chaque langue : comment les arrêter toutes.
invitation-stop = Pour ne plus recevoir aucune invitation par arbitre, de qui que ce soit, répondez PLUS D'INVITATIONS.

challenge-sent =
    Votre invitation à une partie { $of } a été envoyée à votre adversaire : partie n° { $id }.
    { $you_first ->
        [yes] Vous aurez { $side } et jouerez en premier.
       *[no] Vous aurez { $side } ; { $first } jouent en premier.
    } arbitre vous écrira dès que votre adversaire aura accepté ou refusé. Pour retirer l'invitation, répondez REFUSER.

game-begins = La partie { $of } contre { $opponent } commence (partie n° { $id }).
game-set-up = Le directeur du tournoi vous a organisé une partie { $of } contre { $opponent } (partie n° { $id }).
your-move-first = C'est à vous de jouer.
their-move-first = Votre adversaire joue en premier : arbitre vous enverra son coup.

waiting-acceptance = Cette partie attend que votre adversaire accepte votre invitation. Rien n'a été changé. Pour retirer l'invitation, répondez REFUSER.
declined-ack = Vous avez refusé l'invitation à la partie n° { $id }. Votre adversaire en a été informé.
declined-notice = { $who } a refusé votre invitation à la partie n° { $id }. La partie n'aura pas lieu.
withdrawn-ack = Vous avez retiré votre invitation à la partie n° { $id }. Votre adversaire en a été informé.
withdrawn-notice = { $who } a retiré l'invitation à la partie n° { $id }. La partie n'aura pas lieu.

not-started = Cette partie n'a pas commencé : rien n'a été changé. { $invitee ->
        [yes] Répondez ACCEPTER pour la commencer, ou REFUSER.
       *[no] Votre adversaire n'a pas encore accepté.
    }
game-declined = Cette invitation a été refusée ; la partie n'a jamais été jouée. Rien n'a été changé.

# Limites des invitations, et PLUS D'INVITATIONS.
invite-too-many = { $count } de vos invitations attendent déjà une réponse, le maximum qu'arbitre envoie pour un joueur : aucune partie n'a été créée. Retirez-en une en y répondant REFUSER, ou attendez qu'on vous réponde.
# Même texte, que l'invité ait demandé à ne plus être invité ou qu'il ait reçu assez d'invitations aujourd'hui.
invite-not-sent = arbitre ne peut pas envoyer d'invitation à { $address } pour le moment : aucune partie n'a été créée. Si cette personne veut jouer contre vous, elle peut vous inviter elle-même.
invitations-off = C'est noté : plus aucune invitation d'un autre joueur ne vous parviendra par arbitre. Les invitations déjà reçues restent en attente de votre réponse. Pour recevoir de nouveau des invitations, invitez vous-même quelqu'un avec NOUVELLE.
invitations-on-again = Vous aviez demandé à ne plus recevoir d'invitations : puisque vous invitez vous-même, celles des autres joueurs vous parviennent de nouveau. Pour les arrêter, écrivez PLUS D'INVITATIONS.
