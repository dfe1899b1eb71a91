# Games in lists and results, on every page (src/http/pages/view.rs).

# How a game ended.
ending-empty-row = a row ran empty
ending-no-moves = the side to move had no move
ending-repetition = the position repeated
ending-all-captured = every counter was captured
ending-majority = more than half the stones were won
ending-resign = resignation
ending-timeout = time ran out
ending-abort = aborted
# The result of an ended game: the winner first, then how, then the stones.
result-aborted = Aborted: no points.
result-won-resign = { $winner } won by resignation, { $won } stones to { $lost }.
result-won-timeout = { $winner } won on time, { $won } stones to { $lost }.
result-won = { $winner } won ({ $how }), { $won } stones to { $lost }.
result-draw = Draw ({ $how }): { $south } { $southstones } stones, { $north } { $northstones }.
# A game in a list: whose move it is and the time left.
line-you-to-move = you to move, { $time } left
line-to-move = { $name } to move, { $time } left
line-you-to-move-hurry = you to move, { $time } left (time is running out)
line-to-move-hurry = { $name } to move, { $time } left (time is running out)
line-you-vacation = you to move, clock stopped: { $count ->
    [one] { $away } is on vacation
   *[other] { $away } are on vacation
}
line-vacation = { $name } to move, clock stopped: { $count ->
    [one] { $away } is on vacation
   *[other] { $away } are on vacation
}
line-and = { $first } and { $second }
# A game in a list, for its players and for others.
line-against = against { $opponent }
line-match-game = game { $number } of { $of } of a match
