# Les mots qu'un joueur écrit avec son coup, transmis à l'adversaire.

# Titre des mots transmis ; $who est le nom du joueur (ou « Votre adversaire »).
chat-heading = { $who } a écrit avec son coup :
# Après les mots, quand le joueur a écrit plus de lignes qu'il n'en est transmis.
chat-cut = (La suite du message n'a pas été transmise : { $lines } lignes au plus le sont.)
# Après les mots, quand une adresse électronique y a été masquée.
chat-masked = (Les adresses électroniques ne sont pas transmises.)
# Dans la confirmation envoyée à l'auteur du coup.
chat-passed-on = Vos mots sont partis avec lui.
chat-not-passed-on = { $opponent } a coupé les messages des adversaires (DISCUSSION NON) : seul le coup a été transmis, sans vos mots.
# DISCUSSION OUI / DISCUSSION NON / DISCUSSION seul.
chat-on = Désormais, les mots que vos adversaires écrivent avec leurs coups vous sont transmis. DISCUSSION NON les arrête.
chat-off = Désormais, vous recevez les coups de vos adversaires sans les mots qu'ils y joignent. DISCUSSION OUI les rétablit.
# IMAGES OUI / IMAGES NON / IMAGES seul.
# PUBLIC OUI / PUBLIC NON / PUBLIC seul.
public-on = Désormais, vos parties amicales figurent sur les pages publiques d'arbitre, sous votre seul nom (jamais votre adresse). PUBLIC NON les masque.
public-off = Désormais, vos parties amicales ne figurent plus sur les pages publiques d'arbitre. Les parties de tournoi restent sur les pages de leur épreuve, avec le différé prévu pour les spectateurs. PUBLIC OUI les montre de nouveau.
# NOM Alice M. / NOM seul / un nom refusé / l'indication du premier courriel d'une partie.
name-set = Désormais, vos adversaires et les pages publiques d'arbitre vous présentent sous le nom « { $name } ». Le nom qu'affiche votre messagerie ne le remplace plus ; NOM suivi d'un autre nom le change.
name-current = Vos adversaires et les pages publiques d'arbitre vous présentent sous le nom « { $name } ». Pour en changer, écrivez NOM suivi du nom voulu, { $max } caractères au plus (NOM Alice M.). Rien n'a été changé.
name-none = Vos adversaires et les pages publiques d'arbitre ne connaissent encore aucun nom pour vous : ils lisent « votre adversaire », ou un numéro. Pour en choisir un, écrivez NOM suivi de ce nom, { $max } caractères au plus (NOM Alice M.). Rien n'a été changé.
name-too-long = « { $name } » compte { $length } caractères ; un nom affiché en compte { $max } au plus. Rien n'a été changé.
name-address = Un nom affiché ne porte jamais d'adresse, et « { $name } » ressemble à une adresse électronique ou web. Rien n'a été changé.
name-hint-known = Vos adversaires et les pages publiques d'arbitre vous présentent sous le nom « { $name } », celui qu'affiche votre messagerie. Pour en choisir un autre, répondez à tout moment NOM suivi de ce nom (NOM Alice M.).
name-hint-none = Vos adversaires et les pages publiques d'arbitre ne connaissent aucun nom pour vous : ils lisent « votre adversaire », ou un numéro. Pour en choisir un, répondez à tout moment NOM suivi de ce nom (NOM Alice M.).
public-usage = Écrivez PUBLIC NON pour retirer vos parties amicales des pages publiques d'arbitre, ou PUBLIC OUI pour les y montrer (sous votre seul nom, jamais votre adresse). Rien n'a été changé.
pictures-on = Désormais, vos courriels de partie montrent une image du plateau au-dessus du plateau en texte, dans les messageries qui affichent les images. IMAGES NON les arrête.
pictures-off = Désormais, vos courriels de partie ne portent plus que le plateau en texte, sans image. IMAGES OUI rétablit les images.
pictures-usage = Écrivez IMAGES OUI pour voir une image du plateau dans vos courriels de partie, ou IMAGES NON pour garder le seul plateau en texte. Rien n'a été changé.
chat-usage = Écrivez DISCUSSION OUI pour recevoir les mots que vos adversaires joignent à leurs coups, ou DISCUSSION NON pour ne recevoir que les coups. Rien n'a été changé.
