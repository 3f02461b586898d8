# ANNULER : reprendre un coup d'un commun accord. $played : le coup tel qu'enregistré ;
# $who : le nom de l'adversaire (ou « Votre adversaire ») ; $opponent : le même dans une phrase.

undo-asked = { $who } demande à reprendre son dernier coup, { $played }. Répondez ANNULER pour accepter (le coup est retiré et c'est de nouveau à votre adversaire de jouer) ; jouez votre coup pour refuser.
undo-sent = Vous avez demandé à { $opponent } de reprendre votre coup { $played }. S'il accepte, vous recevrez le plateau pour rejouer ; s'il joue, le coup reste.
undo-already-asked = Vous avez déjà demandé à reprendre votre dernier coup ; arbitre attend la réponse de votre adversaire. Rien n'a été changé.
undo-nothing = Vous n'avez aucun coup à reprendre : ANNULER demande à reprendre votre propre dernier coup avant que votre adversaire y ait répondu. Rien n'a été changé.
undo-done-they-agreed = { $who } accepte : votre coup { $played } est repris. C'est de nouveau à vous de jouer.
undo-done-you-agreed = Vous avez accepté : le coup { $played } de votre adversaire est repris, et c'est de nouveau à lui de jouer.
# Dans le message du coup de l'adversaire, au joueur dont la demande tombe.
undo-lapsed = En jouant, votre adversaire a refusé de reprendre votre coup.
# Objets tant qu'une demande attend ; $event : où en est la partie.
event-undo-asked-of-you = { $event } ; { $opponent } demande à reprendre un coup
event-undo-asked-by-you = { $event } ; votre demande de reprise attend
# HISTORIQUE : les coups repris, après la feuille de partie. $number : le numéro du coup
# tel que l'écrit la feuille ; $side : qui l'avait joué.
takebacks-head = Repris d'un commun accord :
takeback-line = {"  "}{ $number } { $played } ({ $side })
# Une partie d'un tournoi dont le règlement interdit les reprises.
undo-not-in-event = Les reprises de coup ne sont pas autorisées dans ce tournoi : le coup reste joué. Rien n'a été changé.
# Contre l'ordinateur, ANNULER est accordé tout de suite ; $moves : les coups repris (le
# vôtre, et la réponse de l'ordinateur si elle était déjà jouée).
undo-computer = Coups repris : { $moves }. C'est de nouveau à vous de jouer.
