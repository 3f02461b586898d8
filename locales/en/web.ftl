# The public pages (arbitre web): games, players, events and the front page. Spectators
# read them: never "you". $moves, $move: counts of moves (each player's move counts one).

web-footer = Games refereed by arbitre, played by mail and SMS. Players appear under their names only.
web-index-title = Games and events
web-events = Events
web-no-event = No event yet.
web-recent-games = Latest games
web-games = Games
web-no-game = No game to show.
web-moves = Moves
web-in-play = in play
web-in-play-moves = in play, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
web-status-entry = taking entries
web-status-running = in play
web-status-finished = finished
web-back-home = Back to the games and events

# A game's page. $game: the game (and variant); $number: the game's number.
web-game-title = { $first } – { $second }
web-game-subtitle = { $game }, game #{ $number }
web-round = round { $round }
web-round-heading = Round { $round }
web-steps = Step through the moves
web-step-first = Start
web-step-previous = Back
web-step-next = Forward
web-step-last = Latest
web-at-start = Start position ({ $moves ->
    [one] { $moves } move played
   *[other] { $moves } moves played
}).
web-after-move = After move { $move } of { $moves }.
web-held-back = Spectators see this tournament game { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} late: the latest moves appear as the game goes on, and all of them once it is over.
web-record = Download the record ({ $format })
web-clocks = Clocks
web-clock-left = { $name }: { $time } left.
web-clock-deadline = { $name } must move before { $when }.

# A player's page.
web-ratings = Ratings
web-rated-games = { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}
web-casual-hidden = This player's casual games are not shown.
web-unnamed = Player { $handle }
# The computer (NEW ... VS arbitre), wherever the pages name a player.
web-computer = arbitre (computer, level { $level })

# An event's page. $game: the event's game.
web-event-entry = { $game }: taking entries.
web-event-running = { $game }: in play.
web-event-finished = { $game }: finished.
web-standings = Standings
web-entrants = Entrants
web-conditions = Conditions
web-bye-full = bye (1 point)
web-bye-half = bye (½ point)
web-bye-zero = not paired (0 points)
web-legend = 1 win, ½ draw, 0 loss, + and - won or lost without play, . not finished; { $shape ->
        [grid] * the player's own square
       *[rounds] { $first } and { $second }: the player moved first or second; a number before them: the opponent's place
    }; – under DE: no tie for the direct encounter to break.

# The statistics page (/stats); `arbitre stats` prints the same lines. $games: a count of
# games; $average: moves per game, with one decimal (web-stats-decimal); $side: a side as
# side-label names it.
web-stats-title = Statistics
web-stats-game-title = Statistics: { $game }
web-stats-link = Statistics of the finished games
web-stats-all = All games
web-stats-note = Counted: the finished games the pages show; not the casual games their players keep off the pages, nor the games that ended before their first move or that count for nobody. Each player's move counts as one.
web-stats-none = No finished game yet.
web-stats-section = { $game } – { $variant }
web-stats-other-start = other start positions
web-stats-summary = { $games ->
    [one] { $games } finished game
   *[other] { $games } finished games
}, { $average } moves on average.
web-stats-result = Result
web-stats-games = Games
web-stats-share = Share
web-stats-wins = { $side } wins
web-stats-draws = Draws
web-stats-openings = Most played openings
web-stats-opening = { $opening }: { $games ->
    [one] { $games } game
   *[other] { $games } games
}
web-stats-longest = Longest games
web-stats-long-won = Game #{ $number }: { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, won by { $side }
web-stats-long-drawn = Game #{ $number }: { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, drawn
# A number with one decimal: $units, then $tenths (0 to 9).
web-stats-decimal = { $units }.{ $tenths }
# A share in per cent; $number: web-stats-decimal.
web-stats-percent = { $number }%

# Addresses that name nothing.
web-missing-page = Page not found
web-missing-page-why = There is no page at this address.
web-missing-game = Game not found
web-missing-game-why = There is no game with this number, or its players keep it off the public pages.
web-missing-move = Move not found
web-missing-move-why = This game has not reached that move, or spectators cannot see it yet.
web-missing-player = Player not found
web-missing-player-why = There is no player at this address.
web-missing-event = Event not found
web-missing-event-why = There is no event with this name.

# In game mails, when the pages have a public address.
web-link = This game on the web: { $url }
