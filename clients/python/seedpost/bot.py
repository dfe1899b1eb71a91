"""`seedpost-bot`: plays an engine (see `seedpost.engine`) on a seedpost server.

    seedpost-bot --url http://127.0.0.1:8080 --engine "python3 random_engine.py"

It reads the account's event stream (resumed and deduplicated), accepts the
challenges that pass its filters and declines the others, and asks the engine for a
pit in every game where it is the account's turn, several games at once. With
`--challenge NAME` it also challenges a player; `--quit-after N` stops it after N
finished games.
"""

import argparse
import logging
import os
import queue
import shlex
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Set

from .client import Client
from .engine import ALL_VARIANTS, EngineError, EngineProcess
from .errors import ApiError

log = logging.getLogger("seedpost.bot")

__all__ = ["Filters", "Runner", "main"]

#: Answers to a move that say it is not (or no longer) the bot's to make: the game
#: moved on meanwhile, and the next event will tell.
MOVED_ON = {"stale_ply", "not_your_turn", "game_over"}


@dataclass
class Filters:
    """Which challenges the bot accepts."""

    variants: Set[str] = field(default_factory=lambda: set(ALL_VARIANTS))
    days_per_move: Optional[Set[int]] = None
    rated: str = "any"  # `any`, `rated` or `casual`
    max_games: Optional[int] = None  # ongoing games at once

    def refusal(self, challenge: Dict[str, Any], ongoing: int = 0) -> Optional[str]:
        """Why the bot declines `challenge`, as one of the API's decline reasons, or
        None to accept it."""
        if challenge.get("variant") not in self.variants:
            return "variant"
        if self.days_per_move is not None and challenge.get("days_per_move") not in self.days_per_move:
            return "time_control"
        if self.rated == "rated" and not challenge.get("rated"):
            return "rated"
        if self.rated == "casual" and challenge.get("rated"):
            return "casual"
        if self.max_games is not None and ongoing >= self.max_games:
            return "later"
        return None


class Runner:
    """The bot: one event stream, a pool of engines, one thread per game in play."""

    def __init__(
        self,
        client: Client,
        engine: Sequence[str],
        *,
        filters: Optional[Filters] = None,
        engines: int = 2,
        movetime_ms: int = 1000,
        quit_after: Optional[int] = None,
        state_file: Optional[str] = None,
    ):
        self.client = client
        self.engine_command = list(engine)
        self.filters = filters or Filters()
        self.movetime_ms = movetime_ms
        self.quit_after = quit_after
        self.state_file = state_file
        self.finished: List[str] = []
        self.username = ""
        self._pool: "queue.Queue[Optional[EngineProcess]]" = queue.Queue()
        self._engines = engines
        self._executor = ThreadPoolExecutor(max_workers=engines, thread_name_prefix="move")
        self._thinking: Set[str] = set()
        self._lock = threading.Lock()

    def start(self) -> "Runner":
        """Checks the account and the engine (its handshake); the engine's variants
        narrow the filters."""
        self.username = self.client.me()["username"]
        first = EngineProcess(self.engine_command).start()
        log.info(
            "playing as %s with %s (%s)",
            self.username,
            first.name or self.engine_command[0],
            " ".join(first.variants),
        )
        self.filters.variants &= set(first.variants)
        self._pool.put(first)
        for _ in range(self._engines - 1):
            self._pool.put(None)  # started when first needed
        return self

    def challenge(self, opponent: str, variant: str, **options: Any) -> Dict[str, Any]:
        """Challenges `opponent` (the challenge JSON)."""
        made = self.client.create_challenge(variant, opponent=opponent, **options)
        log.info("challenged %s to %s (%s)", opponent, variant, made["id"])
        return dict(made)

    def run(self) -> int:
        """Plays until `quit_after` games have finished (or for ever); returns the
        number of finished games."""
        try:
            for event in self.client.events(state_file=self.state_file):
                self.handle(event)
                if self.quit_after is not None and len(self.finished) >= self.quit_after:
                    break
        finally:
            self.close()
        return len(self.finished)

    def close(self) -> None:
        """Waits for the moves under way and ends the engines."""
        self._executor.shutdown(wait=True)
        while not self._pool.empty():
            engine = self._pool.get_nowait()
            if engine is not None:
                engine.close()

    def handle(self, event: Dict[str, Any]) -> None:
        """Acts on one event."""
        kind = event.get("type")
        log.debug("event %s seq=%s", kind, event.get("seq"))
        if kind == "challenge":
            self._answer(event["challenge"])
        elif kind == "your_turn":
            game = event["game"]
            if self._to_move(game) == self.username:
                self._schedule(game)
        elif kind == "game_finish":
            game = event["game"]
            if game["id"] not in self.finished:
                self.finished.append(game["id"])
            result = game.get("result") or {}
            log.info(
                "game %s over: %s (%s)",
                game["id"],
                result.get("winner") or "draw",
                result.get("ended_by"),
            )
        elif kind == "challenge_declined":
            log.info("%s declined challenge %s", event["challenge"].get("opponent"), event["challenge"]["id"])

    @staticmethod
    def _to_move(game: Dict[str, Any]) -> Optional[str]:
        side = game.get("to_move")
        if game.get("status") != "ongoing" or side is None:
            return None
        return game["players"][side]

    def _answer(self, challenge: Dict[str, Any]) -> None:
        if challenge.get("status") != "open" or challenge.get("challenger") == self.username:
            return
        ongoing = 0
        if self.filters.max_games is not None:
            ongoing = len(
                self.client.games(
                    status="ongoing", player=self.username, limit=self.filters.max_games + 1
                )
            )
        reason = self.filters.refusal(challenge, ongoing)
        try:
            if reason is None:
                game = self.client.accept_challenge(challenge["id"])
                log.info("accepted %s from %s: game %s", challenge["variant"], challenge["challenger"], game["id"])
            else:
                self.client.decline_challenge(challenge["id"], reason=reason)
                log.info("declined %s from %s (%s)", challenge["id"], challenge["challenger"], reason)
        except ApiError as e:
            log.warning("challenge %s: %s", challenge["id"], e)

    def _schedule(self, game: Dict[str, Any]) -> None:
        key = f"{game['id']}:{game['ply']}"
        with self._lock:
            if key in self._thinking:
                return
            self._thinking.add(key)
        self._executor.submit(self._move, game, key)

    def _move(self, game: Dict[str, Any], key: str) -> None:
        try:
            if "moves" not in game:
                game = dict(self.client.game(game["id"]))
            pit = self._ask_engine(game)
            if pit is None:
                return
            try:
                self.client.play(game["id"], game["ply"], pit)
                log.info("game %s ply %d: pit %d", game["id"], game["ply"], pit)
            except ApiError as e:
                if e.code in MOVED_ON:
                    log.debug("game %s ply %d: %s", game["id"], game["ply"], e.code)
                else:
                    log.error("game %s ply %d: pit %d refused: %s", game["id"], game["ply"], pit, e)
        except Exception:  # noqa: BLE001 - one game's failure must not stop the others
            log.exception("game %s", game.get("id"))
        finally:
            with self._lock:
                self._thinking.discard(key)

    def _ask_engine(self, game: Dict[str, Any]) -> Optional[int]:
        """The engine's pit for `game`, checked against the legal moves; one retry with
        a fresh engine. None when the engine fails twice (the game waits: it is asked
        again when the bot restarts)."""
        moves = [m["pit"] for m in game.get("moves", []) if m.get("pit") is not None]
        legal = list(game["legal_moves"])
        for attempt in (1, 2):
            engine = self._pool.get()
            try:
                if engine is None:
                    engine = EngineProcess(self.engine_command).start()
                pit = engine.choose(game["variant"], game["first"], moves, legal, self.movetime_ms)
                if pit not in legal:
                    raise EngineError(f"pit {pit} is not legal (legal: {legal})")
                return pit
            except EngineError as e:
                log.error("game %s: engine failed (attempt %d): %s", game["id"], attempt, e)
                if engine is not None:
                    engine.close()
                engine = None
            finally:
                self._pool.put(engine)
        return None


