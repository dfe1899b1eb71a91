# The rules pages (templates/rules.html): the worked example's captions.

rules-start-of = The start of { $variant }.
rules-start-to-move = The start: { $side } to move.
rules-plays = { $side } plays pit { $pit }.
rules-wins = { $side } wins
rules-draw = a draw
rules-over = The game is over: South { $south }, North { $north }, { $result }.
rules-store = { $side }'s store: { $was } → { $now }.
rules-captures = { $side } captures { $count }.
rules-again = { $side } moves again.
rules-to-move = { $side } to move.
