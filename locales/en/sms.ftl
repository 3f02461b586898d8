# The short forms sent by SMS. Each must fit one SMS (160 GSM-7 characters) with the
# longest values it can hold: $id a game number, $game a game's short name, $who a name cut
# to 16 characters, $move the game's longest move, $left a time such as 29d23h, $line a
# protocol line (ERR, WW MAT, PAT), $effect what the move did (the engine's sentence, after a
# space) when the SMS still fits with it, else nothing. Only GSM-7 characters
# (tests/sms_templates.rs proves both).

sms-your-move = #{ $id } { $game }, { $who } played { $move }.{ $effect } Your move. Reply with yours.
sms-your-move-timed = #{ $id } { $game }, { $who } played { $move }.{ $effect } Your move, { $left } left. Reply with yours.
sms-accepted = #{ $id } { $move } accepted, passed on to { $who }.
sms-refused = #{ $id } { $line } { $move }: { $why }
sms-end-win = #{ $id } { $game }: { $line }. You win.
sms-end-loss = #{ $id } { $game }: { $line }. You lose.
sms-end-draw = #{ $id } { $game }: { $line }. Drawn game.
sms-end-cancelled = #{ $id } { $game }: cancelled; it does not count.
sms-reminder = #{ $id } { $game }: your move against { $who }, { $left } left.
sms-code = arbitre: code { $code } links this phone to { $account }. Send it back by mail or SMS within 30 minutes; not you? Ignore it. STOP: no more SMS.
sms-linked = arbitre: this phone is linked. Play by SMS with your move, #N first when you have several games. STOP: no more SMS.
sms-stopped = arbitre: no more SMS to this number. START to have them again.
sms-started = arbitre: SMS are back on for this number. STOP to stop them.
sms-which-game = Which game? Start with its number: { $games }
sms-unknown = arbitre: this number is not linked to a player. Link it by mail: PHONE and your number. STOP: no more SMS.
sms-by-mail = #{ $id } arbitre has answered you by mail.
sms-by-mail-none = arbitre has answered you by mail.
# A position string can be longer than one SMS: it is cut to three segments at most.
sms-board = #{ $id } { $game } position: { $position }
sms-why-not-your-turn = it is not your turn.
sms-game-start = #{ $id } { $game } against { $who } begins. Your move: reply with it.
# A command that changes the player's account, sent by SMS (a caller number can be forged).
sms-mail-only = arbitre: nothing done. By SMS: moves, DRAW, RESIGN, UNDO, CLAIM and views only; send this command by mail from your address.
