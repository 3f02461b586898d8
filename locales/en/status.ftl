# The command line's status line under a board (arbitre play, arbitre board). $side: the
# side to move as side-name says it, or a side as side-label names it; $ply: the number of
# the half-move to play; $how: how the game ended.
status-to-move = { $side } to move (ply { $ply }).
status-won = { $side } wins: { $how }.
status-drawn = Draw: { $how }.
# A side with no legal move passes; $pass: the pass as the game writes it.
status-passes = { $side } has no move and passes ({ $pass }).
