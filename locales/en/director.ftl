# What a tournament director's changes tell the players ($id: the game's number; $you: yes
# when the change is to the reader's own clock, else it is their opponent's).

director-time-given = { $you ->
        [yes] The tournament director has added { $time } to your clock in game #{ $id }.
       *[no] The tournament director has added { $time } to your opponent's clock in game #{ $id }.
    }
director-time-taken = { $you ->
        [yes] The tournament director has taken { $time } off your clock in game #{ $id }.
       *[no] The tournament director has taken { $time } off your opponent's clock in game #{ $id }.
    }
director-time-set = { $you ->
        [yes] The tournament director has set your clock in game #{ $id } to { $time }.
       *[no] The tournament director has set your opponent's clock in game #{ $id } to { $time }.
    }
director-paused = The tournament director has stopped both clocks of game #{ $id }.
director-resumed = The tournament director has started the clocks of game #{ $id } again.
director-claim-on = The tournament director has put game #{ $id } in claim mode: running out of time ends the game only when the opponent claims it with CLAIM.
director-claim-off = The tournament director has taken game #{ $id } out of claim mode: running out of time now ends the game at once.
director-reason = Reason given: { $reason }
director-leave-granted = The tournament director has granted you special leave from { $first } to { $last } ({ $days }). It does not count against your yearly leave; all your clocks stop during it.
end-adjudicated = The tournament director has decided the result of this game.
end-cancelled-by-director = The tournament director has cancelled this game.
