# seedpost's shared words: the layout (navigation, footer, language menu), times and
# dates, the error page. English is the source of every catalogue.

## The layout (templates/base.html)

nav-skip = Skip to the content
nav-site = Site
nav-standings = Standings
nav-tournaments = Tournaments
nav-rules = Rules
nav-analysis = Analysis
nav-your-games = Your games
# The count beside "Your games", read by screen readers.
nav-turns-waiting = { $count ->
    [one] { $count } game waiting for your move
   *[other] { $count } games waiting for your move
}
nav-challenges-waiting = { $count ->
    [one] { $count } challenge waiting for your answer
   *[other] { $count } challenges waiting for your answer
}
nav-waiting-both = { $games }, { $challenges }
nav-settings = Settings
nav-log-out = Log out
nav-log-in = Log in
nav-sign-up = Sign up
footer-about = seedpost — Mangala, Modiar, Tihbat, Kalah, Oware and Togyz kumalak by correspondence.
footer-rules = Rules
footer-api = API
# The label of the language menu; each language is named in itself.
footer-language = Language

## Dates and times shown by the server, in chrono's strftime syntax (%B is the
## month's name in the language, %-d the day without a leading zero).

format-date-time = %-d %B %Y, %H:%M UTC
format-date = %-d %B %Y

## Durations

time-left-none = no time left
# Two units of a duration: "2 days 3 hours".
time-two-units = { $larger } { $smaller }
time-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
time-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
time-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}

## The error page (templates/error.html)

error-back-home = Back to the home page
error-log-in-needed = Log in to see this page.
error-log-in = Log in
error-sign-up = Sign up
error-status-400 = Bad request
error-status-401 = Not signed in
error-status-403 = Forbidden
error-status-404 = Not found
error-status-405 = Method not allowed
error-status-409 = Conflict
error-status-413 = Too large
error-status-422 = Not accepted
error-status-429 = Too many requests
error-status-500 = Server error
error-status-503 = Unavailable
error-status-other = Error
# What an error page says, by the error (the heading says the status).
error-not-found = There is nothing at this address: the page does not exist, or what it showed is gone.
error-forbidden = You may not do this. If you sent a form, it may have expired: go back, reload the page and try again.
error-not-a-player = You do not play in this game.
error-game-over = The game is over.
error-internal = Something went wrong on the server. Try again in a moment.
error-unavailable = The server is busy or down for a moment. Try again shortly.
error-invalid-query = The address has a part this page does not understand: check it, or follow a link from the site.
