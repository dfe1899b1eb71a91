# The analysis board (templates/analysis.html, src/http/pages/analysis.rs) and the
# analysis panel of a finished game (templates/_analysis.html, src/http/pages/panel.rs).

analysis-title = Analysis board
analysis-intro = Set up a position (each row its stones from its owner's left, separated by commas) or paste one, and see what each move is worth under perfect play.
# Before the notation, shown as code: south/north/side.
analysis-notation = A pasted position is written:
analysis-game = Game
analysis-north-row = North's row
analysis-south-row = South's row
analysis-to-move = To move
analysis-south = South
analysis-north = North
analysis-paste = Or paste a position
analysis-seen = Positions since the last capture (oldest first, separated by semicolons)
analysis-south-store = South's store (captures)
analysis-north-store = North's store (captures)
analysis-south-tuzdyk = South's tuzdyk (a pit of North's row)
analysis-north-tuzdyk = North's tuzdyk (a pit of South's row)
analysis-error-stores = Each store is a number of stones, the two together the stones off the board; { $game } needs them once stones are off the board, and neither may have won already
analysis-error-tuzdyk = A tuzdyk is a pit number of the opponent's row that the rules could make: Togyz kumalak only, never the 9th pit, nor the number of the opponent's tuzdyk, and it holds no stones
analysis-analyse = Analyse
analysis-result = Analysis
analysis-rows = The position: North at the top, its pits from its right
# Before the value, in bold.
analysis-side-to-move = { $side } to move:
analysis-exact = (exact)
analysis-estimate = (estimate)
analysis-estimate-depth = (estimate, search depth { $depth })
analysis-passes = The side to move has no stones and passes.
analysis-pit = Pit
analysis-value = Value
analysis-best = Best
# In the column of the best moves.
analysis-is-best = best
analysis-value-means = A value is the difference of the stones the side to move can still win over the opponent, stones already stored or captured left out.
analysis-json = The same as JSON

# Why a position was refused, by the error's code; without a final full stop.
analysis-error-variant = Choose one of the games
analysis-error-position = A position is written south/north/side, each row its stones from its owner's left separated by commas: 7,7/7,7/south
analysis-error-row = { $pits ->
    [one] Each row holds the stones of its { $pits } pit, as a number
   *[other] Each row holds the stones of its { $pits } pits, as numbers separated by commas
}
analysis-error-side = The side to move is South or North
analysis-error-stones = { $total ->
    [one] { $game } has { $total } stone: the rows hold at least one and at most as many
   *[other] { $game } has { $total } stones: the rows hold at least one and at most as many
}
analysis-error-no-moves = The side to move has no move: the game is over
analysis-error-seen = The earlier positions are written south/north/side, separated by semicolons, at most { $max }; each has as many stones on the board as this position, and none occurs so often that the game would have ended
analysis-error-building = The table of { $game } is being built, which takes some seconds after the server starts: try again shortly

# The panel of a finished game.
analysis-panel-title = Analysis
analysis-panel-values = Every value is { $name }'s, after each move: the final score difference { $name } can make sure of with best play from there on (+ ahead, − behind, by that many stones).
analysis-panel-exact = Every value here is exact.
analysis-panel-estimates = Values marked ≈ are estimates from a search; the others are exact.
analysis-panel-mistakes = A move that loses value and is not among the best is a mistake. Select a move to see the position after it.
analysis-graph-title = { $scale ->
    [one] The value after each move: up when { $up } is ahead, down when { $down } is ahead (up to { $scale } stone)
   *[other] The value after each move: up when { $up } is ahead, down when { $down } is ahead (up to { $scale } stones)
}
analysis-graph-ahead = { $name } ahead
analysis-graph-caption = The value after each move: up, { $up } ahead; down, { $down } ahead. Ringed in red: mistakes ({ $up } { $upmistakes }, { $down } { $downmistakes }).
# What a point of the graph says: where the game stands after a move.
analysis-lead = { $name } ahead by { $stones }
analysis-even = even
analysis-point-start = The start: { $lead }
analysis-point-move = Move { $ply } by { $name } ({ $pit }): { $lead }
analysis-point-mistake = Move { $ply } by { $name } ({ $pit }): { $lead }; a mistake, { $lost } lost
analysis-point-pit = pit { $pit }
analysis-pass = pass
analysis-move = Move
analysis-mark = Mark
analysis-mistake = mistake
analysis-pending = The computer is analysing this game; the analysis appears here when it is ready.
analysis-pending-reload = Reload the page in a moment to see it.
