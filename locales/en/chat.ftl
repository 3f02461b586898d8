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
chat-usage = Write CHAT ON to receive the words your opponents write with their moves, or CHAT OFF to receive the moves alone. Nothing was changed.
