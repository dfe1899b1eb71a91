"""The API's JSON shapes, as `TypedDict`s: generated from the served OpenAPI
description by `python -m seedpost.codegen <url>/api/v1/openapi.json`. Do not edit:
tests/test_models.py fails when this file differs from the description."""

# fmt: off
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union  # noqa: F401

#: How sure a value is.
Certainty = Literal['exact', 'estimate']

#: The `type` of a `ChallengeEvent`: `challenge`, to the player a new challenge names (and in the snapshot, for each open challenge naming the account); `challenge_canceled`, to the player a withdrawn challenge named; `challenge_declined`, to the challenger. An accepted challenge has no event of its own: both players get the `game_start` of its game.
ChallengeEventType = Literal['challenge', 'challenge_canceled', 'challenge_declined']

#: The `type` of a `ChatEvent`: `chat_line`, to both players of a game when either writes in its chat.
ChatEventType = Literal['chat_line']

#: Whether a game's clock runs.
Clock = Literal['running', 'stopped']

#: Why a challenge was declined.
DeclineReasonName = Literal['generic', 'later', 'variant', 'time_control', 'rated', 'casual', 'too_fast', 'not_bots', 'only_bots']

#: One line of an account's event stream (or one webhook delivery's body): a stored event, with its `seq`, or a line of the snapshot a stream starts with, marked `"snapshot": true` and without `seq`. Its `type` says which of the five shapes it has.
Event = Union['ChallengeEvent', 'GameEvent', 'TournamentEvent', 'MatchEvent', 'ChatEvent']

#: A chat line of one of the account's games, with its game.
ExportedLineJson = Any

#: A note of the account's, with its game.
ExportedNoteJson = Any

#: The `type` of a `GameEvent`: `game_start` to both players (this is how a challenger learns that its challenge was accepted); `move` to both, after every ply; `your_turn` to the player to move, beside the `move` and at the start (and in the snapshot, for each game where the account is to move); `time_running_out` to the player to move, once per ply when 80% of the move's time is used, and at each reminder time the player chose for bots (`PUT /me/notifications`, `bot`), with `minutes_left`; `game_finish` to both, with the game's `result`; `vacation_start` and `vacation_end` to the opponent of a player who goes on vacation or is back (the game's `clock` stops, and runs again to the moved deadline).
GameEventType = Literal['game_start', 'move', 'your_turn', 'time_running_out', 'game_finish', 'vacation_start', 'vacation_end']

#: Where a game stands.
GameStatusName = Literal['ongoing', 'finished', 'aborted']

#: The `type` of a `MatchEvent`: `match_finish`, to both players when a match ends (all its games are over, or it is decided).
MatchEventType = Literal['match_finish']

#: What an API token may be used for; each route that takes a token names the one it needs (403 `missing_scope` without it).
ScopeName = Literal['read', 'play', 'challenge', 'webhooks', 'account']

#: A side of the board.
SideName = Literal['south', 'north']

#: The `type` of a `TournamentEvent`: `tournament_start` to each player at its start (all its games start with it, each with its `game_start`); `tournament_finish` to each player when its last game ends, or when it is canceled at its start for want of players.
TournamentEventType = Literal['tournament_start', 'tournament_finish']

#: Where a tournament stands.
TournamentStatusName = Literal['open', 'running', 'finished', 'canceled']

#: How a value was found.
ValueKind = Literal['exact', 'search']

#: A game: `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
VariantName = Literal['mangala', 'modiar', 'tihbat', 'kalah', 'oware', 'togyz']


class _AccountExportJsonRequired(TypedDict):
    """The fields of AccountExportJson always present."""
    #: When it was taken.
    exported_at: str
    #: The account.
    account: 'AccountJson'
    #: Its API tokens (never their secrets).
    tokens: List['TokenJson']
    #: Every game it played, with the moves, oldest first.
    games: List['GameJson']
    #: Its open challenges and those naming it.
    challenges: List['ChallengeJson']
    #: Its webhooks (never their secrets).
    webhooks: List['WebhookJson']
    #: Its push devices.
    push_subscriptions: List['PushSubscriptionJson']
    #: What it is told, and how.
    notifications: 'NotificationSettingsJson'
    #: Its daily digest settings.
    digest: 'DigestJson'
    #: Its vacation and allowance.
    vacation: 'VacationJson'
    #: Its ratings.
    ratings: List['VariantRatingJson']
    #: Its conditional lines in force, game by game.
    conditional: List['AccountLinesJson']
    #: Its own notes on games.
    notes: List['ExportedNoteJson']
    #: The accounts it blocked.
    blocks: List['BlockedJson']
    #: The chat of every game it played, oldest first.
    chat: List['ExportedLineJson']


class AccountExportJson(_AccountExportJsonRequired, total=False):
    """Everything the server keeps of an account that its player may take away."""
    #: Since when its calendar feed exists; null without one (the feed's secret URL is not shown again).
    calendar_since: Optional[str]


class AccountJson(TypedDict):
    """`GET /me`, and the account in a sign-up answer."""
    #: The name.
    username: str
    #: Whether a program plays.
    bot: bool
    #: When it was made.
    created_at: str