def _numbers(text: str) -> Set[int]:
    return {int(w) for w in text.split(",") if w}


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The `seedpost-bot` command."""
    parser = argparse.ArgumentParser(
        prog="seedpost-bot", description="Plays an engine on a seedpost server (docs/bots.md)."
    )
    parser.add_argument("--url", default=os.environ.get("SEEDPOST_URL", "http://127.0.0.1:8080"),
                        help="the server (env SEEDPOST_URL)")
    parser.add_argument("--token", default=os.environ.get("SEEDPOST_TOKEN"),
                        help="the bot account's API token (env SEEDPOST_TOKEN)")
    parser.add_argument("--engine", required=True,
                        help='the engine\'s command line, e.g. "python3 random_engine.py"')
    parser.add_argument("--variants", default=",".join(ALL_VARIANTS),
                        help="variants to accept (default: all the engine plays)")
    parser.add_argument("--days-per-move", type=_numbers, default=None,
                        help="days per move to accept, e.g. 1,2,3 (default: any)")
    parser.add_argument("--rated", choices=["any", "rated", "casual"], default="any",
                        help="rated or casual games only (default: any)")
    parser.add_argument("--max-games", type=int, default=None,
                        help="decline challenges while this many games are ongoing")
    parser.add_argument("--engines", type=int, default=2,
                        help="engine processes, so games thought about at once (default 2)")
    parser.add_argument("--movetime", type=int, default=1000,
                        help="milliseconds the engine may think per move (default 1000)")
    parser.add_argument("--challenge", metavar="PLAYER",
                        help="challenge PLAYER once at the start (e.g. house-random)")
    parser.add_argument("--challenge-variant", default="tihbat")
    parser.add_argument("--challenge-days", type=int, default=None)
    parser.add_argument("--challenge-first", choices=["random", "challenger", "opponent"],
                        default=None)
    parser.add_argument("--quit-after", type=int, default=None, metavar="N",
                        help="stop after N finished games")
    parser.add_argument("--state", default=None, metavar="FILE",
                        help="keep the last event seq handled in FILE, to resume after a restart")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose > 1 else logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if not args.token:
        parser.error("a token is needed: --token or SEEDPOST_TOKEN")
    variants = {v for v in args.variants.split(",") if v}
    unknown = variants - set(ALL_VARIANTS)
    if unknown:
        parser.error(f"unknown variants: {', '.join(sorted(unknown))}")
    filters = Filters(
        variants=variants,
        days_per_move=args.days_per_move,
        rated=args.rated,
        max_games=args.max_games,
    )
    runner = Runner(
        Client(args.url, args.token),
        shlex.split(args.engine),
        filters=filters,
        engines=max(1, args.engines),
        movetime_ms=args.movetime,
        quit_after=args.quit_after,
        state_file=args.state,
    )
    try:
        runner.start()
        if args.challenge:
            options = {"days_per_move": args.challenge_days, "first": args.challenge_first}
            runner.challenge(args.challenge, args.challenge_variant,
                             **{k: v for k, v in options.items() if v is not None})
        finished = runner.run()
    except (ApiError, EngineError) as e:
        print(f"seedpost-bot: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    print(f"seedpost-bot: {finished} games finished", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
