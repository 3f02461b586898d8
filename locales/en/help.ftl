# The general help (HELP), and the parts of a game's help that are not its guide.

help =
    arbitre referees board games played by mail. Write one command (or one move) alone on the first line of your mail; case does not matter.

    Start a game:
      NEW <game> [<variant>] [<option>...] [AS WHITE|BLACK|FIRST|SECOND] [TIME <control>] VS <address>
      (the other player receives an invitation and answers ACCEPT or DECLINE;
      unless you choose, you take the side that moves first)
      TIME 3d: 3 days per move; 30d+3d: 30 days plus 3 after each move;
      10/50d: 10 moves in 50 days (NEW abalone TIME 3d VS friend@example.org)
      NEW <game> ... VS arbitre [LEVEL 1-9]
                   play the computer now, at level 1 (the weakest) to 9
                   (the strongest; 3 unless you say); never rated

    In a game (reply to one of its mails):
      <your move>  in the game's own notation, one move per mail
      DRAW         offer a draw, or accept your opponent's offer
      PAT          Bulltricker: claim a draw (confirmed if the rules say so,
                   else sent to your opponent as an offer)
      DECLINE      decline an invitation or a draw offer
      RESIGN       resign the game
      UNDO         ask to take back your last move before it is answered, or
                   agree to your opponent's request (against the computer:
                   granted at once, with its answer)
      HINT         against the computer: it suggests a move
      BOARD        the current board
      HISTORY      the whole move list
      CHECK <moves>
                   try a move, or a line of moves for both sides, without
                   playing it: is it legal, what would it do (CHECK e5e6 i5h5)
      IF <their move> THEN <your move> [IF ... THEN ...]
                   prepare your answers to your opponent's next moves: arbitre
                   plays them as soon as the move comes, and your opponent
                   knows nothing before (IF i5h5 THEN b1c2)
      CONDITIONS   your prepared answers; CONDITIONS CLEAR drops them
      CLOCK        both clocks and the deadline of the player to move
      CLAIM        in a game in claim mode, win on time once your opponent's
                   time has run out

    Any time:
      GAMES        your games
      HELP [game]  this text, or the help of one game
      LANG <code>  receive arbitre's mails in another language ({ $languages })
      CHAT ON|OFF  receive, or not, the words your opponents write with their moves
      PICTURES ON|OFF
                   a picture of the board in your game mails (on unless you turn it off)
      PUBLIC ON|OFF
                   your casual games on arbitre's public pages, under your name only
                   (on unless you turn it off)
      NAME <name>  the name your opponents and the pages show (NAME Alice M.; at
                   most 40 characters, never an address)
      TZ <zone>    the time zone your deadlines are written in (TZ Europe/Paris)
      LEAVE <first day> <last day>
                   stop all your clocks for those days (LEAVE 2026-12-20 2027-01-03);
                   LEAVE CANCEL ends it, LEAVE alone shows what you have left
      PHONE <number>
                   link your phone to play and hear of your games by SMS; arbitre
                   texts it a code to send back (PHONE +33612345678); PHONE OFF
                   unlinks it
      NOTIFY SMS|MAIL|BOTH
                   what comes by SMS as well as by mail (NOTIFY SMS: your move to
                   play, reminders, results)
      NO MORE INVITATIONS
                   no invitation from another player reaches you any more (your
                   own NEW has them again)

    By SMS, from a linked phone: your move, or any command above; with several
    games, the game's number first (#12 e5e6). STOP stops every SMS, START
    resumes them.

    Games:
help-variants = Variants { $of } (write NEW { $game } <variant>; the first is the default):
help-options = Options (write name=value after the game in NEW):
# One option under help-options: its name, default value, values and what it changes.
help-option = {"  "}{ $name }={ $default } ({ $values }): { $what }
