# Les formes courtes envoyées par SMS. Chacune tient dans un SMS (160 caractères GSM-7)
# avec les plus longues valeurs possibles : $id un numéro de partie, $game le nom court d'un
# jeu, $who un nom coupé à 16 caractères, $move le plus long coup du jeu, $left un temps
# comme 29j23h, $line une ligne du protocole (ERR, WW MAT, PAT). Rien que des caractères
# GSM-7 : pas de ç, â, ê, î, ô, û, œ, « », ’ ni d'espace insécable (tests/sms_templates.rs
# le vérifie).

sms-your-move = #{ $id } { $game }, { $who } a joué { $move }.{ $effect } C'est à vous de jouer : répondez par votre coup.
sms-your-move-timed = #{ $id } { $game }, { $who } a joué { $move }.{ $effect } C'est à vous de jouer, il reste { $left }. Répondez par votre coup.
sms-accepted = #{ $id } { $move } accepté, transmis à { $who }.
sms-refused = #{ $id } { $line } { $move } : { $why }
sms-end-win = #{ $id } { $game } : { $line }. Vous gagnez.
sms-end-loss = #{ $id } { $game } : { $line }. Vous perdez.
sms-end-draw = #{ $id } { $game } : { $line }. Partie nulle.
sms-end-cancelled = #{ $id } { $game } : partie annulée, elle ne compte pour personne.
sms-reminder = #{ $id } { $game } : c'est à vous contre { $who }, il reste { $left }.
sms-code = arbitre : le code { $code } relie ce téléphone à { $account }. Renvoyez-le par mail ou SMS dans les 30 min ; sinon ignorez-le. ARRET : plus de SMS.
sms-linked = arbitre : ce téléphone est relié. Jouez par SMS en envoyant votre coup, précédé de #N si vous avez plusieurs parties. ARRET : plus de SMS.
sms-stopped = arbitre : plus aucun SMS vers ce numéro. START pour les recevoir de nouveau.
sms-started = arbitre : les SMS reprennent vers ce numéro. ARRET pour ne plus en recevoir.
sms-which-game = Quelle partie ? Commencez par son numéro : { $games }
sms-unknown = arbitre : ce numéro n'est relié à aucun joueur. Reliez-le par courriel : écrivez TELEPHONE suivi de votre numéro. ARRET : plus de SMS.
sms-by-mail = #{ $id } arbitre vous a répondu par mail.
sms-by-mail-none = arbitre vous a répondu par mail.
# Une position peut dépasser un SMS : elle est coupée à trois segments au plus.
sms-board = #{ $id } { $game }, position : { $position }
sms-why-not-your-turn = ce n'est pas à vous de jouer.
sms-game-start = #{ $id } { $game } : votre partie contre { $who } commence. C'est à vous de jouer : répondez par votre coup.
# Une commande qui change le compte du joueur, envoyée par SMS (un numéro d'appelant se falsifie).
sms-mail-only = arbitre : rien n'a été fait. Par SMS, seulement les coups, NULLE, ABANDON, ANNULER, RÉCLAMER et les consultations ; envoyez cette commande par courriel.
