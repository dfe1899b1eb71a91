"""Matchmaking for `seedpost-bot`: keeps N games going by challenging, on a schedule,
players (other bots, people) whose rating in the variant is within a range, and backs
off from a player that declines. The players are the ones named, and (`discover`)
the players of the server's standings of the variant (`GET /standings?variant=`).

    [matchmaking]                         # in seedpost-bot's TOML config
    opponents = ["house-random"]          # named players: always candidates
    discover = true                       # also the standings' players (default:
                                          # true when no opponents are named)
    rating_range = 200                    # discovered players within 200 of the
                                          # bot's own rating in the variant
    players = "any"                       # any, bots or humans (discovered ones)
    allow_house = false                   # discovered house-* bots too
    exclude = ["someone"]                 # never these
    refresh = 300                         # seconds the standings and ratings are kept
    variants = ["tihbat", "modiar"]       # one drawn for each challenge
    games = 3                             # games in play (and challenges open) at once
    days_per_move = 1
    rated = false
    first = "random"                      # random, challenger or opponent
    min_rating = 1200                     # a player with no rating counts as 1500
    max_rating = 1800
    interval = 60                         # seconds between two challenges
    decline_backoff = 600                 # a decline: that long without challenging
                                          # that player, doubled at each decline
"""

import logging
import random
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from .errors import ApiError, ConnectionFailed

if TYPE_CHECKING:
    from .bot import Runner

log = logging.getLogger("seedpost.matchmaking")

__all__ = ["Matchmaking", "Matchmaker", "UNRATED"]

#: The rating a player without one in the variant counts as (Glicko's start).
UNRATED = 1500.0

#: The server's own bots (`house-random`, `house-search`, ...), left out of the
#: discovered players unless `allow_house`.
HOUSE_PREFIX = "house-"

#: Lines of the standings read for each variant (two pages of the API's 500).
STANDINGS_LINES = 1000

#: The player page's heading marks a bot with a badge (the API has no bot flag yet).
_BOT_BADGE = re.compile(r'<h1[^>]*>\s*<bdi>[^<]*</bdi>\s*<span class="badge">')


@dataclass
class Matchmaking:
    """What the matchmaker does (see the module docs)."""

    opponents: List[str] = field(default_factory=list)
    variants: List[str] = field(default_factory=lambda: ["tihbat"])
    games: int = 1
    days_per_move: Optional[int] = None
    rated: bool = False
    first: Optional[str] = None
    min_rating: Optional[float] = None
    max_rating: Optional[float] = None
    interval: float = 60.0
    decline_backoff: float = 600.0
    discover: Optional[bool] = None  # None: when no opponents are named
    rating_range: Optional[float] = None
    players: str = "any"  # any, bots or humans: which discovered players
    allow_house: bool = False
    exclude: List[str] = field(default_factory=list)
    refresh: float = 300.0

    def __post_init__(self) -> None:
        if self.discover is None:
            self.discover = not self.opponents
        if not self.opponents and not self.discover:
            raise ValueError("matchmaking needs opponents, or discover = true")
        if self.games < 1:
            raise ValueError("matchmaking keeps at least 1 game going")
        if self.players not in ("any", "bots", "humans"):
            raise ValueError(f"players: {self.players!r} is not any, bots or humans")
        if self.rating_range is not None and self.rating_range < 0:
            raise ValueError("rating_range: at least 0")


