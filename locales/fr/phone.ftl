# Relier un téléphone (TELEPHONE), la façon dont un joueur est prévenu de ses parties
# (AVIS), et STOP par courriel. $number est un numéro au format international ; $notify
# vaut mail, sms ou both.

phone-usage = Pour suivre vos parties par SMS, reliez votre téléphone : écrivez TELEPHONE suivi de son numéro au format international, par exemple TELEPHONE +33612345678. arbitre y envoie un code à six chiffres par SMS ; renvoyez ce code dans les 30 minutes, en réponse au courriel d'arbitre ou par SMS depuis ce téléphone.
phone-unavailable = Ce serveur n'envoie pas de SMS : aucun téléphone ne peut y être relié. Tout vous parvient par courriel.
phone-none = Aucun téléphone n'est relié à votre adresse.
phone-current = Votre téléphone { $number } est relié. { notify-now }
notify-now = { $notify ->
    [sms] Tout vous parvient par courriel, et aussi par SMS ce qui vous attend : votre coup à jouer, les rappels, les résultats.
    [both] Tout vous parvient par courriel, et aussi par SMS tout ce qui a une forme courte, y compris vos propres coups acceptés ou refusés.
   *[mail] Tout vous parvient par courriel ; arbitre ne répond par SMS qu'à ce que vous envoyez par SMS.
}
notify-how = AVIS SMS, AVIS MAIL ou AVIS LES DEUX permet de choisir ; TELEPHONE NON délie le téléphone.
phone-bad-number = Impossible de relier le { $number } : { $why ->
    [international] écrivez-le au format international, avec le + et l'indicatif du pays (+33 6 12 34 56 78).
    [digits] un numéro de téléphone ne contient que des chiffres.
    [length] un numéro compte de 7 à 15 chiffres, indicatif compris.
   *[country] ce serveur n'envoie pas de SMS vers ce pays.
}
phone-stopped = Le { $number } a envoyé STOP : arbitre ne lui envoie plus rien, pas même un code. Envoyez d'abord START depuis ce téléphone, puis écrivez à nouveau TELEPHONE { $number }.
phone-codes-spent = Plus de code pour vous aujourd'hui : arbitre envoie au plus 3 codes et accepte au plus 5 codes erronés par jour, quels que soient les numéros. Réessayez demain.
phone-number-codes-spent = Plus de code pour le { $number } aujourd'hui : un numéro reçoit au plus quelques codes par jour. Réessayez demain.
phone-codes-busy = arbitre a envoyé aujourd'hui tous les codes qu'il peut envoyer. Réessayez demain.
phone-moved = Votre téléphone { $number } n'est plus relié à votre adresse : quelqu'un a renvoyé le code qu'arbitre y a envoyé, preuve que ce téléphone est désormais entre ses mains, et l'a relié à sa propre adresse. arbitre n'y envoie plus rien pour vous, et tout vous parvient par courriel. Si ce téléphone est toujours le vôtre, écrivez TELEPHONE { $number } pour le relier à nouveau : un nouveau code y sera envoyé.
phone-already = Le { $number } est déjà votre téléphone ; rien ne change.
phone-code-sent = arbitre a envoyé un code à six chiffres par SMS au { $number }. Renvoyez-le dans les 30 minutes, en répondant à ce courriel avec les six chiffres seuls, ou par SMS depuis ce téléphone. D'ici là, rien ne change.
phone-linked = Votre téléphone { $number } est maintenant relié. Pour jouer par SMS, envoyez votre coup ; si vous avez plusieurs parties, commencez par le numéro de la partie : #12 e5e6. Un SMS STOP arrête tout envoi de SMS vers ce numéro.
phone-code-none = Aucun téléphone n'est en train d'être relié à votre adresse : un code ne sert à rien pour l'instant. Écrivez d'abord TELEPHONE suivi de votre numéro.
phone-code-expired = Ce code a expiré : un code vaut 30 minutes. Écrivez à nouveau TELEPHONE { $number } pour en recevoir un autre.
phone-code-wrong = Ce n'est pas le code envoyé au { $number }. { $left ->
    [one] Il vous reste un essai.
   *[other] Il vous reste { $left } essais.
}
phone-code-gave-up = Trop de codes erronés : la liaison du { $number } est annulée. Écrivez à nouveau TELEPHONE { $number } pour recevoir un nouveau code.
phone-off = Votre téléphone { $number } n'est plus relié : arbitre ne lui envoie plus rien, et tout vous parvient par courriel.
phone-off-none = Aucun téléphone n'est relié à votre adresse ; rien ne change.
notify-usage = AVIS SMS, AVIS MAIL ou AVIS LES DEUX permet de choisir comment vous êtes prévenu de vos parties.
notify-needs-phone = Pour recevoir des SMS, reliez d'abord un téléphone. { phone-usage }
notify-set = C'est fait. { notify-now }
