# The words a player writes with a move, passed on to the opponent.

# Heading of the words passed on; $who is the player's name (or "Your opponent").
chat-heading = { $who } wrote with the move:
# After the words when more lines were written than are passed on.
chat-cut = (The rest of the message was not passed on: at most { $lines } lines are.)
# After the words when a mail address in them was masked.
chat-masked = (Mail addresses are not passed on.)
# In the mover's confirmation.
chat-passed-on = Your words went with it.
chat-not-passed-on = { $opponent } has turned off opponents' messages (CHAT OFF): your words were not passed on, only the move.
# CHAT ON / CHAT OFF / CHAT alone.
chat-on = From now on the words your opponents write with their moves are passed on to you. CHAT OFF stops them.
chat-off = From now on you receive your opponents' moves without the words they write with them. CHAT ON brings them back.
# PICTURES ON / PICTURES OFF / PICTURES alone.
pictures-on = From now on your game mails show a picture of the board above the text board, in mail programs that show pictures. PICTURES OFF stops them.
pictures-off = From now on your game mails carry the text board alone, without a picture. PICTURES ON brings the pictures back.
pictures-usage = Write PICTURES ON to see a picture of the board in your game mails, or PICTURES OFF to keep the text board alone. Nothing was changed.
# PUBLIC ON / PUBLIC OFF / PUBLIC alone.
public-on = From now on your casual games are shown on arbitre's public pages, under your name only (never your address). PUBLIC OFF hides them.
public-off = From now on your casual games are no longer shown on arbitre's public pages. Tournament games stay on their event's pages, under the event's spectator delay. PUBLIC ON shows your games again.
# NAME Alice M. / NAME alone / a name refused / the hint in a first game mail.
name-set = From now on your opponents and arbitre's public pages show you as “{ $name }”. The name your mail carries no longer replaces it; NAME followed by another name changes it.
name-current = Your opponents and arbitre's public pages show you as “{ $name }”. To change it, write NAME followed by the name to show, at most { $max } characters (NAME Alice M.). Nothing was changed.
name-none = Your opponents and arbitre's public pages have no name for you yet: they read “your opponent”, or a number. To choose one, write NAME followed by it, at most { $max } characters (NAME Alice M.). Nothing was changed.
name-too-long = “{ $name }” is { $length } characters long; a name shown has at most { $max }. Nothing was changed.
name-address = A name shown never carries an address, and “{ $name }” looks like a mail or web address. Nothing was changed.
name-hint-known = Your opponents and arbitre's public pages show you as “{ $name }”, the name your mail carries. To choose another, reply NAME followed by it, at any time (NAME Alice M.).
name-hint-none = Your opponents and arbitre's public pages have no name for you: they read “your opponent”, or a number. To choose one, reply NAME followed by it, at any time (NAME Alice M.).
public-usage = Write PUBLIC OFF to hide your casual games from arbitre's public pages, or PUBLIC ON to show them (under your name only, never your address). Nothing was changed.
chat-usage = Write CHAT ON to receive the words your opponents write with their moves, or CHAT OFF to receive the moves alone. Nothing was changed.
