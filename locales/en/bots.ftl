# The bot author's kit on the pages: token scopes (templates/tokens.html) and the
# reasons a challenge is declined for (templates/home.html).

## The tokens page: what a token may be used for. The scope names themselves
## (read, play, challenge, webhooks, account) are the API's and stay as they are.

tokens-scopes = Scopes
# A token made for every scope.
tokens-scopes-all = all
# Under the scope boxes of the new-token form.
tokens-scopes-hint = A token can do only what its ticked scopes allow.
# What each scope allows, beside its box.
tokens-scope-read = See your games, challenges and account, and follow them live.
tokens-scope-play = Move, resign and abort in your games.
tokens-scope-challenge = Make, accept, decline and cancel challenges; join and leave tournaments.
tokens-scope-webhooks = Register webhooks and read their deliveries.
tokens-scope-account = Change your settings: tokens, vacation, calendar, digest, notifications, challenge filters.
# The new token, shown once: the label of its box, its copy button, and what the
# button says after.
tokens-secret-label = Your new token
tokens-copy = Copy
tokens-copied = Copied.
tokens-copy-failed = Could not copy: select the token and copy it yourself.

## The home page: declining a challenge, and the challenger told why.

home-decline-reason-label = Reason
home-declined = Declined
# After the opponent's name: "mehmet declined your Modiar challenge: not this game."
home-declined-line = declined your { $variant } challenge: { $reason }.

decline-reason-generic = no reason given
decline-reason-later = not now: please ask again later
decline-reason-variant = not this game
decline-reason-time-control = not with this time per move
decline-reason-too-fast = too little time per move: please ask for more days
decline-reason-rated = please send a rated challenge instead
decline-reason-casual = please send a casual challenge instead
decline-reason-not-bots = no games against bots
decline-reason-only-bots = games against bots only
