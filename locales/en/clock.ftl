# Clocks: time controls in words, time left, deadlines, the CLOCK and TZ commands.

clock-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
clock-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
clock-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
clock-seconds = { $n ->
    [one] { $n } second
   *[other] { $n } seconds
}
# Two parts of a duration: "2 days 4 hours".
clock-pair = { $first } { $second }

clock-control-none = no time limit
clock-control-per-move = { $time } per move
clock-control-fischer = { $base } to start, plus { $increment } after each move
clock-control-fischer-cap = { $base } to start, plus { $increment } after each move, at most { $cap } in hand
clock-control-moves = { $moves } moves in { $time }, unused time carried over
clock-option-whole-days = counted in whole days
clock-option-free = { $free } to reply before any time is counted
clock-option-double = time beyond { $double } on one move counted twice
clock-option-no-weekends = weekends not counted
clock-option-exact = counted to the second

clock-weekday = { $day ->
    [1] Monday
    [2] Tuesday
    [3] Wednesday
    [4] Thursday
    [5] Friday
    [6] Saturday
   *[7] Sunday
}
# An instant: in the reader's time zone, then in UTC.
clock-when = { $weekday } { $date } at { $time } ({ $zone }), { $utc } UTC
clock-when-utc = { $weekday } { $date } at { $time } UTC

clock-control-line = Time control: { $control } ({ $words }).
clock-left-line = Time left: you { $you }, { $opponent } { $theirs }.
clock-for-moves = { $time } for { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
clock-deadline-you = Your move must reach arbitre before { $when }.
clock-deadline-them = Deadline for { $who }: { $when }.
clock-not-started = Your time runs from the moment this mail left arbitre.
clock-paused = The tournament director has stopped the clocks of this game: no time is counted until they start again.
clock-claim-mode = Claim mode: running out of time ends the game only when the opponent claims it with CLAIM.

# CLOCK.
clock-head = Clocks of game #{ $id }:
clock-none = This game is played without a clock.
clock-your-zone = Times are written in your time zone, { $zone }; change it with TZ <zone>, e.g. TZ Europe/Paris.

# TZ.
zone-set = Your time zone is now { $zone }: deadlines in your mail are written in it, and in UTC.
zone-current = Your time zone is { $zone }. Change it with TZ followed by its name, e.g. TZ Europe/Paris or TZ America/Montreal.
zone-unknown = "{ $zone }" is not a time zone arbitre knows. Write its name as the time zone database does, e.g. TZ Europe/Paris, TZ America/Montreal or TZ UTC. Nothing was changed.

# Time controls that cannot be read (NEW ... TIME ...).
clock-error-unreadable = "{ $text }" is not a time control.
clock-error-option = "{ $text }" is not an option of a time control (options: exact, whole-days, no-weekends, free=12h, double=20d, double=off).
clock-error-short = "{ $text }" is too short: a time control gives at least 10 seconds.
clock-error-cap = The most time in hand must be at least the time to start with.
clock-error-none-options = "none" takes no options.
clock-error-missing = Give the time control after TIME.
new-bad-time = { $why } Write for instance TIME 3d (3 days per move), TIME 30d+3d (30 days, plus 3 after each move) or TIME 10/50d (10 moves in 50 days).

# A reminder to the player to move.
clock-reminder = Reminder: game #{ $id } ({ $title }) against { $opponent } has been waiting for your move for { $waited }.
# The end of a game on time.
end-time-you = Your time ran out: no move of yours reached arbitre before { $when }. You lose on time.
end-time-them = { $who } ran out of time: no move reached arbitre before { $when }. You win on time.
end-cancelled = The game is cancelled: its first move did not reach arbitre before { $when }. It counts for nobody.

# LEAVE.
leave-taken = Your leave from { $first } to { $last } is recorded ({ $days }): all your clocks stop during it. Leave left in { $year }: { $left }.
leave-opponent = { $who } is on leave from { $first } to { $last }: their clock stops during those days.
leave-opponent-cancelled = { $who } no longer takes leave from { $first } to { $last }.
leave-opponent-back = { $who } is back from leave early: their clock runs again.
leave-refused-soon = A leave starts tomorrow at the earliest. Nothing was recorded.
leave-refused-reversed = The last day comes before the first. Nothing was recorded.
leave-refused-overlap = These days overlap a leave already recorded. Nothing was recorded.
leave-refused-quota = That makes { $asked } in { $year }, and you have { $left } left. Nothing was recorded.
leave-usage = Write LEAVE followed by the first and the last day, e.g. LEAVE 2026-12-20 2027-01-03 (or 20/12/2026 03/01/2027). LEAVE CANCEL ends your current or next leave; LEAVE alone shows what you have left.
leave-balance = Leave left in { $year }: { $left } out of { $quota }.
leave-planned-head = Leave recorded:
leave-line = {"  "}{ $first } to { $last } ({ $days })
leave-none-planned = No leave recorded.
leave-cancelled = Your leave from { $first } to { $last } is cancelled; { $back } given back.
leave-cut = Your leave ends today instead of { $last }; { $back } given back.
leave-nothing-to-cancel = You have no current or future leave to cancel.

# CLAIM (games in claim mode).
claim-offered = { $who } has run out of time: no move reached arbitre before { $when }. This game is in claim mode: reply CLAIM to win on time, or go on waiting for their move.
claim-nothing = There is nothing to claim: { $who } still has time, until { $when }.
claim-your-move = It is your move: only your opponent's time can run out.
claim-no-clock = This game has no clock: there is no time to claim.
