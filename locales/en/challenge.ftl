# Starting games: NEW and its mistakes, invitations, acceptance, refusals.

new-usage =
    Write: NEW <game> [<variant>] [<option>...] [AS WHITE|BLACK|FIRST|SECOND] [TIME <control>] VS <address>
    for example: NEW abalone VS friend@example.org
    To play the computer, write VS arbitre, with LEVEL 1 (the weakest) to 9 (the strongest) if you like: NEW ataxx VS arbitre LEVEL 5
    Write HELP <game> for a game's variants and options.
new-missing-game = Which game? arbitre knows: { $games }.
new-unknown-game = arbitre does not know the game "{ $name }". It knows: { $games }.
new-missing-opponent = Against whom? End the line with VS and your opponent's address.
new-bad-address = "{ $address }" is not a mail address.
new-bad-colour = "{ $colour }" is not a colour: write WHITE, BLACK, FIRST or SECOND.
no-game-created = No game was created.
new-self = You cannot challenge yourself: give your opponent's address after VS. No game was created.
new-bad-level = "{ $level }" is not a level: write LEVEL and a number from 1 (the weakest) to 9 (the strongest).
new-level-for-person = Only the computer has a level: write VS arbitre LEVEL { $level } to play it, or leave LEVEL out to play a person.

# A game against the computer: in its first mail, after the board.
computer-terms =
    arbitre plays at level { $level } (1 is the weakest, 9 the strongest) and answers each of your moves within a few seconds.
    Against it, UNDO takes back your last move and its answer, HINT suggests a move, and a DRAW offer is accepted when it judges the position even. Games against the computer are not rated.

computer-too-many = You already have { $most } games in play against the computer, the most one player may have at once: finish or resign one of them (RESIGN #n), then challenge it again.

setup-unknown-variant = { $title } has no variant "{ $name }" (known: { $known }).
setup-unknown-option = { $title } has no option "{ $name }" (its options: { $known }).
setup-bad-value = The option { $name } cannot be "{ $value }" (allowed: { $allowed }).
setup-syntax = "{ $item }" is neither a variant nor an option { $of }: write options as name=value.
setup-position = The start position is invalid: { $reason }.

options-line = Options: { $options }.

a-player = A player
invitation =
    { $who } invites you to a game { $of } refereed by arbitre (game #{ $id }).
    { $you_first ->
        [yes] You would play { $side } and move first.
       *[no] You would play { $side }; { $first } moves first.
    }
# The challenger asked for a rated game (RATED among the options).
invitation-rated = This game counts for ratings: by accepting it you agree to that.
invitation-how =
    Reply to this mail with ACCEPT to play, or DECLINE.
    arbitre checks every move by the rules and forwards it; your addresses stay private. Write HELP to learn more.
your-reply-address = Your personal reply address for this game: { $address }
# In every invitation, in each language: how to stop all of them.
invitation-stop = To receive no more invitations through arbitre, from anyone, reply NO MORE INVITATIONS.

challenge-sent =
    Your invitation to a game { $of } has been sent to your opponent: game #{ $id }.
    { $you_first ->
        [yes] You will play { $side } and move first.
       *[no] You will play { $side }; { $first } moves first.
    } arbitre will write to you as soon as your opponent accepts or declines. To withdraw it, reply DECLINE.

game-begins = The game { $of } against { $opponent } begins (game #{ $id }).
game-set-up = A game { $of } against { $opponent } has been set up for you by the tournament director (game #{ $id }).
your-move-first = It is your move.
their-move-first = Your opponent moves first: arbitre will mail you their move.

waiting-acceptance = This game is waiting for your opponent to accept your invitation. Nothing was changed. To withdraw it, reply DECLINE.
declined-ack = You declined the invitation to game #{ $id }. Your opponent has been told.
declined-notice = { $who } declined your invitation to game #{ $id }. The game will not be played.
withdrawn-ack = You withdrew your invitation to game #{ $id }. Your opponent has been told.
withdrawn-notice = { $who } withdrew the invitation to game #{ $id }. The game will not be played.

not-started = This game has not started: nothing was changed. { $invitee ->
        [yes] Reply ACCEPT to start it, or DECLINE.
       *[no] Your opponent has not accepted yet.
    }
game-declined = This invitation was declined; the game was never played. Nothing was changed.

# Limits on invitations, and NO MORE INVITATIONS.
invite-too-many = You already have { $count } invitations waiting for an answer, the most arbitre sends for one player: no game was created. Withdraw one by replying DECLINE to it, or wait until they are answered.
# Said the same whether the invitee asked for no invitations or has received enough today.
invite-not-sent = arbitre cannot send an invitation to { $address } now: no game was created. If they want to play you, they can challenge you themselves.
invitations-off = Done: no invitation from another player will reach you through arbitre any more. The invitations you have already received stay until you answer them. To take invitations again, challenge someone yourself with NEW.
invitations-on-again = You had asked for no invitations: with this challenge of yours, other players' invitations reach you again. To stop them, write NO MORE INVITATIONS.
