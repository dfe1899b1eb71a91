# A player's page (templates/player.html), the standings (templates/standings.html),
# a match (templates/match.html), and the confirmation of resigning or aborting a game
# (templates/confirm.html).

## The columns of records and standings; the short ones are for phones

standings-played = Played
standings-played-short = P
standings-won = Won
standings-won-short = W
standings-drawn = Drawn
standings-drawn-short = D
standings-lost = Lost
standings-lost-short = L
standings-points = Points
standings-points-short = Pts
standings-rank = Rank
standings-rank-short = #
standings-rating = Rating
standings-player = Player

## The standings

# $variant is a game's name or standings-all-games.
standings-heading = Standings: { $variant }
standings-all-games = all games
standings-games-nav = Games
standings-all = All
standings-none = No finished games yet.
standings-ratings-hint = Ratings are Glicko-2, moved by rated games only: rating ± deviation; a ? marks a provisional rating (deviation above 110).
standings-pages = Pages of the standings
standings-higher = Higher places
standings-lower = Lower places
standings-page = Page { $page }

## A player's page

player-bot = bot
player-joined = Joined { $when }.
player-closed = This account is closed.
player-deleted = This account was deleted by its player; its finished games stay under this name.
player-record-h = Record
player-game = Game
player-all-games = All games
player-matches-h = Matches
player-recent-h = Recent games
player-no-games = No games yet.
player-all-finished = All finished games of { $name }

## A match

# The page's title.
match-page-title = { $variant } match: { $south } v { $north }
match-title = { $variant } match
match-versus = { $south } v { $north }
match-terms-sequential = { $games ->
    [one] A match of { $games } game, one after another
   *[other] A match of { $games } games, one after another
}
match-terms-sequential-decided = { $games ->
    [one] A match of { $games } game, one after another, ending once decided
   *[other] A match of { $games } games, one after another, ending once decided
}
match-terms-parallel = { $games ->
    [one] A match of { $games } game, all at once
   *[other] A match of { $games } games, all at once
}
match-terms-parallel-decided = { $games ->
    [one] A match of { $games } game, all at once, ending once decided
   *[other] A match of { $games } games, all at once, ending once decided
}
match-rules = Rules of { $variant }
match-score-h = Score
match-games-h = Games
match-game = Game
match-game-number = Game { $number }
match-first = First mover
match-result = Result
match-playing = Playing
match-aborted = Aborted
match-won-by = Won by { $name }
match-drawn = Drawn
match-under-way = Under way
match-under-way-decided = Under way, decided
# A match in a player's list: "Mangala, 5 games: ayse 2½ – 1 mehmet, under way".
match-line = { $games ->
    [one] { $variant }, { $games } game: { $south } { $south-points } – { $north-points } { $north }, { $standing }
   *[other] { $variant }, { $games } games: { $south } { $south-points } – { $north-points } { $north }, { $standing }
}
match-line-under-way = under way
match-line-won-by = won by { $name }
match-line-drawn = drawn

## Resigning or aborting a game: the confirmation

# $title is the game's title, $ply how many moves were played.
confirm-after-ply = { $title }, after ply { $ply }.
confirm-back = No, back to the game

## A player's finished games (templates/finished.html)

# The page's title.
finished-title = { $name }: finished games
# After the player's name.
finished-heading = finished games
finished-filters = Show only
finished-game = Game
finished-all-games = All games
finished-result-for = Result for { $name }
finished-any-result = Any result
finished-won = Won
finished-drawn = Drawn
finished-lost = Lost
finished-show = Show
finished-none-match = No finished games match.
finished-none = No finished games yet.
# Before the opponent's name.
finished-against = against
finished-by-resignation = by resignation
finished-on-time = on time
finished-pages = Pages
finished-newer = Newer games
finished-older = Older games
finished-page = Page { $page }
