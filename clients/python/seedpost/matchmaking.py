"""Matchmaking for `seedpost-bot`: keeps N games going by challenging, on a schedule,
the players named (other bots, people) whose rating in the variant is within a range,
and backs off from a player that declines.

    [matchmaking]                         # in seedpost-bot's TOML config
    opponents = ["house-random", "house-search"]
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
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from .errors import ApiError, ConnectionFailed

if TYPE_CHECKING:
    from .bot import Runner

log = logging.getLogger("seedpost.matchmaking")

__all__ = ["Matchmaking", "Matchmaker", "UNRATED"]

#: The rating a player without one in the variant counts as (Glicko's start).
UNRATED = 1500.0


@dataclass
class Matchmaking:
    """What the matchmaker does (see the module docs)."""

    opponents: List[str]
    variants: List[str] = field(default_factory=lambda: ["tihbat"])
    games: int = 1
    days_per_move: Optional[int] = None
    rated: bool = False
    first: Optional[str] = None
    min_rating: Optional[float] = None
    max_rating: Optional[float] = None
    interval: float = 60.0
    decline_backoff: float = 600.0

    def __post_init__(self) -> None:
        if not self.opponents:
            raise ValueError("matchmaking needs opponents")
        if self.games < 1:
            raise ValueError("matchmaking keeps at least 1 game going")


class Matchmaker:
    """Runs `settings` for `runner`, on a thread of its own (`start`, `stop`)."""

    def __init__(self, runner: "Runner", settings: Matchmaking):
        self.runner = runner
        self.settings = settings
        self.open: Dict[str, str] = {}  # challenge id -> opponent
        self.declines: Dict[str, int] = {}
        self.resting: Dict[str, float] = {}  # opponent -> monotonic time it may be asked
        self._next = 0.0
        self._turn = 0
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
        """The next opponent in turn that is not resting and within the rating range."""
        settings = self.settings
        now = time.monotonic()
        for _ in range(len(settings.opponents)):
            opponent = settings.opponents[self._turn % len(settings.opponents)]
            self._turn += 1
            with self._lock:
                if self.resting.get(opponent, 0.0) > now:
                    continue
            if self._rated_within(opponent, variant):
                return opponent
        return None

    def _rated_within(self, opponent: str, variant: str) -> bool:
        settings = self.settings
        if settings.min_rating is None and settings.max_rating is None:
            return True
        rating = UNRATED
        try:
            for entry in self.runner.client.player_ratings(opponent).get("ratings", []):
                if entry.get("variant") == variant:
                    rating = float(entry["rating"])
        except ApiError as e:
            log.warning("no ratings of %s: %s", opponent, e)
            return False
        if settings.min_rating is not None and rating < settings.min_rating:
            return False
        if settings.max_rating is not None and rating > settings.max_rating:
            return False
        return True