class AccountLinesJson(TypedDict):
    """An account's conditional lines in one game, in its export."""
    #: The game.
    game: str
    #: The game's ply the lines start from.
    ply: int
    #: The lines: the pits sown in turn from that ply.
    lines: List[List[int]]


class AnalysisJson(TypedDict):
    """The analysis of a game."""
    #: The game's id.
    game_id: str
    #: The game played.
    variant: 'VariantName'
    #: Every ply, in order.
    plies: List['PlyAnalysisJson']


class BlockedJson(TypedDict):
    """A blocked account."""
    #: Its name.
    username: str
    #: Since when it is blocked.
    since: str


class _CalendarJsonRequired(TypedDict):
    """The fields of CalendarJson always present."""
    #: Whether a feed URL works now.
    active: bool


class CalendarJson(_CalendarJsonRequired, total=False):
    """`GET /me/calendar`: whether the account has a feed, never its URL."""
    #: When its secret was made; null without one.
    created_at: Optional[str]


class CalendarUrlJson(TypedDict):
    """`POST /me/calendar`: the feed's URL, shown once."""
    #: The feed: subscribe to it in a calendar program. Anyone with this URL sees the account's games and deadlines; a new one (or `DELETE /me/calendar`) stops it.
    url: str


class _ChallengeEventRequired(TypedDict):
    """The fields of ChallengeEvent always present."""
    #: What happened.
    type: 'ChallengeEventType'
    #: The challenge as it stands after the event (`GET /challenges/{id}`).
    challenge: 'ChallengeJson'


class ChallengeEvent(_ChallengeEventRequired, total=False):
    """An event about a challenge, carrying it."""
    #: The event's number in the account's events, counting up from 1; a snapshot line has none.
    seq: Optional[int]
    #: `true` on a line of the snapshot a stream starts with (the current state, not a stored event); absent otherwise.
    snapshot: Optional[bool]


class ChallengeFiltersJson(TypedDict):
    """`GET` and `PUT /me/challenge-filters`: the challenges the account takes."""
    #: Whether the account has filters; without, every challenge is taken (and the fields below say so).
    active: bool
    #: The variants taken.
    variants: List[str]
    #: The fewest days per move taken.
    min_days_per_move: int
    #: The most days per move taken.
    max_days_per_move: int
    #: Whether rated challenges are taken.
    rated: bool
    #: Whether casual challenges are taken.
    casual: bool
    #: Whether challenges from bots are taken.
    from_bots: bool
    #: Whether challenges from people are taken.
    from_humans: bool


class ChallengeFiltersRequest(TypedDict, total=False):
    """`PUT /me/challenge-filters`'s body: what is left out takes everything."""
    #: The variants taken (`mangala`, `modiar`, `tihbat`, `kalah`, `oware`, `togyz`); all when left out.
    variants: Optional[List[str]]
    #: The fewest days per move taken (1, 2, 3, 5, 7, 10 or 14); 1 when left out.
    min_days_per_move: Optional[int]
    #: The most days per move taken; 14 when left out.
    max_days_per_move: Optional[int]
    #: Whether rated challenges are taken (default true).
    rated: Optional[bool]
    #: Whether casual challenges are taken (default true).
    casual: Optional[bool]
    #: Whether challenges from bots are taken (default true).
    from_bots: Optional[bool]
    #: Whether challenges from people are taken (default true).
    from_humans: Optional[bool]


class _ChallengeJsonRequired(TypedDict):
    """The fields of ChallengeJson always present."""
    #: Its id.
    id: str
    #: Who made it.
    challenger: str
    #: The game.
    variant: 'VariantName'
    #: Days per move.
    days_per_move: int
    #: `random`, `challenger` or `opponent`.
    first: str
    #: Whether its game is rated (moves the players' ratings) or casual.
    rated: bool
    #: Whether its game's clocks stop on Saturdays and Sundays (UTC).
    weekend_pause: bool
    #: The number of games: 1 is a single game, 2 to 9 a match.
    games: int
    #: How a match's games are played: `sequential` (one after another) or `parallel` (all at once).
    schedule: str
    #: Whether a match ends as soon as one player's points cannot be caught.
    stop_when_decided: bool
    #: `open`, `accepted`, `declined` or `canceled`.
    status: str
    #: When it was made.
    created_at: str


class ChallengeJson(_ChallengeJsonRequired, total=False):
    """A challenge."""
    #: Whom it names, or null when open to anyone.
    opponent: Optional[str]
    #: Why it was declined (set exactly when `status` is `declined`): the reason the player it names gave, or the one their challenge filters found.
    decline_reason: Optional['DeclineReasonName']
    #: The game it started (game 1 of a match).
    game_id: Optional[str]
    #: The game it is the rematch of, when offered as one (the game page's Rematch button); null otherwise.
    rematch_of: Optional[str]


