# Jouer contre l'ordinateur : ses conseils. (Les mots de son premier message sont dans
# challenge.ftl.)

hint-answer =
    arbitre vous conseille { $hint }, trouvé à son niveau ({ $level }).
    À vous de voir : répondez par votre coup comme d'habitude.
hint-people = Pas de conseil dans une partie entre personnes : CONSEIL sert contre l'ordinateur (NOUVELLE <jeu> CONTRE arbitre). Rien n'a été changé.
hint-not-your-turn = Ce n'est pas à vous de jouer : demandez un conseil quand c'est votre tour. Rien n'a été changé.
hint-coming = Votre conseil arrive : arbitre vous l'envoie dès que sa recherche est finie.
# Le même conseil par SMS.
sms-hint = Conseil : { $hint }
