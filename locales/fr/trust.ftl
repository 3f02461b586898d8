# Qui a écrit un courriel : réponses aux messages qui ne prouvent rien de leur expéditeur,
# et à ceux envoyés à une adresse d'arbitre qu'il n'a jamais donnée.

subject-confirm = { $tag } Confirmer : { $command }

unproven =
    arbitre n'a rien fait de votre message :

    { $command }

    N'importe qui peut écrire votre adresse sur un courriel ; arbitre n'agit donc que sur les messages dont il sait qu'ils viennent de vous, et rien ne le montre pour celui-ci.

unproven-confirm =
    Si c'est bien vous, répondez OUI à ce courriel (ou envoyez la réponse sans rien écrire). Son adresse de réponse a été créée pour cette seule commande et vous êtes seul à l'avoir reçue ; elle ne sert qu'une fois, dans les 7 jours.
    Si ce n'est pas vous, répondez PAS MOI, ou ignorez simplement ce courriel : il ne se passera rien.
unproven-resend = Si c'est bien vous, répondez à ce courriel en y écrivant la commande : son adresse de réponse porte une clé que vous êtes seul à recevoir. Sinon, ignorez ce courriel : il ne se passera rien.
unproven-no-key = Si c'est bien vous, renvoyez-le depuis votre messagerie habituelle, en réponse au dernier courriel d'arbitre : son serveur de messagerie n'a pas pu confirmer qu'il vient de vous. Sinon, ignorez ce courriel : il ne se passera rien.
unproven-advice = À l'avenir, répondez aux courriels d'arbitre avec « Répondre » plutôt que d'en écrire un nouveau : l'adresse de réponse suffit à prouver que c'est vous.

invalid-address =
    Votre message a été envoyé à { $address }, qui n'est pas une adresse de réponse qu'arbitre vous a donnée : elle a pu être mal recopiée, modifiée ou prise dans le courriel de quelqu'un d'autre. Rien n'a été fait.
    Pour jouer, répondez au dernier courriel d'arbitre sur votre partie. Écrivez PARTIES à l'adresse d'arbitre pour recevoir la liste de vos parties et de leurs adresses de réponse.

retired-address =
    Votre message a été envoyé à { $address }, une adresse de réponse qu'arbitre n'utilise plus : l'installation a changé ses clés depuis, et les anciennes adresses de réponse cessent de fonctionner au bout d'un certain temps. Rien n'a été fait.
    Pour jouer, répondez au dernier courriel d'arbitre sur votre partie : il porte la nouvelle adresse. Écrivez PARTIES à l'adresse d'arbitre pour recevoir la liste de vos parties et de leurs adresses de réponse.

rate-limited =
    arbitre a répondu dans l'heure à { $limit } de vos messages qui n'étaient ni des coups ni des commandes de vos parties. Pour protéger les boîtes de chacun des boucles et des envois en masse, il ne répondra plus à ce genre de message avant { $until } (heure UTC).
    Vos parties ne sont pas concernées : les coups, PLATEAU, NULLE, ABANDON et les autres commandes d'une partie que vous jouez reçoivent leur réponse comme toujours.

# Réponses à la réponse faite à une demande de confirmation. $command est la commande en attente.
confirm-unknown = arbitre n'a plus de demande de confirmation à cette adresse : rien n'a été fait. Si vous voulez toujours exécuter la commande, renvoyez-la en réponse au dernier courriel d'arbitre.
confirm-was-used = Vous avez déjà répondu à cette demande : { $command } a été exécuté une fois, et ne le sera pas une seconde.
confirm-was-cancelled = Cette demande a été annulée par PAS MOI : rien n'a été fait de { $command }, et rien ne le sera. Si vous le voulez finalement, renvoyez la commande.
confirm-expired = Cette demande a expiré le { $date } : rien n'a été fait de { $command }. Si vous le voulez toujours, renvoyez la commande.
confirm-unclear =
    Rien n'a été fait de { $command } : votre réponse dit « { $written } », ce qui n'est ni OUI ni PAS MOI.
    Pour l'exécuter, répondez OUI à ce courriel. Si ce n'est pas vous, répondez PAS MOI, ou ignorez ce courriel : il ne se passera rien.
confirm-cancelled =
    C'est annulé : rien n'a été fait de { $command }, et cette demande ne peut plus servir.
    Quelqu'un a écrit votre adresse comme expéditeur d'un courriel envoyé à arbitre. arbitre n'agit jamais sur la seule foi de l'expéditeur affiché : un tel courriel ne change rien tant que vous ne l'avez pas confirmé vous-même. Vous n'avez donc rien d'autre à faire, et vos parties continuent comme avant. Les courriels qui ne prouvent rien de leur expéditeur sont comptés à part des vôtres : ils ne peuvent pas non plus épuiser vos réponses.
    Si cela se reproduit souvent, vous pouvez prévenir l'administrateur de l'installation ({ $postmaster }).

# Une commande reçue par SMS qui exige un courriel. $command est le texte du SMS.
mail-only =
    arbitre n'a rien fait de « { $command } », reçu par SMS.
    Un numéro d'appelant peut être falsifié : par SMS, arbitre n'accepte que les coups, les commandes d'une partie (NULLE, ABANDON, ANNULER, RÉCLAMER, CONDITIONS) et celles qui ne font qu'afficher (PLATEAU, HISTORIQUE, PENDULE, PARTIES, AIDE). Une commande qui change votre compte (TÉLÉPHONE, AVIS, LANGUE, FUSEAU, DISCUSSION, PUBLIC, IMAGES, CONGÉ, INSCRIPTION, RETRAIT) ou qui lance une partie (NOUVELLE) doit venir par courriel : envoyez-la en réponse au dernier courriel d'arbitre.