class ChannelSettingsJson(TypedDict, total=False):
    """One channel's settings."""
    #: The kinds of notice sent: `your_turn`, `challenge`, `game_start`, `game_finish` (push and email only).
    kinds: List[str]
    #: Minutes before a move's deadline at which a reminder is sent: each one of 15, 30, 60, 120, 240, 480, 720, 1440, 2880. Each is sent once per move while the clock runs; a time as long as the move's whole time or longer is not sent for that move, and of several that came due together only the nearest the deadline is (docs/notifications.md).
    reminders: List[int]


class ChatEvent(TypedDict):
    """An event about a game's chat: a line written by either player, to both (never in the public game stream)."""
    #: What happened.
    type: 'ChatEventType'
    #: The event's number in the account's events.
    seq: int
    #: The game whose chat it is.
    game_id: str
    #: The line, as `GET /games/{id}/chat` lists it.
    line: 'LineJson'


class ConditionalBody(TypedDict):
    """Conditional lines to set."""
    #: The game's `ply` as the player saw it: lines for another position are refused.
    ply: int
    #: The lines, each the pits sown in turn from the current position by whoever the rules say moves: the opponent's ply or plies first, then at least one of yours. At most 64 lines of at most 40 plies; an empty list clears them.
    lines: List[List[int]]


class ConditionalJson(TypedDict):
    """A player's conditional lines in a game, as only that player sees them."""
    #: The game's ply the lines start from.
    ply: int
    #: The lines in force: each the pits sown in turn from that ply, by whoever the rules say moves (the opponent first; automatic passes are not written).
    lines: List[List[int]]
    #: The plies of the game the server played from this player's lines (seen by this player alone).
    played: List[int]


class CrossCellJson(TypedDict):
    """A player's results against one opponent."""
    #: The opponent.
    opponent: str
    #: The points scored in each finished game against it (1, 0.5 or 0), in the order the games were started.
    points: List[float]


class DeclineBody(TypedDict, total=False):
    """Why a challenge is declined; the body may be left out (a generic decline)."""
    #: The reason the challenger is shown: `generic` (the default), `later`, `variant`, `time_control`, `rated`, `casual`, `too_fast`, `not_bots` or `only_bots`.
    reason: Optional['DeclineReasonName']


class DeleteBody(TypedDict):
    """The password that confirms a deletion."""
    #: The account's password.
    password: str


class _DeliveryJsonRequired(TypedDict):
    """The fields of DeliveryJson always present."""
    #: Its id (sent as `Seedpost-Delivery`).
    id: str
    #: The event's `seq`.
    event_seq: int
    #: The event's `type`.
    event_type: str
    #: `pending` (waiting for an attempt), `in_flight` (a worker is attempting it now), `delivered` or `failed` (no more attempts).
    status: str
    #: Attempts finished (one in flight counts once it ends).
    attempts: int
    #: When the event was queued.
    created_at: str


class DeliveryJson(_DeliveryJsonRequired, total=False):
    """One event's delivery to a webhook."""
    #: The HTTP status of the last attempt, when the receiver answered.
    last_status: Optional[int]
    #: What went wrong in the last failed attempt.
    last_error: Optional[str]
    #: When the next attempt is due (`pending` only).
    next_attempt_at: Optional[str]
    #: When the receiver accepted it.
    delivered_at: Optional[str]
    #: `in_flight` only: when the worker's hold on the attempt under way lapses (if the attempt has not ended by then, the delivery is attempted again).
    in_flight_until: Optional[str]


class _DigestJsonRequired(TypedDict):
    """The fields of DigestJson always present."""
    #: Whether it is sent.
    enabled: bool
    #: Whether the address is verified (its player followed the link mailed to it): password reset links go only to a verified address. Changing the address makes it unverified again.
    verified: bool
    #: Whether this server sends mail at all (its operator set up SMTP); without it the settings are kept but nothing is sent.
    mail_configured: bool
    #: The hour (UTC) from which each day's digest goes out.
    hour: int


class DigestJson(_DigestJsonRequired, total=False):
    """`GET` and `PUT /me/digest`: the daily digest settings."""
    #: Where the digest goes; null before it is set.
    email: Optional[str]
    #: The UTC day of the last digest; null before the first.
    last_sent_on: Optional[str]
    #: When it was verified; null while it is not.
    verified_at: Optional[str]


class DigestRequest(TypedDict):
    """`PUT /me/digest`'s body."""
    #: Where to send it: an e-mail address.
    email: str
    #: Whether to send it.
    enabled: bool


class EndedJson(TypedDict):
    """What a change ended."""
    #: Browser sessions ended.
    sessions_ended: int
    #: API tokens revoked.
    tokens_revoked: int


class _EntrantJsonRequired(TypedDict):
    """The fields of EntrantJson always present."""
    #: The player.
    username: str
    #: When it joined.
    joined_at: str


class EntrantJson(_EntrantJsonRequired, total=False):
    """A player of a tournament."""
    #: When it withdrew, if it did.
    withdrawn_at: Optional[str]


class _ErrorJsonRequired(TypedDict):
    """The fields of ErrorJson always present."""
    #: The stable code, e.g. `unauthorized`, `not_found`, `illegal_move`, `rate_limited`.
    error: str
    #: What went wrong, in English.
    message: str


