# The home page (templates/home.html), signed in, and the welcome page
# (templates/welcome.html), signed out.

home-title = Your games
home-your-turn = Your turn
home-no-turn = No game is waiting for you.
home-waiting = Waiting for your opponent
home-none = None.
home-challenges = Challenges
home-no-challenges = No open challenges.
home-for-you = For you
# After the challenger's name.
home-challenges-you = challenges you to { $variant }, { $kind }, { $pace }, first mover: { $first }.
home-accept = Accept
home-decline = Decline
home-open-to-anyone = Open to anyone
# After the challenger's name and a colon.
home-open-line = { $variant }, { $kind }, { $pace }, first mover: { $first }.
home-yours = Yours
home-mine-open = { $variant } open to anyone, { $kind }, { $pace }, first mover: { $first }.
home-mine-to = { $variant } to { $opponent }, { $kind }, { $pace }, first mover: { $first }.
home-cancel = Cancel
home-rematch-tag = Rematch
home-rated = rated
home-casual = casual
home-rated-weekends = rated, clocks paused at weekends
home-casual-weekends = casual, clocks paused at weekends
home-match-sequential = a match of { $count } games one after another
home-match-parallel = a match of { $count } games all at once
home-match-sequential-decided = a match of { $count } games one after another, ending once decided
home-match-parallel-decided = a match of { $count } games all at once, ending once decided
home-first-random-line = drawn at random
home-first-challenger-line = the challenger
home-first-opponent-line = the opponent
home-no-player = There is no player called “{ $name }”.
home-new-challenge = New challenge
home-game = Game
home-days-per-move = Days per move
home-who-first = Who moves first
home-first-random = Drawn at random
home-first-me = Me
home-first-my-opponent = My opponent
home-opponent = Opponent
home-opponent-hint = (a user name; leave empty for an open challenge)
home-rated-label = Rated
home-rated-hint = (the result moves both players' ratings)
home-weekend-pause = Weekend pause
home-weekend-pause-hint = (clocks stop on Saturdays and Sundays, UTC)
home-match = Match
home-match-hint = (the score is the sum of points, 1 / ½ / 0; the first mover alternates)
home-games = Games
home-games-choice = { $count ->
    [one] { $count } game
   *[other] A match of { $count } games
}
home-played = Played
home-one-after-another = One after another
home-all-at-once = All at once
home-end-once-decided = End once decided
home-end-once-decided-hint = (when one player can no longer be caught)
home-challenge = Challenge
home-computer = Play the computer
home-computer-hint = A house bot accepts within seconds and answers each move at once.
home-level = Level
home-level-random = Random
home-level-random-hint = Any legal move: the easiest.
home-level-greedy = Greedy
home-level-greedy-hint = Takes the most stones it can now.
home-level-search = Search
home-level-search-hint = Looks a few moves ahead.
home-level-perfect = Perfect
home-level-perfect-hint = Perfect play in Tihbat and Modiar (solved); a deep search in the other games.
home-computer-play = Start the game

welcome-title = Mancala by correspondence
welcome-intro = seedpost is a place to play six sowing games (mancala): Mangala from Turkey, Modiar and Tihbat from Morocco, Kalah, Oware and Togyz kumalak. Play at your own pace: a move every few days, from a phone or a desk, against friends or bots.
welcome-sign-up = Sign up
welcome-log-in = Log in
welcome-three-games = The three games
welcome-mangala = Six pits and a store on each side, four stones in each pit. End in your store to move again; capture even counts on the far row.
welcome-modiar = Three pits of seven. Capture twos, fours and sixes in a chain; feed an empty row; no grand slams.
welcome-tihbat = The smallest board: two pits of seven counters each, captures in your own pits only.
welcome-watch = Games to watch
welcome-no-ongoing = No games are being played right now.
welcome-finished = Recently finished
welcome-no-finished = No game has finished yet.
