# Correspondence events (tournaments): pairings, conditions, standings. $title: the event's
# title; $name: its short name, used in commands; $round: a round number.

crosstable-rank = #
crosstable-name = Name
crosstable-rating = Rating
crosstable-points = Pts
crosstable-current = Glicko
crosstable-round = Round

tournament-yes = yes
tournament-no = no
tournament-system-round-robin = round robin (everyone plays everyone once)
tournament-system-double-round-robin = double round robin (everyone plays everyone twice, once with each side)
tournament-system-swiss = Swiss system, { $rounds } rounds (FIDE Dutch pairings)
tournament-system-knockout-replay = knock-out by mini-matches of two games; a tied match plays two more
tournament-system-knockout-seed = knock-out by mini-matches of two games; a tied match goes to the higher seed
# One line of the conditions: $label, $value.
tournament-condition = {"  "}{ $label }: { $value }
tournament-game = Game
tournament-system = System
tournament-time = Time control
tournament-leave = Leave
tournament-leave-days = { $days } days a year (LEAVE stops your clocks)
tournament-conditionals = Conditional moves
tournament-takebacks = Take-backs (UNDO)
tournament-draw-offers = Draw offers per player and game
tournament-unlimited = no limit
tournament-tie-breaks = Tie-breaks
# One tie-break in the conditions, by its code.
tournament-tie-break = { $code ->
        [WIN] number of wins (WIN)
        [WON] games won over the board (WON)
        [SB] Sonneborn-Berger (SB)
        [DE] direct encounter (DE)
        [BH] Buchholz (BH)
        [BH-C1] Buchholz less the lowest (BH-C1)
        [BH-M1] median Buchholz (BH-M1)
        [ARO] average rating of the opponents (ARO)
        [LOTS] drawing of lots
       *[other] { $code }
    }
tournament-spectators = Spectators (public pages)
tournament-no-delay = the moves as they are played
tournament-delay-moves = the games { $moves } moves late
tournament-rated = Rated
tournament-directors = Directors

# At the top of the mail that starts each game of an event.
tournament-game-head = { $title }, round { $round }.

# The pairings mail. $id: the game's number; $opponent: the opponent's name; $side: the
# side the reader plays.
tournament-pairings-subject = [arbitre] { $title }: round { $round }
tournament-pairings-subject-all = [arbitre] { $title }: your games
tournament-pairings-round = Round { $round } of { $title } is paired:
tournament-pairings-first = { $title } has started. Round 1 is paired:
tournament-pairings-replay = Round { $round } of { $title }: your mini-match is tied, so two more games start now:
tournament-pairings-all = { $title } has started. All your games start now:
tournament-pairing-game = {"  "}Round { $round }: game #{ $id } against { $opponent }, you play { $side }.
tournament-pairing-bye = {"  "}Round { $round }: you have the bye (a win without a game).
tournament-pairing-bye-knockout = {"  "}Round { $round }: you have a bye, and go through to the next round.
tournament-conditions-head = The conditions of the event:
tournament-standings-hint = Send STANDINGS { $name } at any time for the current table.

# The end of the event.
# The event starts without an entry a director never confirmed.
tournament-entry-lapsed-subject = [arbitre] { $title }
tournament-entry-lapsed = { $title } has started without your entry: no director confirmed it. Nothing else changes for you.
tournament-final-subject = [arbitre] { $title }: final standings
tournament-final-head = { $title } is over. Thank you for playing. The final standings:
# To the directors when an event cannot move on. $name: the event's short name; $round:
# the round it cannot start; $why: the technical reason, as the command line gives it.
tournament-stuck-subject = [arbitre] { $title }: round { $round } cannot be paired
tournament-stuck-body = { $title } ({ $name }) is waiting: arbitre cannot start round { $round }.
    Reason: { $why }
    The event stays as it is. arbitre tries again each time its clock turns, and writes to you again only if the reason changes. To see the event: arbitre tournament show { $name }. Withdrawing a player (arbitre tournament withdraw { $name } ADDRESS) can make the pairing possible; arbitre tournament pair { $name } tries at once.
tournament-final-foot = 1 win, ½ draw, 0 loss, + and - won or lost without play, . not finished; { $shape ->
        [grid] * a player's own square
       *[rounds] { $first } and { $second }: the player moved first or second; a number before them: the opponent's place
    }; – under DE: no tie for the direct encounter to break.

# JOIN. $open: the events taking entries, one per line; $shown: the name shown in tables.
join-none-open = (no event is taking entries at the moment)
join-which = Which event? Write JOIN and its name, for example JOIN spring-2027, then if you like the name to show in the tables. Events taking entries:
    { $open }
join-unknown = There is no event named { $name } taking entries. Events taking entries:
    { $open }
join-status-pending = waiting for a director's confirmation
join-status-confirmed = confirmed
join-status-withdrawn = withdrawn
join-need-name = Which name should the tables show? Write it after the event's name, for example JOIN { $name } Ada Lovelace. Nothing was changed.
join-already = You are already entered in { $title } ({ $status }). Nothing was changed.
join-closed = Entries to { $title } are closed. Nothing was changed.
join-directors-only = Entries to { $title } are made by its directors: write to { $directors }. Nothing was changed.
join-pending = Your entry to { $title } is recorded, as { $shown }. A director will confirm it; you will get your pairings by mail when the event starts.
join-entered = You are entered in { $title }, as { $shown }. You will get your pairings by mail when the event starts.
join-director-confirm = { $shown } asks to enter { $title }. `arbitre tournament show { $name }` lists the entries with their addresses; to confirm this one:
    arbitre tournament enter { $name } --confirm ADDRESS
join-director-entered = { $shown } has entered { $title } (`arbitre tournament show { $name }` lists the entries).

# STANDINGS.
standings-no-event = You play in no event that has started, so there is no table to send.
standings-which = Which event? Write STANDINGS and its name. Yours:
    { $events }
standings-now = { $title }: the standings now (round { $round }).
standings-now-all = { $title }: the standings now.
standings-final = { $title }: the final standings.

# WITHDRAW.
withdraw-which = Which event? Write WITHDRAW and the name of an event you play in, for example WITHDRAW spring-2027. Nothing was changed.
withdraw-reason = withdrawal from { $title }
withdraw-done = You have withdrawn from { $title }. Your unfinished games are decided by the ICCF rule (lost by you if at least half of your games were over, cancelled otherwise); your opponents are told. You will not be paired again.
withdraw-entry = Your entry to { $title } is withdrawn; the event has not started, so nothing else changes.
withdraw-refused = You cannot withdraw from { $title } now (it is not running, or you already withdrew). Nothing was changed.

# The directors' copy of each step's pairings.
tournament-director-subject = [arbitre] { $title }: the pairings
tournament-director-started = { $title } has started; you direct it. Its pairings:
tournament-director-round = Round { $round } of { $title } is paired; you direct the event. The new games:
tournament-director-pairing-game = {"  "}Round { $round }: game #{ $id }, { $first } ({ $first_side }) against { $second } ({ $second_side }).
tournament-director-pairing-bye = {"  "}Round { $round }: { $player } has the bye.
tournament-director-hint = The standings at any time: arbitre tournament standings --config FILE { $name }