class ErrorJson(_ErrorJsonRequired, total=False):
    """Every error answer: a stable `error` code and a `message` for people."""
    #: With `illegal_move`: why the rules forbid it (e.g. `empty_pit`).
    reason: Optional[str]
    #: With `rate_limited`: whole seconds to wait (at least 1), as in `Retry-After`.
    retry_after: Optional[int]
    #: With `since_ahead`: the seq of the account's latest event.
    head: Optional[int]


class _GameEventRequired(TypedDict):
    """The fields of GameEvent always present."""
    #: What happened.
    type: 'GameEventType'
    #: The game after the event.
    game: 'GameJson'


class GameEvent(_GameEventRequired, total=False):
    """An event about a game, carrying the whole game as `GET /games/{id}` answers it."""
    #: The event's number in the account's events, counting up from 1; a snapshot line has none.
    seq: Optional[int]
    #: `true` on a line of the snapshot a stream starts with; absent otherwise.
    snapshot: Optional[bool]
    #: On `time_running_out` only: the whole minutes left to the deadline when the event was sent.
    minutes_left: Optional[int]


class _GameJsonRequired(TypedDict):
    """The fields of GameJson always present."""
    #: Its id.
    id: str
    #: The game played.
    variant: 'VariantName'
    #: The players' names.
    players: 'SidesName'
    #: Who moved first.
    first: 'SideName'
    #: Days per move.
    days_per_move: int
    #: Whether it is rated (moves the players' ratings when it finishes) or casual.
    rated: bool
    #: Whether its clocks stop on Saturdays and Sundays (UTC): weekend time does not count towards a deadline.
    weekend_pause: bool
    #: Which players are on vacation now: the game's clock stands still meanwhile.
    on_vacation: 'SidesFlag'
    #: `ongoing`, `finished` or `aborted`.
    status: 'GameStatusName'
    #: Plies played so far; a move submission carries it.
    ply: int
    #: Each side's pits from its owner's left.
    board: 'SidesBoard'
    #: Stores (Mangala) or captures.
    store: 'SidesCount'
    #: The pits the side to move may play.
    legal_moves: List[int]
    #: When it started.
    created_at: str
    #: When it last changed.
    updated_at: str


class GameJson(_GameJsonRequired, total=False):
    """A game: `GET /games/{id}`, and the items of `GET /games` (without `moves`)."""
    #: The round-robin tournament it belongs to, or null.
    tournament: Optional['TournamentRefJson']
    #: The side to move; null once over.
    to_move: Optional['SideName']
    #: Togyz kumalak only, in a single game's answer: each side's tuzdyk, the pit of the opponent's row (numbered from the opponent's left) whose sown stones go to that side's store, or null before it made one (RULES.md §Z5).
    tuzdyk: Optional['SidesTuzdyk']
    #: The plies (only in a single game's answer).
    moves: Optional[List['MoveJson']]
    #: When the side to move loses on time if the clock runs on; null once over. While `clock` is `stopped` it is not yet known: it moves later, when the clock runs again, by the time it stood still.
    deadline: Optional[str]
    #: `running`, or `stopped` while a player is on vacation (see `deadline`); null once over.
    clock: Optional['Clock']
    #: The result; null until the game ends.
    result: Optional['ResultJson']
    #: The match it is part of (game `number` of `of`), or null for a single game.
    match: Optional['MatchRefJson']


class _LanguageJsonRequired(TypedDict):
    """The fields of LanguageJson always present."""
    #: The tags seedpost speaks.
    available: List[str]


class LanguageJson(_LanguageJsonRequired, total=False):
    """`GET` and `PUT /me/language`: the account's language."""
    #: The primary tag of the language the site, its e-mails and notifications speak to the account in; null when none was chosen (pages then follow the browser, and mail and notifications are in English).
    language: Optional[str]


class LanguageRequest(TypedDict, total=False):
    """`PUT /me/language`'s body."""
    #: A primary tag seedpost speaks (`en`, `tr`, `ar`, `el`, `ca`), or null to choose none.
    language: Optional[str]


class LeaseJson(TypedDict):
    """An account's runner lease."""
    #: Who holds it.
    holder: str
    #: When it lapses unless renewed (RFC 3339).
    expires_at: str


class LeaseRelease(TypedDict):
    """`DELETE /me/runner-lease`: ends the holder's lease."""
    #: The holder whose lease ends (another holder's lease stays).
    holder: str


class _LeaseRequestRequired(TypedDict):
    """The fields of LeaseRequest always present."""
    #: The runner's own name, the same at every renewal (1 to 100 characters): a second runner names itself otherwise.
    holder: str


class LeaseRequest(_LeaseRequestRequired, total=False):
    """`PUT /me/runner-lease`: claims or renews the lease."""
    #: How long the lease stands unless renewed, 10 to 600 seconds (60 by default).
    seconds: int


class LineBody(TypedDict):
    """A chat line to write."""
    #: 1 to 500 characters, on one line.
    text: str


