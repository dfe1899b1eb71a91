"""The seedpost engine protocol (versions 1 and 2): a program that plays, spoken to
on its standard input and answering on its standard output, one line at a time, as UCI
and GTP engines are. docs/bots.md describes it; in short (version 2):

    runner: sep 2                                  engine: id name Random
                                                   engine: id author Ayse
                                                   engine: protocol 2
                                                   engine: variants tihbat modiar
                                                   engine: sepok
    runner: isready                                engine: readyok
    runner: position tihbat first south moves 2 1 1 board 0,5,5,5,5,5/4,4,4,4,4,4 stores 2/0 to_move north
    runner: go legal 1 2 movetime 1000 clock 86000 days 1
                                                   engine: info depth 6 value 3
                                                   engine: pit 2
    runner: quit

`position` gives the whole game: the variant, who moved first and every pit played in
order (Tihbat's automatic passes left out, as `seedpost replay` takes them), the
history the repetition rules need; version 2 adds the board, the stores and the side
to move, so an engine needs no rules to see the position. `go` asks for a pit, listing
the legal ones (so an engine needs no rules to play legally) and the time it may take;
version 2 adds the seconds left on the game's clock and its days per move, and sends
`stop` when the time is up (answer `pit` at once). An engine that does not say
`protocol 2` is spoken to in version 1 (`sep 1`'s commands only). Engines ignore
commands they do not know; the runner ignores lines it does not know, and logs `info`.

`serve` is the engine's side of it in Python; `EngineProcess` the runner's.
"""

import logging
import queue
import time
from datetime import datetime, timezone
import shlex
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

__all__ = ["EngineError", "EngineProcess", "Request", "serve", "VERSION", "VERSIONS"]

VERSION = 2
#: The versions the runner speaks: an engine that names none speaks the first.
VERSIONS = (1, 2)
ALL_VARIANTS = ("mangala", "modiar", "tihbat", "kalah", "oware", "togyz")

log = logging.getLogger("seedpost.engine")


@dataclass
class Request:
    """What `go` asks: the game so far and the legal pits; with version 2 also the
    position (`board` as `(south, north)` pit rows from their owner's left, `stores`,
    `to_move`), the seconds left on the game's clock and its days per move."""

    variant: str
    first: str
    moves: List[int]
    legal: List[int]
    movetime: Optional[int] = None  # milliseconds
    board: Optional[Tuple[List[int], List[int]]] = None
    stores: Optional[Tuple[int, int]] = None
    to_move: Optional[str] = None
    clock: Optional[int] = None  # seconds
    days: Optional[int] = None

    def game(self):  # type: ignore[no-untyped-def]
        """The game as a `seedpost_rules.Game` (needs the bindings installed)."""
        import seedpost_rules

        return seedpost_rules.Game.from_pits(self.variant, self.first, self.moves)


def serve(
    choose: Callable[[Request], int],
    *,
    name: str = "engine",
    author: str = "",
    variants: Sequence[str] = ALL_VARIANTS,
    stdin: Optional[IO[str]] = None,
    stdout: Optional[IO[str]] = None,
) -> None:
    """Runs an engine: answers the runner's commands on `stdin`/`stdout` until `quit`
    or the end of the input, asking `choose` for each pit."""
    inp = stdin or sys.stdin
    out = stdout or sys.stdout

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    position: Dict[str, Any] = {"variant": "mangala", "first": "south", "moves": []}
    version = 1
    for line in inp:
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        if command == "sep":
            say(f"id name {name}")
            if author:
                say(f"id author {author}")
            version = min(int(args[0]), VERSION) if args and args[0].isdigit() else 1
            if version >= 2:
                say("protocol 2")
            say("variants " + " ".join(variants))
            say("sepok")
        elif command == "isready" and version >= 2:
            say("readyok")
        elif command in ("position", "go"):
            try:
                if command == "position":
                    position = parse_position(args)
                    continue
                go = parse_go(args)
            except ValueError as error:
                # A line the engine cannot read is left, as an unknown one is; said
                # on stderr, which the runner logs.
                print(f"{name}: cannot read {line.strip()!r}: {error}", file=sys.stderr)
                continue
            request = Request(**{**position, "moves": list(position["moves"])}, **go)
            say(f"pit {choose(request)}")
        elif command == "quit":
            return


#: The words that end `position`'s list of moves (version 2).
POSITION_KEYS = ("board", "stores", "to_move")


