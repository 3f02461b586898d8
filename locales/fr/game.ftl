# Une partie en cours : la position, les coups, les refus, la nulle, les résultats, la fin.

you = vous
sides-line = Vous avez { $you }. Au trait : { $mover } ({ $who }).
moves-played = Coups joués : { $count }.
# Le numéro du coup à jouer, tel que les relevés du jeu numérotent les coups.
move-next = Coup { $number }.
moves-head = Coups :
no-move-yet = (aucun coup pour l'instant)
position-line = Position : { $position }

how-to-play = Pour jouer, répondez à ce message avec votre coup seul sur la première ligne (par exemple : { $example }). Un coup par message.
how-to-play-bare = Pour jouer, répondez à ce message avec votre coup seul sur la première ligne. Un coup par message.
other-commands = Autres commandes : PLATEAU, HISTORIQUE, { $pat ->
        [yes] NULLE ou PAT
       *[no] NULLE
    }, ABANDON, PARTIES, AIDE.
other-commands-computer = Autres commandes : PLATEAU, HISTORIQUE, ANNULER, CONSEIL, { $pat ->
        [yes] NULLE ou PAT
       *[no] NULLE
    }, ABANDON, PARTIES, AIDE.
reply-address-private = Votre adresse de réponse personnelle pour cette partie : { $address } (gardez-la pour vous).

result-win = { $side } gagnent ({ $how }).
result-you-win = Vous gagnez.
result-you-lose = Vous perdez.
result-draw = { $code ->
        [agreed-draw] Partie nulle par accord mutuel.
        [cancelled] Partie annulée ; elle ne compte pour personne.
        [cancelled-by-director] Partie annulée par le directeur du tournoi ; elle ne compte pour personne.
        [withdrawal] Partie annulée, un joueur s'étant retiré du tournoi ; elle ne compte pour personne.
       *[other] Partie nulle : { $how }.
    }
result-block = Résultat : { $result }
game-over =
    Cette partie est terminée. { $result }
    Rien n'a été changé. Écrivez HISTORIQUE pour la feuille de partie.
store-problem = arbitre ne parvient pas à relire l'état enregistré de la partie n° { $id } ; rien n'a été changé. L'administrateur en est averti par le journal ; réessayez plus tard.

pass-yours = Vous n'avez aucun coup légal : arbitre a passé votre tour ({ $pass }).
pass-theirs = { $side } n'ont aucun coup légal et passent leur tour ({ $pass }).

move-played = { $who } ({ $side }) a joué le coup { $ply }. { $effect }
offer-declined-by-move = En jouant, votre adversaire a décliné votre proposition de nulle.
move-accepted = Votre coup { $ply } est accepté. { $effect }
your-move-again = C'est de nouveau à vous de jouer.
move-sent-on = Le coup a été transmis à { $opponent } ; arbitre vous enverra la réponse.
move-refused =
    Votre coup n'a pas été accepté : { $why }.
    Rien n'a été changé ; envoyez un autre coup.
# Un coup qui répond à un ancien message de la partie, l'adversaire ayant joué depuis (suit
# « Votre coup n'a pas été accepté : »). $moves : les coups de l'adversaire depuis.
move-stale = il répond à un ancien message de cette partie, et depuis ce message votre adversaire a joué { $count ->
        [one] { $moves }
       *[other] { $moves } ({ $count } coups)
    } : il s'appliquerait à une position qui ne vous a pas été envoyée. Voici le plateau actuel ; si vous voulez toujours jouer ce coup, renvoyez-le en réponse à ce message
not-your-turn = Ce n'est pas à vous de jouer : arbitre attend le coup { ELIDE("de", $opponent) }. Rien n'a été changé.
err-received = arbitre a reçu ERR. Chaque coup qu'arbitre transmet a été vérifié selon les règles ; vos plateaux diffèrent sans doute : voici la position telle qu'arbitre la tient. Rien n'a été changé.
board-title = { $title }, partie n° { $id }
history-head = { $title }, partie n° { $id } : les coups joués.

draw-offer = { $who } propose la nulle. Répondez NULLE pour l'accepter ou REFUSER pour la décliner ; jouer votre prochain coup la décline aussi.
draw-offer-pat = { $who } propose la nulle (PAT). Répondez PAT ou NULLE pour l'accepter ou REFUSER pour la décliner ; jouer votre prochain coup la décline aussi.
draw-claim-refused = Les règles ne font pas de cette position une nulle (PAT) : la partie continue.
draw-offer-sent = Votre proposition de nulle a été transmise à { $opponent }. La partie sera nulle si elle est acceptée ; un coup de votre adversaire revient à la décliner.
draw-already-offered = Votre proposition de nulle est déjà en cours ; arbitre attend la réponse de votre adversaire. Rien n'a été changé.
draw-declined-ack = Vous avez décliné la proposition de nulle ; votre adversaire en a été informé. La partie continue.
draw-declined-notice = { $who } a décliné votre proposition de nulle. La partie continue.

end-your-move = Votre coup { $ply } ({ $side }). { $effect }
end-you-resigned = Vous avez abandonné.
end-they-resigned = { $who } a abandonné.
end-agreed-draw = La proposition de nulle a été acceptée.
end-claim-confirmed = Les règles confirment la réclamation de nulle (PAT).
end-record = La partie est terminée. Feuille de partie complète :
end-thanks = Merci d'avoir joué. Pour une nouvelle partie : NOUVELLE <jeu> CONTRE <adresse>.
# Un coup envoyé à une partie terminée (le refus du moteur de jeu).
game-over-no-move = la partie est terminée ; aucun coup n'est plus accepté
# Le tournoi limite les propositions de nulle par joueur et par partie ; $limit : combien.
draw-limit-reached = { $limit ->
        [0] Le règlement de ce tournoi ne permet aucune proposition de nulle. Rien n'a été changé.
        [one] Le règlement de ce tournoi permet une proposition de nulle par joueur et par partie, et vous l'avez faite. Rien n'a été changé ; vous pouvez toujours accepter une proposition de votre adversaire.
       *[other] Le règlement de ce tournoi permet { $limit } propositions de nulle par joueur et par partie, et vous les avez toutes faites. Rien n'a été changé ; vous pouvez toujours accepter une proposition de votre adversaire.
    }