class LineJson(TypedDict):
    """A chat line as the API shows it (and its events carry it)."""
    #: The line's id.
    id: str
    #: Who wrote it (a deleted account's placeholder name).
    username: str
    #: The text, as written.
    text: str
    #: When.
    at: str


class MatchEvent(TypedDict):
    """An event about a match: the match as `GET /matches/{id}` answers it."""
    #: What happened.
    type: 'MatchEventType'
    #: The event's number in the account's events.
    seq: int
    #: The match, over.
    match: 'MatchJson'


class _MatchGameJsonRequired(TypedDict):
    """The fields of MatchGameJson always present."""
    #: Its number in the match, from 1.
    number: int
    #: The game's id.
    game_id: str
    #: Who moves first in it.
    first: 'SideName'
    #: `ongoing`, `finished` or `aborted`.
    status: 'GameStatusName'


class MatchGameJson(_MatchGameJsonRequired, total=False):
    """One game of a match in its `match_games`."""
    #: The points it gave each side (1, 0.5, 0; none for an abort); null while it goes on.
    points: Optional['SidesPoints']


class _MatchJsonRequired(TypedDict):
    """The fields of MatchJson always present."""
    #: Its id.
    id: str
    #: The challenge that started it.
    challenge_id: str
    #: The game played.
    variant: 'VariantName'
    #: The players' names; each keeps its side in every game.
    players: 'SidesName'
    #: Days per move.
    days_per_move: int
    #: Whether its games are rated.
    rated: bool
    #: Whether its games' clocks stop on Saturdays and Sundays (UTC).
    weekend_pause: bool
    #: The number of games, 2 to 9.
    games: int
    #: `sequential` (one game after another) or `parallel` (all at once).
    schedule: str
    #: Whether it ends as soon as one player's points cannot be caught (a parallel match then aborts its games still going, which score nothing).
    stop_when_decided: bool
    #: Who moves first in game 1; the first mover alternates game by game.
    first: 'SideName'
    #: `ongoing` or `finished`.
    status: str
    #: Points per side: the sum of its games' points (1, 0.5, 0; aborted games none).
    score: 'SidesPoints'
    #: Whether one side's points exceed what the other can still reach.
    decided: bool
    #: Its games so far, by number.
    match_games: List['MatchGameJson']
    #: When it started.
    created_at: str


class MatchJson(_MatchJsonRequired, total=False):
    """A match: `GET /matches/{id}`, the items of `GET /matches`, and the body of a `match_finish` event."""
    #: The side with more points once the match is over; null while it goes on, and for a drawn match.
    winner: Optional['SideName']
    #: When it ended; null while it goes on.
    finished_at: Optional[str]


class MatchRefJson(TypedDict):
    """Where a game stands in its match: `{"id", "number", "of"}`."""
    #: The match's id.
    id: str
    #: The game's number in the match, from 1.
    number: int
    #: The number of games of the match.
    of: int


class MoveBody(TypedDict):
    """A move."""
    #: The game's `ply` as the mover saw it: a move for another position is refused.
    ply: int
    #: The pit to sow, from 1 at the mover's own left.
    pit: int


# One ply in a game's `moves`.
MoveJson = TypedDict('MoveJson', {'ply': int, 'side': 'SideName', 'pit': Optional[int], 'pass': bool, 'at': str}, total=False)


class MoveValueJson(TypedDict):
    """One legal move of an analysed position."""
    #: The pit sown, from 1 at the mover's left.
    pit: int
    #: What the side to move makes of the game by this move (the stones it stores or captures now included), under best play after it.
    value: int
    #: The move keeps the position's value.
    best: bool


class _NewChallengeBodyRequired(TypedDict):
    """The fields of NewChallengeBody always present."""
    #: `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    variant: str


class NewChallengeBody(_NewChallengeBodyRequired, total=False):
    """A new challenge."""
    #: Days per move: 1, 2, 3, 5, 7, 10 or 14 (default 3).
    days_per_move: Optional[int]
    #: Who moves first: `random` (default), `challenger` or `opponent`.
    first: Optional[str]
    #: The player challenged; absent or empty for an open challenge.
    opponent: Optional[str]
    #: Whether the game is rated: it moves both players' Glicko-2 ratings in the variant when it finishes (default false: casual).
    rated: bool
    #: Whether the clocks stop on Saturdays and Sundays, UTC: weekend time does not count towards the days per move (default false).
    weekend_pause: bool
    #: The number of games: 1 (default) for a single game, 2 to 9 for a match, whose score is the sum of its games' points (1 / ½ / 0); the players keep their sides and the first mover alternates game by game.
    games: Optional[int]
    #: How a match's games are played: `sequential` (default: each starts when the last one ends) or `parallel` (all start at once).
    schedule: Optional[str]
    #: Whether a match ends as soon as one player's points cannot be caught (default true); a parallel match then aborts its games still going, which score nothing.
    stop_when_decided: Optional[bool]


class _NewPushSubscriptionBodyRequired(TypedDict):
    """The fields of NewPushSubscriptionBody always present."""
    #: The push service's URL for the device: `https://`, on a public address.
    endpoint: str
    #: The device's keys.
    keys: 'PushKeysBody'