def parse_position(args: Sequence[str]) -> Dict[str, Any]:
    """`<variant> first <side> moves <pit>... [board <south>/<north> stores
    <south>/<north> to_move <side>]` (rows of stones comma-separated; the words after
    the moves are version 2's) as `Request` fields. Raises `ValueError` on a word that
    is not what its key says."""
    if not args:
        raise ValueError("position names no variant")
    found: Dict[str, Any] = {"variant": args[0], "first": "south", "moves": []}
    key = None
    for word in args[1:]:
        if word in ("first", "moves") + POSITION_KEYS:
            key = word
        elif key == "first":
            found["first"] = word
        elif key == "moves":
            found["moves"].append(int(word))
        elif key == "board":
            south, north = word.split("/")
            found["board"] = ([int(n) for n in south.split(",")], [int(n) for n in north.split(",")])
        elif key == "stores":
            south, north = word.split("/")
            found["stores"] = (int(south), int(north))
        elif key == "to_move":
            found["to_move"] = word
    return found


def parse_go(args: Sequence[str]) -> Dict[str, Any]:
    """`legal <pit>... [movetime <ms>] [clock <seconds> days <days per move>]` (the last
    two version 2's) as `Request` fields. Raises `ValueError` on a word that is not a
    number."""
    found: Dict[str, Any] = {"legal": []}
    key = None
    for word in args:
        if word in ("legal", "movetime", "clock", "days"):
            key = word
        elif key == "legal":
            found["legal"].append(int(word))
        elif key is not None:
            found[key] = int(word)
    return found


class EngineError(Exception):
    """The engine did not answer as the protocol says (or in time)."""


class _Late(EngineError):
    """No pit yet when the time was up (version 2 then says `stop`)."""


def _position_v2(game: Dict[str, Any]) -> List[str]:
    """`position`'s version 2 words from the API's game JSON."""
    words: List[str] = []
    board = game.get("board")
    if isinstance(board, dict):
        rows = [",".join(str(n) for n in board.get(side, [])) for side in ("south", "north")]
        words += ["board", "/".join(rows)]
    store = game.get("store")
    if isinstance(store, dict):
        words += ["stores", f"{store.get('south', 0)}/{store.get('north', 0)}"]
    if game.get("to_move"):
        words += ["to_move", str(game["to_move"])]
    return words


def _go_v2(game: Dict[str, Any]) -> List[str]:
    """`go`'s version 2 words: the whole seconds left before the game's deadline, and
    its days per move."""
    words: List[str] = []
    deadline = game.get("deadline")
    if isinstance(deadline, str):
        try:
            at = datetime.fromisoformat(deadline.replace("Z", "+00:00"))
            left = int((at - datetime.now(timezone.utc)).total_seconds())
            words += ["clock", str(max(0, left))]
        except ValueError:
            pass
    if game.get("days_per_move"):
        words += ["days", str(game["days_per_move"])]
    return words