class Matchmaker:
    """Runs `settings` for `runner`, on a thread of its own (`start`, `stop`)."""

    def __init__(self, runner: "Runner", settings: Matchmaking):
        self.runner = runner
        self.settings = settings
        self.open: Dict[str, str] = {}  # challenge id -> opponent
        self.declines: Dict[str, int] = {}
        self.resting: Dict[str, float] = {}  # opponent -> monotonic time it may be asked
        self.asked: Dict[str, float] = {}  # opponent -> monotonic time last challenged
        self._standings: Dict[str, Tuple[float, List[Tuple[str, float]]]] = {}
        self._ratings: Dict[Tuple[str, str], Tuple[float, float]] = {}
        self._bots: Dict[str, bool] = {}
        self._next = 0.0
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        self._thread: Optional[threading.Thread] = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="matchmaking", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()

    def declined(self, challenge: Dict[str, Any]) -> None:
        """A challenge was declined: when it was the matchmaker's, that opponent rests
        `decline_backoff` seconds, doubled at each of its declines."""
        with self._lock:
            opponent = self.open.pop(challenge.get("id", ""), None)
            if opponent is None:
                return
            count = self.declines.get(opponent, 0)
            self.declines[opponent] = count + 1
            rest = self.settings.decline_backoff * 2**count
            self.resting[opponent] = time.monotonic() + rest
        log.info(
            "%s declined (%s): not challenging it for %.0f s",
            opponent, challenge.get("decline_reason") or "no reason", rest,
        )

    def _loop(self) -> None:
        while not self._stopped.wait(min(1.0, self.settings.interval)):
            try:
                self.tick()
            except (ApiError, ConnectionFailed) as e:
                log.warning("matchmaking: %s", e)
            except Exception:  # noqa: BLE001 - matchmaking must not stop the bot
                log.exception("matchmaking")

    def tick(self) -> Optional[Dict[str, Any]]:
        """Challenges one player when fewer than `games` are in play or asked for and
        the interval has passed; the challenge made, if any."""
        settings = self.settings
        if time.monotonic() < self._next:
            return None
        self._forget_closed()
        ongoing = self.runner.client.games(
            status="ongoing", player=self.runner.username, limit=settings.games + 1
        )
        with self._lock:
            asked = len(self.open)
        if len(ongoing) + asked >= settings.games:
            return None
        variant = random.choice(settings.variants)
        opponent = self._pick(variant)
        if opponent is None:
            return None
        options = {"days_per_move": settings.days_per_move, "first": settings.first,
                   "rated": settings.rated}
        self._next = time.monotonic() + settings.interval
        with self._lock:
            self.asked[opponent] = time.monotonic()
        try:
            made = self.runner.challenge(
                opponent, variant, **{k: v for k, v in options.items() if v is not None}
            )
        except ApiError as e:
            log.warning("cannot challenge %s: %s", opponent, e)
            with self._lock:
                self.resting[opponent] = time.monotonic() + settings.decline_backoff
            return None
        if made.get("status") == "open":
            with self._lock:
                self.open[made["id"]] = opponent
        elif made.get("status") == "declined":
            with self._lock:
                self.open[made["id"]] = opponent
            self.declined(made)
        return made

    def _forget_closed(self) -> None:
        """Drops the challenges that are no longer open (accepted, canceled, expired)."""
        with self._lock:
            ids = list(self.open)
        for cid in ids:
            try:
                challenge = dict(self.runner.client.challenge(cid))
            except ApiError as e:
                if e.status == 404:
                    with self._lock:
                        self.open.pop(cid, None)
                continue
            if challenge.get("status") == "declined":
                self.declined(challenge)  # its event was missed
            elif challenge.get("status") != "open":
                with self._lock:
                    self.open.pop(cid, None)

    def _pick(self, variant: str) -> Optional[str]:
        """The candidate (`candidates`) not resting after a decline that was challenged
        longest ago, or never: a draw among those tied, so that every candidate has its
        turn and none is always first."""
        found = self.candidates(variant)
        now = time.monotonic()
        with self._lock:
            ready = [c for c in found if self.resting.get(c, 0.0) <= now]
        if not ready:
            return None
        random.shuffle(ready)
        ready.sort(key=lambda name: self.asked.get(name, 0.0))  # stable: the draw stays
        return ready[0]

    def candidates(self, variant: str) -> List[str]:
        """Who may be challenged to `variant` now (resting ones included): the players
        named, within `min_rating`..`max_rating`; and with `discover` the players of
        the standings of `variant` that are within `rating_range` of the bot's own
        rating and `min_rating`..`max_rating` (no rating: 1500), of the kind `players`
        asks for, never the bot itself, nor a house bot unless `allow_house`. Nobody
        in `exclude`."""
        settings = self.settings
        me = self.runner.username.lower()
        excluded = {name.lower() for name in settings.exclude} | {me}
        found: List[str] = []
        seen = set(excluded)
        low, high = settings.min_rating, settings.max_rating
        for name in settings.opponents:
            if name.lower() not in seen and self._named_within(name, variant, low, high):
                found.append(name)
            seen.add(name.lower())
        if not settings.discover:
            return found
        if settings.rating_range is not None:
            own = self._rating_of(self.runner.username, variant)
            low = max(low, own - settings.rating_range) if low is not None else own - settings.rating_range
            high = min(high, own + settings.rating_range) if high is not None else own + settings.rating_range
        for name, rating in self._standings_of(variant):
            key = name.lower()
            if key in seen:
                continue
            seen.add(key)
            if key.startswith(HOUSE_PREFIX) and not settings.allow_house:
                continue
            if key.startswith("deleted-"):
                continue  # a deleted account's placeholder name
            if not _within(rating, low, high):
                continue
            if settings.players != "any":
                bot = self._is_bot(name)
                if bot is None or bot != (settings.players == "bots"):
                    continue
            found.append(name)
        return found

    def _standings_of(self, variant: str) -> List[Tuple[str, float]]:
        """The standings' players of `variant` with their rating (1500 without one),
        read again every `refresh` seconds."""
        now = time.monotonic()
        kept = self._standings.get(variant)
        if kept is not None and now - kept[0] < self.settings.refresh:
            return kept[1]
        lines: List[Tuple[str, float]] = []
        while len(lines) < STANDINGS_LINES:
            page = self.runner.client.standings(variant=variant, limit=500, offset=len(lines))
            for line in page:
                rating = line.get("rating") or {}
                lines.append((line["username"], float(rating.get("rating", UNRATED))))
            if len(page) < 500:
                break
        self._standings[variant] = (now, lines)
        log.debug("matchmaking: %d players in the %s standings", len(lines), variant)
        return lines

    def _rating_of(self, name: str, variant: str) -> float:
        """The rating of player `name` in `variant` (1500 without one), read again every
        `refresh` seconds. Raises `ApiError` when it cannot be read."""
        now = time.monotonic()
        key = (name.lower(), variant)
        kept = self._ratings.get(key)
        if kept is not None and now - kept[0] < self.settings.refresh:
            return kept[1]
        rating = UNRATED
        for entry in self.runner.client.player_ratings(name).get("ratings", []):
            if entry.get("variant") == variant:
                rating = float(entry["rating"])
        self._ratings[key] = (now, rating)
        return rating

    def _is_bot(self, name: str) -> Optional[bool]:
        """Whether `name` is a bot account, None when it cannot be told. The API does not
        say (yet): the player page (`/players/NAME`) marks a bot with a badge."""
        if name in self._bots:
            return self._bots[name]
        base = self.runner.client.base
        site = base[: -len("/api/v1")] if base.endswith("/api/v1") else base
        url = f"{site}/players/{urllib.parse.quote(name, safe='')}"
        request = urllib.request.Request(url, headers={"Accept": "text/html"})
        try:
            with urllib.request.urlopen(request, timeout=self.runner.client.timeout) as answer:
                page = answer.read().decode("utf-8", "replace")
        except (urllib.error.URLError, OSError) as e:
            log.warning("matchmaking: cannot tell whether %s is a bot: %s", name, e)
            return None
        bot = _BOT_BADGE.search(page) is not None
        self._bots[name] = bot
        return bot

    def _named_within(
        self, opponent: str, variant: str, low: Optional[float], high: Optional[float]
    ) -> bool:
        """Whether the named `opponent`'s rating in `variant` is within `low`..`high`
        (no bound: yes, without asking); no when its ratings cannot be read."""
        if low is None and high is None:
            return True
        try:
            rating = self._rating_of(opponent, variant)
        except ApiError as e:
            log.warning("no ratings of %s: %s", opponent, e)
            return False
        return _within(rating, low, high)


def _within(rating: float, low: Optional[float], high: Optional[float]) -> bool:
    """Whether `rating` is within `low`..`high` (None: no bound on that side)."""
    return (low is None or rating >= low) and (high is None or rating <= high)
