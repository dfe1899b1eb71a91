# Why a form was refused (src/http/pages/refusal.rs), by the error's stable code.
# Shown above the form, without a final full stop.

refused-bad-credentials = Wrong user name or password
refused-username-taken = That user name is taken
refused-invalid-username = A user name has 3 to 20 characters: letters a to z, digits, _ or -, and does not begin with "house"
refused-invalid-password = A password has at least 8 and at most 1024 characters
refused-wrong-password = The current password is wrong
refused-rate-limited = { $seconds ->
    [one] Too many tries: retry in { $seconds } second
   *[other] Too many tries: retry in { $seconds } seconds
}
refused-invalid-label = A token label has 1 to 100 characters and no control characters
refused-too-many-tokens = You have as many tokens as an account may: revoke one first
refused-too-many-tournaments = You have as many open tournaments as an account may: wait for one to start
refused-invalid-scopes = A token needs at least one scope
refused-invalid-email = That is not an e-mail address the daily e-mail can go to
refused-invalid-name = A tournament's name has 1 to 60 characters, none of them a control character
refused-invalid-variant = Choose one of the games
refused-invalid-days-per-move = Choose the days per move from the list
refused-invalid-max-players = A tournament has 2 to 32 players
refused-invalid-starts-at = The start is a date and time in the future
refused-invalid-time-zone = The time zone is not one of those offered
refused-already-joined = You are in this tournament already
refused-tournament-full = The tournament is full
refused-tournament-started = The tournament has started: joining is closed
refused-tournament-over = The tournament is over
refused-not-in-tournament = You are not in this tournament
refused-no-vacation-left = This year's days of vacation are used up
refused-not-on-vacation = You are not on vacation
refused-on-vacation = You are already on vacation
refused-invalid-settings = The form has a field it should not: reload the page and try again
refused-invalid-first = Choose who moves first from the list
refused-invalid-games = A match has 1 to 9 games
refused-invalid-schedule = Choose from the list how the games are played
refused-self-challenge = You cannot challenge yourself
refused-opponent-closed = That player's account is closed
refused-too-many-challenges = You have as many open challenges as an account may: cancel one first
refused-challenge-closed = The challenge is no longer open
refused-own-challenge = You cannot accept your own challenge

refused-link-unknown = This link is not known: a newer link may have replaced it. Ask for a new one.
refused-link-used = This link was used already: a link works once. Ask for a new one.
refused-link-expired = This link has expired. Ask for a new one.
refused-address-changed = This link verifies an address that is no longer the account's.
refused-mail-not-configured = This server sends no e-mail: ask its operator to set a new password for you.
refused-invalid-identifier = Type a user name or an e-mail address.
refused-no-address = Set an address first.
refused-already-verified = This address is verified already.
refused-too-late-to-abort = Both sides have moved: the game can no longer be aborted. Resigning is still possible.
refused-other = This could not be done (reason: { $code }).
