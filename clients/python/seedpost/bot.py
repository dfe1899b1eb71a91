"""`seedpost-bot`: plays an engine (see `seedpost.engine`) on a seedpost server.

    seedpost-bot --url http://127.0.0.1:8080 --engine "python3 random_engine.py"

It reads the account's event stream (resumed and deduplicated), accepts the
challenges that pass its filters and declines the others, and asks the engine for a
pit in every game where it is the account's turn, several games at once. With
`--challenge NAME` it also challenges a player, with matchmaking (`--config`) it keeps
N games going; `--quit-after N` stops it after N finished games.

It holds the account's runner lease (one copy per account), waits for a server that
is down, sends a move again until it is answered, restarts an engine that fails, and
plays the server's exact tables first with `--use-server-tables` (docs/bots.md).
"""

import argparse
import logging
import os
import queue
import shlex
import socket
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Set, Tuple, Union

from . import __version__
from .client import Client
from .config import ConfigError
from .config import load as load_config
from .engine import ALL_VARIANTS, VERSION, EngineError, EngineProcess
from .errors import ApiError, ConnectionFailed
from .events import EventStream
from .games import pits
from .matchmaking import Matchmaker, Matchmaking
from .tables import ServerTables

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
    """The bot: one event stream, a pool of engines, one thread per game in play.

    A turn counts as done once its move was answered 200, or the game moved on; until
    then it is tried again (the same pit, which the server takes again at the same ply):
    after a failed call, after a reconnect (the stream's snapshot, and a listing of
    `GET /games?my_turn=true`), and after an engine that failed twice (started again
    `engine_retry_delay` seconds later).
    """

    def __init__(
        self,
        client: Client,
        engine: Union[Sequence[str], Mapping[str, Sequence[str]]],
        *,
        filters: Optional[Filters] = None,
        engines: int = 2,
        movetime_ms: int = 1000,
        quit_after: Optional[int] = None,
        state_file: Optional[str] = None,
        retry_delay: float = 5.0,
        engine_retry_delay: float = 30.0,
        max_reconnect_wait: float = 5.0,
        wait_for_server: Optional[float] = None,
        lease_seconds: Optional[int] = 60,
        wait_for_lease: bool = False,
        matchmaking: Optional[Matchmaking] = None,
        tables: Optional[ServerTables] = None,
    ):
        self.client = client
        # The engine of each variant: one command for all, or one per variant.
        if isinstance(engine, Mapping):
            self.engine_commands = {v: list(c) for v, c in engine.items()}
        else:
            self.engine_commands = {v: list(engine) for v in ALL_VARIANTS}
        self.matchmaking = matchmaking
        self.tables = tables
        self._matchmaker: Optional[Matchmaker] = None
        self.filters = filters or Filters()
        self.movetime_ms = movetime_ms
        self.quit_after = quit_after
        self.state_file = state_file
        self.retry_delay = retry_delay
        self.engine_retry_delay = engine_retry_delay
        self.max_reconnect_wait = max_reconnect_wait
        self.wait_for_server = wait_for_server
        self.lease_seconds = lease_seconds
        self.wait_for_lease = wait_for_lease
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._leased = False
        self._heartbeat: Optional[threading.Thread] = None
        self._stopped = threading.Event()
        self.finished: List[str] = []
        self.declined: List[Dict[str, Any]] = []
        self.stop_reason: Optional[str] = None
        self.username = ""
        self._pools: Dict[Tuple[str, ...], "queue.Queue[Optional[EngineProcess]]"] = {}
        self._engines = engines
        self._executor = ThreadPoolExecutor(max_workers=engines, thread_name_prefix="move")
        self._thinking: Set[str] = set()
        self._done: Set[str] = set()
        self._chosen: Dict[str, int] = {}
        self._pending: Set[str] = set()
        self._timers: Set[threading.Timer] = set()
        self._closing = False
        self._lock = threading.Lock()
        self._stream: Optional[EventStream] = None

    def start(self) -> "Runner":
        """Waits for the server (up to `wait_for_server` seconds, for ever when None),
        checks the account and the engine (its handshake; its variants narrow the
        filters), and opens the event stream, so that nothing from now on is missed.
        Raises `ConnectionFailed` when the wait is over, `ApiError`, `EngineError`."""
        self.username = self._wait_for_server()["username"]
        self._claim_lease()
        played: Set[str] = set()
        for command in {tuple(c) for c in self.engine_commands.values()}:
            first = EngineProcess(list(command)).start()
            mine = {v for v, c in self.engine_commands.items() if tuple(c) == command}
            log.info(
                "playing as %s with %s (%s; protocol %d)",
                self.username,
                first.name or command[0],
                " ".join(sorted(mine & set(first.variants))),
                first.protocol,
            )
            played |= mine & set(first.variants)
            pool: "queue.Queue[Optional[EngineProcess]]" = queue.Queue()
            pool.put(first)
            for _ in range(self._engines - 1):
                pool.put(None)  # started when first needed
            self._pools[command] = pool
        self.filters.variants &= played
        self._stream = self.client.events(
            state_file=self.state_file,
            max_backoff=self.max_reconnect_wait,
            on_connect=self._catch_up,
        )
        try:
            self._stream.open()
        except ConnectionFailed as e:
            log.warning("event stream: %s; it connects again when run", e)
        return self

    def _wait_for_server(self) -> Dict[str, Any]:
        began = time.monotonic()
        wait = 1.0
        while True:
            try:
                return dict(self.client.me())
            except ConnectionFailed as e:
                left = None if self.wait_for_server is None else (
                    self.wait_for_server - (time.monotonic() - began)
                )
                if left is not None and left <= 0:
                    raise
                pause = wait if left is None else min(wait, left)
                log.warning("waiting for the server: %s; trying again in %.0f s", e.cause, pause)
                time.sleep(pause)
                wait = min(self.max_reconnect_wait, wait * 2)

    def _claim_lease(self) -> None:
        """One runner per account (docs/api.md, "Runner leases"): claims the lease, or
        waits for it (`wait_for_lease`), or raises the 409 `lease_held` naming the
        runner that holds it. A server without leases is warned about."""
        if self.lease_seconds is None:
            return
        pause = max(1.0, min(5.0, self.lease_seconds / 3))
        while True:
            try:
                self.client.claim_runner_lease(self.holder, self.lease_seconds)
                break
            except ApiError as e:
                if e.status == 404:
                    log.warning(
                        "this server has no runner leases: a second copy of this bot "
                        "on the account would not be noticed"
                    )
                    return
                if e.code != "lease_held" or not self.wait_for_lease:
                    raise
                log.warning("%s; waiting", e.message)
                if self._stopped.wait(pause):
                    raise
        self._leased = True
        log.info("holding the runner lease as %s", self.holder)
        self._heartbeat = threading.Thread(target=self._renew, name="lease", daemon=True)
        self._heartbeat.start()

    def _renew(self) -> None:
        """Renews the lease a third of its time before it lapses; a lease lost to
        another runner (this one was cut off longer than the lease) stops this one."""
        assert self.lease_seconds is not None
        while not self._stopped.wait(self.lease_seconds / 3):
            try:
                self.client.claim_runner_lease(self.holder, self.lease_seconds)
            except ApiError as e:
                if e.code == "lease_held":
                    self._leased = False
                    self.stop_reason = f"another runner took the account's lease: {e.message}"
                    log.error("%s", self.stop_reason)
                    if self._stream is not None:
                        self._stream.close()
                    return
                log.warning("cannot renew the runner lease: %s", e)
            except ConnectionFailed as e:
                log.warning("cannot renew the runner lease: %s", e)

    def challenge(self, opponent: str, variant: str, **options: Any) -> Dict[str, Any]:
        """Challenges `opponent` (the challenge JSON). Call it after `start`, which
        opens the stream, so that the challenge's answer is never missed. A challenge
        declined as it is made (the opponent's challenge filters) is handled at once:
        with `quit_after` set and nothing else in play, `run` then stops at once, its
        `stop_reason` saying why."""
        made = dict(self.client.create_challenge(variant, opponent=opponent, **options))
        log.info("challenged %s to %s (%s)", opponent, variant, made["id"])
        if made.get("status") == "declined":
            self._declined(made)
        else:
            with self._lock:
                self._pending.add(made["id"])
        return made

    def run(self) -> int:
        """Plays until `quit_after` games have finished (or for ever), or until the
        challenges it made are declined with nothing else to play (`stop_reason`);
        returns the number of finished games."""
        if self._stream is None:
            raise RuntimeError("Runner.start() first")
        if self.matchmaking is not None:
            self._matchmaker = Matchmaker(self, self.matchmaking)
            self._matchmaker.start()
        try:
            if not self._should_stop():
                for event in self._stream:
                    self.handle(event)
                    if self._should_stop():
                        # The loop asks for no next event, which would record this
                        # one: record it now, so that a restart does not count it again.
                        self._stream.done(event)
                        break
        finally:
            self.close()
        return len(self.finished)

    def _should_stop(self) -> bool:
        if self.stop_reason is not None:
            return True
        return self.quit_after is not None and len(self.finished) >= self.quit_after

    def close(self) -> None:
        """Waits for the moves under way, ends the engines and the stream, and
        releases the runner lease."""
        self._closing = True
        self._stopped.set()
        if self._matchmaker is not None:
            self._matchmaker.stop()
        with self._lock:
            timers = list(self._timers)
        for timer in timers:
            timer.cancel()
        if self._stream is not None:
            self._stream.close()
        self._executor.shutdown(wait=True)
        for pool in self._pools.values():
            while not pool.empty():
                engine = pool.get_nowait()
                if engine is not None:
                    engine.close()
        if self._leased:
            self._leased = False
            try:
                self.client.release_runner_lease(self.holder)
            except (ApiError, ConnectionFailed) as e:
                log.warning("cannot release the runner lease (it lapses by itself): %s", e)

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
        elif kind == "game_start":
            with self._lock:
                self._pending.clear()  # what it waited for has come
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
            self._declined(event["challenge"])

    def _declined(self, challenge: Dict[str, Any]) -> None:
        log.warning(
            "%s declined challenge %s (%s)",
            challenge.get("opponent"),
            challenge["id"],
            challenge.get("decline_reason") or "no reason",
        )
        with self._lock:
            self._pending.discard(challenge["id"])
            pending = bool(self._pending)
        self.declined.append(challenge)
        if self._matchmaker is not None:
            self._matchmaker.declined(challenge)
            return  # it challenges others
        if self.quit_after is None or pending:
            return
        try:
            playing = self.client.games(status="ongoing", player=self.username, limit=1)
        except (ApiError, ConnectionFailed) as e:
            log.warning("cannot list the ongoing games: %s", e)
            return
        if not playing:
            self.stop_reason = (
                f"{challenge.get('opponent')} declined the challenge "
                f"({challenge.get('decline_reason') or 'no reason'}) and no game is in play"
            )

    def _catch_up(self) -> None:
        """On start-up and after every reconnect: plays every game that waits for the
        bot, whatever the events said (a turn whose move was lost is played)."""
        try:
            waiting = self.client.games(status="ongoing", my_turn=True, limit=500)
        except (ApiError, ConnectionFailed) as e:
            log.warning("cannot list the games waiting for a move: %s", e)
            return
        for game in waiting:
            if self._to_move(dict(game)) == self.username:
                self._schedule(dict(game))

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
        except (ApiError, ConnectionFailed) as e:
            log.warning("challenge %s: %s", challenge["id"], e)

    def _schedule(self, game: Dict[str, Any]) -> None:
        key = f"{game['id']}:{game['ply']}"
        with self._lock:
            if self._closing or key in self._thinking or key in self._done:
                return
            self._thinking.add(key)
        try:
            self._executor.submit(self._move, game, key)
        except RuntimeError:  # shut down meanwhile
            with self._lock:
                self._thinking.discard(key)

    def _later(self, delay: float, game: Dict[str, Any]) -> None:
        """Tries `game`'s turn again after `delay` seconds."""
        def again() -> None:
            with self._lock:
                self._timers.discard(timer)
            self._schedule(game)

        timer = threading.Timer(delay, again)
        timer.daemon = True
        with self._lock:
            if self._closing:
                return
            self._timers.add(timer)
        timer.start()

    def _move(self, game: Dict[str, Any], key: str) -> None:
        retry: Optional[float] = None
        try:
            if "moves" not in game:
                game = dict(self.client.game(game["id"]))
                if self._to_move(game) != self.username or f"{game['id']}:{game['ply']}" != key:
                    with self._lock:
                        self._done.add(key)  # moved on meanwhile
                    return
            pit = self._chosen.get(key)
            if pit is None and self.tables is not None:
                pit = self.tables.best(game)
            if pit is None:
                pit = self._ask_engine(game)
                if pit is None:
                    retry = self.engine_retry_delay
                    return
                self._chosen[key] = pit
            try:
                self.client.play(game["id"], game["ply"], pit)
                log.info("game %s ply %d: pit %d", game["id"], game["ply"], pit)
                with self._lock:
                    self._done.add(key)
            except ApiError as e:
                if e.code in MOVED_ON:
                    log.debug("game %s ply %d: %s", game["id"], game["ply"], e.code)
                    with self._lock:
                        self._done.add(key)
                elif e.status == 429 or e.status >= 500:
                    log.warning("game %s ply %d: %s; trying again", game["id"], game["ply"], e)
                    retry = self.retry_delay
                else:
                    log.error("game %s ply %d: pit %d refused: %s", game["id"], game["ply"], pit, e)
        except ConnectionFailed as e:
            log.warning("game %s: %s; trying again in %.0f s", game.get("id"), e, self.retry_delay)
            retry = self.retry_delay
        except Exception:  # noqa: BLE001 - one game's failure must not stop the others
            log.exception("game %s", game.get("id"))
            retry = self.retry_delay
        finally:
            with self._lock:
                self._thinking.discard(key)
                if key in self._done:
                    self._chosen.pop(key, None)
            if retry is not None:
                self._later(retry, game)

    def _ask_engine(self, game: Dict[str, Any]) -> Optional[int]:
        """The engine's pit for `game`, checked against the legal moves. An engine that
        fails (late, not a legal pit, crashed) is closed and never goes back to the
        pool; a fresh one is asked once more. None when that fails too (the turn is
        tried again `engine_retry_delay` seconds later)."""
        moves = pits(game)
        legal = list(game["legal_moves"])
        command = self.engine_commands.get(game["variant"])
        if command is None:
            log.error("game %s: no engine plays %s", game["id"], game["variant"])
            return None
        pool = self._pools[tuple(command)]
        for attempt in (1, 2):
            engine = pool.get()
            healthy: Optional[EngineProcess] = None
            try:
                if engine is not None and not engine.alive:
                    log.warning("engine %s had ended; starting it again", engine.name or "")
                    engine.close()
                    engine = None
                if engine is None:
                    engine = EngineProcess(command).start()
                pit = engine.choose(
                    game["variant"], game["first"], moves, legal, self.movetime_ms,
                    game=game, label=f"game {game['id']} ply {game['ply']}",
                )
                if pit not in legal:
                    raise EngineError(f"pit {pit} is not legal (legal: {legal})")
                healthy = engine
                return pit
            except EngineError as e:
                log.error("game %s: engine failed (attempt %d): %s", game["id"], attempt, e)
                if engine is not None:
                    engine.close()
            finally:
                pool.put(healthy)
        return None