@dataclass
class EngineProcess:
    """An engine program run by the runner: started and greeted by `start`, asked for
    pits by `choose`, ended by `close`."""

    command: Union[str, Sequence[str]]
    handshake_timeout: float = 10.0
    name: str = ""
    author: str = ""
    variants: List[str] = field(default_factory=lambda: list(ALL_VARIANTS))
    protocol: int = 1
    stop_margin: float = 0.2
    _process: Optional[subprocess.Popen] = None
    _lines: "queue.Queue[Optional[str]]" = field(default_factory=queue.Queue)

    def start(self) -> "EngineProcess":
        """Starts the program and does the handshake. Raises `EngineError`."""
        args = shlex.split(self.command) if isinstance(self.command, str) else list(self.command)
        try:
            self._process = subprocess.Popen(
                args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as e:
            raise EngineError(f"cannot start {args!r}: {e}") from None
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._log_stderr, daemon=True).start()
        self._send(f"sep {VERSION}")
        while True:
            words = self._next(self.handshake_timeout, "sepok").split()
            if words[0] == "sepok":
                return self
            if words[:2] == ["id", "name"]:
                self.name = " ".join(words[2:])
            elif words[:2] == ["id", "author"]:
                self.author = " ".join(words[2:])
            elif words[0] == "variants":
                self.variants = [v for v in words[1:] if v in ALL_VARIANTS]
            elif words[:1] == ["protocol"] and len(words) == 2 and words[1].isdigit():
                self.protocol = max(1, min(int(words[1]), VERSION))

    def choose(
        self,
        variant: str,
        first: str,
        moves: Sequence[int],
        legal: Sequence[int],
        movetime_ms: int,
        grace: float = 10.0,
        *,
        game: Optional[Dict[str, Any]] = None,
        label: str = "",
    ) -> int:
        """Sends the game and `go`, and waits for the pit: `movetime_ms` plus `grace`
        seconds (version 1), or with version 2 `isready` first, and `stop` once
        `movetime_ms` is up, then `grace` seconds more. `game` (the API's game JSON)
        gives version 2 its position and clock. `info` lines are logged, naming `label`
        (the game). Raises `EngineError` (not checking that the pit is legal)."""
        v2 = self.protocol >= 2
        if v2:
            self._send("isready")
            self._wait_for("readyok", self.handshake_timeout, label)
        position = ["position", variant, "first", first, "moves"] + [str(m) for m in moves]
        go = ["go", "legal"] + [str(p) for p in legal] + ["movetime", str(movetime_ms)]
        if v2 and game is not None:
            position += _position_v2(game)
            go += _go_v2(game)
        self._send(" ".join(position))
        self._send(" ".join(go))
        if not v2:
            return self._pit(movetime_ms / 1000 + grace, label)
        try:
            return self._pit(movetime_ms / 1000 + self.stop_margin, label)
        except _Late:
            self._send("stop")
            return self._pit(grace, label)

    def _pit(self, timeout: float, label: str) -> int:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            words = self._next(max(0.0, left), "pit", late=True).split()
            if words[0] == "info":
                self._info(words[1:], label)
            elif words[0] == "pit":
                if len(words) != 2 or not words[1].isdigit():
                    raise EngineError(f"not a pit: {' '.join(words)!r}")
                return int(words[1])

    def _wait_for(self, word: str, timeout: float, label: str) -> None:
        deadline = time.monotonic() + timeout
        while True:
            words = self._next(max(0.0, deadline - time.monotonic()), word).split()
            if words[0] == word:
                return
            if words[0] == "info":
                self._info(words[1:], label)

    def _info(self, words: List[str], label: str) -> None:
        """Logs an `info` line: `depth` and `value` (and whatever else) at INFO."""
        fields = dict(zip(words[::2], words[1::2]))
        who = self.name or "engine"
        if "depth" in fields or "value" in fields:
            log.info(
                "%s%s: depth %s value %s%s",
                who,
                f" ({label})" if label else "",
                fields.get("depth", "?"),
                fields.get("value", "?"),
                "".join(f" {k} {v}" for k, v in fields.items() if k not in ("depth", "value")),
            )
        else:
            log.debug("%s: %s", who, " ".join(words))

    @property
    def alive(self) -> bool:
        """Whether the program is running (started and not ended)."""
        return self._process is not None and self._process.poll() is None

    def close(self, timeout: float = 2.0) -> None:
        """Says `quit` and waits for the program to end; kills it after `timeout`.
        Never raises: an engine that crashed is closed like any other (its pipes may
        be broken, with a line still in the buffer)."""
        process = self._process
        if process is None:
            return
        self._process = None
        try:
            self._send_to(process, "quit")
            process.wait(timeout)
        except (OSError, subprocess.TimeoutExpired, EngineError):
            process.kill()
            process.wait()
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe:
                try:
                    pipe.close()
                except (OSError, ValueError):
                    pass  # BrokenPipeError: a write for a dead engine still buffered

    def _send(self, line: str) -> None:
        if self._process is None:
            raise EngineError("the engine is not running")
        self._send_to(self._process, line)

    @staticmethod
    def _send_to(process: subprocess.Popen, line: str) -> None:
        try:
            assert process.stdin is not None
            process.stdin.write(line + "\n")
            process.stdin.flush()
        except (OSError, ValueError) as e:
            raise EngineError(f"the engine stopped reading: {e}") from None

    def _next(self, timeout: float, waiting_for: str, late: bool = False) -> str:
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                if late:
                    raise _Late(f"no `{waiting_for}` within {timeout:.1f} s") from None
                raise EngineError(f"no `{waiting_for}` within {timeout:.0f} s") from None
            if line is None:
                raise EngineError(f"the engine ended before `{waiting_for}`")
            if line.strip():
                return line.strip()

    def _read(self) -> None:
        process = self._process
        assert process is not None and process.stdout is not None
        try:
            for line in process.stdout:
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)

    def _log_stderr(self) -> None:
        process = self._process
        assert process is not None and process.stderr is not None
        try:
            for line in process.stderr:
                log.info("engine: %s", line.rstrip())
        except (OSError, ValueError):
            pass
