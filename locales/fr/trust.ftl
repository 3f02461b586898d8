# Qui a écrit un courriel : réponses aux messages qui ne prouvent rien de leur expéditeur,
# et à ceux envoyés à une adresse d'arbitre qu'il n'a jamais donnée.

subject-confirm = { $tag } Confirmer : { $command }

unproven =
    arbitre n'a rien fait de votre message :

    { $command }

    N'importe qui peut écrire votre adresse sur un courriel ; arbitre n'agit donc que sur les messages dont il sait qu'ils viennent de vous, et rien ne le montre pour celui-ci.

unproven-confirm = Si c'est bien vous, répondez simplement à ce courriel : son adresse de réponse porte une clé que vous êtes seul à recevoir, et il est inutile de réécrire la commande.
unproven-resend = Si c'est bien vous, répondez à ce courriel en y écrivant la commande : son adresse de réponse porte une clé que vous êtes seul à recevoir.
unproven-no-key = Renvoyez-le depuis votre messagerie habituelle, en réponse au dernier courriel d'arbitre : son serveur de messagerie n'a pas pu confirmer qu'il vient de vous.
unproven-advice =
    À l'avenir, répondez aux courriels d'arbitre avec « Répondre » plutôt que d'en écrire un nouveau : l'adresse de réponse suffit à prouver que c'est vous.

    Si vous n'avez rien envoyé, ignorez ce courriel : il ne se passera rien.

invalid-address =
    Votre message a été envoyé à { $address }, qui n'est pas une adresse de réponse qu'arbitre vous a donnée : elle a pu être mal recopiée, modifiée ou prise dans le courriel de quelqu'un d'autre. Rien n'a été fait.
    Pour jouer, répondez au dernier courriel d'arbitre sur votre partie. Écrivez PARTIES à l'adresse d'arbitre pour recevoir la liste de vos parties et de leurs adresses de réponse.

rate-limited =
    arbitre a répondu dans l'heure à { $limit } de vos messages qui n'étaient ni des coups ni des commandes de vos parties. Pour protéger les boîtes de chacun des boucles et des envois en masse, il ne répondra plus à ce genre de message avant { $until } (heure UTC).
    Vos parties ne sont pas concernées : les coups, PLATEAU, NULLE, ABANDON et les autres commandes d'une partie que vous jouez reçoivent leur réponse comme toujours.