def _numbers(text: str) -> Set[int]:
    return {int(w) for w in text.split(",") if w}


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The `seedpost-bot` command."""
    parser = argparse.ArgumentParser(
        prog="seedpost-bot", description="Plays an engine on a seedpost server (docs/bots.md)."
    )
    parser.add_argument("--version", action="version",
                        version=f"seedpost-bot {__version__} (engine protocol {VERSION})")
    parser.add_argument("--config", metavar="FILE",
                        help="a TOML file of these settings (a flag given wins over it)")
    parser.add_argument("--url", default=os.environ.get("SEEDPOST_URL", "http://127.0.0.1:8080"),
                        help="the server (env SEEDPOST_URL)")
    parser.add_argument("--token", default=os.environ.get("SEEDPOST_TOKEN"),
                        help="the bot account's API token (env SEEDPOST_TOKEN)")
    parser.add_argument("--token-file", metavar="FILE",
                        help="a file holding the token (instead of --token)")
    parser.add_argument("--engine", default=None,
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
    parser.add_argument("--use-server-tables", action="store_true", default=False,
                        help="play the server's exact best pit where its position API has "
                             "one (Tihbat, Modiar, Mangala endgames); the engine elsewhere")
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
    parser.add_argument("--max-rate-limit-wait", type=float, default=60.0, metavar="SECONDS",
                        help="wait out a 429 only this long, else fail the call (default 60)")
    parser.add_argument("--wait-for-server", type=float, default=None, metavar="SECONDS",
                        help="at start, wait this long for the server (default: for ever)")
    parser.add_argument("--wait-for-lease", action="store_true", default=False,
                        help="when another copy runs on the account, wait for it to stop "
                             "(default: exit)")
    parser.add_argument("-v", "--verbose", action="count", default=0)
    first, _ = parser.parse_known_args(argv)
    matchmaking = None
    if first.config:
        try:
            settings = load_config(first.config)
        except ConfigError as e:
            parser.error(f"--config: {e}")
        matchmaking = settings.pop("matchmaking", None)
        parser.set_defaults(**settings)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose > 1 else logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    token = args.token
    given = list(argv) if argv is not None else sys.argv[1:]
    token_flag = any(a == "--token" or a.startswith("--token=") for a in given)
    if args.token_file and not token_flag:
        try:
            with open(args.token_file, encoding="utf-8") as file:
                token = file.read().strip()
        except OSError as e:
            parser.error(f"--token-file: {e.strerror}: {args.token_file}")
    if not token:
        parser.error("a token is needed: --token, --token-file or SEEDPOST_TOKEN")
    if not args.engine:
        parser.error("an engine is needed: --engine (or engine in --config)")
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
    engine: Union[List[str], Dict[str, List[str]]]
    if isinstance(args.engine, dict):
        engine = {v: shlex.split(c) for v, c in args.engine.items()}
        filters.variants &= set(engine)
    else:
        engine = shlex.split(args.engine)
    client = Client(args.url, token, max_rate_limit_wait=args.max_rate_limit_wait)
    runner = Runner(
        client,
        engine,
        filters=filters,
        engines=max(1, args.engines),
        movetime_ms=args.movetime,
        quit_after=args.quit_after,
        state_file=args.state,
        wait_for_server=args.wait_for_server,
        wait_for_lease=args.wait_for_lease,
        matchmaking=matchmaking,
        tables=ServerTables(client) if args.use_server_tables else None,
    )
    try:
        runner.start()
        if args.challenge:
            options = {"days_per_move": args.challenge_days, "first": args.challenge_first}
            runner.challenge(args.challenge, args.challenge_variant,
                             **{k: v for k, v in options.items() if v is not None})
        finished = runner.run()
    except ApiError as e:
        if e.code == "lease_held":
            print(f"seedpost-bot: another copy of this bot runs on the account: {e.message} "
                  "(--wait-for-lease to wait for it)", file=sys.stderr)
        else:
            print(f"seedpost-bot: {e}", file=sys.stderr)
        runner.close()
        return 1
    except (EngineError, ConnectionFailed) as e:
        print(f"seedpost-bot: {e}", file=sys.stderr)
        runner.close()
        return 1
    except KeyboardInterrupt:
        runner.close()
        return 130
    if runner.stop_reason:
        print(f"seedpost-bot: stopped: {runner.stop_reason}", file=sys.stderr)
        return 1
    print(f"seedpost-bot: {finished} games finished", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