class NewPushSubscriptionBody(_NewPushSubscriptionBodyRequired, total=False):
    """A browser's `PushSubscription` JSON, as `subscription.toJSON()` gives it."""
    #: When the browser lets the subscription lapse (ignored; a lapsed one answers 404 or 410 and is deleted then).
    expirationTime: Optional[float]


class _NewTokenBodyRequired(TypedDict):
    """The fields of NewTokenBody always present."""
    #: The account's name.
    username: str
    #: The account's password.
    password: str
    #: A label to tell tokens apart: 1 to 100 characters.
    label: str


class NewTokenBody(_NewTokenBodyRequired, total=False):
    """A new token, asked for with the account's password."""
    #: What the token may be used for, at least one; every scope when left out. Each route that takes a token names the scope it needs.
    scopes: Optional[List['ScopeName']]


class NewTokenJson(TypedDict):
    """`POST /tokens` → 201: a new token and its secret, shown once."""
    #: Its id.
    id: str
    #: The secret, shown once.
    token: str
    #: Its label.
    label: str
    #: What it may be used for.
    scopes: List['ScopeName']


class _NewTournamentBodyRequired(TypedDict):
    """The fields of NewTournamentBody always present."""
    #: 1 to 60 characters.
    name: str
    #: `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    variant: str
    #: When it starts, in the future (RFC 3339): joining closes and every pairing starts as a game at once.
    starts_at: str


class NewTournamentBody(_NewTournamentBodyRequired, total=False):
    """A new tournament."""
    #: Days per move: 1, 2, 3, 5, 7, 10 or 14 (default 3).
    days_per_move: Optional[int]
    #: A double round robin: each pair plays twice, sides swapped (default false: once).
    double: bool
    #: Whether the games are rated (default false).
    rated: bool
    #: Whether a player's vacation stops the clocks of its games here (default true).
    vacation_allowed: bool
    #: The player limit, 2 to 32 (default 8).
    max_players: Optional[int]


class NewWebhookBody(TypedDict):
    """A webhook to register."""
    #: Where to POST the events: an `http://` or `https://` URL.
    url: str
    #: The HMAC-SHA256 key of the `Seedpost-Signature` header: 16 to 200 characters.
    secret: str


class NoteBody(TypedDict):
    """A note to save."""
    #: The note: up to 4,000 characters, line breaks allowed; empty clears it.
    text: str


class _NoteJsonRequired(TypedDict):
    """The fields of NoteJson always present."""
    #: The note (empty until written).
    text: str


class NoteJson(_NoteJsonRequired, total=False):
    """A note, as the API shows it."""
    #: When it was last saved (`null` until written).
    updated_at: Optional[str]


class NotificationSettingsJson(TypedDict):
    """What each channel sends."""
    #: Web Push to the account's devices.
    push: 'ChannelSettingsJson'
    #: E-mail (opt-in; needs the operator's SMTP and the digest address).
    email: 'ChannelSettingsJson'
    #: Alarms in the calendar feed.
    calendar: 'ChannelSettingsJson'
    #: `time_running_out` events for bots, besides the one at 80% of the time.
    bot: 'ChannelSettingsJson'


class _PasswordBodyRequired(TypedDict):
    """The fields of PasswordBody always present."""
    #: The password now.
    current: str
    #: The new password: 8 to 1024 characters.
    new: str


class PasswordBody(_PasswordBodyRequired, total=False):
    """A password change."""
    #: Whether every API token of the account is revoked too, this one included (default false: tokens stay).
    revoke_tokens: bool


class PlayerRatingsJson(TypedDict):
    """`GET /players/{name}/ratings`."""
    #: The player.
    username: str
    #: One per variant the player has finished a rated game in, in variant order.
    ratings: List['VariantRatingJson']


class _PlyAnalysisJsonRequired(TypedDict):
    """The fields of PlyAnalysisJson always present."""
    #: The ply's number, from 1.
    ply: int
    #: Who played it.
    side: 'SideName'
    #: The position's value before the ply, for the mover.
    before: 'ValueJson'
    #: The position's value after the ply, for the mover.
    after: 'ValueJson'
    #: The moves that keep the value before (pit numbers); empty for a pass.
    best: List[int]
    #: How much the ply lost: `before - after`, at least 0.
    drop: int
    #: The ply lost value and was not one of the best moves.
    mistake: bool


class PlyAnalysisJson(_PlyAnalysisJsonRequired, total=False):
    """One ply of an analysed game."""
    #: The pit sown (from 1 at the mover's left); `null` for a pass.
    pit: Optional[int]


# The analysis of a position.
PositionAnalysisJson = TypedDict('PositionAnalysisJson', {'variant': 'VariantName', 'position': str, 'to_move': 'SideName', 'south_store': int, 'north_store': int, 'south_tuzdyk': Optional[int], 'north_tuzdyk': Optional[int], 'value': int, 'kind': 'Certainty', 'depth': Optional[int], 'pass': bool, 'moves': List['MoveValueJson'], 'best': List[int]}, total=False)


