# The game page's "Plan ahead" section (templates/_plan.html): conditional moves.

plan-title = Plan ahead
plan-explain = While your opponent is to move, write what you will answer: "if they play 3, I play 5". A line is the pits sown in turn, theirs first, then yours (a side with an extra turn sows twice in a row). When their move matches a line, your reply is played at once. Nobody else sees your lines.
plan-none = No lines yet.
plan-line-label = New line
plan-line-hint = Pit numbers separated by spaces, such as 3 5 1 4.
plan-add = Add the line
plan-delete = Delete
plan-delete-line = Delete the line { $line }
plan-played = Played from your lines: plies { $plies }.
plan-refused-illegal = That line cannot be played: its ply { $ply } is not allowed there.
plan-refused-conflicting = That line answers the same moves of your opponent differently from another line.
plan-refused-no-reply = A line needs at least one move of yours after your opponent's.
plan-refused-too-many = Too many lines, or a line too long (at most 64 lines of 40 plies).
plan-refused-not-pits = Write a line as pit numbers separated by spaces, such as 3 5 1.
plan-refused-stale = The game has moved on: lines are set while your opponent is to move.
plan-board-title = Play it out on the board
plan-board-empty = Tap their move on the board, then yours.
plan-board-line = Line so far: { $line }
plan-board-theirs = Their move: tap one of their pits (at the top).
plan-board-yours = Your move: tap one of your pits (at the bottom).
plan-board-over = The game would be over here.
plan-board-sow = Sow pit { $pit }
plan-board-undo = Take back the last ply
plan-board-save = Save the line
