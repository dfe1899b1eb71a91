# The tournament pages: the list and the new-tournament form
# (templates/tournaments.html), a tournament (templates/tournament.html) and the
# withdrawal's confirmation (templates/withdraw.html).

## The list

tournaments-title = Tournaments
tournaments-about = Round robins: everyone plays everyone (twice, sides swapped, in a double round robin). At the start every game begins at once; a win scores 1, a draw ½. Ties are broken by the Sonneborn–Berger score.
tournaments-open = Open
tournaments-running = Running
tournaments-past = Past
tournaments-none = None.
# A tournament in the list, after its name: "Mangala, single round robin, 3 days a
# move, rated; 2 of 8 players; starts 3 December 2026, 18:20 UTC; open: players may join".
tournaments-line = { $variant }, { $format }; { $players } of { $max } players; starts { $starts }; { $status }
tournaments-new-h = New tournament
tournaments-name = Name
tournaments-game = Game
tournaments-days-per-move = Days per move
tournaments-player-limit = Player limit
tournaments-player-limit-hint = (2 to 32)
tournaments-starts-at = Starts at
tournaments-local-time = (your own time, in the zone below)
tournaments-zone = Time zone
tournaments-zone-hint = (the start above is read in this zone)
# $zone is the browser's time zone: "Europe/Athens (UTC+02:00)".
tournaments-zone-browser = The start is read in your time zone: { $zone }
tournaments-double = Double round robin
tournaments-double-hint = (each pair plays twice, sides swapped)
tournaments-rated = Rated
tournaments-no-vacation = No vacation
tournaments-no-vacation-hint = (a player's vacation does not stop the clocks of these games)
tournaments-create = Create
# Followed by a link "Log in".
tournaments-need-account = Creating or joining a tournament needs an account.
tournaments-log-in = Log in

## A tournament's settings, as a list: "double round robin, 3 days a move, rated"

tournament-format-double = double round robin
tournament-format-single = single round robin
tournament-format-days = { $days ->
    [one] { $days } day a move
   *[other] { $days } days a move
}
tournament-format-rated = rated
tournament-format-casual = casual
tournament-format-no-vacation = vacation does not stop the clocks
# Between the parts of the list.
tournament-format-separator = {", "}
tournament-status-open = open: players may join
tournament-status-running = running
tournament-status-finished = finished
tournament-status-canceled = canceled: too few players

## A tournament

# Followed by the creator's name.
tournament-made-by = Made by
tournament-starts = starts { $starts }
tournament-players-h = Players ({ $count } of { $max })
tournament-no-one = No one yet.
tournament-join = Join
tournament-leave = Leave
tournament-withdraw = Withdraw…
tournament-withdraw-hint = (your remaining games are resigned)
tournament-final = Final standing
tournament-crosstable = Crosstable
tournament-player = Player
tournament-points = Points
# Sonneborn–Berger, the tie-break.
tournament-sb = SB
tournament-withdrew = (withdrew)
tournament-points-hint = Points: 1 a win, ½ a draw, 0 a loss; aborted games score nothing. SB (Sonneborn–Berger): over a player's games, the points scored in each times the opponent's total.
tournament-games-h = Games
tournament-no-games = No games yet.

## Withdrawing from a tournament that has started

withdraw-title = Withdraw?
withdraw-question = Withdraw from { $name }?
withdraw-games = { $count ->
    [0] None of your games is still going on: nothing is resigned, and your finished games keep their results.
    [one] Your { $count } game still going on will be resigned: it counts as a loss.
   *[other] Your { $count } games still going on will be resigned: each counts as a loss.
}
withdraw-final = This cannot be undone.
withdraw-yes = Yes, withdraw
withdraw-no = No, back to the tournament
