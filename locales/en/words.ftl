# The words players write to arbitre in English: each message lists the phrases that mean one
# thing, separated by commas. Case, accents, apostrophes and the punctuation around words do
# not matter. A phrase is also understood in mail written in another language.

# Commands that must stand alone on their line.
words-accept = accept, accepted, i accept, accept draw, yes draw
words-decline = decline, declined, reject, i decline, decline draw
words-resign = resign, resigns, i resign, resignation
words-claim = claim, claim win, claim the game, claim on time
words-draw = draw, offer draw, draw offer, draw offered
# Commands that start their line; the words after them are read too.
words-new = new, challenge
words-board = board, show, diagram
words-history = history, moves, record
words-games = games, list, my games
words-help = help, commands
words-lang = lang, language
words-chat = chat
words-check = check, verify, dry run
words-undo = undo, take back, takeback
# Against the computer only: it suggests a move.
words-hint = hint, advice, suggest
# In a conditional line: IF <their move> THEN <my move>.
words-if = if
words-then = then
words-conditions = conditions, conditionals, conditional moves
# After CONDITIONS: drop every conditional move of the game.
words-clear = clear, delete, drop, cancel, none
words-clock = clock, clocks, time left
words-leave = leave, vacation, holiday, holidays
words-zone = tz, time zone, timezone
# After CHAT.
words-on = on, yes
words-off = off, no
# In a challenge (NEW abalone AS white TIME 3d VS bob@example.org): before the opponent's
# address, words skipped before the game's name, before a colour, articles before a colour,
# before the time control, and the words for who moves first or second.
words-versus = vs, versus, against
words-filler = game, of, a
words-colour = as, with, playing
words-article = the
words-time = time, time control
words-first = first, 1st
words-second = second, 2nd
# Playing the computer (NEW ataxx VS arbitre LEVEL 5): the words that name it instead of an
# address, and the word before its level.
words-computer = arbitre, computer, bot
words-level = level, strength
# Phones and SMS: PHONE +33612345678, PHONE OFF; NOTIFY SMS, NOTIFY MAIL, NOTIFY BOTH.
words-phone = phone, mobile, cell phone
words-notify = notify, notifications
words-pictures = pictures, picture
words-public = public
# NAME Alice M.: the name shown to opponents and on the pages.
words-name = name, display name
words-sms = sms, text, texts
words-mail = mail, email, e-mail
words-both = both, sms and mail, mail and sms
# By SMS only, alone in the message: the carriers' usual words to stop SMS, and to have
# them again.
words-stop = stop, stopall, stop all, unsubscribe, cancel, end, quit
words-start = start, unstop, resume

# Correspondence events: enter one, see its table, leave it.
words-join = join, enter, register
words-standings = standings, crosstable, table
words-withdraw = withdraw
words-rated = rated

# Alone in a reply to a request to confirm a command: yes, carry it out; or, no, I did not
# send it (the request is cancelled).
words-yes = yes, confirm, i confirm, confirmed, yes i confirm, yes confirm, yes please, it was me, yes it was me, that was me
words-not-me = not me, no not me, it was not me, it wasn't me, that was not me, that wasn't me, i did not send it, i didn't send it, i did not send this, i didn't send this
# Alone on its line: other players' invitations no longer reach the sender (their own NEW
# has them again).
words-no-invitations = no more invitations, no invitations, stop invitations