class PushKeysBody(TypedDict):
    """A device's keys, as the browser's `PushSubscription.toJSON()` gives them."""
    #: The device's P-256 public key, base64url.
    p256dh: str
    #: The device's 16-byte authentication secret, base64url.
    auth: str


class _PushSubscriptionJsonRequired(TypedDict):
    """The fields of PushSubscriptionJson always present."""
    #: Its id.
    id: str
    #: Which device it is (from its user agent).
    label: str
    #: The push service's URL for the device.
    endpoint: str
    #: When push was turned on for it.
    created_at: str


class PushSubscriptionJson(_PushSubscriptionJsonRequired, total=False):
    """A device with push on."""
    #: When its push service last accepted a notification.
    last_success_at: Optional[str]


class RatingJson(TypedDict):
    """A player's Glicko-2 rating in one variant."""
    #: The rating (everyone starts at 1500).
    rating: float
    #: Its rating deviation (RD): how unsure it is (350 at the start).
    deviation: float
    #: Its volatility (0.06 at the start).
    volatility: float
    #: Whether the rating is still provisional: its deviation is above 110.
    provisional: bool


class ResetAcceptedJson(TypedDict):
    """The answer to a reset request, the same whether or not an account matched."""
    #: What happens now.
    message: str
    #: How long the link works.
    expires_in_minutes: int


class ResetConfirmBody(TypedDict):
    """A new password, with the secret of a reset link."""
    #: The `token` of the mailed link.
    token: str
    #: The new password: 8 to 1024 characters.
    password: str


class ResetRequestBody(TypedDict):
    """A request for a password reset link."""
    #: The account's user name, or its verified e-mail address.
    username_or_email: str


class _ResultJsonRequired(TypedDict):
    """The fields of ResultJson always present."""
    #: Final stones per side.
    score: 'SidesCount'
    #: 1, 0.5 or 0 per side.
    points: 'SidesPoints'
    #: `empty_row`, `no_moves`, `repetition`, `all_captured` (the rules), or `resign`, `timeout`, `abort` (the server).
    ended_by: str


class ResultJson(_ResultJsonRequired, total=False):
    """The result of a finished game: `{"score", "points", "winner", "ended_by"}`."""
    #: The winner, or null for a draw.
    winner: Optional['SideName']


class SidesBoard(TypedDict):
    """Each side's pits, from its owner's left (pit 1 first)."""
    #: South's pits.
    south: List[int]
    #: North's pits.
    north: List[int]


class SidesCount(TypedDict):
    """A count of stones for each side."""
    #: South's.
    south: int
    #: North's.
    north: int


class SidesFlag(TypedDict):
    """A yes or no for each side."""
    #: South's.
    south: bool
    #: North's.
    north: bool


class SidesName(TypedDict):
    """A name for each side."""
    #: South's.
    south: str
    #: North's.
    north: str


class SidesPoints(TypedDict):
    """Points for each side: 1 a win, 0.5 a draw, 0 a loss."""
    #: South's.
    south: float
    #: North's.
    north: float


class SidesTuzdyk(TypedDict, total=False):
    """Each side's Togyz kumalak tuzdyk: a pit of the opponent's row, from the opponent's left, or null."""
    #: South's, in North's row.
    south: Optional[int]
    #: North's, in South's row.
    north: Optional[int]


class _SignUpBodyRequired(TypedDict):
    """The fields of SignUpBody always present."""
    #: 3 to 20 ASCII letters, digits, `_` or `-`; unique ignoring case.
    username: str
    #: 8 to 1024 characters.
    password: str


class SignUpBody(_SignUpBodyRequired, total=False):
    """A sign-up."""
    #: Whether a program will play (default false).
    bot: bool


class SignedUpJson(TypedDict):
    """`POST /accounts` → 201: the account and its first API token, shown once."""
    #: The name.
    username: str
    #: Whether a program plays.
    bot: bool
    #: The secret of the first API token: send it as `Authorization: Bearer <token>`.
    token: str


class _StandingJsonRequired(TypedDict):
    """The fields of StandingJson always present."""
    #: The player.
    username: str
    #: Finished games.
    games: int
    #: Wins.
    wins: int
    #: Draws.
    draws: int
    #: Losses.
    losses: int
    #: Points: 1 a win, ½ a draw.
    points: float


class StandingJson(_StandingJsonRequired, total=False):
    """A line of the standings."""
    #: The player's Glicko-2 rating in the variant asked for; null in the standings of all games, and for a player with no finished rated game in the variant.
    rating: Optional['RatingJson']


class StandingLineJson(TypedDict):
    """A line of the standings: a row of the crosstable."""
    #: The place: players equal on points and Sonneborn–Berger share one.
    rank: int
    #: The player.
    username: str
    #: Points: 1 a win, 0.5 a draw, 0 a loss; aborted games score nothing.
    points: float
    #: The Sonneborn–Berger tiebreak: over the player's games, the points scored in each times the opponent's total.
    sonneborn_berger: float
    #: Games finished.
    games: int
    #: Whether the player withdrew (its remaining games were scored as losses).
    withdrawn: bool
    #: Results against each other player, in the order of the standings.
    results: List['CrossCellJson']


