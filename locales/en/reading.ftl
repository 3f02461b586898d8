# Reading a move written among other words, and the legal moves suggested after a refused
# move. The sentences reading-several and reading-no-move follow "Your move was not
# accepted: " (refused-move) and end without a full stop.

# A move quoted in a sentence. $text: the move as written.
reading-quoted = "{ $text }"

# The message holds several moves, none played. $count: how many (2 or more); $moves:
# them, each quoted as reading-quoted says, separated by commas.
reading-several = your message holds { $count } moves ({ $moves }) and arbitre plays only one per message: send the one you mean, alone on the first line

# No move in a line of several words. $line: the line as read; $reason: why its word that
# looks most like a move is not one.
reading-no-move = no move was found in "{ $line }" ({ $reason })

# Before the legal moves close to a refused one, which follow one per line. $count: how
# many (1 to 3).
reading-suggestions =
    { $count ->
        [one] Did you mean this move? It is legal here:
       *[other] Did you mean one of these moves? Each is legal here:
    }

# A word read as a move but not written as one. $token: the word; $reason: what is wrong.
reading-not-a-move = "{ $token }" is not a move: { $reason }
