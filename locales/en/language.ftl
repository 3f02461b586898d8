# The language itself: its name as its readers write it, and the words that choose it
# with LANG (comma-separated, any case, accents optional).
language-name = English
language-words = en, eng, english, anglais, englisch, inglés

# LANG switched the reader's language to this one.
lang-set = From now on arbitre writes to you in English.
# One line per other language, written in that language: how to switch to it.
lang-offer = To receive arbitre's mails in English, reply LANG { $code }.
# LANG without a language it knows. $choices lists them: "FR (français), EN (English)".
lang-usage = Write LANG and a language: { $choices }. Nothing was changed.