class TestPushJson(TypedDict):
    """How many devices a test notification was queued for."""
    #: Devices with push on: each gets one.
    devices: int


class _TokenJsonRequired(TypedDict):
    """The fields of TokenJson always present."""
    #: Its id.
    id: str
    #: Its label.
    label: str
    #: What it may be used for (a token made before scopes existed has them all).
    scopes: List['ScopeName']
    #: When it was made.
    created_at: str


class TokenJson(_TokenJsonRequired, total=False):
    """A token as listed (no secret)."""
    #: When it was last used.
    last_used_at: Optional[str]


class TournamentDetailJson(TypedDict):
    """A tournament with its players, standings (the crosstable with its tiebreak) and games."""
    #: The tournament.
    tournament: 'TournamentJson'
    #: Its players, by join time.
    players: List['EntrantJson']
    #: The standings, best first: by points, then Sonneborn–Berger, then name. Final once the tournament has finished.
    standings: List['StandingLineJson']
    #: Its games, by cycle.
    games: List['TournamentGameJson']


class TournamentEvent(TypedDict):
    """An event about a tournament the account plays in: the tournament and its standings."""
    #: What happened.
    type: 'TournamentEventType'
    #: The event's number in the account's events.
    seq: int
    #: The tournament after the event (as in `GET /tournaments`).
    tournament: 'TournamentJson'
    #: Its standings, best first (as in `GET /tournaments/{id}`).
    standings: List['StandingLineJson']


class TournamentGameJson(TypedDict):
    """A game of a tournament."""
    #: 1, or 2 for the return game of a double round robin.
    cycle: int
    #: The game, without its moves.
    game: 'GameJson'


class _TournamentJsonRequired(TypedDict):
    """The fields of TournamentJson always present."""
    #: Its id.
    id: str
    #: Its name.
    name: str
    #: Who made it.
    creator: str
    #: The game played.
    variant: 'VariantName'
    #: Days per move in its games.
    days_per_move: int
    #: A double round robin (each pair plays twice, sides swapped) or a single one.
    double: bool
    #: Whether its games are rated.
    rated: bool
    #: Whether a player's vacation stops the clocks of its games here.
    vacation_allowed: bool
    #: The player limit.
    max_players: int
    #: How many players are in it (those who withdrew included).
    players: int
    #: When it starts: joining closes and every game starts.
    starts_at: str
    #: `open`, `running`, `finished` or `canceled`.
    status: 'TournamentStatusName'
    #: When it was made.
    created_at: str


class TournamentJson(_TournamentJsonRequired, total=False):
    """A tournament."""
    #: When it finished or was canceled; null before.
    ended_at: Optional[str]


class TournamentRefJson(TypedDict):
    """The tournament a game belongs to."""
    #: Its id (`GET /tournaments/{id}`).
    id: str
    #: Its name.
    name: str


class _VacationJsonRequired(TypedDict):
    """The fields of VacationJson always present."""
    #: Whether the account is on vacation now.
    on_vacation: bool
    #: The yearly allowance, in days.
    days_per_year: int
    #: Days left of it this calendar year (UTC), by now.
    days_left: float


class VacationJson(_VacationJsonRequired, total=False):
    """`GET`, `POST` and `DELETE /me/vacation`: the account's vacation and allowance."""
    #: When the vacation going on started; null when not on vacation.
    started_at: Optional[str]
    #: When it ends at the latest (the allowance runs out); null when not on vacation.
    until: Optional[str]


class ValueJson(TypedDict):
    """A position's value for one side."""
    #: The final score difference (that side's stones minus the other's) under best play.
    value: int
    #: `exact` or `search`.
    kind: 'ValueKind'


class VapidKeyJson(TypedDict):
    """The server's VAPID public key."""
    #: The uncompressed P-256 point, base64url: `applicationServerKey` for `pushManager.subscribe`.
    public_key: str


class VariantJson(TypedDict):
    """A variant's board."""
    #: `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    name: 'VariantName'
    #: Pits in each row.
    pits_per_row: int
    #: Stones in each pit at the start.
    stones_per_pit: int
    #: Whether the board has stores.
    stores: bool
    #: All the stones.
    total_stones: int


class VariantRatingJson(TypedDict):
    """A player's Glicko-2 rating in one variant, with the rated games behind it."""
    #: The variant.
    variant: 'VariantName'
    #: The rating (everyone starts at 1500).
    rating: float
    #: Its rating deviation (RD): how unsure it is (350 at the start).
    deviation: float
    #: Its volatility (0.06 at the start).
    volatility: float
    #: Whether the rating is still provisional: its deviation is above 110.
    provisional: bool
    #: Rated games finished in the variant.
    games: int


class WebhookJson(TypedDict):
    """A registered webhook (its secret is not shown again)."""
    #: Its id.
    id: str
    #: Where the events go.
    url: str
    #: When it was registered: it receives the events from then on.
    created_at: str
