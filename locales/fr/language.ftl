# La langue elle-même : son nom tel que ses lecteurs l'écrivent, et les mots qui la
# choisissent avec LANGUE (séparés par des virgules, casse et accents indifférents).
language-name = français
language-words = fr, fra, fre, français, french, französisch, francés

lang-set = Désormais, arbitre vous écrit en français.
lang-offer = Pour recevoir les messages d'arbitre en français, répondez LANG { $code }.
lang-usage = Écrivez LANG suivi d'une langue : { $choices }. Rien n'a été changé.
