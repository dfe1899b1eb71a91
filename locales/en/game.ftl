# The game page (templates/game.html, _live.html, _board.html).

game-side-south = South
game-side-north = North
# The side's letter in the move notation the pages show (S3, N-): the first
# letter of the language's own word for the side; it is also the head of the
# analysis board's rows. Keep the two apart from each other.
game-side-south-letter = S
game-side-north-letter = N
game-status-your-turn = Your turn.
game-status-to-move = { $name } ({ $side }) to move.
game-status-over = Game over.
game-deadline-left = { $time } left
game-deadline-left-hurry = { $time } left: time is running out
game-rating-in = Rating in { $variant }
game-your-move = Your move
# After the viewer's own name under the board.
game-you-marker = (you)
game-board-caption = The board after move { $ply }: stones in each pit, from each owner's left
game-board-caption-last = The board after move { $ply }: stones in each pit, from each owner's left; the last move was { $move }
game-table-side = Side
game-table-pit = Pit { $number }
game-table-store = Store
game-table-captured = Captured
# The players under the title: the one at the bottom of the board first.
game-versus = { $bottom } v { $top }
game-match-link = Game { $number } of { $of } of the match
game-rules-of = Rules of { $variant }
game-record = Record
game-terms-rated = Rated
game-terms-casual = Casual
game-terms-weekend-pause = clocks paused at weekends (UTC)
game-analyse-position = Analyse this position
game-deadline = Deadline
game-thinking = { $name } is thinking…
game-vacation = Clock stopped: { $name } is on vacation. The deadline moves on by the time it stands still.
game-reload-hint = Reload the page to see your opponent's reply.
game-step-nav = Step through the game
game-step-start = Position after move { $ply } of { $of }: the start.
game-step-where = Position after move { $ply } of { $of } ({ $move }).
game-step-previous = ← Previous
game-step-next = Next →
game-step-live = Back to the live position
game-step-back = ← Step back through the moves
game-ratings = Ratings: { $changes }
game-rematch = Rematch
game-rematch-offer-you-first = Offers { $name } the same game again, you moving first.
game-rematch-offer-they-first = Offers { $name } the same game again, { $name } moving first.
game-rematch-offered = You offered { $name } a rematch; it starts when they accept.
game-rematch-withdraw = Withdraw the offer
game-rematch-offers-you-first = { $name } offers a rematch, you moving first.
game-rematch-offers-they-first = { $name } offers a rematch, { $name } moving first.
game-rematch-accept = Accept the rematch
game-rematch-decline = Decline
game-moves = Moves
game-no-moves = No moves yet.
game-abort = Abort…
game-resign = Resign…
# A time control: "1 day per move", "3 days per move".
time-per-move = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
# The board's text alternatives, read by screen readers.
board-play-pit = Play pit { $pit }, { $count ->
    [one] { $count } stone
   *[other] { $count } stones
}
board-pit = { $side } pit { $pit }: { $count ->
    [one] { $count } stone
   *[other] { $count } stones
}
# A Togyz kumalak house that is a tuzdyk: the pit's own words, then whose it is.
board-pit-tuzdyk = { $pit } (tuzdyk of { $side })
board-store = { $side }'s store: { $count }
board-captures = { $side }'s captures: { $count }
board-label = Board: { $top } at the top, { $bottom } at the bottom
# Shown after a refused move sent the player back to the game.
game-notice-moved = Your opponent moved meanwhile; here is the new position.
game-notice-elsewhere = You moved in another window meanwhile; here is the new position.
game-notice-over = The game ended meanwhile; here is how it stands.
# Why a move was refused.
game-refused-not-your-turn = It is not your turn
game-refused-out-of-range = Illegal move: there is no pit with that number in this game
game-refused-empty-pit = Illegal move: that pit is empty
game-refused-singleton = Illegal move: a pit holding a single stone may not be played
game-refused-must-feed = Illegal move: the opponent's row is empty: play a pit that sows into it
game-refused-grand-slam = Illegal move: that move would capture every stone in the opponent's row (a grand slam)
game-refused-game-over = Illegal move: the game is over
game-extra-move-you = Your last stone landed in your store: move again.
game-extra-move = { $name }'s last stone landed in their store: { $name } moves again.
# Move confirmation (play settings).
game-confirm-question = Play pit { $pit }?
game-confirm = Confirm
game-confirm-cancel = Choose another pit
game-confirm-setting-on = Confirm each move: on
game-confirm-setting-off = Confirm each move: off
# The pages that ask before resigning or aborting.
confirm-resign-title = Resign?
confirm-resign-question = Resign this game?
confirm-resign-explain = Your opponent wins, and the game ends now. This cannot be undone.
confirm-resign-button = Yes, resign
confirm-abort-title = Abort?
confirm-abort-question = Abort this game?
confirm-abort-explain = The game ends without a result and nobody scores. This cannot be undone.
confirm-abort-button = Yes, abort

# What the last moves did (issue 35): the viewer's move, then the reply.
game-last-moves = Last moves
game-ply-sown = { $move }: { $count } sown
game-ply-captured = { $count } captured from { $pits }
game-ply-captured-kazan = { $count } captured from { $pits } into the kazan
game-ply-tuzdyk-gives = { $count } into { $side }'s kazan through the tuzdyk { $pits }
game-ply-stored = { $count } into the store
game-ply-tuzdyk = tuzdyk made at { $pit }
game-ply-extra = moves again
game-ply-ends = the game is over
game-ply-pass = { $move }: no stones, the turn passes
game-ply-join = { $first }, { $next }
game-ply-by-you = You: { $summary }.
game-ply-by = { $name }: { $summary }.
game-next = Next game ({ $count } waiting)
game-next-key = Keyboard shortcut: N
game-repeat-warning = Careful: { $pits } would repeat a position, and that ends the game.
game-confirm-question-repeats = Play pit { $pit }? It repeats a position, which ends the game.
board-play-pit-repeats = Play pit { $pit } (stones: { $count }): it repeats a position and ends the game
