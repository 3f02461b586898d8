# A game in progress: the position, moves, refusals, draws, results, the end.

you = you
sides-line = You play { $you }. To move: { $mover } ({ $who }).
moves-played = Moves played: { $count }.
# The number of the move to play now, as the game's records number moves.
move-next = Move { $number }.
moves-head = Moves:
no-move-yet = (no move yet)
position-line = Position: { $position }

how-to-play = To play, reply to this mail with your move alone on the first line (for example: { $example }). One move per mail.
how-to-play-bare = To play, reply to this mail with your move alone on the first line. One move per mail.
other-commands = Other commands: BOARD, HISTORY, { $pat ->
        [yes] DRAW or PAT
       *[no] DRAW
    }, RESIGN, GAMES, HELP.
other-commands-computer = Other commands: BOARD, HISTORY, UNDO, HINT, { $pat ->
        [yes] DRAW or PAT
       *[no] DRAW
    }, RESIGN, GAMES, HELP.
reply-address-private = Your personal reply address for this game: { $address } (keep it to yourself).

# Results. $how is the way the game ended, in words; $code its code (agreed-draw, ...).
result-win = { $side } wins ({ $how }).
result-you-win = You win.
result-you-lose = You lose.
result-draw = { $code ->
        [agreed-draw] Drawn by agreement.
        [cancelled] Game cancelled; it counts for nobody.
        [cancelled-by-director] Game cancelled by the tournament director; it counts for nobody.
        [withdrawal] Game cancelled, a player having withdrawn from the event; it counts for nobody.
       *[other] Drawn game: { $how }.
    }
result-block = Result: { $result }
game-over =
    This game is over. { $result }
    Nothing was changed. Write HISTORY for its record.
store-problem = arbitre cannot read the stored state of game #{ $id }; nothing was changed. The administrator has been told by the log; please try again later.

pass-yours = You have no legal move: arbitre passed for you ({ $pass }).
pass-theirs = { $side } has no legal move and passes ({ $pass }).

move-played = { $who } ({ $side }) played move { $ply }. { $effect }
offer-declined-by-move = By playing on, your opponent declined your draw offer.
move-accepted = Your move { $ply } is accepted. { $effect }
your-move-again = It is your move again.
move-sent-on = The move has gone to { $opponent }; arbitre will mail you the answer.
move-refused =
    Your move was not accepted: { $why }.
    Nothing was changed; please send another move.
# A move that replies to an older mail of the game, the opponent having played since (it
# follows "Your move was not accepted: "). $moves: the opponent's moves since, as written.
move-stale = it answers an older mail of this game, and since that mail your opponent has played { $count ->
        [one] { $moves }
       *[other] { $moves } ({ $count } moves)
    }: it would be played on a position you had not been sent. The board now is below; if you still want this move, send it again in reply to this mail
not-your-turn = It is not your turn: arbitre is waiting for { $opponent }'s move. Nothing was changed.
err-received = arbitre received ERR. Every move arbitre forwards has been checked by the rules, so the boards may simply differ: here is the position as arbitre keeps it. Nothing was changed.
board-title = { $title }, game #{ $id }
history-head = { $title }, game #{ $id }: the moves so far.

draw-offer = { $who } offers a draw. Reply DRAW to accept it or DECLINE to refuse it; your next move also refuses it.
draw-offer-pat = { $who } offers a draw (PAT). Reply PAT or DRAW to accept it or DECLINE to refuse it; your next move also refuses it.
draw-claim-refused = The rules do not make this position a draw (PAT), so the game goes on.
draw-offer-sent = Your draw offer has been sent to { $opponent }. The game is drawn if they accept; their next move declines it.
draw-already-offered = Your draw offer already stands; arbitre is waiting for your opponent's answer. Nothing was changed.
draw-declined-ack = You declined the draw offer; your opponent has been told. The game goes on.
draw-declined-notice = { $who } declined your draw offer. The game goes on.

end-your-move = Your move { $ply } ({ $side }). { $effect }
end-you-resigned = You resigned.
end-they-resigned = { $who } resigned.
end-agreed-draw = The draw offer was accepted.
end-claim-confirmed = The rules confirm the draw claim (PAT).
end-record = The game is over. Complete record:
end-thanks = Thank you for playing. To start another game: NEW <game> VS <address>.
# A move sent to a finished game (the engine's own refusal).
game-over-no-move = the game is already over; no more moves are accepted
# The event limits draw offers per player and game; $limit: how many.
draw-limit-reached = { $limit ->
        [0] The conditions of this event allow no draw offers. Nothing was changed.
        [one] The conditions of this event allow one draw offer per player and game, and you have made it. Nothing was changed; you can still accept an offer from your opponent.
       *[other] The conditions of this event allow { $limit } draw offers per player and game, and you have made them all. Nothing was changed; you can still accept an offer from your opponent.
    }
