# Subjects of mail about no game, and answers about routing and the mail itself.

subject-help = [arbitre] Help
subject-games = [arbitre] Your games
subject-language = [arbitre] Language
subject-leave = [arbitre] Leave
subject-zone = [arbitre] Time zone
subject-phone = [arbitre] Phone and SMS
subject-tournament = [arbitre] Tournaments
subject-chat = [arbitre] Opponents' messages
subject-pictures = [arbitre] Board pictures
subject-public = [arbitre] Public pages
subject-name = [arbitre] The name shown
subject-problem = [arbitre] Your message could not be used
subject-challenge = [arbitre] New game
subject-which-game = [arbitre] Which game?

your-opponent = your opponent
your-opponent-start = Your opponent

empty-message = Your message was empty: arbitre found no command in it.
not-understood = arbitre did not understand "{ $line }".

too-large = Your message is too large for arbitre ({ $size } bytes; the limit is { $limit }). Nothing was done. Please send your move or command alone, in a short plain-text mail without attachments.

not-your-game = You are not a player of game #{ $id }, so arbitre cannot act on your message. Nothing was changed. Write GAMES to see your own games, or HELP.
unknown-game = arbitre has no game #{ $id } for you. Nothing was changed. Write GAMES to see your games.

no-game-active =
    You have no game in progress, so arbitre does not know which game your message is for. Nothing was changed.
    To start one: NEW <game> VS <address>. Write HELP for all commands.
no-game-to-answer = There is no invitation or draw offer waiting for your answer. Nothing was changed. Write GAMES to see your games.

which-game = You have several games, and arbitre cannot tell which one your message is for. Nothing was changed. Reply to a mail of the game you mean, or put its tag (for example [arbitre #12]) in the Subject.

games-none = You have no game in progress. To start one: NEW <game> VS <address>.
games-head = Your games:

# One line of a list of games. $state is one of: your-turn, their-turn, invited-you,
# invited-them, finished (then $result is the result line), declined.
game-line = [arbitre #{ $id }] { $game } against { $opponent }, you play { $side }: { $state ->
        [your-turn] your move
        [their-turn] waiting for your opponent's move
        [invited-you] you are invited: reply ACCEPT or DECLINE
        [invited-them] invitation sent, not yet accepted
        [finished] finished: { $result }
       *[declined] invitation declined
    }
game-line-address = reply address: { $address }

# The Subject of every mail about a game: the tag (which routes replies), the game, the
# opponent, and where the game stands for the reader.
subject-game = [arbitre #{ $id }] { $title } vs { $opponent }: { $event }
event-your-move = your move
event-your-move-after = your move ({ $last })
event-waiting = { $opponent } to play
event-invited-you = invitation
event-invited-them = waiting for { $opponent }'s answer
event-declined = invitation declined
event-resigned-you-win = { $opponent } resigned, you win
event-you-resigned = you resigned
event-you-win = you win
event-you-lose = you lose
event-drawn = drawn game
event-cancelled = game cancelled
# While a draw offer stands: $event is where the game stands, as above.
event-draw-offered-to-you = { $event }; { $opponent } offers a draw
event-draw-offered-by-you = { $event }; your draw offer stands
# The same when the opponent's name is not known.
subject-game-anonymous = [arbitre #{ $id }] { $title }: { $event }
